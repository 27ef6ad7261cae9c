import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import { Webhook } from 'standardwebhooks';
import { loadConfig } from '../../src/config/config.ts';
import { openStore } from '../../src/store/store.ts';
import { runCli, startServer, tempDataDir, type CliResult, type ServerProcess } from '../helpers/processes.ts';

/**
 * `webhooks …` as the operator runs them (the formats of docs/operations.md), beside a real server
 * on the same embedded store: an event queued by the CLI is sent by the server's own worker to a
 * receiver on this machine, and verified there with the secret the CLI printed, by the Standard
 * Webhooks package. WEBHOOKS_ALLOW_PRIVATE=1 lets both reach 127.0.0.1, as in development.
 */
let dataDir: string;
let env: Record<string, string>;
let server: ServerProcess;
let receiver: http.Server;
let hookUrl: string;
let clientId = '';
const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];

function json(res: CliResult): Record<string, unknown> {
  assert.equal(res.code, 0, res.stderr);
  const lines = res.stdout.trim().split('\n');
  assert.equal(lines.length, 1, `exactly one JSON document on stdout:\n${res.stdout}`);
  return JSON.parse(lines[0] ?? '') as Record<string, unknown>;
}

async function until<T>(what: string, read: () => T | undefined, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

before(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as net.AddressInfo).port}/hooks/api-externa`;
  dataDir = tempDataDir();
  env = { DATA_DIR: dataDir, WEBHOOKS_ALLOW_PRIVATE: '1' };
  server = await startServer({ ...env, SEED_DEMO: 'false' });
  json(await runCli(['import', 'examples/dataset.json', '--json'], env));
  clientId = String(
    json(await runCli(['credentials', 'create', '--company', '1', '--name', 'ERP', '--scopes', 'clientes:ler,os:ler', '--json'], env))
      .client_id,
  );
});
after(async () => {
  await server.stop();
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('webhooks commands', () => {
  test('create, test, deliveries, list, update, rotate-secret and delete, end to end', async () => {
    assert.match(server.output(), /WEBHOOKS_ALLOW_PRIVATE is on/, 'the server warns at start');
    const created = json(
      await runCli(['webhooks', 'create', clientId, '--url', hookUrl, '--resources', 'ordens-servico,clientes', '--json'], env),
    );
    assert.equal(created.client_id, clientId);
    assert.equal(created.url, hookUrl);
    assert.deepEqual(created.resources, ['clientes', 'ordens-servico']);
    assert.equal(created.status, 'ativo');
    const secret = String(created.secret);
    assert.match(secret, /^whsec_/);
    const id = String(created.id);

    const queued = json(await runCli(['webhooks', 'test', id, '--json'], env));
    assert.match(String(queued.event_id), /^evt_/);
    const got = await until('the test event at the receiver', () => received.find((r) => r.headers['webhook-id'] === queued.event_id));
    const event = new Webhook(secret).verify(got.body, got.headers as Record<string, string>) as { tipo: string };
    assert.equal(event.tipo, 'teste');
    // The log's line is written once the answer is in, a moment after the receiver has the body.
    let log: Record<string, unknown>[] = [];
    for (let i = 0; i < 5 && log.length === 0; i++)
      log = json(await runCli(['webhooks', 'deliveries', id, '--limit', '5', '--json'], env)).deliveries as Record<string, unknown>[];
    assert.equal(log.length, 1);
    assert.equal(log[0]?.event_id, queued.event_id);
    assert.equal(log[0]?.http_status, 200);
    assert.equal(log[0]?.error, null);
    assert.equal(typeof log[0]?.duration_ms, 'number');

    // A change made in SQL by the product (here through the server's own embedded store) is told.
    const writer = await openStore(loadConfig({ DATA_DIR: dataDir }), { embeddedRole: 'any', poolMax: 1 });
    const wrote = Date.now();
    try {
      await writer.pool.query(
        "UPDATE clientes SET nome = nome || ' (alterado)' WHERE empresa_id = 1 AND id = (SELECT min(id) FROM clientes WHERE empresa_id = 1)",
      );
    } finally {
      await writer.close();
    }
    const change = await until(
      'the change event at the receiver',
      () => received.find((r) => r.body.includes('alteracoes.disponiveis')),
      5000,
    );
    const told = new Webhook(secret).verify(change.body, change.headers as Record<string, string>) as { dados: unknown };
    assert.deepEqual(told.dados, { recurso: 'clientes' });
    assert.ok(Date.now() - wrote < 5000);

    const listed = json(await runCli(['webhooks', 'list', clientId, '--json'], env)).webhooks as Record<string, unknown>[];
    assert.equal(listed.length, 1);
    assert.equal(JSON.stringify(listed).includes('whsec_'), false, 'never a secret');

    const paused = json(await runCli(['webhooks', 'update', id, '--active', 'false', '--resources', 'clientes', '--json'], env));
    assert.equal(paused.status, 'pausado');
    assert.deepEqual(paused.resources, ['clientes']);

    const refused = await runCli(['webhooks', 'update', id, '--resources', 'boletos', '--json'], env);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /^error: resources: the credential's scopes do not read: boletos/);
    assert.equal(refused.stdout, '');

    const rotated = json(await runCli(['webhooks', 'rotate-secret', id, '--json'], env));
    assert.equal(rotated.id, Number(id));
    assert.match(String(rotated.secret), /^whsec_/);
    assert.notEqual(rotated.secret, secret);

    assert.deepEqual(json(await runCli(['webhooks', 'delete', id, '--json'], env)), { id: Number(id), deleted: true });
    const gone = await runCli(['webhooks', 'deliveries', id], env);
    assert.equal(gone.code, 1);
    assert.match(gone.stderr, /no notification endpoint/);
  });
});
