import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config/config.ts';
import { OPERATOR } from '../../src/credentials/audit.ts';
import { createCredential } from '../../src/credentials/credentials.service.ts';
import { SCOPES } from '../../src/domain/scopes.ts';
import { MemoryLimiter } from '../../src/ratelimit/memory-limiter.ts';
import { importDataset } from '../../src/store/import/import.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { assignCompany, prepareTenantDatabase, registerTenantDatabase } from '../../src/store/tenant-directory.ts';
import { assertLoopFree, burst, loopFigures, report, slowest, timeUntil, underFault, type Timed } from '../helpers/faults.ts';
import { endpointOf, TcpProxy, through, type ProxyMode } from '../helpers/tcp-proxy.ts';
import { basicHeader, uniqueSourceIp } from '../helpers/test-app.ts';
import { freshStore, type TestStore } from '../helpers/test-store.ts';

/**
 * A tenant database failing under a running app (D38, ADR 0006, issue 12): company A lives on a
 * tenant database reached through a TCP proxy that refuses, black-holes or slows; company B lives
 * on the central database. A's data requests are 503 servico_indisponivel within 3 s, open pooled
 * connections included; B's requests and every token request (central) go on answering 200; the
 * event loop does not lag (< 100 ms); A is served again within 5 s of recovery, without a restart.
 * Tenant databases are PostgreSQL servers: without TEST_DATABASE_URL the suite is skipped.
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const A = 81;
const B = 82;
const BUDGET_MS = 3000;
const RECOVERY_MS = 5000;

let central: TestStore;
let tenantName: string;
let proxy: TcpProxy;
let store: Store;
let app: FastifyInstance;
let tokenA: string;
let tokenB: string;

async function tokenRequest(empresaId: number): Promise<LightMyRequestResponse> {
  const cred = await createCredential(
    central.store.central,
    { empresaId, name: 'faults', scopes: [...SCOPES], allowedIps: [], expires: null },
    OPERATOR,
  );
  return app.inject({
    method: 'POST',
    url: '/v1/oauth/token',
    remoteAddress: uniqueSourceIp(),
    headers: { authorization: basicHeader(cred.client_id, cred.client_secret), 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'grant_type=client_credentials',
  });
}

const get = (url: string, token: string) => () =>
  app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1', headers: { authorization: `Bearer ${token}` } });

/** A's requests over every kind of tenant query, more of them than the pool's 10 connections. */
function onTenant(): Record<string, () => Promise<LightMyRequestResponse>> {
  const requests: Record<string, () => Promise<LightMyRequestResponse>> = {};
  for (let i = 0; i < 6; i++) requests[`A list ${i}`] = get('/v1/clientes?por_pagina=5', tokenA);
  for (let i = 0; i < 3; i++) requests[`A detail ${i}`] = get('/v1/clientes/8101', tokenA);
  requests['A ordens'] = get('/v1/ordens-servico', tokenA);
  requests['A contas'] = get('/v1/contas-receber', tokenA);
  requests['A produtos'] = get('/v1/produtos', tokenA);
  return requests;
}

function assertTenantDown(answers: Timed[], label: string): void {
  for (const { res, what, ms } of answers) {
    assert.equal(res.statusCode, 503, `${label}, ${what}: ${res.body}`);
    assert.equal((res.json() as { erro: { codigo: string } }).erro.codigo, 'servico_indisponivel', `${label}, ${what}`);
    assert.ok(ms < BUDGET_MS, `${label}, ${what}: answered in ${Math.round(ms)} ms`);
  }
}

async function warm(): Promise<void> {
  const answers = await burst(Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`warm ${i}`, get('/v1/clientes', tokenA)])));
  for (const { res } of answers) assert.equal(res.statusCode, 200, res.body);
}

/**
 * While A's database fails: A is 503 within 3 s, B and tokens are served. Twice: the first wave
 * meets the pool's open connections, the second only new ones (the first destroyed them).
 */
async function faultWave(): Promise<{ tenant: Timed[]; others: Timed[] }> {
  const tenant: Timed[] = [];
  const others: Timed[] = [];
  for (let wave = 0; wave < 2; wave++) {
    const [t, o] = await Promise.all([
      burst(onTenant()),
      burst({ 'B list': get('/v1/clientes', tokenB), 'B detail': get('/v1/clientes/8201', tokenB), 'A token': () => tokenRequest(A) }),
    ]);
    tenant.push(...t);
    others.push(...o);
  }
  return { tenant, others };
}

