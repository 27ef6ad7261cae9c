import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type net from 'node:net';
import type pg from 'pg';
import { CompiledQuery, sql, type RawNode } from 'kysely';
import pino from 'pino';
import { Metrics } from '../../src/observability/metrics.ts';
import { Webhook } from 'standardwebhooks';
import { OPERATOR } from '../../src/credentials/audit.ts';
import { createCredential, revokeCredential } from '../../src/credentials/credentials.service.ts';
import { WEBHOOK_RETRY_DELAYS_SECONDS } from '../../src/domain/limits.ts';
import { Dispatcher } from '../../src/webhooks/dispatcher.ts';
import {
  createEndpoint,
  deliveriesOf,
  listEndpointsOf,
  rotateEndpointSecret,
  sendTestEvent,
  updateEndpoint,
  type WebhookContext,
} from '../../src/webhooks/endpoints.service.ts';
import { eventBody, newEventId } from '../../src/webhooks/events.ts';
import {
  claimDue,
  claimStatement,
  enqueueChanges,
  enqueueEvent,
  finishEvent,
  recordFinished,
  recordFinishedStatement,
} from '../../src/webhooks/queue.query.ts';
import { secretKeyReader } from '../../src/webhooks/secret-key.ts';
import { NotificationSender, type Attempt, type Outcome } from '../../src/webhooks/sender.ts';
import { startNotificationWorker } from '../../src/webhooks/notification-worker.ts';
import { freshStore, type TestStore } from '../helpers/test-store.ts';

/**
 * The notification queue and its worker (D51-D54, ADR 0020) on a real store (embedded, or
 * PostgreSQL with TEST_DATABASE_URL) against a real HTTP receiver on this machine. The clock of
 * the queue and of the signatures is driven: a day of retries takes no real time.
 */
interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

let ts: TestStore;
let receiver: http.Server;
let base: string;
let received: Received[] = [];
let status = 200;
let connections = 0;
let clock = new Date('2026-11-28T12:00:00Z');
const now = () => clock;
const advance = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000));
const log = pino({ level: 'silent' });
let ctx: WebhookContext;
let sender: NotificationSender;
let clientId: string;

function dispatcher(options: { allowPrivate?: boolean } = {}): Dispatcher {
  const s = options.allowPrivate === false ? new NotificationSender({ allowPrivate: false }) : sender;
  return new Dispatcher({ db: ts.store.central, sender: s, secretKey: ctx.secretKey, log, now });
}

/** One pass of the worker, as the loop makes it: claim what is due, wait for the sends. */
async function pass(d: Dispatcher): Promise<number> {
  const claimed = await d.claimAndSend();
  await d.idle();
  return claimed;
}

/** Waits until `done` holds (5 s at most). */
async function until(done: () => Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Events in the queue, any state. */
async function queuedEvents(): Promise<number> {
  const { rows } = await ts.store.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_events');
  const n = rows[0]?.n;
  assert.ok(n !== undefined, 'count(*) gives one row');
  return n;
}

/**
 * A started worker with `concurrency` slots whose receiver answers only when the test says:
 * `pending[i]` answers the i-th send. `db` is the central database unless given (watchedClaims).
 */
function holdingDispatcher(
  concurrency: number,
  options: { db?: typeof ts.store.central; perEndpoint?: number } = {},
): { d: Dispatcher; pending: ((o: Outcome) => void)[] } {
  const pending: ((o: Outcome) => void)[] = [];
  const holding = { send: () => new Promise<Outcome>((answer) => pending.push(answer)) };
  const db = options.db ?? ts.store.central;
  const d = new Dispatcher({
    db,
    sender: holding,
    secretKey: ctx.secretKey,
    log,
    now,
    concurrency,
    perEndpoint: options.perEndpoint,
    pollMs: 60_000,
  });
  d.start();
  return { d, pending };
}

/**
 * The central database as a worker sees it, with its claims (claimDue's statement) watched: when
 * each began and answered, and how many events it found. `slowMs` holds each answer back that
 * long, as a busy database would.
 */
function watchedClaims(): { db: typeof ts.store.central; claims: { start: number; end: number; found: number }[]; slowMs: number } {
  const running = new Map<unknown, { start: number; end: number; found: number }>();
  const watch = {
    claims: [] as { start: number; end: number; found: number }[],
    slowMs: 0,
    db: ts.store.central.withPlugin({
      transformQuery: (args) => {
        if (args.node.kind === 'RawNode' && (args.node as RawNode).sqlFragments.join('').includes('WITH devidos')) {
          const claim = { start: Date.now(), end: -1, found: -1 };
          watch.claims.push(claim);
          running.set(args.queryId, claim);
        }
        return args.node;
      },
      transformResult: async (args) => {
        const claim = running.get(args.queryId);
        if (claim !== undefined) {
          running.delete(args.queryId);
          if (watch.slowMs > 0) await new Promise((r) => setTimeout(r, watch.slowMs));
          claim.end = Date.now();
          claim.found = args.result.rows.length;
        }
        return args.result;
      },
    }),
  };
  return watch;
}

async function endpoint(resources = ['clientes', 'contas-receber'], path = '/hook'): Promise<{ id: number; secret: string }> {
  const created = await createEndpoint(ctx, { empresaId: 1, clientId, url: `${base}${path}`, resources }, OPERATOR);
  return { id: created.id, secret: created.secret };
}

async function queueChange(endpointId: number, recurso: string): Promise<boolean> {
  const id = newEventId();
  return enqueueEvent(ts.store.central, {
    endpointId,
    eventoId: id,
    tipo: 'alteracoes.disponiveis',
    recurso,
    corpo: eventBody(id, 'alteracoes.disponiveis', clock, recurso),
    now: clock,
  });
}

/** Queues `count` test events for an endpoint (test events never coalesce); their ids, in order. */
async function queueTests(endpointId: number, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const eventoId = newEventId();
    ids.push(eventoId);
    await enqueueEvent(ts.store.central, {
      endpointId,
      eventoId,
      tipo: 'teste',
      recurso: null,
      corpo: eventBody(eventoId, 'teste', clock, null),
      now: clock,
    });
  }
  return ids;
}

