import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { seedDemoData } from '../../src/demo/seed-demo.ts';
import { UnlimitedLimiter } from '../helpers/adversarial.ts';
import { TestApp } from '../helpers/test-app.ts';

/**
 * One record, one text: a list, the change feed, the export and a detail serve the same bytes for
 * the same record (D44: the feed's `registro` is the record "exactly as the list serves it"; D48:
 * an export's line is the feed's `registro`; a detail of clientes, produtos and servicos is the
 * list's record). Compared as the bytes of each answer, not
 * as parsed values, so a number written `10.50` in one place and `10.5` in another, a key order or
 * an escape would show. Over the whole demo data set, every resource, on both stores.
 */

interface Resource {
  path: string;
  /** the query every read of it takes (clientes: the contact fields too, so every field is compared) */
  query: string;
  /** its detail serves the list's record (an order's detail adds its lines: not compared) */
  detail: boolean;
  /** the list shows active records unless asked (`ativo=0`): both lists together are every record */
  ativo: boolean;
}

const RESOURCES: Resource[] = [
  { path: '/v1/clientes', query: 'incluir=contato', detail: true, ativo: true },
  { path: '/v1/ordens-servico', query: '', detail: false, ativo: false },
  { path: '/v1/contas-receber', query: '', detail: false, ativo: false },
  { path: '/v1/contas-pagar', query: '', detail: false, ativo: false },
  { path: '/v1/boletos', query: '', detail: false, ativo: false },
  { path: '/v1/produtos', query: '', detail: true, ativo: true },
  { path: '/v1/servicos', query: '', detail: true, ativo: true },
];

/** The top-level values of a JSON array's text, as the text they were written in. */
function arrayItems(text: string, start: number): { items: string[]; end: number } {
  assert.equal(text[start], '[');
  const items: string[] = [];
  let depth = 0;
  let inString = false;
  let from = start + 1;
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      if (depth === 0) {
        if (i > from) items.push(text.slice(from, i));
        return { items, end: i };
      }
      depth--;
    } else if (c === ',' && depth === 0) {
      items.push(text.slice(from, i));
      from = i + 1;
    }
  }
  throw new Error('unterminated array');
}

/** The records of an envelope `{"data":[...],"meta":...}`, each as written. */
function dataItems(body: string): string[] {
  assert.ok(body.startsWith('{"data":['), body.slice(0, 40));
  return arrayItems(body, '{"data":'.length).items;
}

const idOf = (record: string): number => (JSON.parse(record) as { id: number }).id;

let t: TestApp;
let token: string;

before(async () => {
  t = await TestApp.start({ limiter: new UnlimitedLimiter() });
  await seedDemoData(t.store.pool);
  token = await t.token(await t.credential(1));
});
after(async () => t.close());

async function body(url: string): Promise<string> {
  const res = await t.get(url, token);
  assert.equal(res.statusCode, 200, `${url}: ${res.body.slice(0, 300)}`);
  return res.body;
}

/** Every record of the list (active and inactive), by id, as written. */
async function listed(r: Resource): Promise<Map<number, string>> {
  const records = new Map<number, string>();
  for (const ativo of r.ativo ? ['ativo=1', 'ativo=0'] : ['']) {
    for (let pagina = 1; ; pagina++) {
      const query = [r.query, ativo, 'por_pagina=200', `pagina=${pagina}`].filter((q) => q !== '');
      const text = await body(`${r.path}?${query.join('&')}`);
      for (const item of dataItems(text)) records.set(idOf(item), item);
      const meta = (JSON.parse(text) as { meta: { total_paginas: number } }).meta;
      if (pagina >= meta.total_paginas) break;
    }
  }
  return records;
}

/** Every live record of the feed from the beginning, by id, as written in its `registro`. */
async function fed(r: Resource): Promise<Map<number, string>> {
  const records = new Map<number, string>();
  let cursor: string | undefined;
  for (;;) {
    const query = [r.query, 'por_pagina=500', cursor === undefined ? '' : `cursor=${encodeURIComponent(cursor)}`].filter((q) => q !== '');
    const text = await body(`${r.path}/alteracoes?${query.join('&')}`);
    for (const entry of dataItems(text)) {
      const key = ',"registro":';
      const at = entry.indexOf(key);
      assert.ok(at > 0 && entry.endsWith('}'), entry.slice(0, 120));
      const registro = entry.slice(at + key.length, -1);
      if (registro !== 'null') records.set(idOf(registro), registro);
    }
    const meta = (JSON.parse(text) as { meta: { proximo_cursor: string; tem_mais: boolean } }).meta;
    cursor = meta.proximo_cursor;
    if (!meta.tem_mais) return records;
  }
}

/** Every record of the export, in the order it came (by id), as written on its line. */
async function exported(r: Resource): Promise<Map<number, string>> {
  const text = await body(`${r.path}/exportacao${r.query === '' ? '' : `?${r.query}`}`);
  const lines = text.split('\n');
  assert.equal(lines.pop(), '', 'the last line ends with a line break');
  const fim = JSON.parse(lines.pop() ?? '') as { fim: boolean; total: number };
  assert.deepEqual([fim.fim, fim.total], [true, lines.length]);
  const ids = lines.map(idOf);
  assert.deepEqual(
    ids,
    [...ids].sort((x, y) => x - y),
    'by id',
  );
  return new Map(lines.map((line) => [idOf(line), line]));
}

/**
 * The feed once it has every live record: on PostgreSQL it serves a write once every older
 * transaction of the server has ended (ADR 0013), and other test files write meanwhile.
 */
async function fedWhole(r: Resource, live: number): Promise<Map<number, string>> {
  for (const deadline = Date.now() + 30_000; ;) {
    const feed = await fed(r);
    if (feed.size >= live || Date.now() > deadline) return feed;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

for (const r of RESOURCES) {
  const what = r.detail ? 'the list, the feed, the export and the detail' : 'the list, the feed and the export';
  test(`${r.path}: ${what} write each record with the same bytes`, async () => {
    const list = await listed(r);
    const feed = await fedWhole(r, list.size);
    const exports = await exported(r);
    assert.ok(list.size >= 50, `the demo data set has ${list.size} records of ${r.path}`);
    assert.deepEqual([...feed.keys()].sort(), [...list.keys()].sort(), 'the same records: every live one');
    assert.deepEqual([...exports.keys()].sort(), [...list.keys()].sort(), 'the export: every live record');
    for (const [id, text] of list) assert.equal(feed.get(id), text, `${r.path} ${id}: the feed's registro`);
    for (const [id, text] of list) assert.equal(exports.get(id), text, `${r.path} ${id}: the export's line`);
    if (!r.detail) return;
    // Every tenth record's detail (a detail is one request each).
    const ids = [...list.keys()].filter((_, i) => i % 10 === 0);
    for (const id of ids) {
      const detail = await body(`${r.path}/${id}${r.query === '' ? '' : `?${r.query}`}`);
      assert.ok(detail.startsWith('{"data":') && detail.endsWith('}'));
      assert.equal(detail.slice('{"data":'.length, -1), list.get(id), `${r.path}/${id}: the detail`);
    }
  });
}
