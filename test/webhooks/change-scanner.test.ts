import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';
import pg from 'pg';
import pino from 'pino';
import { Webhook } from 'standardwebhooks';
import { OPERATOR } from '../../src/credentials/audit.ts';
import { createCredential, revokeCredential } from '../../src/credentials/credentials.service.ts';
import { importDataset } from '../../src/store/import/import.ts';
import { WEBHOOK_COALESCE_MS } from '../../src/domain/limits.ts';
import { ChangeScanner } from '../../src/webhooks/change-scanner.ts';
import type { ClaimedEvent, HandOff } from '../../src/webhooks/queue.query.ts';
import { Dispatcher } from '../../src/webhooks/dispatcher.ts';
import { createEndpoint, type WebhookContext } from '../../src/webhooks/endpoints.service.ts';
import { secretKeyReader } from '../../src/webhooks/secret-key.ts';
import { NotificationSender } from '../../src/webhooks/sender.ts';
import { assignCompany, prepareTenantDatabase, registerTenantDatabase } from '../../src/store/tenant-directory.ts';
import { freshStore, type TestStore } from '../helpers/test-store.ts';

/**
 * Change detection (D52, ADR 0022) on a real store: a write by plain SQL or by import gives an
 * `alteracoes.disponiveis` event to the endpoints following that resource of that company, and to
 * no other; bursts coalesce; a bulk write past the scan's row limit is found exactly all the same.
 */
let ts: TestStore;
let ctx: WebhookContext;
let receiver: http.Server;
let base: string;
let received: { path: string; headers: http.IncomingHttpHeaders; body: string; at: number }[] = [];
const log = pino({ level: 'silent' });
let clientA = '';
let clientB = '';

const cliente = (id: number, empresa_id: number) => ({ id, empresa_id, tipo_pessoa: 'fisica' as const, nome: `Cliente ${id}` });

function scanner(rowLimit?: number): ChangeScanner {
  return new ChangeScanner({
    db: ts.store.central,
    tenant: (ref) => ts.store.tenant(ref),
    log,
    ...(rowLimit === undefined ? {} : { rowLimit }),
  });
}

async function queued(): Promise<{ endpoint_id: number; recurso: string; due_in_s: number }[]> {
  const { rows } = await ts.store.pool.query<{ endpoint_id: number; recurso: string; due_in_s: number }>(
    `SELECT endpoint_id, recurso, round(EXTRACT(EPOCH FROM proxima_em - created_at))::int AS due_in_s
       FROM webhook_events ORDER BY endpoint_id, recurso`,
  );
  return rows;
}

/**
 * The feed's horizon passes a write only once every transaction before it has ended (ADR 0013): poll.
 * A wait, not the 5-s rule (asserted where a test says "within 5 s"): xids are cluster-wide, so on
 * PostgreSQL a write transaction of another test file running beside this one (its migrations, an
 * import) holds this database's horizon too, for as long as it lasts.
 */