before(async () => {
  ts = await freshStore();
  await ts.store.pool.query("INSERT INTO empresas (id, nome) VALUES (1, 'Empresa A'), (2, 'Empresa B')");
  const credential = await createCredential(
    ts.store.central,
    { empresaId: 1, name: 'ERP', scopes: ['clientes:ler', 'contas-receber:ler'], allowedIps: [], expires: null },
    OPERATOR,
  );
  clientId = credential.client_id;
  ctx = { db: ts.store.central, secretKey: secretKeyReader(ts.store.pool, undefined), allowPrivate: true, now };
  sender = new NotificationSender({ allowPrivate: true });
  receiver = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = status;
      res.end();
    });
  });
  receiver.on('connection', () => connections++);
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as net.AddressInfo).port}`;
});
after(async () => {
  sender.close();
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await ts.close();
});
beforeEach(async () => {
  received = [];
  status = 200;
  await ts.store.pool.query('DELETE FROM webhook_endpoints');
});

describe('the notification queue and its worker (D52-D54)', () => {
  test('a test event arrives once, signed so that the Standard Webhooks verifier accepts it and refuses any change', async () => {
    clock = new Date();
    const { id, secret } = await endpoint();
    const { event_id } = await sendTestEvent(ctx, 1, id, OPERATOR);
    assert.equal(await pass(dispatcher()), 1);
    assert.equal(received.length, 1);
    const [got] = received;
    assert.ok(got);
    assert.equal(got.headers['webhook-id'], event_id);
    assert.equal(got.headers['content-type'], 'application/json');
    const event = new Webhook(secret).verify(got.body, got.headers as Record<string, string>) as Record<string, unknown>;
    assert.deepEqual(Object.keys(event), ['id', 'tipo', 'criado_em', 'dados']);
    assert.equal(event.id, event_id);
    assert.equal(event.tipo, 'teste');
    assert.match(String(event.criado_em), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const changedBody = got.body.replace('"teste"', '"testf"');
    assert.throws(() => new Webhook(secret).verify(changedBody, got.headers as Record<string, string>));
    const otherTime: Record<string, string> = {
      'webhook-id': String(got.headers['webhook-id']),
      'webhook-signature': String(got.headers['webhook-signature']),
      'webhook-timestamp': String(Number(got.headers['webhook-timestamp']) + 1),
    };
    assert.throws(() => new Webhook(secret).verify(got.body, otherTime));

    assert.equal(await pass(dispatcher()), 0, 'a delivered event is not sent again');
    const log = await deliveriesOf(ctx, 1, id, 100);
    assert.equal(log.length, 1);
    assert.deepEqual(
      { ...log[0], at: undefined, duration_ms: undefined },
      {
        at: undefined,
        event_id,
        tipo: 'teste',
        attempt: 1,
        http_status: 200,
        error: null,
        duration_ms: undefined,
      },
    );
  });

  test('outcomes are written in groups: each delivery logged once, each event ended, the log cut to its newest 100, far fewer transactions than deliveries', async () => {
    clock = new Date();
    const first = await endpoint();
    const second = await endpoint();
    const queued = new Map<number, string[]>([
      [first.id, []],
      [second.id, []],
    ]);
    // 130 test events to the first endpoint, 20 to the second (test events never coalesce).
    queued.get(first.id)?.push(...(await queueTests(first.id, 130)));
    queued.get(second.id)?.push(...(await queueTests(second.id, 20)));
    const d = new Dispatcher({ db: ts.store.central, sender, secretKey: ctx.secretKey, log, now, concurrency: 32, perEndpoint: 16 });
    let passes = 0;
    while ((await pass(d)) > 0) passes++;
    assert.equal(received.length, 150, 'every event sent once');
    assert.ok(passes >= 150 / 32, `${passes} passes`);
    assert.equal(await queuedEvents(), 0, 'every event ended');
    const firstLog = await deliveriesOf(ctx, 1, first.id, 200);
    assert.equal(firstLog.length, 100, "the first endpoint's log keeps its newest 100");
    // Sends to one endpoint overlap, so the log's order is the order the attempts ended: the set is what is fixed.
    const kept = new Set(firstLog.map((l) => l.event_id));
    const sentOrder = received
      .filter((r) => queued.get(first.id)?.includes(String(r.headers['webhook-id'])))
      .map((r) => String(r.headers['webhook-id']));
    assert.equal(new Set(sentOrder).size, 130);
    for (const gone of sentOrder.slice(0, 10)) assert.equal(kept.has(gone), false, `an early delivery (${gone}) was cut from the log`);
    const secondLog = await deliveriesOf(ctx, 1, second.id, 200);
    assert.deepEqual(new Set(secondLog.map((l) => l.event_id)), new Set(queued.get(second.id)));
    assert.ok(secondLog.every((l) => l.http_status === 200 && l.attempt === 1 && l.error === null));
    // Rows a transaction inserted share its xmin: the 120 lines kept came from far fewer transactions.
    // A group is one statement (ADR 0020, third amendment), written sooner than the six of a
    // transaction were, so groups are smaller: on the embedded store 32 against 16, for a sixth
    // of the round trips.
    const { rows } = await ts.store.pool.query<{ n: number }>('SELECT count(DISTINCT xmin::text)::int AS n FROM webhook_deliveries');
    assert.ok((rows[0]?.n ?? 120) <= 120 / 3, `${rows[0]?.n} transactions wrote 120 lines`);
  });

  test('pausing endpoints while their outcomes are written in groups never deadlocks (each side locks the events in id order)', async () => {
    clock = new Date();
    const endpoints = [await endpoint(), await endpoint(), await endpoint()];
    const warnings: string[] = [];
    const watching = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(line) });
    const d = new Dispatcher({
      db: ts.store.central,
      sender,
      secretKey: ctx.secretKey,
      log: watching,
      now,
      concurrency: 32,
      perEndpoint: 16,
    });
    const queueAll = async () => {
      for (const { id } of endpoints) await queueTests(id, 20);
    };
    const failures: unknown[] = [];
    for (let round = 0; round < 5; round++) {
      await queueAll();
      // Pause and resume every endpoint while a pass writes outcomes of all three.
      const pausing = (async () => {
        for (const { id } of [...endpoints].reverse()) {
          try {
            await updateEndpoint(ctx, 1, id, { active: false }, OPERATOR);
            await updateEndpoint(ctx, 1, id, { active: true }, OPERATOR);
          } catch (err) {
            failures.push(err);
          }
        }
      })();
      while ((await pass(d)) > 0);
      await pausing;
    }
    assert.deepEqual(failures, [], 'no pause failed');
    assert.deepEqual(warnings, [], 'every outcome was written');
  });

  test("the server's worker reads and writes the queue through a pool of its own: with every request connection held, an event still arrives (PostgreSQL; the embedded store is one shared session)", async () => {
    if (ts.store.kind === 'embedded') {
      assert.equal(ts.store.worker, ts.store.central, 'one session: the worker shares it');
      return;
    }
    assert.notEqual(ts.store.worker, ts.store.central);
    clock = new Date();
    const { id } = await endpoint();
    const held: pg.PoolClient[] = [];
    const worker = startNotificationWorker({ ...ts.config, webhooksAllowPrivate: true }, ts.store, log, new Metrics());
    try {
      while (held.length < (ts.store.pool.options.max ?? 10)) held.push(await ts.store.pool.connect());
      assert.equal(ts.store.pool.idleCount, 0);
      const { event_id } = await sendTestEvent({ ...ctx, db: ts.store.worker }, 1, id, OPERATOR);
      worker.dispatcher.wake();
      const deadline = Date.now() + 5000;
      while (!received.some((r) => r.headers['webhook-id'] === event_id) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      assert.ok(
        received.some((r) => r.headers['webhook-id'] === event_id),
        'the event arrived while the request pool was exhausted',
      );
      while (Date.now() < deadline && (await deliveriesOf({ ...ctx, db: ts.store.worker }, 1, id, 10)).length === 0)
        await new Promise((r) => setTimeout(r, 20));
      assert.equal((await deliveriesOf({ ...ctx, db: ts.store.worker }, 1, id, 10))[0]?.event_id, event_id, 'and its outcome was written');
    } finally {
      for (const c of held) c.release();
      await worker.stop();
    }
  });

  test("a slot frees when the receiver has answered, not when the outcome is written: an outcome held up holds no other endpoint's send (PostgreSQL; the embedded store is one shared session)", async () => {
    if (ts.store.kind === 'embedded') {
      assert.equal(ts.store.worker, ts.store.central, 'one session: an open transaction would hold the claim too');
      return;
    }
    clock = new Date();
    const a = await endpoint(['clientes'], '/a');
    const b = await endpoint(['clientes'], '/b');
    const d = new Dispatcher({ db: ts.store.central, sender, secretKey: ctx.secretKey, log, now, pollMs: 50, concurrency: 1 });
    // Endpoint a's row held as a settings change holds it (lockEndpoint): its outcome, which locks
    // the endpoint before its event (queue.query.ts, recordFinished), cannot be written.
    // Its event is queued first: queuing takes the same lock.
    const [first] = await queueTests(a.id, 1);
    const holder = await ts.store.pool.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM webhook_endpoints WHERE id = $1 FOR UPDATE', [a.id]);
    let released = false;
    try {
      d.start();
      const deadline = Date.now() + 5000;
      while (received.length < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      assert.equal(received[0]?.headers['webhook-id'], first);
      const [second] = await queueTests(b.id, 1);
      d.wake();
      while (received.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      assert.equal(received[1]?.headers['webhook-id'], second, "b's event was sent with one slot, while a's outcome waited");
      assert.deepEqual(await deliveriesOf(ctx, 1, a.id, 10), [], "a's outcome is still unwritten");
      await holder.query('COMMIT');
      released = true;
      while (Date.now() < deadline && (await deliveriesOf(ctx, 1, a.id, 10)).length === 0) await new Promise((r) => setTimeout(r, 20));
      assert.equal((await deliveriesOf(ctx, 1, a.id, 10))[0]?.event_id, first, 'and once the lock went, it was written');
      while (Date.now() < deadline && (await deliveriesOf(ctx, 1, b.id, 10)).length === 0) await new Promise((r) => setTimeout(r, 20));
      assert.equal((await deliveriesOf(ctx, 1, b.id, 10))[0]?.event_id, second);
    } finally {
      if (!released) await holder.query('ROLLBACK');
      holder.release();
      await d.stop();
    }
  });

  test('a claim takes events ahead of its free slots: they start as slots free, one endpoint never holds more than its share, and stopping gives back those not started', async () => {
    clock = new Date();
    const endpoints = [await endpoint(['clientes'], '/p1'), await endpoint(['clientes'], '/p2'), await endpoint(['clientes'], '/p3')];
    for (const e of endpoints) await queueTests(e.id, 2);
    // A receiver that answers when the test says: the attempts under way are visible.
    const pending: { attempt: Attempt; answer: (o: Outcome) => void }[] = [];
    const holding = {
      send: (attempt: Attempt) => new Promise<Outcome>((answer) => pending.push({ attempt, answer })),
    };
    const ok: Outcome = { kind: 'resposta', status: 204, durationMs: 1 };
    const d = new Dispatcher({ db: ts.store.central, sender: holding, secretKey: ctx.secretKey, log, now, concurrency: 2, perEndpoint: 1 });
    const events = async () =>
      (
        await ts.store.pool.query<{ endpoint_id: string; tentativa: number; leased: boolean }>(
          'SELECT endpoint_id::text, tentativa, reservado_ate IS NOT NULL AS leased FROM webhook_events ORDER BY id',
        )
      ).rows;
    // Two slots and two more ahead, one event per endpoint: three claimed in one statement.
    assert.equal(await d.claimAndSend(), 3);
    assert.equal(pending.length, 2, 'two sends, one per slot');
    assert.equal((await events()).filter((e) => e.leased).length, 3);
    // An answer frees a slot: the claimed event takes it at once, with no claim in between.
    pending[0]?.answer(ok);
    const deadline = Date.now() + 5000;
    while (pending.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    assert.equal(pending.length, 3);
    assert.equal(new Set(pending.map((p) => p.attempt.url)).size, 3, 'each endpoint has one send, its share');
    // Nothing more is claimed for an endpoint with a send under way or an event waiting here.
    pending[1]?.answer(ok);
    pending[2]?.answer(ok);
    await d.idle();
    assert.equal(await d.claimAndSend(), 3, 'the second event of each endpoint, once the first ended');
    assert.equal(pending.length, 5);
    // Stopping: the event still waiting for a slot goes back to the queue as it was, untried.
    const stopped = d.stop();
    await new Promise((r) => setTimeout(r, 50));
    pending[3]?.answer(ok);
    pending[4]?.answer(ok);
    await stopped;
    assert.equal(pending.length, 5, 'nothing started after stop');
    const [left, ...more] = await events();
    assert.deepEqual(more, []);
    assert.deepEqual({ tentativa: left?.tentativa, leased: left?.leased }, { tentativa: 0, leased: false });
    received = [];
    assert.equal(await pass(dispatcher()), 1, 'another worker takes it at once, without waiting for a lease');
    assert.equal(received.length, 1);
    const [line] = await deliveriesOf(ctx, 1, Number(left?.endpoint_id), 1);
    assert.equal(line?.attempt, 1, 'its first attempt, counted once');
  });

  test('events the scan hands over are sent with no claim; one endpoint still has no more than its share under way, and a hand-off that ends after stop gives its events back', async () => {
    clock = new Date();
    const x = await endpoint(['clientes', 'contas-receber'], '/x');
    const y = await endpoint(['clientes'], '/y');
    const pending: { attempt: Attempt; answer: (o: Outcome) => void }[] = [];
    const holding = { send: (attempt: Attempt) => new Promise<Outcome>((answer) => pending.push({ attempt, answer })) };
    const ok: Outcome = { kind: 'resposta', status: 204, durationMs: 1 };
    const change = (endpointId: number, recurso: string) => {
      const id = newEventId();
      return { endpointId, eventoId: id, recurso, corpo: eventBody(id, 'alteracoes.disponiveis', clock, recurso) };
    };
    const d = new Dispatcher({ db: ts.store.central, sender: holding, secretKey: ctx.secretKey, log, now, perEndpoint: 1, pollMs: 60_000 });
    // The worker's first claim takes a test event of x: x has its share under way.
    await queueTests(x.id, 1);
    d.start();
    try {
      await until(async () => pending.length === 1);
      const terms = d.handOffTerms();
      assert.ok(terms !== null);
      assert.deepEqual(terms.busy, [x.id], 'x has a send under way');
      // The scan's statement, as if its busy list had been read before x's send began.
      const enqueued = await enqueueChanges(ts.store.central, [change(x.id, 'clientes'), change(y.id, 'clientes')], clock, 2500, {
        ...terms,
        busy: [],
      });
      assert.equal(enqueued.queued, 2);
      assert.deepEqual(enqueued.claimed.map((e) => [e.endpoint_id, e.tentativa]).sort(), [
        [x.id, 1],
        [y.id, 1],
      ]);
      d.adopt(enqueued.claimed, terms);
      // y's event starts at once, with no claim; x's waits for x's send under way to end.
      await until(async () => pending.length === 2);
      assert.equal(new URL(pending[1]?.attempt.url ?? '').pathname, '/y');
      await new Promise((r) => setTimeout(r, 100));
      assert.equal(pending.length, 2, "x's second event waits");
      pending[0]?.answer(ok);
      await until(async () => pending.length === 3);
      assert.equal(pending[2]?.attempt.headers['webhook-id'], enqueued.claimed.find((e) => e.endpoint_id === x.id)?.evento_id);
      pending[1]?.answer(ok);
      pending[2]?.answer(ok);
      await d.idle();
      assert.equal(await queuedEvents(), 0, 'all three delivered and ended');
      assert.deepEqual(
        (await deliveriesOf(ctx, 1, y.id, 10)).map((l) => [l.event_id, l.attempt, l.http_status]),
        [[enqueued.claimed.find((e) => e.endpoint_id === y.id)?.evento_id, 1, 204]],
        'the handed-over event logged as its first attempt',
      );
      // Terms given just before stopping: the hand-off ends after it, and its event goes back untried.
      const last = d.handOffTerms();
      assert.ok(last !== null);
      await d.stop();
      assert.equal(d.handOffTerms(), null, 'a stopped worker takes nothing');
      const late = await enqueueChanges(ts.store.central, [change(y.id, 'contas-receber')], clock, 2500, last);
      assert.equal(late.claimed.length, 1);
      d.adopt(late.claimed, last);
      await until(async () => {
        const { rows: left } = await ts.store.pool.query<{ tentativa: number; reservado: boolean }>(
          'SELECT tentativa, reservado_ate IS NOT NULL AS reservado FROM webhook_events',
        );
        return left.length === 1 && left[0]?.tentativa === 0 && left[0]?.reservado === false;
      });
      assert.equal(pending.length, 3, 'nothing sent after stop');
    } finally {
      await d.stop();
    }
  });

  test("a scan's events are handed over whole, past the bound on attempts left unended: none is left for a claim (ADR 0020, sixth amendment)", async () => {
    clock = new Date();
    const resources = ['clientes', 'contas-receber'];
    const endpoints = [];
    for (let i = 0; i < 5; i++) endpoints.push(await endpoint(resources, `/h${i}`));
    // Two slots: at most 8 attempts unended, and 10 events in one scan.
    const { d, pending } = holdingDispatcher(2);
    try {
      const terms = d.handOffTerms();
      assert.ok(terms !== null);
      const changes = endpoints.flatMap((e) =>
        resources.map((recurso) => {
          const id = newEventId();
          return { endpointId: e.id, eventoId: id, recurso, corpo: eventBody(id, 'alteracoes.disponiveis', clock, recurso) };
        }),
      );
      const enqueued = await enqueueChanges(ts.store.central, changes, clock, 2500, terms);
      assert.equal(enqueued.queued, 10);
      assert.equal(enqueued.claimed.length, 10, 'every event of the scan handed over');
      const { rows } = await ts.store.pool.query<{ tentativa: number; n: number }>(
        'SELECT tentativa, count(*)::int AS n FROM webhook_events GROUP BY tentativa',
      );
      assert.deepEqual(rows, [{ tentativa: 1, n: 10 }], 'none queued untried, waiting for a claim');
      d.adopt(enqueued.claimed, terms);
      await until(async () => pending.length === 2);
      await new Promise((r) => setTimeout(r, 50));
      assert.equal(pending.length, 2, 'two slots: two sends under way, the rest waiting in the worker');
      for (let answered = 0; answered < 10; answered++) {
        await until(async () => pending.length > answered);
        pending[answered]?.({ kind: 'resposta', status: 204, durationMs: 1 });
      }
      await d.idle();
      assert.equal(await queuedEvents(), 0, 'all ten delivered and ended');
    } finally {
      await d.stop();
    }
  });

  test('a claim does not wait for a hand-off under way: room promised to a scan leaves due events to be claimed and sent meanwhile (ADR 0020, sixth amendment)', async () => {
    clock = new Date();
    const x = await endpoint(['clientes'], '/x');
    const { d, pending } = holdingDispatcher(2);
    try {
      // A scan's transaction under way (on a busy database it may take a while): its room is promised.
      const terms = d.handOffTerms();
      assert.ok(terms !== null && terms.room > 0);
      await queueTests(x.id, 1);
      d.wake();
      await until(async () => pending.length === 1);
      d.adopt([], terms);
      pending[0]?.({ kind: 'resposta', status: 204, durationMs: 1 });
      await d.idle();
      assert.equal(await queuedEvents(), 0, 'the test event delivered and ended');
    } finally {
      await d.stop();
    }
  });

  test('while claims find nothing due, the ends of sends claim again at most every 100 ms, and an event left behind is still claimed at once, not at the next poll', async () => {
    clock = new Date();
    const x = await endpoint(['clientes'], '/x');
    await queueTests(x.id, 41);
    const { db, claims } = watchedClaims();
    const { d, pending } = holdingDispatcher(64, { db, perEndpoint: 40 });
    try {
      // One claim takes 40 of x's events: x has its share, and its 41st waits until x has none under way.
      await until(async () => pending.length === 40);
      const before = claims.length;
      const started = Date.now();
      for (const answer of pending) {
        answer({ kind: 'resposta', status: 204, durationMs: 1 });
        await new Promise((r) => setTimeout(r, 10));
      }
      const lastAnswer = Date.now();
      // One claim at each end of a send would be ~40; one per 100 ms, a handful over the ~0.4 s.
      const made = claims.length - before;
      const spent = lastAnswer - started;
      assert.ok(made >= 1 && made <= Math.ceil(spent / 100) + 3, `${made} claims in the ${spent} ms of the answers`);
      await until(async () => pending.length === 41, 5000);
      const took = Date.now() - lastAnswer;
      assert.ok(took < 1000, `the 41st event started ${took} ms after x's last send ended (poll: 60 s)`);
      pending[40]?.({ kind: 'resposta', status: 204, durationMs: 1 });
      await until(async () => (await deliveriesOf(ctx, 1, x.id, 100)).length === 41);
    } finally {
      await d.stop();
    }
  });

  test('a send that ends while a claim runs waits for its answer: the pause after it if it found nothing, at once if it found some', async () => {
    clock = new Date();
    const x = await endpoint(['clientes'], '/x');
    const y = await endpoint(['clientes'], '/y');
    await queueTests(x.id, 4);
    const watch = watchedClaims();
    const { d, pending } = holdingDispatcher(64, { db: watch.db, perEndpoint: 40 });
    const answered = { kind: 'resposta', status: 204, durationMs: 1 } as const;
    const claim = (i: number) => {
      const c = watch.claims[i];
      assert.ok(c !== undefined && c.end >= 0, `claim ${i + 1} answered`);
      return c;
    };
    try {
      // The first claim takes x's four events: the next end claims at once.
      await until(async () => pending.length === 4);
      assert.equal(watch.claims.length, 1);
      watch.slowMs = 80;
      pending[0]?.(answered);
      await until(async () => watch.claims.length === 2);
      // Sent while the second claim runs, which finds nothing (x has sends under way).
      pending[1]?.(answered);
      await until(async () => (watch.claims[2]?.end ?? -1) >= 0);
      const [, second, third] = [claim(0), claim(1), claim(2)];
      assert.equal(second.found, 0);
      const paused = third.start - second.end;
      assert.ok(paused >= 90, `the third claim began ${paused} ms after the second, which found nothing, answered (pause: 100 ms)`);

      // y's event is due; an end starts a claim that finds it, and another end comes while it runs.
      await new Promise((r) => setTimeout(r, 120));
      await queueTests(y.id, 1);
      const seen = watch.claims.length;
      pending[2]?.(answered);
      await until(async () => watch.claims.length === seen + 1);
      pending[3]?.(answered);
      await until(async () => (watch.claims[seen + 1]?.end ?? -1) >= 0);
      const [finding, next] = [claim(seen), claim(seen + 1)];
      assert.equal(finding.found, 1, "the claim finds y's event");
      const waited = next.start - finding.end;
      assert.ok(waited < 90, `the next claim began ${waited} ms after one that found an event answered (at once, not after the pause)`);
      await until(async () => pending.length === 5);
      pending[4]?.(answered);
      await until(async () => (await deliveriesOf(ctx, 1, y.id, 10)).length === 1);
    } finally {
      // stop waits for the sends under way: a failed assertion must not leave one held.
      for (const answer of pending) answer(answered);
      await d.stop();
    }
  });

  test("an endpoint deleted while its group's outcomes wait: its line is skipped, the others are written (PostgreSQL; the embedded store is one shared session)", async () => {
    if (ts.store.kind === 'embedded') {
      assert.equal(ts.store.worker, ts.store.central, 'one session: a second transaction could not wait on the first');
      return;
    }
    clock = new Date();
    const a = await endpoint(['clientes'], '/gone');
    const b = await endpoint(['clientes'], '/kept');
    await queueTests(a.id, 1);
    await queueTests(b.id, 1);
    const claimed = await claimDue(ts.store.central, { now: clock, leaseMs: 60_000, limit: 10, perEndpoint: 1, busy: [] });
    assert.equal(claimed.length, 2);
    // A deletion holds endpoint a (as settings do), so the group waits on it, then deletes it.
    const holder = await ts.store.pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM webhook_endpoints WHERE id = $1 FOR UPDATE', [a.id]);
      const writing = recordFinished(
        ts.store.central,
        claimed.map((e) => ({
          eventId: e.id,
          endpointId: e.endpoint_id,
          at: clock,
          eventoId: e.evento_id,
          tipo: e.tipo,
          tentativa: e.tentativa,
          httpStatus: 200,
          erro: null,
          duracaoMs: 3,
        })),
      );
      await new Promise((r) => setTimeout(r, 200));
      await holder.query('DELETE FROM webhook_endpoints WHERE id = $1', [a.id]);
      await holder.query('COMMIT');
      await writing;
    } finally {
      holder.release();
    }
    assert.equal((await deliveriesOf(ctx, 1, b.id, 10)).length, 1, "b's line is written");
    assert.equal(await queuedEvents(), 0, "b's event ended; a's went with its endpoint");
  });

  test('once enough attempts have ended, the worker vacuums the queue (its dead rows reclaimed, autovacuum or not)', async () => {
    const vacuums = async () => {
      const { rows } = await ts.store.pool.query<{ n: string }>(
        "SELECT (vacuum_count + autovacuum_count)::text AS n FROM pg_stat_user_tables WHERE relname = 'webhook_events'",
      );
      return Number(rows[0]?.n);
    };
    clock = new Date();
    const { id } = await endpoint();
    const before = await vacuums();
    assert.ok(Number.isInteger(before), 'the statistics count vacuums of the queue');
    const d = new Dispatcher({ db: ts.store.central, sender, secretKey: ctx.secretKey, log, now, pollMs: 50, vacuumAfter: 3 });
    const ids = await queueTests(id, 2);
    d.start();
    try {
      const deadline = Date.now() + 5000;
      while (received.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      assert.deepEqual(
        received.map((r) => r.headers['webhook-id']),
        ids,
      );
      await new Promise((r) => setTimeout(r, 300));
      assert.equal(await vacuums(), before, 'two attempts ended: below the threshold, no vacuum');
      ids.push(...(await queueTests(id, 1)));
      d.wake();
      let after = before;
      while (after === before && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        after = await vacuums();
      }
      assert.equal(received.length, 3);
      assert.equal(after, before + 1, 'the third ended attempt vacuumed the queue once');
    } finally {
      await d.stop();
    }
  });

  test("a change event says which resource's feed to read, and nothing else", async () => {
    const { id } = await endpoint();
    assert.equal(await queueChange(id, 'contas-receber'), true);
    await pass(dispatcher());
    assert.equal(received.length, 1);
    const body = JSON.parse(received[0]?.body ?? '') as Record<string, unknown>;
    assert.equal(body.tipo, 'alteracoes.disponiveis');
    assert.deepEqual(body.dados, { recurso: 'contas-receber' });
  });

  test('changes coalesce while an event waits; a change during a send gets an event of its own', async () => {
    const { id } = await endpoint();
    const joined = await Promise.all(Array.from({ length: 200 }, () => queueChange(id, 'clientes')));
    assert.equal(joined.filter(Boolean).length, 1, 'one event for 200 changes');
    assert.equal(await queueChange(id, 'contas-receber'), true, 'another resource has its own event');
    // While the clientes event is being sent (claimed, not finished), a change queues a new one.
    const claimed = await claimDue(ts.store.central, { now: clock, leaseMs: 60_000, limit: 10, perEndpoint: 10, busy: [] });
    assert.equal(claimed.length, 2);
    assert.equal(await queueChange(id, 'clientes'), true);
    assert.equal(await queueChange(id, 'clientes'), false);
    for (const e of claimed) await finishEvent(ts.store.central, e.id, e.tentativa);
    assert.equal(await queuedEvents(), 1);
  });

  test("retries follow D54's schedule to the minute, then the endpoint is disabled with its reason; re-enabling sends fresh events", async () => {
    clock = new Date('2026-11-28T12:00:00Z');
    const { id } = await endpoint(['clientes', 'contas-receber']);
    await queueChange(id, 'clientes');
    status = 503;
    const d = dispatcher();
    assert.equal(await pass(d), 1, 'first attempt');
    for (const delay of WEBHOOK_RETRY_DELAYS_SECONDS) {
      advance(delay - 1);
      assert.equal(await pass(d), 0, `not before ${delay} s`);
      advance(1);
      assert.equal(await pass(d), 1, `after ${delay} s`);
    }
    assert.equal(received.length, WEBHOOK_RETRY_DELAYS_SECONDS.length + 1);
    assert.equal(new Set(received.map((r) => r.headers['webhook-id'])).size, 1, 'the same event id on every attempt');
    const [listed] = await listEndpointsOf(ctx, 1, clientId);
    assert.equal(listed?.status, 'desativado_por_falhas');
    assert.match(listed?.reason ?? '', /última das 8 tentativas falhou .*resposta HTTP 503/);
    const log = await deliveriesOf(ctx, 1, id, 100);
    assert.deepEqual(
      log.map((l) => [l.attempt, l.http_status]),
      [8, 7, 6, 5, 4, 3, 2, 1].map((n) => [n, 503]),
    );
    advance(86_400);
    assert.equal(await pass(d), 0, 'nothing more is tried');
    assert.equal(await queueChange(id, 'clientes'), true);
    received = [];
    assert.equal(await pass(d), 1, 'a change while disabled is dropped at its claim');
    assert.equal(received.length, 0);

    status = 204;
    const resumed = await updateEndpoint(ctx, 1, id, { active: true }, OPERATOR);
    assert.equal(resumed.status, 'ativo');
    assert.equal(resumed.reason, null);
    await pass(d);
    assert.deepEqual(received.map((r) => (JSON.parse(r.body) as { dados: { recurso: string } }).dados.recurso).sort(), [
      'clientes',
      'contas-receber',
    ]);
  });

  test('an instance that dies mid-attempt: another makes the attempt after the lease, and the late outcome changes nothing', async () => {
    const { id } = await endpoint();
    await queueChange(id, 'clientes');
    const dead = await claimDue(ts.store.central, { now: clock, leaseMs: 60_000, limit: 10, perEndpoint: 2, busy: [] });
    assert.equal(dead.length, 1);
    const d = dispatcher();
    advance(59);
    assert.equal(await pass(d), 0, 'the lease holds');
    advance(1);
    assert.equal(await pass(d), 1, 'taken over when the lease ends');
    assert.equal(received.length, 1);
    const first = dead[0];
    assert.ok(first);
    assert.equal(await finishEvent(ts.store.central, first.id, first.tentativa), false, 'the dead attempt no longer owns the row');
    const log = await deliveriesOf(ctx, 1, id, 100);
    assert.deepEqual(
      log.map((l) => l.attempt),
      [2],
    );
  });

  test('a revoked credential sends nothing; its endpoints are kept', async () => {
    const credential = await createCredential(
      ts.store.central,
      { empresaId: 1, name: 'Revogada', scopes: ['clientes:ler'], allowedIps: [], expires: null },
      OPERATOR,
    );
    const created = await createEndpoint(
      ctx,
      { empresaId: 1, clientId: credential.client_id, url: `${base}/r`, resources: ['clientes'] },
      OPERATOR,
    );
    await queueChange(created.id, 'clientes');
    await revokeCredential(ts.store.central, credential.client_id, OPERATOR);
    connections = 0;
    await pass(dispatcher());
    assert.equal(received.length, 0);
    assert.equal(connections, 0);
    assert.equal((await listEndpointsOf(ctx, 1, credential.client_id)).length, 1);
    assert.equal(await queuedEvents(), 0, 'the event was dropped');
  });

  test('after a rotation both secrets sign for 24 h, then only the new one', async () => {
    clock = new Date('2026-11-28T12:00:00Z');
    const { id, secret: old } = await endpoint();
    const rotated = await rotateEndpointSecret(ctx, 1, id, OPERATOR);
    assert.notEqual(rotated.secret, old);
    assert.equal(rotated.previous_valid_until, '2026-11-29T12:00:00Z');
    const signs = (secret: string, r: Received) => {
      const ts = Number(r.headers['webhook-timestamp']);
      const expected = new Webhook(secret).sign(String(r.headers['webhook-id']), new Date(ts * 1000), r.body);
      return String(r.headers['webhook-signature']).split(' ').includes(expected);
    };
    await queueChange(id, 'clientes');
    await pass(dispatcher());
    const [during] = received;
    assert.ok(during);
    assert.equal(String(during.headers['webhook-signature']).split(' ').length, 2);
    assert.ok(signs(rotated.secret, during) && signs(old, during));
    advance(86_400);
    await queueChange(id, 'clientes');
    await pass(dispatcher());
    const afterwards = received[1];
    assert.ok(afterwards);
    assert.ok(signs(rotated.secret, afterwards));
    assert.ok(!signs(old, afterwards));
  });

  test('without WEBHOOKS_ALLOW_PRIVATE no attempt reaches a loopback receiver; the log says refused', async () => {
    const created = await createEndpoint(
      ctx,
      { empresaId: 1, clientId, url: base.replace('http:', 'https:'), resources: ['clientes'] },
      OPERATOR,
    );
    const id = created.id;
    await queueChange(id, 'clientes');
    connections = 0;
    await pass(dispatcher({ allowPrivate: false }));
    assert.equal(connections, 0);
    assert.equal(received.length, 0);
    const [line] = await deliveriesOf(ctx, 1, id, 1);
    assert.equal(line?.http_status, null);
    assert.match(line?.error ?? '', /endereço não público recusado: 127\.0\.0\.1/);
  });
});

