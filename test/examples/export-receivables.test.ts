import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildDemoDataset } from '../../src/demo/demo-dataset/index.ts';
import { todayInSaoPaulo } from '../../src/time/sao-paulo-date.ts';
import { TestApp, type TestCredential } from '../helpers/test-app.ts';

// docs/api.md "Exportar um ano de contas a receber": the example script (TypeScript client) and
// the curl walk of the page, each run as an integrator would, against a server listening on a
// store with the demo data set (as `npm start` loads it). Both must write every receivable of the
// year — as many CSV records as the API's meta.total — and the same file.

let t: TestApp;
let base = '';
let cred: TestCredential;
let dir = '';
const year = todayInSaoPaulo().slice(0, 4);
const period = `data_inicio=${year}-01-01&data_fim=${year}-12-31`;

before(async () => {
  t = await TestApp.start();
  const demo = buildDemoDataset({ today: todayInSaoPaulo() });
  await t.load(demo);
  // The demo's descriptions hold no comma, quote or line break: one receivable of the year that does.
  const model = demo.contas_receber?.find((c) => c.empresa_id === 1 && !c.excluido && c.vencimento?.startsWith(year));
  assert.ok(model);
  await t.load({ contas_receber: [{ ...model, id: 990001, descricao: 'Parcela 1, "entrada"\nsegunda linha; R$ 1.234,56' }] });
  base = `${await t.app.listen({ host: '127.0.0.1', port: 0 })}/v1`;
  cred = await t.credential(1, { scopes: ['contas-receber:ler'] });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ae-export-'));
});
after(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function run(command: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

/** RFC 4180 records (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let fieldText = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        fieldText += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else fieldText += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(fieldText);
      fieldText = '';
    } else if (ch === '\n') {
      records.push([...record, fieldText]);
      record = [];
      fieldText = '';
    } else fieldText += ch;
  }
  assert.equal(fieldText + record.join(''), '', 'the file ends with a line break');
  return records;
}

/** The curl walk of docs/api.md: the shell block under its heading that calls curl. */
function curlWalk(): string {
  const doc = fs.readFileSync('docs/api.md', 'utf8');
  const section = doc.slice(doc.indexOf('### Exportar um ano de contas a receber'));
  const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
  const walk = blocks.find((b) => b.includes('curl') && b.includes('pagina=$pagina'));
  assert.ok(walk, 'docs/api.md has the curl walk');
  return walk;
}

interface Conta {
  id: number;
  valor: number;
  descricao: string | null;
}

async function apiRecords(): Promise<{ total: number; records: Conta[] }> {
  const token = await t.token(cred);
  const records: Conta[] = [];
  for (let pagina = 1; ; pagina++) {
    const res = await t.get(`/v1/contas-receber?${period}&ordenar_por=id&ordem=asc&por_pagina=200&pagina=${pagina}`, token);
    const body = res.json() as { data: Conta[]; meta: { total: number; total_paginas: number } };
    records.push(...body.data);
    if (pagina >= body.meta.total_paginas) return { total: body.meta.total, records };
  }
}

function checkCsv(file: string, api: { total: number; records: Conta[] }): string {
  const text = fs.readFileSync(file, 'utf8');
  const [header, ...rows] = parseCsv(text);
  assert.deepEqual(header, [
    'id',
    'cedente_tipo',
    'cedente_id',
    'cedente_nome',
    'descricao',
    'valor',
    'vencimento',
    'status',
    'data_pagamento',
  ]);
  assert.equal(rows.length, api.total, 'one CSV record per receivable of the year');
  assert.deepEqual(
    rows.map((r) => Number(r[0])),
    api.records.map((c) => c.id),
  );
  for (const [i, r] of rows.entries()) {
    const conta = api.records[i];
    assert.equal(r[5], String(conta?.valor), 'amounts as JSON numbers, with a dot');
    assert.equal(r[4], conta?.descricao ?? '', 'text round-trips through the quoting');
  }
  return text;
}

describe('exporting a year of receivables to CSV (docs/api.md)', () => {
  let api: { total: number; records: Conta[] };
  let fromClient = '';

  before(async () => {
    api = await apiRecords();
    assert.ok(api.total > 100, `the demo year ${year} spans several pages of 100 (${api.total} receivables)`);
    assert.ok(api.records.some((c) => c.id === 990001));
  });

  test('examples/export-receivables-csv.ts, with the TypeScript client', async () => {
    const out = path.join(dir, 'client.csv');
    const res = await run(process.execPath, ['--import', 'tsx', 'examples/export-receivables-csv.ts', base, year, out], {
      API_CLIENT_ID: cred.clientId,
      API_CLIENT_SECRET: cred.secret,
    });
    assert.equal(res.code, 0, res.stderr);
    assert.match(res.stderr, new RegExp(`${api.total} contas a receber de ${year}`));
    fromClient = checkCsv(out, api);
  });

  test('the curl walk of the page, run by bash, writes the same file', async () => {
    const out = path.join(dir, 'curl.csv');
    const res = await run('bash', ['-euo', 'pipefail', '-c', curlWalk()], {
      CLIENT_ID: cred.clientId,
      CLIENT_SECRET: cred.secret,
      BASE_URL: base,
      ANO: year,
      SAIDA: out,
    });
    assert.equal(res.code, 0, res.stderr);
    const text = checkCsv(out, api);
    assert.equal(text, fromClient, 'byte for byte the example script output');
  });
});
