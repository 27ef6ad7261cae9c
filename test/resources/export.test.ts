import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { SCOPES, type Scope } from '../../src/domain/scopes.ts';
import { EXPORT_BUSY_RETRY_AFTER_SECONDS, EXPORT_IDLE_MS } from '../../src/domain/limits.ts';
import { TestApp } from '../helpers/test-app.ts';

/** An export's body with its fim line's cursor blanked (the cursor must be there, and is otherwise the body's). */
function sansCursor(body: string): string {
  assert.match(body, /"proximo_cursor":"[A-Za-z0-9_.-]+"\}\n$/);
  return body.replace(/"proximo_cursor":"[A-Za-z0-9_.-]+"\}\n$/, '"proximo_cursor":"…"}\n');
}

/**
 * Exports (D48, D49) through HTTP, on the embedded store and on PostgreSQL (TEST_DATABASE_URL): one
 * snapshot as NDJSON with the `fim` line whose cursor resumes the feed exactly after it, and the
 * rules of every data route (scope, isolation, strict parameters, the window) plus the export's
 * own: one at a time per credential, a stalled reader dropped, a slow one served to the end.
 * The store failing before the first byte and mid-stream: test/faults/export.test.ts.
 */

const IDLE_MS = 2000;
/**
 * A company whose export does not fit in the buffers between the server and a reader that stopped:
 * on loopback the kernel's receive buffer grows to 32 MB (net.ipv4.tcp_rmem) and the send buffer to
 * 4 MB, so ~45 MB of NDJSON (~1 KB a record).
 */
const BIG = 45_000;

let t: TestApp;
let a: number;
let b: number;
let big: number;
let origin: string;

const sql = (text: string, values: unknown[] = []) => t.store.pool.query(text, values);

interface Exported {
  status: number;
  headers: http.OutgoingHttpHeaders;
  records: Record<string, unknown>[];
  lines: string[];
  fim: { fim: true; total: number; proximo_cursor: string } | null;
  body: string;
}

function parse(status: number, headers: http.OutgoingHttpHeaders, body: string): Exported {
  if (status !== 200) return { status, headers, records: [], lines: [], fim: null, body };
  assert.ok(body.endsWith('\n'), 'an export ends with a line break');
  const lines = body.slice(0, -1).split('\n');
  const last = lines.at(-1) ?? '';
  const fim = last.startsWith('{"fim":') ? (JSON.parse(last) as Exported['fim']) : null;
  const recordLines = fim === null ? lines : lines.slice(0, -1);
  return { status, headers, records: recordLines.map((l) => JSON.parse(l) as Record<string, unknown>), lines: recordLines, fim, body };
}

async function exportOf(resource: string, token: string, query = '', headers: Record<string, string> = {}): Promise<Exported> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/v1/${resource}/exportacao${query}`,
    remoteAddress: '127.0.0.1',
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
  return parse(res.statusCode, res.headers, res.body);
}

/**
 * The fim line of an export alone, its records left unparsed: parsing ~45 MB of records would hold
 * the event loop (shared with the server under test) past the idle time of a stream read alongside.
 */
async function fimOf(resource: string, token: string): Promise<Exported['fim']> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/v1/${resource}/exportacao`,
    remoteAddress: '127.0.0.1',
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal(res.statusCode, 200, res.body.slice(0, 500));
  const body = res.body;
  const last = body.slice(body.lastIndexOf('\n', body.length - 2) + 1, -1);
  return last.startsWith('{"fim":') ? (JSON.parse(last) as Exported['fim']) : null;
}

async function tokenFor(empresa: number, scopes: readonly Scope[] = SCOPES): Promise<string> {
  return t.token(await t.credential(empresa, { scopes }));
}

