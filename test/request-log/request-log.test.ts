import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { dailyCounts, droppedCount, dropExpiredDays, ensurePartition, searchRequests } from '../../src/request-log/request-log.query.ts';
import type { CentralDatabase } from '../../src/store/tables.ts';
import { addDays, todayInSaoPaulo } from '../../src/time/sao-paulo-date.ts';
import { basicHeader, TestApp, uniqueSourceIp } from '../helpers/test-app.ts';

/**
 * The request log (D59): every data request past the token check and every token request whose
 * client id is a credential's is written — with its company, credential, method, path, status,
 * code, duration, address, request id and size — off the request path; nothing else is, and no
 * stored field holds a token or secret. Retention drops whole days past 30, never today's.
 */
let t: TestApp;
let empresa: number;

before(async () => {
  t = await TestApp.start();
  empresa = await t.company();
  await t.load({ clientes: [{ id: 6001, empresa_id: empresa, tipo_pessoa: 'fisica', nome: 'Cliente do log' }] });
});
after(async () => t.close());

async function logged(empresaId: number, filter: Partial<Parameters<typeof searchRequests>[2]> = {}) {
  await t.requestLog?.flush();
  return (await searchRequests(t.store.central, empresaId, { limit: 100, ...filter })).requests;
}

describe('what is logged', () => {
  test('data and token requests of a credential, with the fields of D59; the codes of refusals', async () => {
    const cred = await t.credential(empresa, { scopes: ['clientes:ler'] });
    const token = await t.token(cred);
    const ok = await t.get('/v1/clientes?por_pagina=1', token, {}, '203.0.113.9');
    const missing = await t.get('/v1/clientes/999999', token);
    const forbidden = await t.get('/v1/boletos', token);
    const wrongSecret = await t.requestToken({ ...cred, secret: 'ae_sk_errado' });
    assert.deepEqual([ok.statusCode, missing.statusCode, forbidden.statusCode, wrongSecret.statusCode], [200, 404, 403, 401]);
    const rows = await logged(empresa, { clientId: cred.clientId });
    assert.deepEqual(
      rows.map((r) => [r.method, r.path, r.status, r.codigo]),
      [
        ['POST', '/v1/oauth/token', 401, 'invalid_client'],
        ['GET', '/v1/boletos', 403, 'escopo_insuficiente'],
        ['GET', '/v1/clientes/999999', 404, 'recurso_nao_encontrado'],
        ['GET', '/v1/clientes?por_pagina=1', 200, null],
        ['POST', '/v1/oauth/token', 200, null],
      ],
    );
    const first = rows.find((r) => r.path === '/v1/clientes?por_pagina=1');
    assert.equal(first?.ip, '203.0.113.9');
    assert.equal(first?.request_id, ok.headers['x-request-id']);
    assert.equal(first?.bytes, Buffer.byteLength(ok.body));
    assert.ok((first?.duration_ms ?? -1) >= 0);
    assert.match(first?.at ?? '', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  test('nothing that names no credential: unknown client ids, bad tokens, settings, health, unknown routes', async () => {
    const other = await t.company();
    const cred = await t.credential(other, { scopes: ['clientes:ler'] });
    await t.requestToken({ clientId: 'ae_live_naoexiste', secret: 'x', empresaId: other });
    await t.get('/v1/clientes', 'ae_at_token_que_nao_existe');
    await t.get('/v1/clientes');
    await t.get('/healthz');
    await t.get('/nao-existe');
    await t.app.inject({ method: 'GET', url: '/settings/api/session', remoteAddress: uniqueSourceIp() });
    assert.deepEqual(await logged(other), []);
    await t.token(cred);
    assert.equal((await logged(other)).length, 1, 'the credential’s own request is');
  });

  test('no stored field holds a secret, token or Authorization header the suite used', async () => {
    const cred = await t.credential(empresa, { scopes: ['clientes:ler'] });
    const token = await t.token(cred);
    await t.get('/v1/clientes', token);
    await t.app.inject({
      method: 'POST',
      url: '/v1/oauth/revoke',
      remoteAddress: uniqueSourceIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basicHeader(cred.clientId, cred.secret) },
      payload: `token=${token}`,
    });
    await t.requestLog?.flush();
    const { rows } = await t.store.pool.query<Record<string, unknown>>('SELECT * FROM request_log');
    const text = JSON.stringify(rows);
    for (const secret of [cred.secret, token, basicHeader(cred.clientId, cred.secret).slice(6)]) {
      assert.ok(!text.includes(secret), 'no secret, token or Basic credentials in any stored field');
    }
    assert.doesNotMatch(text, /ae_(?:sk|at)_[A-Za-z0-9]/);
    assert.ok(rows.some((r) => r.path === '/v1/oauth/revoke' && r.status === 200));
  });

  test('a credential a client puts in the URL is masked: credential-named parameters, token shapes, JWTs', async () => {
    const e = await t.company();
    const cred = await t.credential(e, { scopes: ['clientes:ler'] });
    const token = await t.token(cred);
    await t.get(`/v1/clientes?access_token=${token}&pagina=1`, token);
    await t.get(`/v1/clientes/${token}`, token);
    await t.get('/v1/clientes?nome=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln', token);
    const paths = (await logged(e)).map((r) => r.path);
    assert.deepEqual(paths.slice(0, 3), ['/v1/clientes?nome=***', '/v1/clientes/ae_at_***', '/v1/clientes?access_token=***&pagina=1']);
    assert.ok(!JSON.stringify(paths).includes(token));
  });
});

describe('the settings view reads', () => {
  test('filters by status class, path prefix and request_id, newest first, paged by a position', async () => {
    const e = await t.company();
    const cred = await t.credential(e, { scopes: ['clientes:ler'] });
    const token = await t.token(cred);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(String((await t.get(`/v1/clientes?pagina=${i + 1}`, token)).headers['x-request-id']));
    await t.get('/v1/clientes/abc', token);
    const all = await logged(e);
    assert.equal(all.length, 7);
    assert.deepEqual(
      (await logged(e, { status: '4xx' })).map((r) => r.status),
      [400],
    );
    assert.equal((await logged(e, { status: '2xx' })).length, 6);
    assert.equal((await logged(e, { path: '/v1/oauth' })).length, 1);
    assert.deepEqual(
      (await logged(e, { requestId: ids[2] })).map((r) => r.path),
      ['/v1/clientes?pagina=3'],
    );
    const first = await searchRequests(t.store.central, e, { limit: 3 });
    assert.ok(first.next);
    const second = await searchRequests(t.store.central, e, { limit: 3, after: first.next });
    const third = await searchRequests(t.store.central, e, { limit: 3, after: second.next ?? undefined });
    assert.deepEqual(
      [...first.requests, ...second.requests, ...third.requests].map((r) => r.request_id),
      all.map((r) => r.request_id),
    );
    assert.equal(third.next, null);
    const days = await dailyCounts(t.store.central, e);
    assert.equal(days.length, 30);
    assert.equal(days.at(-1)?.dia, todayInSaoPaulo());
    assert.deepEqual(days.at(-1), { dia: todayInSaoPaulo(), total: 7, erros: 1, limitadas: 0 });
  });
});

describe('the view reads in index order', () => {
  test('a page is the newest rows of the index, never a sort of all the company has logged', async () => {
    const e = await t.company();
    const today = todayInSaoPaulo();
    for (const day of [addDays(today, -1), today]) await ensurePartition(t.store.central, day);
    await t.store.pool.query(
      `INSERT INTO request_log (empresa_id, at, client_id, method, path, status, duration_ms, ip, request_id)
       SELECT $1, now() - g * interval '10 seconds', 'cliente-' || (g % 3), 'GET', '/v1/clientes', 200,
         1, '203.0.113.1', 'req-' || g
       FROM generate_series(1, 5000) AS g`,
      [e],
    );
    await t.store.pool.query('ANALYZE request_log');
    const sent: { sql: string; parameters: readonly unknown[] }[] = [];
    // The service's own statement, as it sends it (Kysely's log); not destroyed: the pool is the store's.
    const recording = new Kysely<CentralDatabase>({
      dialect: new PostgresDialect({ pool: t.store.pool as unknown as pg.Pool }),
      log: (event) => void sent.push(event.query),
    });
    for (const filter of [{}, { clientId: 'cliente-1' }]) {
      sent.length = 0;
      const page = await searchRequests(recording, e, { limit: 50, ...filter });
      assert.equal(page.requests.length, 50);
      const statement = sent.find((q) => q.sql.includes('FROM request_log'));
      assert.ok(statement);
      const { rows } = await t.store.pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) ${statement.sql}`, [
        ...statement.parameters,
      ]);
      const plan = rows[0]?.['QUERY PLAN'][0]?.Plan as PlanNode;
      const types = nodeTypes(plan);
      assert.ok(!types.includes('Sort'), `${JSON.stringify(filter)}: ${types.join(', ')}`);
      assert.ok(!types.includes('Seq Scan'), `${JSON.stringify(filter)}: ${types.join(', ')}`);
    }
  });
});

interface PlanNode {
  'Node Type': string;
  Plans?: PlanNode[];
}
const nodeTypes = (node: PlanNode): string[] => [node['Node Type'], ...(node.Plans ?? []).flatMap(nodeTypes)];

describe('retention', () => {
  test('a day older than 30 is dropped whole; the 30th day and today stay', async () => {
    const today = todayInSaoPaulo();
    const old = addDays(today, -31);
    const kept = addDays(today, -30);
    for (const day of [old, kept]) await ensurePartition(t.store.central, day);
    const insert = `INSERT INTO request_log (empresa_id, at, client_id, method, path, status, duration_ms, ip, request_id)
      VALUES ($1, ($2 || ' 12:00:00 America/Sao_Paulo')::timestamptz, 'ae_live_antigo', 'GET', '/v1/clientes', 200, 1, '192.0.2.1', $3)`;
    await t.store.pool.query(insert, [empresa, old, 'antigo']);
    await t.store.pool.query(insert, [empresa, kept, 'trigesimo']);
    const before = (await logged(empresa)).length;
    const dropped = await dropExpiredDays(t.store.central, today);
    assert.ok(dropped.includes(old));
    assert.ok(!dropped.includes(kept));
    assert.deepEqual((await logged(empresa, { requestId: 'antigo' })).length, 0);
    assert.deepEqual((await logged(empresa, { requestId: 'trigesimo' })).length, 1);
    assert.equal((await logged(empresa)).length, before - 1, "today's requests are all there");
  });
});

describe(
  'a stalled store (PostgreSQL)',
  { skip: process.env.TEST_DATABASE_URL === undefined ? 'needs PostgreSQL: a second session holds the lock' : false },
  () => {
    test('data requests keep their latency; the queue stays bounded; dropped entries are counted and shown', async () => {
      const small = await TestApp.start({ requestLog: { maxQueued: 30, batch: 10, flushMs: 100 } });
      const locker = new pg.Client({ connectionString: small.cliEnv().DATABASE_URL });
      try {
        const e = await small.company();
        const cred = await small.credential(e, { scopes: ['clientes:ler'] });
        const token = await small.token(cred);
        await small.requestLog?.flush();
        const time = async () => {
          const start = process.hrtime.bigint();
          assert.equal((await small.get('/v1/clientes', token)).statusCode, 200);
          return Number(process.hrtime.bigint() - start) / 1e6;
        };
        const usual: number[] = [];
        for (let i = 0; i < 20; i++) usual.push(await time());
        await small.requestLog?.flush();
        // (20 + 90 requests: within the credential's 120 a minute.) Another session holds the log's table: every batch waits for its lock, then gives up.
        await locker.connect();
        await locker.query('BEGIN');
        await locker.query(`LOCK TABLE request_log IN ACCESS EXCLUSIVE MODE`);
        const stalled: number[] = [];
        for (let i = 0; i < 90; i++) stalled.push(await time());
        assert.ok((small.requestLog?.queued ?? Infinity) <= 30, 'the queue stays within its bound');
        assert.ok((small.requestLog?.droppedTotal ?? 0) >= 45, `dropped: ${small.requestLog?.droppedTotal}`);
        const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? 0;
        assert.ok(
          median(stalled) < Math.max(3 * median(usual), median(usual) + 20),
          `usual ${median(usual)} ms, stalled ${median(stalled)} ms`,
        );
        await locker.query('ROLLBACK');
        await small.requestLog?.flush();
        await small.requestLog?.flush();
        assert.ok((await droppedCount(small.store.central, e)) >= 45, 'the count is kept for settings to show');
        assert.equal(
          (await searchRequests(small.store.central, e, { limit: 100 })).requests.length >= 20,
          true,
          'what was queued is written',
        );
      } finally {
        await locker.end().catch(() => undefined);
        await small.close();
      }
    });
  },
);
