import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Kysely, PostgresDialect } from 'kysely';
import { buildApp } from '../../src/app.ts';
import { buildDemoDataset } from '../../src/demo/demo-dataset/index.ts';
import { SCOPES, type Scope } from '../../src/domain/scopes.ts';
import type { Limiter } from '../../src/ratelimit/limiter.ts';
import { MemoryLimiter } from '../../src/ratelimit/memory-limiter.ts';
import { DATA_ROUTES } from '../../src/routes.ts';
import type { Store } from '../../src/store/store.ts';
import { todayInSaoPaulo } from '../../src/time/sao-paulo-date.ts';
import { responseValidator, validated } from '../helpers/openapi-validator.ts';
import { basicHeader, TestApp, uniqueSourceIp, type TestCredential } from '../helpers/test-app.ts';

// Every (operation, status) pair the OpenAPI description documents is answered here once, on the
// demo data set, through apps whose responses are checked against the description
// (openapi-validator.ts): the last test fails if any documented pair was not seen matching it.

let t: TestApp;
let cred: TestCredential;
const tokens = new Map<Scope | 'all', string>();

before(async () => {
  // The request log (D59) is held back here: a feed page's validator holds the database's horizon
  // (ADR 0013), which any committed write moves, the log's batches included, so a 304 could only be
  // asked for between two of them.
  t = await TestApp.start({ requestLog: { flushMs: 3_600_000, batch: 1_000_000 } });
  await t.load(buildDemoDataset({ today: todayInSaoPaulo() }));
  cred = await t.credential(1);
  tokens.set('all', await t.token(cred));
  for (const scope of ['clientes:ler', 'boletos:ler'] as const)
    tokens.set(scope, await t.token(await t.credential(1, { scopes: [scope] })));
});
after(async () => t.close());

const all = () => tokens.get('all') ?? '';
/** A token without the route's scope. */
const without = (scope: Scope) => tokens.get(scope === 'boletos:ler' ? 'clientes:ler' : 'boletos:ler') ?? '';

/** A limiter whose windows refuse every key with this prefix: `data:` (120/min) or `token-` (attempts). */
function refusing(prefix: string): Limiter {
  const inner = new MemoryLimiter();
  return {
    hit: async (key, limit) =>
      key.startsWith(prefix)
        ? { count: limit + 1, limit, allowed: false, remaining: 0, resetAt: Math.ceil(Date.now() / 60_000) * 60, retryAfter: 30 }
        : inner.hit(key, limit),
    refund: (key, counted) => inner.refund(key, counted),
    lease: (key, ttlMs) => inner.lease(key, ttlMs),
    close: async () => undefined,
  };
}

/** A Kysely whose every query fails with `error`, as a database that broke (500) or went away (503) would. */
function failing(error: Error): Kysely<never> {
  const pool = { connect: async () => Promise.reject(error), end: async () => undefined };
  return new Kysely<never>({ dialect: new PostgresDialect({ pool: pool as never }) });
}

/** The demo store, with the company's business data failing as `error` (central data still answers). */
function brokenTenant(error: Error): Store {
  const fail = async () => Promise.reject(error);
  return {
    ...t.store,
    listPage: fail,
    listPageWith: fail,
    listRecord: fail,
    feedPage: fail,
    openExport: fail,
    tenant: () => failing(error) as never,
    close: async () => undefined,
  };
}

const outage = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

const path = (url: string, id: number | string) => url.replace(':id', String(id));

