import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { runCli, startServer, tempDataDir, type CliResult, type ServerProcess } from '../helpers/processes.ts';

/**
 * `logs search` and `logs prune` (D59, interfaces.md) beside a real server on the embedded store:
 * the server writes its requests to the log by itself (a second later at most), and the CLI reads
 * them in the documented JSON, filtered.
 */
let dataDir: string;
let env: Record<string, string>;
let server: ServerProcess;
let clientId: string;
let secret: string;

function json(res: CliResult): Record<string, unknown> {
  assert.equal(res.code, 0, res.stderr);
  return JSON.parse(res.stdout) as Record<string, unknown>;
}

before(async () => {
  dataDir = tempDataDir();
  env = { DATA_DIR: dataDir };
  server = await startServer({ ...env, SEED_DEMO: 'false' });
  json(await runCli(['import', 'examples/dataset.json', '--json'], env));
  const created = json(
    await runCli(['credentials', 'create', '--company', '1', '--name', 'ERP', '--scopes', 'clientes:ler', '--json'], env),
  );
  clientId = String(created.client_id);
  secret = String(created.client_secret);
});
after(async () => {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Logged = { at: string; client_id: string; method: string; path: string; status: number; codigo: string | null; request_id: string };

async function search(args: string[]): Promise<Logged[]> {
  return json(await runCli(['logs', 'search', '--company', '1', ...args, '--json'], env)).requests as Logged[];
}

describe('logs', () => {
  test('search: the running server’s requests, newest first, in the documented fields; filters; prune keeps today', async () => {
    const basic = Buffer.from(`${clientId}:${secret}`).toString('base64');
    const tokenRes = await fetch(`${server.url}/v1/oauth/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const { access_token: token } = (await tokenRes.json()) as { access_token: string };
    const ok = await fetch(`${server.url}/v1/clientes?por_pagina=2`, { headers: { authorization: `Bearer ${token}` } });
    const refused = await fetch(`${server.url}/v1/clientes/99999999`, { headers: { authorization: `Bearer ${token}` } });
    assert.deepEqual([ok.status, refused.status], [200, 404]);
    const deadline = Date.now() + 10_000;
    let rows: Logged[] = [];
    while (rows.length < 3 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      rows = await search([]);
    }
    assert.deepEqual(
      rows.map((r) => [r.method, r.path, r.status, r.codigo]),
      [
        ['GET', '/v1/clientes/99999999', 404, 'recurso_nao_encontrado'],
        ['GET', '/v1/clientes?por_pagina=2', 200, null],
        ['POST', '/v1/oauth/token', 200, null],
      ],
    );
    assert.deepEqual(Object.keys(rows[0] ?? {}).sort(), [
      'at',
      'bytes',
      'client_id',
      'codigo',
      'duration_ms',
      'ip',
      'method',
      'path',
      'request_id',
      'status',
    ]);
    assert.deepEqual(
      (await search(['--status', '4xx'])).map((r) => r.status),
      [404],
    );
    assert.deepEqual(
      (await search(['--request-id', String(ok.headers.get('x-request-id'))])).map((r) => r.path),
      ['/v1/clientes?por_pagina=2'],
    );
    assert.equal((await search(['--client-id', 'ae_live_outro'])).length, 0);
    assert.equal((await search(['--limit', '1'])).length, 1);
    const bad = await runCli(['logs', 'search', '--company', '1', '--status', '3xx'], env);
    assert.notEqual(bad.code, 0);
    assert.match(bad.stderr, /--status must be one of 2xx, 4xx, 429, 5xx/);
    const prune = json(await runCli(['logs', 'prune', '--json'], env));
    assert.deepEqual(prune, { dropped_days: [] });
    assert.equal((await search([])).length, 3, 'today is kept');
  });
});
