import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { buildApp } from '../../src/app.ts';
import { validated } from '../helpers/openapi-validator.ts';
import { MemoryLimiter } from '../../src/ratelimit/memory-limiter.ts';
import { feedEnd, readFeed } from '../../src/store/feed/change-feed.ts';
import { openExport } from '../../src/store/export/export-reader.ts';
import { cursorKeyReader } from '../../src/store/feed/cursor-key.ts';
import { ListEngine } from '../../src/store/list/list-engine.ts';
import { PageIndexCache } from '../../src/store/list/page-index-cache.ts';
import type { Store } from '../../src/store/store.ts';
import { Kysely, PostgresDialect } from 'kysely';
import type { CentralDatabase, TenantDatabase } from '../../src/store/tables.ts';
import { basicHeader, TestApp } from '../helpers/test-app.ts';

/** Failures of the store: a bug-like SQL error is 500, an unreachable store 503 (D38). */
let t: TestApp;
before(async () => {
  t = await TestApp.start();
});
after(async () => t.close());

function storeAt(pool: pg.Pool): Store {
  const central = new Kysely<CentralDatabase>({ dialect: new PostgresDialect({ pool }) });
  const lists = new ListEngine(new PageIndexCache());
  return {
    kind: 'postgres',
    pool,
    unboundedPool: () => pool,
    central,
    worker: central,
    workerPool: pool,
    tenant: () => central as unknown as Kysely<TenantDatabase>,
    listPage: (_tenantDb, spec, query) => lists.page({ pool, name: 'central', prepared: false }, spec, query),
    listPageWith: (spec, query, companion) => lists.pageWith({ pool, name: 'central', prepared: false }, spec, query, companion),
    listRecord: (_tenantDb, spec, empresaId, id) => lists.record({ pool, name: 'central', prepared: false }, spec, empresaId, id),
    feedPage: (_tenantDb, spec, empresaId, after, limit) => readFeed({ pool, prepared: false }, spec, empresaId, after, limit),
    feedEnd: () => feedEnd({ pool }),
    cursorKey: cursorKeyReader(pool),
    openExport: (_tenantDb, spec, empresaId) => openExport({ pool, name: 'central', prepared: false }, spec, empresaId, { held: false }),
    close: () => central.destroy(),
  };
}

describe('unexpected failure', () => {
  test('500 erro_interno with nothing internal in the body', async () => {
    const empresa = await t.company();
    const token = await t.token(await t.credential(empresa));
    // A schema the code does not expect: the query fails with a SQL error, not an outage.
    await t.store.pool.query('ALTER TABLE clientes RENAME COLUMN ativo TO ativo_antigo');
    try {
      const res = await t.get('/v1/clientes', token);
      assert.equal(res.statusCode, 500);
      const body = res.json() as { erro: { codigo: string; mensagem: string; detalhes: unknown[]; request_id: string } };
      assert.equal(body.erro.codigo, 'erro_interno');
      assert.deepEqual(body.erro.detalhes, []);
      assert.equal(body.erro.request_id, res.headers['x-request-id']);
      assert.doesNotMatch(res.body, /ativo|column|SELECT|postgres|at \w+ \(/i);
      assert.equal(res.headers['cache-control'], 'no-store');
    } finally {
      await t.store.pool.query('ALTER TABLE clientes RENAME COLUMN ativo_antigo TO ativo');
    }
  });
});

describe('store unavailable (D38)', () => {
  test('data routes answer 503 servico_indisponivel, the token endpoint 503 temporarily_unavailable, readyz 503', async () => {
    // A pool whose server does not exist: every connection attempt is refused.
    const pool = new pg.Pool({ host: '127.0.0.1', port: 1, user: 'x', database: 'x', connectionTimeoutMillis: 1000 });
    const down = storeAt(pool);
    const app = validated(await buildApp({ config: { trustProxy: [] }, store: down, limiter: new MemoryLimiter() }));
    try {
      const data = await app.inject({ method: 'GET', url: '/v1/clientes', headers: { authorization: 'Bearer ae_at_whatever' } });
      assert.equal(data.statusCode, 503);
      assert.equal((data.json() as { erro: { codigo: string } }).erro.codigo, 'servico_indisponivel');
      const token = await app.inject({
        method: 'POST',
        url: '/v1/oauth/token',
        headers: { authorization: basicHeader('ae_live_x', 'y'), 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=client_credentials',
      });
      assert.equal(token.statusCode, 503);
      assert.equal((token.json() as { error: string }).error, 'temporarily_unavailable');
      assert.equal((await app.inject({ method: 'GET', url: '/readyz' })).statusCode, 503);
      assert.equal((await app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
    } finally {
      await app.close();
      await down.close();
    }
  });
});