test('every data operation: 200, 400, 401, 403, 404, 405, 429', async () => {
  const limited = await t.sibling({ limiter: refusing('data:') });
  try {
    for (const route of DATA_ROUTES) {
      const detail = route.url.includes(':id');
      let url = route.url;
      if (detail) {
        const list = await t.get(route.url.replace('/:id', '?por_pagina=1'), all());
        const [first] = (list.json() as { data: { id: number }[] }).data;
        assert.ok(first, `${route.url}: the demo data has a record`);
        url = path(route.url, first.id);
        assert.equal((await t.get(path(route.url, 999_999_999), all())).statusCode, 404, route.url);
      }
      const ok = await t.get(url, all());
      assert.equal(ok.statusCode, 200, url);
      if (route.export === true) {
        // An export has no ETag and never answers 304 (D48).
        assert.equal(ok.headers.etag, undefined, url);
      } else {
        const etag = String(ok.headers.etag);
        const notModified = await t.app.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${all()}`, 'if-none-match': etag },
        });
        assert.equal(notModified.statusCode, 304, url);
      }
      assert.equal((await t.get(detail ? path(route.url, 'um') : `${url}?por_pagina=0`, all())).statusCode, 400, url);
      assert.equal((await t.get(url)).statusCode, 401, url);
      assert.equal((await t.get(url, without(route.scope))).statusCode, 403, url);
      assert.equal((await t.app.inject({ method: 'DELETE', url, headers: { authorization: `Bearer ${all()}` } })).statusCode, 405, url);
      assert.equal((await limited.get(url, all())).statusCode, 429, url);
    }
  } finally {
    await limited.close();
  }
});

test('every data operation: 500 when the company’s database fails, 503 when it cannot be reached', async () => {
  for (const [error, status] of [
    [new Error('relation "x" does not exist'), 500],
    [outage(), 503],
  ] as const) {
    const app = validated(await buildApp({ config: { trustProxy: [] }, store: brokenTenant(error), limiter: new MemoryLimiter() }));
    try {
      for (const route of DATA_ROUTES) {
        const res = await app.inject({ method: 'GET', url: path(route.url, 1), headers: { authorization: `Bearer ${all()}` } });
        assert.equal(res.statusCode, status, route.url);
      }
    } finally {
      await app.close();
    }
  }
});

/**
 * An OAuth endpoint's 500 and 503: an app whose central database fails unexpectedly, then is
 * unreachable; `send` makes one request there and gives its status.
 */
async function withBrokenCentral(send: (app: TestApp['app']) => Promise<number>): Promise<void> {
  for (const [error, status] of [
    [new Error('unexpected'), 500],
    [outage(), 503],
  ] as const) {
    const store: Store = { ...t.store, central: failing(error) as never, close: async () => undefined };
    const app = validated(await buildApp({ config: { trustProxy: [] }, store, limiter: new MemoryLimiter() }));
    try {
      assert.equal(await send(app), status);
    } finally {
      await app.close();
    }
  }
}

test('the token operation: 200, 400, 401, 403, 405, 413, 415, 429, 500, 503', async () => {
  const post = (app: TestApp | { app: TestApp['app'] }, payload: string, headers: Record<string, string> = {}) =>
    app.app.inject({
      method: 'POST',
      url: '/v1/oauth/token',
      remoteAddress: uniqueSourceIp(),
      headers: { authorization: basicHeader(cred.clientId, cred.secret), 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload,
    });
  const own = await t.credential(1, { scopes: SCOPES });
  const statusOf = async (res: Promise<{ statusCode: number }>) => (await res).statusCode;
  assert.equal(await statusOf(t.requestToken(own)), 200);
  assert.equal(await statusOf(t.requestToken(own, 'grant_type=password')), 400);
  assert.equal(await statusOf(t.requestToken({ ...own, secret: 'errado' })), 401);
  const fenced = await t.credential(1, { allowedIps: ['192.0.2.1'] });
  assert.equal(await statusOf(t.requestToken(fenced)), 403);
  assert.equal(await statusOf(t.app.inject({ method: 'GET', url: '/v1/oauth/token' })), 405);
  assert.equal(await statusOf(post(t, `grant_type=client_credentials&x=${'a'.repeat(9000)}`)), 413);
  assert.equal(await statusOf(post(t, '{}', { 'content-type': 'application/json' })), 415);
  const limited = await t.sibling({ limiter: refusing('token-') });
  try {
    assert.equal(await statusOf(post(limited, 'grant_type=client_credentials')), 429);
  } finally {
    await limited.close();
  }
  await withBrokenCentral(async (app) => statusOf(post({ app }, 'grant_type=client_credentials')));
});

test('the revocation operation: 200, 400, 401, 403, 405, 413, 415, 429, 500, 503', async () => {
  const post = (app: TestApp | { app: TestApp['app'] }, who: TestCredential, payload: string, headers: Record<string, string> = {}) =>
    app.app.inject({
      method: 'POST',
      url: '/v1/oauth/revoke',
      remoteAddress: uniqueSourceIp(),
      headers: { authorization: basicHeader(who.clientId, who.secret), 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload,
    });
  const statusOf = async (res: Promise<{ statusCode: number }>) => (await res).statusCode;
  // A credential per answer: each call counts in its client's window of 5 attempts a minute.
  const fresh = () => t.credential(1, { scopes: SCOPES });
  assert.equal(await statusOf(post(t, await fresh(), 'token=ae_at_qualquer')), 200);
  assert.equal(await statusOf(post(t, await fresh(), '')), 400);
  assert.equal(await statusOf(post(t, { ...(await fresh()), secret: 'errado' }, 'token=x')), 401);
  assert.equal(await statusOf(post(t, await t.credential(1, { allowedIps: ['192.0.2.1'] }), 'token=x')), 403);
  assert.equal(await statusOf(t.app.inject({ method: 'GET', url: '/v1/oauth/revoke' })), 405);
  assert.equal(await statusOf(post(t, await fresh(), `token=${'a'.repeat(9000)}`)), 413);
  assert.equal(await statusOf(post(t, await fresh(), '{}', { 'content-type': 'application/json' })), 415);
  const limited = await t.sibling({ limiter: refusing('token-') });
  try {
    assert.equal(await statusOf(post(limited, await fresh(), 'token=x')), 429);
  } finally {
    await limited.close();
  }
  await withBrokenCentral(async (app) => statusOf(post({ app }, await fresh(), 'token=x')));
});

test('the response validation saw every documented (operation, status) pair answered as documented', () => {
  const validator = responseValidator();
  const unseen = validator.documented().filter((pair) => !validator.seen.has(pair));
  assert.deepEqual(unseen, []);
});