async function scanUntil(s: ChangeScanner, predicate: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    await s.scanAll();
    if (await predicate()) return;
    if (Date.now() > end) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let endpoints: { aClientes: number; aOs: number; bClientes: number; revoked: number; aSecret: string };

before(async () => {
  ts = await freshStore();
  await importDataset(ts.store.pool, {
    empresas: [
      { id: 1, nome: 'Empresa A' },
      { id: 2, nome: 'Empresa B' },
    ],
    clientes: [cliente(1, 1), cliente(2, 2), cliente(3, 1), cliente(4, 2)],
  });
  const input = { name: 'ERP', scopes: ['clientes:ler', 'os:ler'], allowedIps: [], expires: null };
  clientA = (await createCredential(ts.store.central, { ...input, empresaId: 1 }, OPERATOR)).client_id;
  clientB = (await createCredential(ts.store.central, { ...input, empresaId: 2 }, OPERATOR)).client_id;
  const gone = (await createCredential(ts.store.central, { ...input, empresaId: 1, name: 'Antiga' }, OPERATOR)).client_id;
  ctx = { db: ts.store.central, secretKey: secretKeyReader(ts.store.pool, undefined), allowPrivate: true };
  receiver = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body, at: Date.now() });
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as net.AddressInfo).port}`;
  const make = async (clientId: string, empresaId: number, resources: string[], path: string) =>
    createEndpoint(ctx, { empresaId, clientId, url: `${base}${path}`, resources }, OPERATOR);
  const aClientes = await make(clientA, 1, ['clientes'], '/a-clientes');
  endpoints = {
    aClientes: aClientes.id,
    aSecret: aClientes.secret,
    aOs: (await make(clientA, 1, ['ordens-servico'], '/a-os')).id,
    bClientes: (await make(clientB, 2, ['clientes'], '/b-clientes')).id,
    revoked: (await make(gone, 1, ['clientes'], '/revogada')).id,
  };
  await revokeCredential(ts.store.central, gone, OPERATOR);
});
after(async () => {
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await ts.close();
});

/**
 * Scans until every database's horizon has passed every transaction begun before now. On
 * PostgreSQL one scan may not: a write transaction of another test file on the same cluster holds
 * the horizon back (scanUntil), and this file's earlier writes would then reach a later test. The
 * tenant databases here are on the central one's cluster, so one xid compares with every horizon.
 * The embedded store's horizon is always just past the last commit (ADR 0013).
 */
async function scanPastNow(): Promise<void> {
  const s = scanner();
  if (ts.store.kind === 'embedded') {
    await s.scanAll();
    return;
  }
  const { rows } = await ts.store.pool.query<{ xmax: string }>('SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xmax');
  const xmax = rows[0]?.xmax;
  assert.ok(xmax !== undefined);
  await scanUntil(s, async () => {
    const behind = await ts.store.pool.query('SELECT 1 FROM webhook_scans WHERE horizonte::xid8 < $1::xid8', [xmax]);
    return behind.rowCount === 0;
  });
}

beforeEach(async () => {
  received = [];
  // Every test starts from a scan that has seen everything before it.
  await scanPastNow();
  await ts.store.pool.query('DELETE FROM webhook_events');
  await ts.store.pool.query('DELETE FROM webhook_cadence');
});

describe('change detection (D52)', () => {
  test('the first scan of a database starts at its horizon: no event for what was there before', async () => {
    await ts.store.pool.query('DELETE FROM webhook_scans');
    assert.equal(await scanner().scanAll(), 0);
    assert.deepEqual(await queued(), []);
  });

  test("a SQL write gives one event to the company's followers of that resource, and to no one else", async () => {
    await ts.store.pool.query("UPDATE clientes SET nome = 'Renomeado' WHERE id = 1 AND empresa_id = 1");
    await scanUntil(scanner(), async () => (await queued()).length > 0);
    // After a quiet spell the event is due at once.
    assert.deepEqual(await queued(), [{ endpoint_id: endpoints.aClientes, recurso: 'clientes', due_in_s: 0 }]);
  });

  test('a change after an event was sent waits for the window after it; the next ones join that event', async () => {
    const dueOf = async (): Promise<number[]> =>
      (
        await ts.store.pool.query<{ ms: number }>(
          `SELECT (EXTRACT(EPOCH FROM proxima_em) * 1000)::float8 AS ms FROM webhook_events WHERE endpoint_id = $1 ORDER BY id`,
          [endpoints.aClientes],
        )
      ).rows.map((r) => r.ms);
    const write = (nome: string) => ts.store.pool.query('UPDATE clientes SET nome = $1 WHERE id = 1 AND empresa_id = 1', [nome]);
    await write('Primeira');
    await scanUntil(scanner(), async () => (await dueOf()).length > 0);
    const [firstDue] = await dueOf();
    assert.ok(firstDue !== undefined);
    // The first event was delivered (a delivered event's row goes).
    await ts.store.pool.query('DELETE FROM webhook_events');
    await write('Segunda');
    await scanUntil(scanner(), async () => (await dueOf()).length > 0);
    assert.deepEqual(await dueOf(), [firstDue + WEBHOOK_COALESCE_MS], 'due one window after the previous event');
    await write('Terceira');
    await scanUntil(scanner(), async () => {
      const { rows } = await ts.store.pool.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM alteracoes WHERE empresa_id = 1 AND tabela = 'clientes' AND xid >= (SELECT horizonte::xid8 FROM webhook_scans WHERE banco = 'central')",
      );
      return rows[0]?.n === 0;
    });
    assert.deepEqual(await dueOf(), [firstDue + WEBHOOK_COALESCE_MS], 'the third change joined the waiting event');
    // A quiet spell longer than the window: the next change is told at once again.
    await ts.store.pool.query('DELETE FROM webhook_events');
    await ts.store.pool.query("UPDATE webhook_cadence SET ultimo_em = ultimo_em - interval '1 minute'");
    await write('Quarta');
    await scanUntil(scanner(), async () => (await queued()).length > 0);
    assert.deepEqual(await queued(), [{ endpoint_id: endpoints.aClientes, recurso: 'clientes', due_in_s: 0 }]);
  });

  test("a scan hands the events due at once to its process's dispatcher, claimed as it queues them, within the dispatcher's terms; the rest wait for a claim", async () => {
    const adopted: { events: ClaimedEvent[]; terms: HandOff }[] = [];
    let woken = 0;
    let terms: HandOff = { leaseMs: 60_000, room: 1, perEndpoint: 1, busy: [] };
    const dispatcher = {
      handOffTerms: () => terms,
      adopt: (events: ClaimedEvent[], t: HandOff) => adopted.push({ events, terms: t }),
      wake: () => woken++,
    };
    const handing = new ChangeScanner({ db: ts.store.central, tenant: (ref) => ts.store.tenant(ref), log, dispatcher });
    const rows = async () =>
      (
        await ts.store.pool.query<{ endpoint_id: number; tentativa: number; lease_s: number | null }>(
          `SELECT endpoint_id::int, tentativa, round(EXTRACT(EPOCH FROM reservado_ate - created_at))::int AS lease_s
             FROM webhook_events ORDER BY endpoint_id`,
        )
      ).rows;
    // Both companies' customers change: two endpoints' events are due at once, room for one.
    await ts.store.pool.query("UPDATE clientes SET nome = 'Entregue' WHERE (id, empresa_id) IN ((1, 1), (2, 2))");
    await scanUntil(handing, async () => (await rows()).length === 2);
    const [first, second] = [endpoints.aClientes, endpoints.bClientes].sort((x, y) => x - y);
    assert.deepEqual(await rows(), [
      { endpoint_id: first, tentativa: 1, lease_s: 60 },
      { endpoint_id: second, tentativa: 0, lease_s: null },
    ]);
    const handed = adopted.flatMap((a) => a.events);
    assert.equal(handed.length, 1, 'the room was one');
    assert.ok(
      adopted.every((a) => a.terms === terms),
      'each hand-off ends with the terms it was made on',
    );
    const [event] = handed;
    assert.equal(event?.endpoint_id, first);
    assert.equal(event?.tentativa, 1);
    assert.equal(event?.estado, 'ativo');
    assert.equal(event?.credencial_valida, true);
    assert.match(event?.url ?? '', /^http:\/\/127\.0\.0\.1:\d+\/[ab]-clientes$/);
    assert.ok(Buffer.isBuffer(event?.segredo), 'what its attempt needs, as a claim reads it');
    assert.deepEqual(JSON.parse(event?.corpo ?? '{}').dados, { recurso: 'clientes' });
    assert.ok(woken >= 1, 'the event not handed over is left to a claim, woken for it');

    // A busy endpoint gets nothing handed over, whatever the room.
    await ts.store.pool.query('DELETE FROM webhook_events');
    await ts.store.pool.query('DELETE FROM webhook_cadence');
    adopted.length = 0;
    terms = { leaseMs: 30_000, room: 10, perEndpoint: 1, busy: [endpoints.aClientes] };
    await ts.store.pool.query("UPDATE clientes SET nome = 'Ocupado' WHERE (id, empresa_id) IN ((1, 1), (2, 2))");
    await scanUntil(handing, async () => (await rows()).length === 2);
    assert.deepEqual(
      adopted.flatMap((a) => a.events).map((e) => e.endpoint_id),
      [endpoints.bClientes],
    );
    assert.deepEqual(
      (await rows()).map((r) => [r.endpoint_id, r.tentativa, r.lease_s]),
      [
        [endpoints.aClientes, 0, null],
        [endpoints.bClientes, 1, 30],
      ].sort((x, y) => Number(x[0]) - Number(y[0])),
    );

    // A change while the handed-over event is being sent gets its own event, after the window.
    await ts.store.pool.query("UPDATE clientes SET nome = 'Depois' WHERE id = 2 AND empresa_id = 2");
    await scanUntil(scanner(), async () => (await rows()).length === 3);
    const { rows: later } = await ts.store.pool.query<{ tentativa: number; due_in_ms: number }>(
      `SELECT tentativa, (EXTRACT(EPOCH FROM proxima_em - created_at) * 1000)::int AS due_in_ms
         FROM webhook_events WHERE endpoint_id = $1 ORDER BY id`,
      [endpoints.bClientes],
    );
    assert.equal(later.length, 2);
    assert.equal(later[1]?.tentativa, 0);
    assert.ok((later[1]?.due_in_ms ?? 0) > 0, 'due at the end of the window, not at once');
  });

  test('an import, a delete and a move to another company each reach the right followers', async () => {
    await importDataset(ts.store.pool, { clientes: [cliente(5, 2)] });
    await scanUntil(scanner(), async () => (await queued()).length > 0);
    assert.deepEqual(
      (await queued()).map((e) => e.endpoint_id),
      [endpoints.bClientes],
    );
    await ts.store.pool.query('DELETE FROM webhook_events');
    // Moving a record from B to A changes both companies' feeds (a tombstone in B's).
    await ts.store.pool.query('UPDATE clientes SET empresa_id = 1 WHERE id = 5');
    await scanUntil(scanner(), async () => (await queued()).length > 1);
    assert.deepEqual(
      (await queued()).map((e) => e.endpoint_id),
      [endpoints.aClientes, endpoints.bClientes],
    );
  });

  test('past the row limit (a bulk write) the changed pairs are still exact', async () => {
    await ts.store.pool.query("UPDATE clientes SET nome = nome || '!' WHERE empresa_id = 2");
    await ts.store.pool.query(
      `INSERT INTO clientes (id, empresa_id, tipo_pessoa, nome) SELECT g, 2, 'fisica', 'Lote ' || g FROM generate_series(100, 160) g`,
    );
    await scanUntil(scanner(5), async () => (await queued()).length > 0);
    assert.deepEqual(
      (await queued()).map((e) => e.endpoint_id),
      [endpoints.bClientes],
    );
  });

  test('1,000 writes in 2 s give 1 or 2 events per endpoint, delivered, signed, within 5 s of the first', async () => {
    // 50 customers of company A, written 20 times each, one commit every 100 ms.
    await ts.store.pool.query(
      `INSERT INTO clientes (id, empresa_id, tipo_pessoa, nome) SELECT g, 1, 'fisica', 'Rajada ' || g FROM generate_series(1000, 1049) g`,
    );
    await scanner().scanAll();
    await ts.store.pool.query('DELETE FROM webhook_events');
    const sender = new NotificationSender({ allowPrivate: true });
    const dispatcher = new Dispatcher({ db: ts.store.central, sender, secretKey: ctx.secretKey, log, pollMs: 200 });
    const s = new ChangeScanner({ db: ts.store.central, tenant: (ref) => ts.store.tenant(ref), log, dispatcher });
    dispatcher.start();
    s.start();
    try {
      const started = Date.now();
      for (let batch = 0; batch < 20; batch++) {
        const due = started + batch * 100;
        if (Date.now() < due) await new Promise((r) => setTimeout(r, due - Date.now()));
        await ts.store.pool.query(
          "UPDATE clientes SET nome = 'Rajada ' || id || '.' || $1 WHERE empresa_id = 1 AND id BETWEEN 1000 AND 1049",
          [batch],
        );
      }
      const writesEnded = Date.now();
      // Long enough for the last event (a scan, the 2.5-s window, a send), then a margin.
      await new Promise((r) => setTimeout(r, 6000));
      assert.ok(writesEnded - started < 3000, `the writes took ${writesEnded - started} ms`);
      const toA = received.filter((r) => r.path === '/a-clientes');
      assert.ok(toA.length >= 1 && toA.length <= 2, `${toA.length} events for 1,000 writes in ${writesEnded - started} ms`);
      assert.equal(received.filter((r) => r.path !== '/a-clientes').length, 0, 'no other endpoint hears of it');
      const first = toA[0];
      assert.ok(first);
      assert.ok(first.at - started < 5000, `first event ${first.at - started} ms after the first write`);
      const second = toA[1];
      if (second !== undefined) assert.ok(second.at - first.at >= 2000, `the second event came ${second.at - first.at} ms after the first`);
      const event = new Webhook(endpoints.aSecret).verify(first.body, first.headers as Record<string, string>) as { dados: unknown };
      assert.deepEqual(event.dados, { recurso: 'clientes' });
    } finally {
      await s.stop();
      await dispatcher.stop();
      sender.close();
    }
  });
});

describe(
  'change detection on a tenant database (D52, ADR 0006)',
  { skip: process.env.TEST_DATABASE_URL === undefined ? 'tenant databases are PostgreSQL: TEST_DATABASE_URL not set' : false },
  () => {
    const serverUrl = process.env.TEST_DATABASE_URL ?? '';
    const name = `ae_tenant_${randomBytes(4).toString('hex')}`;
    let url = '';

    before(async () => {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const u = new URL(serverUrl);
      u.pathname = `/${name}`;
      url = u.toString();
      await prepareTenantDatabase(url);
      await registerTenantDatabase(ts.store.central, 't1', url);
    });
    after(async () => {
      await ts.store.pool.query('DELETE FROM webhook_scans');
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });

    test("a write on a tenant database reaches that company's followers", async () => {
      await importDataset(ts.store.pool, { empresas: [{ id: 3, nome: 'Empresa C' }] });
      await assignCompany(ts.store.central, 3, 't1');
      const credential = await createCredential(
        ts.store.central,
        { empresaId: 3, name: 'ERP', scopes: ['clientes:ler'], allowedIps: [], expires: null },
        OPERATOR,
      );
      const endpoint = await createEndpoint(
        ctx,
        { empresaId: 3, clientId: credential.client_id, url: `${base}/c`, resources: ['clientes'] },
        OPERATOR,
      );
      await scanner().scanAll();
      await ts.store.pool.query('DELETE FROM webhook_events');
      const tenant = new pg.Client({ connectionString: url });
      await tenant.connect();
      try {
        await tenant.query("INSERT INTO clientes (id, empresa_id, tipo_pessoa, nome) VALUES (1, 3, 'fisica', 'No banco t1')");
      } finally {
        await tenant.end();
      }
      await scanUntil(scanner(), async () => (await queued()).length > 0);
      assert.deepEqual(
        (await queued()).map((e) => e.endpoint_id),
        [endpoint.id],
      );
    });
  },
);
