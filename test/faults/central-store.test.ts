import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.ts';
import type { Config } from '../../src/config/config.ts';
import { OPERATOR } from '../../src/credentials/audit.ts';
import { createCredential } from '../../src/credentials/credentials.service.ts';
import { SCOPES } from '../../src/domain/scopes.ts';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../src/domain/limits.ts';
import { MemoryLimiter } from '../../src/ratelimit/memory-limiter.ts';
import { importDataset } from '../../src/store/import/import.ts';
import type { Store } from '../../src/store/store.ts';
import { assertLoopFree, burst, loopFigures, report, slowest, timeUntil, underFault, type Timed } from '../helpers/faults.ts';
import type { TcpProxy } from '../helpers/tcp-proxy.ts';
import { basicHeader, uniqueSourceIp } from '../helpers/test-app.ts';
import { proxiedStore, type ProxiedStore } from '../helpers/proxied-store.ts';
import { freshStore, type TestStore } from '../helpers/test-store.ts';

/**
 * The central store failing under a running app (D38, issue 12): a TCP proxy between the app's
 * pool and the database refuses, black-holes (accepts, reads, never answers) or slows every byte.
 * The app's store is opened as the server opens it, with the default bounds (DB_QUERY_TIMEOUT_MS,
 * DB_CONNECT_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS). Every request must be answered within 3 s —
 * data and settings routes 503 servico_indisponivel, the token endpoint 503
 * temporarily_unavailable —, the event loop must not lag (< 100 ms), and once the database
 * answers again the app must serve 200s within 5 s without a restart.
 *
 * On PostgreSQL (TEST_DATABASE_URL) the proxy stands in front of the server's TCP port; on the
 * embedded store, in front of its local socket (the app connects to the proxy's socket as the
 * CLI connects to a running server's), so the suite runs on both.
 */

const EMPRESA = 71;
const BUDGET_MS = 3000;
const RECOVERY_MS = 5000;

let direct: TestStore;
let proxy: TcpProxy;
let proxied: ProxiedStore | undefined;
let store: Store;
let app: FastifyInstance;
let config: Config;
let token: string;
let cookie: string;
let minutesAhead = 0;
const limiterClock = () => Date.now() + minutesAhead * 60_000;

async function newCredential(): Promise<{ client_id: string; client_secret: string }> {
  return createCredential(
    direct.store.central,
    { empresaId: EMPRESA, name: 'faults', scopes: [...SCOPES], allowedIps: [], expires: null },
    OPERATOR,
  );
}

/**
 * Credentials made before a fault (warm() fills the stock): a request under a fault is timed alone.
 * On the embedded store the direct connection shares the one session with the proxied one, so a
 * credential made during a fault would wait for the stuck statement and count that wait against
 * the request's budget.
 */
const spare: { client_id: string; client_secret: string }[] = [];

async function tokenRequest(): Promise<LightMyRequestResponse> {
  // One credential per request: the per-client attempt limit (D27) stays out of the way.
  const cred = spare.pop() ?? (await newCredential());
  return app.inject({
    method: 'POST',
    url: '/v1/oauth/token',
    remoteAddress: uniqueSourceIp(),
    headers: { authorization: basicHeader(cred.client_id, cred.client_secret), 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'grant_type=client_credentials',
  });
}

const data = (url: string) => () =>
  app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1', headers: { authorization: `Bearer ${token}` } });
const settings = () => app.inject({ method: 'GET', url: '/settings/api/credentials', remoteAddress: '127.0.0.1', headers: { cookie } });
const ready = () => app.inject({ method: 'GET', url: '/readyz' });

/** Every kind of request the central store serves, several times over (more than the pool's 10 connections). */
function everyKind(): Record<string, () => Promise<LightMyRequestResponse>> {
  const requests: Record<string, () => Promise<LightMyRequestResponse>> = {};
  for (let i = 0; i < 8; i++) requests[`list ${i}`] = data('/v1/clientes?por_pagina=5');
  for (let i = 0; i < 3; i++) requests[`detail ${i}`] = data('/v1/clientes/7101');
  for (let i = 0; i < 3; i++) requests[`token ${i}`] = tokenRequest;
  for (let i = 0; i < 2; i++) requests[`settings ${i}`] = settings;
  requests.readyz = ready;
  return requests;
}

function assertUnavailable(answers: Timed[], label: string): void {
  for (const { res, what, ms } of answers) {
    assert.equal(res.statusCode, 503, `${label}, ${what}: ${res.body}`);
    if (what.startsWith('token')) {
      assert.equal((res.json() as { error: string }).error, 'temporarily_unavailable', `${label}, ${what}`);
    } else if (what !== 'readyz') {
      assert.equal((res.json() as { erro: { codigo: string } }).erro.codigo, 'servico_indisponivel', `${label}, ${what}`);
    }
    assert.ok(ms < BUDGET_MS, `${label}, ${what}: answered in ${Math.round(ms)} ms`);
    // D38: a 503 of the API and of the settings area asks for a failover's usual wait before the
    // next try (/readyz is the load balancer's, which polls on its own schedule).
    if (what !== 'readyz') assert.equal(res.headers['retry-after'], String(UNAVAILABLE_RETRY_AFTER_SECONDS), `${label}, ${what}`);
  }
}

/**
 * Opens pooled connections first, so the fault also meets connections already open. Each
 * measurement counts its requests in a window of its own (D35's clock-minute windows; the app's
 * limiter reads `limiterClock`): one takes up to 32 data requests, up to three times on a loaded
 * machine (underFault measures again), then the recovery polls; in one minute the scenarios went
 * past 120 and their answers became 429s.
 */
async function warm(): Promise<void> {
  minutesAhead += 1;
  while (spare.length < 4) spare.push(await newCredential());
  const answers = await burst(Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`warm ${i}`, data('/v1/clientes')])));
  for (const { res } of answers) assert.equal(res.statusCode, 200, res.body);
}