/** Every entry of the feed after `cursor`, waiting (up to 30 s) until `count` have come: on PostgreSQL other files' transactions hold it back a moment (ADR 0013). */
async function changesAfter(resource: string, token: string, cursor: string, count: number) {
  const entries: { operacao: string; id: number; registro: Record<string, unknown> | null }[] = [];
  let at = cursor;
  for (const deadline = Date.now() + 30_000; ;) {
    for (;;) {
      const res = await t.get(`/v1/${resource}/alteracoes?cursor=${encodeURIComponent(at)}&por_pagina=500`, token);
      assert.equal(res.statusCode, 200, res.body);
      const page = res.json() as { data: typeof entries; meta: { proximo_cursor: string; tem_mais: boolean } };
      entries.push(...page.data);
      at = page.meta.proximo_cursor;
      if (!page.meta.tem_mais) break;
    }
    if (entries.length >= count || Date.now() > deadline) return { entries, cursor: at };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The big company's export of clientes, with the contact fields (~1 KB a record), over a real socket whose reading the test drives. */
function openStream(token: string): Promise<{ res: http.IncomingMessage; req: http.ClientRequest }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${origin}/v1/clientes/exportacao?incluir=contato`, { headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.pause();
      resolve({ res, req });
    });
    req.on('error', reject);
  });
}

/** Reads `bytes` (at least) of a paused response, then leaves it paused. */
function readSome(res: http.IncomingMessage, bytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let got = 0;
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      got += chunk.length;
      if (got >= bytes) {
        res.pause();
        res.off('data', onData);
        res.off('end', onEnd);
        res.off('error', reject);
        resolve(Buffer.concat(chunks));
      }
    };
    const onEnd = () => {
      res.off('data', onData);
      res.off('error', reject);
      resolve(Buffer.concat(chunks));
    };
    res.on('data', onData);
    res.once('end', onEnd);
    res.once('error', reject);
    res.resume();
  });
}

/**
 * Reads a paused response a little at a time (64 KiB every 200 ms) until stopped: it keeps
 * streaming without ending soon, and its reader never counts as stalled, however long the test's
 * other requests take on a loaded machine. Returns the stop, which leaves it paused.
 */
function trickle(res: http.IncomingMessage): () => Promise<void> {
  let reading: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    reading = reading.then(() => (res.readableEnded ? undefined : readSome(res, 64 * 1024)));
  }, 200);
  return async () => {
    clearInterval(timer);
    await reading;
  };
}

/** The rest of a response: its text, and whether it ended (false: the connection was closed first). */
function readRest(res: http.IncomingMessage): Promise<{ text: Buffer; complete: boolean }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.once('end', () => resolve({ text: Buffer.concat(chunks), complete: res.complete }));
    res.once('error', () => resolve({ text: Buffer.concat(chunks), complete: false }));
    res.once('aborted', () => resolve({ text: Buffer.concat(chunks), complete: false }));
    res.resume();
  });
}

/** No export holds anything of the store any more: no connection checked out of the pool, no cursor left in the embedded session. */
async function nothingHeld(): Promise<void> {
  for (const deadline = Date.now() + 5000; ;) {
    const pool = t.store.pool;
    const { rows } = await sql(`SELECT count(*)::int AS n FROM pg_cursors WHERE name LIKE 'ae_exportacao_%'`);
    const checkedOut = pool.totalCount - pool.idleCount;
    if ((rows[0] as { n: number }).n === 0 && checkedOut === 0) return;
    if (Date.now() > deadline) assert.fail(`still held: ${checkedOut} connections checked out, ${(rows[0] as { n: number }).n} cursors`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

before(async () => {
  t = await TestApp.start({ exportIdleMs: IDLE_MS });
  [a, b, big] = [await t.company(), await t.company(), await t.company()];
  await t.load({
    clientes: [
      {
        id: 9003,
        empresa_id: a,
        tipo_pessoa: 'fisica',
        nome: 'Carla',
        sobrenome: 'Três',
        documento: '123.456.789-09',
        emails: ['c@x.example'],
      },
      { id: 9001, empresa_id: a, tipo_pessoa: 'juridica', razao_social: 'Um Ltda', ativo: false, documento: '12.345.678/0001-95' },
      { id: 9002, empresa_id: a, tipo_pessoa: 'fisica', nome: 'Bruno', sobrenome: 'Dois' },
      { id: 9004, empresa_id: a, tipo_pessoa: 'fisica', nome: 'Excluído', sobrenome: 'Já', excluido: true },
      { id: 9005, empresa_id: a, tipo_pessoa: 'fisica', nome: 'Eva', sobrenome: 'Cinco' },
      { id: 9006, empresa_id: a, tipo_pessoa: 'fisica', nome: 'Fábio', sobrenome: 'Seis' },
      { id: 9101, empresa_id: b, tipo_pessoa: 'fisica', nome: 'De', sobrenome: 'Outra' },
    ],
    contas_receber: [
      { id: 9301, empresa_id: a, cedente_tipo: 'cliente', cedente_id: 9002, descricao: 'Parcela', valor: 10.5, vencimento: '2025-01-10' },
    ],
  });
  await sql(
    // The bulk in `documento` (served with incluir=contato): the name is indexed for search, it is not.
    `INSERT INTO clientes (id, empresa_id, tipo_pessoa, nome, sobrenome, documento)
     SELECT 20000000 + g, $1, 'fisica', 'Cliente', 'Grande', repeat('x', 950) FROM generate_series(1, $2) g`,
    [big, BIG],
  );
  ({ origin } = await t.listen());
});

after(async () => t.close());

describe('GET /v1/<recurso>/exportacao', () => {
  test('every current record of the company, active and inactive, by id, as the feed serves it, then the fim line', async () => {
    const token = await tokenFor(a);
    const exported = await exportOf('clientes', token);
    assert.equal(exported.status, 200, exported.body);
    assert.equal(exported.headers['content-type'], 'application/x-ndjson; charset=utf-8');
    assert.deepEqual(
      exported.records.map((r) => r.id),
      [9001, 9002, 9003, 9005, 9006],
      'by id; the deleted one and the other company’s never',
    );
    assert.ok(exported.fim, 'the last line is fim');
    assert.equal(exported.fim.total, 5);
    // The feed from the beginning leaves the same records, byte for byte.
    const feed = await t.get('/v1/clientes/alteracoes?por_pagina=500', token);
    const entries = JSON.parse(feed.body) as { data: { id: number; registro: unknown }[] };
    const fromFeed = new Map(entries.data.filter((e) => e.registro !== null).map((e) => [e.id, JSON.stringify(e.registro)]));
    for (const line of exported.lines) {
      const id = (JSON.parse(line) as { id: number }).id;
      assert.equal(line, fromFeed.get(id), `record ${id}`);
    }
  });

  test('the headers of every data route, X-RateLimit-* included; no ETag, and If-None-Match is not answered 304', async () => {
    const token = await tokenFor(a);
    const first = await exportOf('clientes', token);
    assert.equal(first.headers.etag, undefined);
    assert.equal(first.headers['cache-control'], 'no-store');
    assert.match(String(first.headers['x-request-id']), /^[0-9a-f-]{36}$/);
    for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'])
      assert.match(String(first.headers[name]), /^\d+$/);
    const again = await exportOf('clientes', token, '', { 'if-none-match': '*' });
    assert.equal(again.status, 200);
    assert.equal(sansCursor(again.body), sansCursor(first.body));
  });

  test('the next export of the credential, started as soon as the last one ends, is accepted (its lease freed before fim)', async () => {
    const token = await tokenFor(a);
    for (let round = 0; round < 10; round++) {
      const exported = await exportOf(round % 2 === 0 ? 'contas-receber' : 'clientes', token);
      assert.equal(exported.status, 200, `round ${round}: ${exported.body.slice(0, 200)}`);
      assert.ok(exported.fim, `round ${round}: whole`);
    }
  });

  test('an export counts once in the window, however many records it sends', async () => {
    // Three requests in one window (the windows are clock minutes: measured again if one ends between them).
    for (let attempt = 1; ; attempt++) {
      const token = await tokenFor(big);
      const first = await t.get('/v1/produtos', token);
      const exported = await exportOf('clientes', token);
      const last = await t.get('/v1/produtos', token);
      const windows = new Set([first, exported, last].map((r) => r.headers['x-ratelimit-reset']));
      if (windows.size > 1 && attempt < 3) continue;
      assert.equal(exported.fim?.total, BIG);
      const remaining = [first, exported, last].map((r) => Number(r.headers['x-ratelimit-remaining']));
      assert.deepEqual(remaining, [remaining[0] ?? 0, (remaining[0] ?? 0) - 1, (remaining[0] ?? 0) - 2]);
      return;
    }
  });

  test('the fim cursor resumes the feed exactly after the snapshot: the export plus the feed is a fresh export', async () => {
    const token = await tokenFor(a);
    const exported = await exportOf('clientes', token);
    assert.ok(exported.fim);
    await sql(`INSERT INTO clientes (id, empresa_id, tipo_pessoa, nome, sobrenome) VALUES (9007, $1, 'fisica', 'Gil', 'Novo')`, [a]);
    await sql(`UPDATE clientes SET sobrenome = 'Alterado' WHERE id = 9002`);
    await sql(`UPDATE clientes SET excluido = true WHERE id = 9003`);
    await sql(`DELETE FROM clientes WHERE id = 9005`);
    await sql(`UPDATE clientes SET empresa_id = $1 WHERE id = 9006`, [b]);
    const { entries } = await changesAfter('clientes', token, exported.fim.proximo_cursor, 5);
    assert.deepEqual(entries.map((e) => `${e.operacao}:${e.id}`).sort(), [
      'alterado:9002',
      'alterado:9007',
      'excluido:9003',
      'excluido:9005',
      'excluido:9006',
    ]);
    const copy = new Map(exported.records.map((r) => [r.id as number, r]));
    for (const e of entries) {
      if (e.registro === null) copy.delete(e.id);
      else copy.set(e.id, e.registro);
    }
    const fresh = await exportOf('clientes', token);
    assert.deepEqual(
      [...copy.entries()].sort(([x], [y]) => x - y).map(([, r]) => r),
      fresh.records,
    );
  });

  test('gzip when asked: the same NDJSON, compressed', async () => {
    const token = await tokenFor(a);
    const plain = await exportOf('contas-receber', token);
    const res = await fetch(`${origin}/v1/contas-receber/exportacao`, {
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' },
    });
    assert.equal(res.headers.get('content-encoding'), 'gzip');
    assert.equal(res.headers.get('content-type'), 'application/x-ndjson; charset=utf-8');
    // fetch decompresses on its own; the raw bytes are checked once more below. On PostgreSQL the fim
    // cursor is the cluster's horizon, which other tests' transactions may move between two exports.
    assert.equal(sansCursor(await res.text()), sansCursor(plain.body));
    const raw = await new Promise<Buffer>((resolve, reject) => {
      http
        .get(
          `${origin}/v1/contas-receber/exportacao`,
          { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } },
          (r) => {
            const chunks: Buffer[] = [];
            r.on('data', (c: Buffer) => chunks.push(c));
            r.on('end', () => resolve(Buffer.concat(chunks)));
          },
        )
        .on('error', reject);
    });
    assert.equal(sansCursor(gunzipSync(raw).toString('utf8')), sansCursor(plain.body));
  });

  test('clientes: incluir=contato with its scope brings the contact fields; without the scope 403 naming it', async () => {
    const withContact = await exportOf('clientes', await tokenFor(a), '?incluir=contato');
    const um = withContact.records.find((r) => r.id === 9001);
    assert.equal(um?.documento, '12.345.678/0001-95');
    assert.deepEqual(um?.emails, []);
    const plain = await exportOf('clientes', await tokenFor(a));
    assert.equal(Object.hasOwn(plain.records[0] ?? {}, 'documento'), false);
    const denied = await exportOf('clientes', await tokenFor(a, ['clientes:ler']), '?incluir=contato');
    assert.equal(denied.status, 403);
    assert.match(denied.body, /escopo_insuficiente/);
    assert.match(String(denied.headers['www-authenticate']), /scope="clientes:contato:ler"/);
  });

  test('strict parameters: anything else is 400 naming it, before any record is read', async () => {
    const token = await tokenFor(a);
    for (const [resource, query, campo] of [
      ['clientes', '?pagina=1', 'pagina'],
      ['clientes', '?incluir=tudo', 'incluir'],
      ['clientes', '?incluir=contato&incluir=contato', 'incluir'],
      ['contas-receber', '?incluir=contato', 'incluir'],
      ['boletos', '?cursor=x', 'cursor'],
    ] as const) {
      const res = await exportOf(resource, token, query);
      assert.equal(res.status, 400, `${resource}${query}`);
      const body = JSON.parse(res.body) as { erro: { codigo: string; detalhes: { campo: string }[] } };
      assert.equal(body.erro.codigo, 'requisicao_invalida');
      assert.deepEqual(
        body.erro.detalhes.map((d) => d.campo),
        [campo],
        `${resource}${query}`,
      );
    }
  });

  test('the resource’s scope: another scope is 403 escopo_insuficiente', async () => {
    const res = await exportOf('contas-receber', await tokenFor(a, ['clientes:ler']));
    assert.equal(res.status, 403);
    assert.match(res.body, /"escopo_insuficiente"/);
  });

  test('every resource exports the company’s own records only', async () => {
    const tokenB = await tokenFor(b);
    for (const resource of ['clientes', 'ordens-servico', 'contas-receber', 'contas-pagar', 'boletos', 'produtos', 'servicos']) {
      const res = await exportOf(resource, tokenB);
      assert.equal(res.status, 200, `${resource}: ${res.body}`);
      assert.ok(res.fim, resource);
      assert.equal(res.fim.total, res.records.length, resource);
      assert.ok(
        res.records.every((r) => r.id === 9101 || r.id === 9006),
        `${resource}: ${res.records.map((r) => r.id).join(',')}`,
      );
    }
  });
});

describe('one export at a time per credential; readers that stall and readers that are slow', () => {
  test('a second export of the same credential is 429 with Retry-After 5 while the first streams; another credential is served', async () => {
    const cred = await t.credential(big);
    const token = await t.token(cred);
    const first = await openStream(token);
    assert.equal(first.res.statusCode, 200);
    await readSome(first.res, 64 * 1024);
    const stopReading = trickle(first.res);
    const second = await exportOf('clientes', await t.token(cred));
    assert.equal(second.status, 429, second.body);
    assert.equal(second.headers['retry-after'], String(EXPORT_BUSY_RETRY_AFTER_SECONDS));
    assert.match(second.body, /"limite_excedido"/);
    assert.match(second.body, /exportação em andamento/);
    const other = await fimOf('clientes', await tokenFor(big));
    assert.equal(other?.total, BIG, 'another credential of the same company is not held back');
    await stopReading();
    // The first one is read to its end: complete, with its fim.
    const rest = await readRest(first.res);
    assert.ok(rest.complete);
    assert.match(rest.text.toString('utf8'), new RegExp(`\\{"fim":true,"total":${BIG},`));
    // Then the credential exports again.
    assert.equal((await exportOf('clientes', token)).fim?.total, BIG);
    await nothingHeld();
  });

  test('a reader that takes nothing for the idle time is cut off without fim; its connection, cursor and lease are let go', async () => {
    const token = await tokenFor(big);
    const stalled = await openStream(token);
    const head = await readSome(stalled.res, 64 * 1024);
    // Paused from here: the sockets' buffers fill and the server waits for a drain that never comes.
    // (A paused socket reads nothing, so the close is seen once it reads again.)
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS + 2000));
    const rest = await readRest(stalled.res);
    assert.equal(rest.complete, false, 'the server closed the connection before the end of the body');
    const body = Buffer.concat([head, rest.text]).toString('utf8');
    assert.doesNotMatch(body, /"fim":true/);
    const lines = body.split('\n').length - 1;
    assert.ok(lines < BIG, `${lines} of ${BIG} records came`);
    await nothingHeld();
    assert.equal((await exportOf('clientes', token)).fim?.total, BIG, 'the lease was let go');
  });

  test('a reader that keeps reading, in steps with pauses, for three times the idle time is served to the end', async () => {
    const token = await tokenFor(big);
    const slow = await openStream(token);
    const chunks: Buffer[] = [];
    // Well past the idle time, a step at a time: the socket fills and drains, fills and drains. The
    // server sees what the connection takes, and the kernel lets it write again once about half its
    // send buffer is free (up to 2 MB on loopback): the finest progress it can see (ADR 0019).
    for (const until = Date.now() + IDLE_MS * 3; Date.now() < until;) {
      chunks.push(await readSome(slow.res, 256 * 1024));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const rest = await readRest(slow.res);
    assert.ok(rest.complete, 'not cut off');
    const body = Buffer.concat([...chunks, rest.text]).toString('utf8');
    assert.match(body, new RegExp(`\\{"fim":true,"total":${BIG},"proximo_cursor":"[^"]+"\\}\\n$`));
    await nothingHeld();
  });

  test('the idle bound is 60 s unless the app is told otherwise (D49)', () => {
    assert.equal(EXPORT_IDLE_MS, 60_000);
  });
});
