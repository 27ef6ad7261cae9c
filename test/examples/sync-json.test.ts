import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TestApp, type TestCredential } from '../helpers/test-app.ts';

/**
 * examples/sync-json.ts against a real server (HTTP on a port, as an integrator runs it): a full
 * sync, then changes and deletions made through `import` and through SQL, then a resumed sync
 * that leaves the local copy equal to what the API serves.
 */
let t: TestApp;
let empresa: number;
let cred: TestCredential;
let apiUrl: string;
let dir: string;
let token: string;

before(async () => {
  t = await TestApp.start();
  empresa = await t.company();
  cred = await t.credential(empresa);
  const cliente = (id: number, nome: string) => ({ id, empresa_id: empresa, tipo_pessoa: 'fisica' as const, nome });
  await t.load({
    clientes: [cliente(8001, 'Ana'), cliente(8002, 'Bia'), cliente(8003, 'Caio')],
    produtos: [
      { id: 8101, empresa_id: empresa, nome: 'Tela', valor: 10 },
      { id: 8102, empresa_id: empresa, nome: 'Cabo', valor: 5 },
    ],
  });
  token = await t.token(cred);
  apiUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ae-sync-'));
});
after(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function runExample(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'examples/sync-json.ts', dir, 'clientes', 'produtos'], {
      env: { ...process.env, API_URL: apiUrl, CLIENT_ID: cred.clientId, CLIENT_SECRET: cred.secret },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const copyOf = (resource: string) =>
  JSON.parse(fs.readFileSync(path.join(dir, `${resource}.json`), 'utf8')) as { cursor: string; registros: Record<string, unknown> };

/** What the API lists now, by id: the copy must equal it. */
async function served(resource: string): Promise<Record<string, unknown>> {
  const res = await t.get(`/v1/${resource}?por_pagina=200`, token);
  assert.equal(res.statusCode, 200, res.body);
  return Object.fromEntries((res.json() as { data: { id: number }[] }).data.map((r) => [String(r.id), r]));
}

/**
 * Runs the example until the copy equals the API. On PostgreSQL the feed serves a change once the
 * cluster's older transactions ended (other test files share the server), so a run may end before
 * a change arrives; the next run resumes from the stored cursor, as a scheduled sync would.
 */
async function syncUntilEqual(): Promise<string> {
  let output = '';
  for (let run = 0; run < 20; run++) {
    const res = await runExample();
    assert.equal(res.code, 0, res.stderr);
    output += res.stdout;
    const [clientes, produtos] = [await served('clientes'), await served('produtos')];
    if (JSON.stringify(copyOf('clientes').registros) === JSON.stringify(clientes) && isDeepEqual(copyOf('produtos').registros, produtos)) {
      assert.deepEqual(copyOf('clientes').registros, clientes);
      return output;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  assert.deepEqual(copyOf('clientes').registros, await served('clientes'));
  assert.deepEqual(copyOf('produtos').registros, await served('produtos'));
  return output;
}

function isDeepEqual(a: unknown, b: unknown): boolean {
  try {
    assert.deepEqual(a, b);
    return true;
  } catch {
    return false;
  }
}

test('a full sync, then a resumed one after changes through import and SQL, keeps the copy equal to the API', async () => {
  const first = await syncUntilEqual();
  assert.match(first, /clientes: 3 stored or updated, 0 removed/);
  assert.deepEqual(Object.keys(copyOf('clientes').registros).sort(), ['8001', '8002', '8003']);

  // Changes as the product makes them: import (a rename, a soft delete) and SQL (a price, a hard delete).
  await t.load({
    clientes: [
      { id: 8001, empresa_id: empresa, tipo_pessoa: 'fisica', nome: 'Ana Maria' },
      { id: 8003, empresa_id: empresa, tipo_pessoa: 'fisica', nome: 'Caio', excluido: true },
    ],
  });
  await t.store.pool.query('UPDATE produtos SET valor = 12.5 WHERE id = $1', [8101]);
  await t.store.pool.query('DELETE FROM produtos WHERE id = $1', [8102]);

  const second = await syncUntilEqual();
  assert.deepEqual(Object.keys(copyOf('clientes').registros).sort(), ['8001', '8002']);
  assert.equal((copyOf('clientes').registros['8001'] as { nome: string }).nome, 'Ana Maria');
  assert.deepEqual(Object.keys(copyOf('produtos').registros), ['8101']);
  assert.equal((copyOf('produtos').registros['8101'] as { valor: number }).valor, 12.5);
  assert.match(second, /clientes: 1 stored or updated, 1 removed/);
  assert.match(second, /produtos: 1 stored or updated, 1 removed/);

  // Nothing changed: a run reads nothing.
  const idle = await runExample();
  assert.match(idle.stdout, /clientes: 0 stored or updated, 0 removed/);
});