/** Runs a fault scenario; whatever it asserts, the proxy passes again afterwards for the next one. */
async function scenario(run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } finally {
    await proxy.setMode('pass');
  }
}

/** Back to `pass`: how long until data, token and settings requests answer 200 again. */
async function recovery(label: string): Promise<number> {
  await proxy.setMode('pass');
  const started = performance.now();
  const dataMs = await timeUntil(data('/v1/clientes'), 200, RECOVERY_MS);
  assert.ok(dataMs < RECOVERY_MS, `${label}: 200 again ${dataMs} ms after recovery`);
  assert.equal((await tokenRequest()).statusCode, 200, `${label}: tokens again`);
  assert.equal((await settings()).statusCode, 200, `${label}: settings again`);
  assert.equal((await ready()).statusCode, 200, `${label}: ready again`);
  return performance.now() - started;
}

before(async () => {
  direct = await freshStore();
  await importDataset(direct.store.pool, {
    empresas: [{ id: EMPRESA, nome: 'Empresa das falhas' }],
    usuarios: [
      { id: 7001, empresa_id: EMPRESA, nome: 'Ana', email: 'ana@falhas.example', senha: 'senha-das-falhas', permissoes: ['api_externa'] },
    ],
    clientes: [
      { id: 7101, empresa_id: EMPRESA, tipo_pessoa: 'fisica', nome: 'Cliente', sobrenome: 'Um' },
      { id: 7102, empresa_id: EMPRESA, tipo_pessoa: 'juridica', razao_social: 'Cliente Dois' },
    ],
  });
  proxied = await proxiedStore(direct);
  ({ proxy, store, config } = proxied);
  app = await buildApp({ config: { trustProxy: [] }, store, limiter: new MemoryLimiter(limiterClock) });
  const res = await tokenRequest();
  assert.equal(res.statusCode, 200, res.body);
  token = (res.json() as { access_token: string }).access_token;
  const signIn = await app.inject({
    method: 'POST',
    url: '/settings/api/session',
    remoteAddress: uniqueSourceIp(),
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ email: 'ana@falhas.example', senha: 'senha-das-falhas' }),
  });
  assert.equal(signIn.statusCode, 200, signIn.body);
  const setCookie = String(signIn.headers['set-cookie'] ?? '');
  cookie = setCookie.split(';')[0] ?? '';
});

after(async () => {
  await app?.close();
  await proxied?.close();
  await direct?.close();
});

describe(`the central store failing (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'embedded store'})`, () => {
  test('the defaults bound a store call below 3 s, and the statement timeout below the client one (D38)', () => {
    assert.ok(config.dbConnectTimeoutMs < BUDGET_MS && config.dbQueryTimeoutMs < BUDGET_MS);
    assert.ok(config.dbStatementTimeoutMs > 0 && config.dbStatementTimeoutMs < config.dbQueryTimeoutMs);
  });

  test('refused: every request 503 at once; 200 again within 5 s', () =>
    scenario(async () => {
      const { result, ...watch } = await underFault(proxy, warm, 'refuse', 0, () => burst(everyKind()));
      assertUnavailable(result, 'refused');
      assertLoopFree(watch, 'refused');
      const recoveredMs = await recovery('refused');
      report(`central ${store.kind} refused`, { max_503_ms: slowest(result), ...loopFigures(watch), recovery_ms: recoveredMs });
    }));

  test('black hole: every request 503 within 3 s, open connections included, the event loop never blocked; 200 again within 5 s', () =>
    scenario(async () => {
      const { result, ...watch } = await underFault(proxy, warm, 'blackhole', 0, async () => {
        // The first wave meets the pooled connections, the second only new ones (the first destroyed them).
        const first = await burst(everyKind());
        const second = await burst(everyKind());
        return { first, second };
      });
      assertUnavailable(result.first, 'open connections');
      assertUnavailable(result.second, 'new connections');
      assertLoopFree(watch, 'black hole');
      const recoveredMs = await recovery('black hole');
      report(`central ${store.kind} black hole`, {
        max_503_ms_open: slowest(result.first),
        max_503_ms_new: slowest(result.second),
        ...loopFigures(watch),
        recovery_ms: recoveredMs,
      });
    }));

  test('slow (100 ms each way): still 200; slower than the client bound (3 s each way): 503 within 3 s', () =>
    scenario(async () => {
      await warm();
      await proxy.setMode('slow', { delayMs: 100 });
      const slow = await burst({ list: data('/v1/clientes'), detail: data('/v1/clientes/7102'), token: tokenRequest, settings });
      for (const { res, what } of slow) assert.equal(res.statusCode, 200, `${what}: ${res.body}`);
      const { result, ...watch } = await underFault(proxy, warm, 'slow', 3000, () => burst(everyKind()));
      assertUnavailable(result, 'too slow');
      assertLoopFree(watch, 'too slow');
      const recoveredMs = await recovery('too slow');
      report(`central ${store.kind} slow`, {
        max_200_ms_at_100ms_latency: slowest(slow),
        max_503_ms_at_3s_latency: slowest(result),
        ...loopFigures(watch),
        recovery_ms: recoveredMs,
      });
    }));
});