async function freshToken(empresaId: number): Promise<string> {
  const res = await tokenRequest(empresaId);
  assert.equal(res.statusCode, 200, res.body);
  return (res.json() as { access_token: string }).access_token;
}

async function scenario(mode: ProxyMode, delayMs: number, label: string): Promise<void> {
  // A window of their own for each measurement (D35): one takes 34 of A's requests, up to three
  // times on a loaded machine (underFault measures again), then the recovery polls; three
  // scenarios on one credential went past 120 a minute, and A's answers became 429s.
  const freshWarm = async () => {
    [tokenA, tokenB] = [await freshToken(A), await freshToken(B)];
    await warm();
  };
  try {
    const { result, ...watch } = await underFault(proxy, freshWarm, mode, delayMs, faultWave);
    assertTenantDown(result.tenant, label);
    for (const { res, what } of result.others) assert.equal(res.statusCode, 200, `${label}, ${what} is not on that database: ${res.body}`);
    assertLoopFree(watch, label);
    await proxy.setMode('pass');
    const recoveryMs = await timeUntil(get('/v1/clientes', tokenA), 200, RECOVERY_MS);
    assert.ok(recoveryMs < RECOVERY_MS, `${label}: 200 again ${recoveryMs} ms after recovery`);
    report(`tenant ${label}`, {
      max_503_ms: slowest(result.tenant),
      max_other_200_ms: slowest(result.others),
      ...loopFigures(watch),
      recovery_ms: recoveryMs,
    });
  } finally {
    await proxy.setMode('pass');
  }
}

describe(
  'a tenant database failing',
  { skip: serverUrl ? false : 'needs PostgreSQL: set TEST_DATABASE_URL (tenant databases are PostgreSQL servers)' },
  () => {
    let tenantUrl: URL;

    before(async () => {
      assert.ok(serverUrl);
      central = await freshStore();
      tenantName = `ae_tfault_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${tenantName}`);
      await admin.end();
      tenantUrl = new URL(serverUrl);
      tenantUrl.pathname = `/${tenantName}`;
      proxy = new TcpProxy(endpointOf(serverUrl, 5432));
      await proxy.open();
      await prepareTenantDatabase(tenantUrl.toString());
      await importDataset(central.store.pool, {
        empresas: [
          { id: A, nome: 'A, num banco próprio' },
          { id: B, nome: 'B, no central' },
        ],
      });
      await registerTenantDatabase(central.store.central, 'tfault', through(proxy, tenantUrl.toString()));
      await assignCompany(central.store.central, A, 'tfault');
      await importDataset(central.store.pool, {
        clientes: [
          { id: 8101, empresa_id: A, tipo_pessoa: 'fisica', nome: 'Cliente', sobrenome: 'de A' },
          { id: 8201, empresa_id: B, tipo_pessoa: 'fisica', nome: 'Cliente', sobrenome: 'de B' },
        ],
      });
      // The app's store as the server opens it, with the default bounds, on the same central database.
      assert.ok(central.config.databaseUrl);
      const config = loadConfig({ DATABASE_URL: central.config.databaseUrl });
      store = await openStore(config, {
        embeddedRole: 'host',
        statementTimeoutMs: config.dbStatementTimeoutMs,
        queryTimeoutMs: config.dbQueryTimeoutMs,
      });
      app = await buildApp({ config: { trustProxy: [] }, store, limiter: new MemoryLimiter() });
      [tokenA, tokenB] = [await freshToken(A), await freshToken(B)];
      assert.equal((await get('/v1/clientes/8101', tokenA)()).statusCode, 200, 'A is read from its database');
    });

    after(async () => {
      await app?.close();
      await store?.close();
      await proxy?.close();
      await central?.close();
      if (tenantName !== undefined) {
        const admin = new pg.Client({ connectionString: serverUrl });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${tenantName} WITH (FORCE)`);
        await admin.end();
      }
    });

    test('refused: A 503 at once, B and tokens 200; A again within 5 s', () => scenario('refuse', 0, 'refused'));
    test('black hole: A 503 within 3 s, open connections included, B and tokens 200; A again within 5 s', () =>
      scenario('blackhole', 0, 'black hole'));
    test('slower than the client bound (3 s each way): A 503 within 3 s, B and tokens 200; A again within 5 s', () =>
      scenario('slow', 3000, 'slow'));
  },
);