describe('the outcome statement with a long queue', () => {
  /** A parameter as an SQL literal, for EXECUTE: dates, numbers, texts (a JSON parameter) and arrays of them or of nulls. */
  const element = (x: unknown): string => (x === null ? 'NULL' : `"${x instanceof Date ? x.toISOString() : String(x)}"`);
  const literal = (v: unknown): string =>
    v instanceof Date
      ? `'${v.toISOString()}'`
      : Array.isArray(v)
        ? `'{${v.map(element).join(',')}}'`
        : typeof v === 'string'
          ? `'${v.replaceAll("'", "''")}'`
          : String(v as number);

  /**
   * EXPLAIN (ANALYZE, BUFFERS) of a statement under the generic plan, the one a prepared statement
   * runs on once PostgreSQL settles on it; in a transaction rolled back, so nothing it writes stays.
   */
  async function genericPlan(statement: {
    compile: (db: typeof ts.store.central) => CompiledQuery;
  }): Promise<{ Plan: Record<string, unknown> }> {
    const compiled = statement.compile(ts.store.central);
    let plan: { Plan: Record<string, unknown> } | undefined;
    await ts.store.central
      .transaction()
      .execute(async (trx) => {
        await sql`SET LOCAL plan_cache_mode = force_generic_plan`.execute(trx);
        await trx.executeQuery(CompiledQuery.raw(`PREPARE plan_under_test AS ${compiled.sql}`));
        try {
          const { rows } = await trx.executeQuery<{ 'QUERY PLAN': unknown }>(
            CompiledQuery.raw(
              `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) EXECUTE plan_under_test(${compiled.parameters.map(literal).join(', ')})`,
            ),
          );
          const text = rows[0]?.['QUERY PLAN'];
          plan = (typeof text === 'string' ? JSON.parse(text) : text)[0];
        } finally {
          await trx.executeQuery(CompiledQuery.raw('DEALLOCATE plan_under_test'));
        }
        throw new Error('rolled back');
      })
      .catch((err: Error) => assert.equal(err.message, 'rolled back'));
    if (plan === undefined) throw new Error('no plan');
    return plan;
  }

  /**
   * 5,000 events queued for the endpoint on the statistics the worker's own vacuum leaves after a
   * burst has drained: the queue's pages kept (TRUNCATE false, vacuumQueue), no row in them. A plan
   * made on them expects an empty queue.
   */
  async function burstAfterDrain(endpointId: number, tag: string): Promise<void> {
    const burst = (prefix: string) => sql`
      INSERT INTO webhook_events (endpoint_id, evento_id, tipo, recurso, corpo, proxima_em, created_at)
      SELECT ${endpointId}, ${prefix} || g, 'teste', NULL, '{}', ${clock}, ${clock} FROM generate_series(1, 5000) AS g`;
    await burst(`${tag}_antes_`).execute(ts.store.central);
    await sql`DELETE FROM webhook_events`.execute(ts.store.central);
    await sql`VACUUM (ANALYZE, TRUNCATE false) webhook_events`.execute(ts.store.central);
    await burst(`${tag}_`).execute(ts.store.central);
  }

  // The outcome group found its events through `id IN (locking subquery)`, which ran the
  // subquery again for every queued row: 5,000 queued, 200 outcomes, ~1 million buffer reads and
  // 232 ms on PostgreSQL, past the statement timeout on a busy machine; the claim, 21,205 buffers
  // for 64 events. Buffers, unlike time, do not depend on the machine.
  test("a claim's generic plan finds its chosen events by id, not by walking the queue once per chosen event", async () => {
    const { id } = await endpoint(['clientes'], '/claim-plan');
    await burstAfterDrain(id, 'evt_claim');
    // The plan the server's prepared claim runs on once PostgreSQL settles on a generic one.
    const plan = await genericPlan(claimStatement({ now: clock, leaseMs: 60_000, limit: 64, perEndpoint: 64, busy: [] }));
    assert.equal(plan.Plan['Actual Rows'], 64, 'the claim took 64 events');
    const hits = Number(plan.Plan['Shared Hit Blocks'] ?? NaN);
    assert.ok(hits < 5_000, `buffers read: ${hits} (21,205 when the queue was walked once per chosen event)`);
    const claimed = await claimDue(ts.store.central, { now: clock, leaseMs: 60_000, limit: 64, perEndpoint: 64, busy: [] });
    assert.equal(claimed.length, 64);
    assert.ok(claimed.every((e) => e.tentativa === 1 && e.endpoint_id === id));
  });

  test("a group of 200 outcomes' generic plan reads its own events, not the queue once per event", async () => {
    const { id } = await endpoint(['clientes'], '/plan');
    await burstAfterDrain(id, 'evt_plano');
    const claimed = await claimDue(ts.store.central, { now: clock, leaseMs: 60_000, limit: 200, perEndpoint: 200, busy: [] });
    assert.equal(claimed.length, 200);
    const finished = claimed.map((e) => ({
      endpointId: id,
      at: clock,
      eventoId: e.evento_id,
      tipo: e.tipo,
      tentativa: e.tentativa,
      httpStatus: 204,
      erro: null,
      duracaoMs: 1,
      eventId: e.id,
    }));
    // The plan the server's prepared outcome statement runs on once PostgreSQL settles on a generic one.
    const plan = await genericPlan(recordFinishedStatement(finished));
    const hits = Number(plan.Plan['Shared Hit Blocks'] ?? NaN);
    assert.ok(hits < 20_000, `buffers read: ${hits} (a read of the queue per queued event is ~1 million)`);

    await recordFinished(ts.store.central, finished);
    const left = await sql<{ n: number }>`SELECT count(*)::int AS n FROM webhook_events WHERE endpoint_id = ${id}`.execute(
      ts.store.central,
    );
    assert.equal(left.rows[0]?.n, 4800);
    assert.equal((await deliveriesOf(ctx, 1, id, 300)).length, 200);
  });
});
