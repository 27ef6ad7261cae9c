import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type net from 'node:net';
import { OPERATOR } from '../../src/credentials/audit.ts';
import { createCredential } from '../../src/credentials/credentials.service.ts';
import { importDataset } from '../../src/store/import/import.ts';
import { createEndpoint, sendTestEvent, type WebhookContext } from '../../src/webhooks/endpoints.service.ts';
import { secretKeyReader } from '../../src/webhooks/secret-key.ts';
import { startServer } from '../helpers/processes.ts';
import { freshStore, type TestStore } from '../helpers/test-store.ts';

/**
 * Notifications with real server processes on one PostgreSQL (D54, ADR 0020): two instances make
 * each attempt once between them, and an instance killed in the middle of a send leaves its
 * attempt to another once its lease (60 s) runs out.
 */
const skip =
  process.env.TEST_DATABASE_URL === undefined || process.env.TEST_REDIS_URL === undefined
    ? 'TEST_DATABASE_URL and TEST_REDIS_URL not both set'
    : false;

describe('notifications across instances', { skip }, () => {
  let db: TestStore;
  let ctx: WebhookContext;
  let receiver: http.Server;
  let base: string;
  let env: Record<string, string>;
  let clientId = '';
  const seen = new Map<string, number>();
  let hold = false;
  const held: http.ServerResponse[] = [];

  before(async () => {
    db = await freshStore();
    await importDataset(db.store.pool, { empresas: [{ id: 1, nome: 'Empresa' }] });
    clientId = (
      await createCredential(
        db.store.central,
        { empresaId: 1, name: 'ERP', scopes: ['clientes:ler'], allowedIps: [], expires: null },
        OPERATOR,
      )
    ).client_id;
    ctx = { db: db.store.central, secretKey: secretKeyReader(db.store.pool, undefined), allowPrivate: true };
    receiver = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const id = String(req.headers['webhook-id']);
        seen.set(id, (seen.get(id) ?? 0) + 1);
        if (hold) held.push(res);
        else res.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(receiver.address() as net.AddressInfo).port}`;
    env = { DATABASE_URL: db.config.databaseUrl ?? '', REDIS_URL: process.env.TEST_REDIS_URL ?? '', WEBHOOKS_ALLOW_PRIVATE: '1' };
  });
  after(async () => {
    for (const res of held) res.destroy();
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
    await db.close();
  });

  async function until(what: string, check: () => boolean | Promise<boolean>, ms: number): Promise<void> {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  test('two instances: each of 300 events is sent exactly once', async () => {
    const a = await startServer(env);
    const b = await startServer(env);
    try {
      const endpoint = await createEndpoint(ctx, { empresaId: 1, clientId, url: `${base}/ambos`, resources: ['clientes'] }, OPERATOR);
      const ids: string[] = [];
      for (let i = 0; i < 300; i++) ids.push((await sendTestEvent(ctx, 1, endpoint.id, OPERATOR)).event_id);
      await until('all 300 delivered', () => ids.every((id) => seen.has(id)), 30_000);
      // A moment more, for any second attempt to show.
      await new Promise((r) => setTimeout(r, 1500));
      assert.deepEqual(
        ids.filter((id) => seen.get(id) !== 1),
        [],
      );
      // Each instance cuts the logs it wrote to their newest 100 within a second or two (pruneDeliveries).
      const logged = async () =>
        (
          await db.store.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1', [
            endpoint.id,
          ])
        ).rows[0]?.n;
      await until('the delivery log cut to its newest 100', async () => (await logged()) === 100, 10_000);
      assert.equal(await logged(), 100, 'the delivery log keeps the newest 100');
      const sentBy = [a, b].map((s) => (s.output().match(/"msg":"notificação entregue"/g) ?? []).length);
      assert.equal((sentBy[0] ?? 0) + (sentBy[1] ?? 0), 300, `attempts by instance: ${sentBy.join(' + ')}`);
    } finally {
      await a.stop();
      await b.stop();
    }
  });

  test('an instance SIGKILLed in the middle of a send: a restarted instance delivers the event after the lease', async () => {
    const endpoint = await createEndpoint(ctx, { empresaId: 1, clientId, url: `${base}/lento`, resources: ['clientes'] }, OPERATOR);
    hold = true;
    const first = await startServer(env);
    const { event_id } = await sendTestEvent(ctx, 1, endpoint.id, OPERATOR);
    await until('the first attempt at the receiver', () => seen.has(event_id), 10_000);
    first.child.kill('SIGKILL');
    await first.stop();
    hold = false;
    for (const res of held.splice(0)) res.destroy();
    const second = await startServer(env);
    try {
      await until('the event sent again by the restarted instance', () => (seen.get(event_id) ?? 0) >= 2, 75_000);
      // The log's line is written once the answer is in, a moment after the receiver has the body.
      let last: { tentativa: number; http_status: number | null } | undefined;
      const end = Date.now() + 5000;
      while (last?.tentativa !== 2 && Date.now() < end) {
        const { rows } = await db.store.pool.query<{ tentativa: number; http_status: number | null }>(
          'SELECT tentativa, http_status FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY id DESC LIMIT 1',
          [endpoint.id],
        );
        last = rows[0];
        await new Promise((r) => setTimeout(r, 100));
      }
      assert.deepEqual(last, { tentativa: 2, http_status: 200 });
    } finally {
      await second.stop();
    }
  });
});
