import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { OPERATOR } from '../../src/credentials/audit.ts';
import { createCredential, revokeCredential } from '../../src/credentials/credentials.service.ts';
import { MemoryLimiter } from '../../src/ratelimit/memory-limiter.ts';
import { RedisLimiter } from '../../src/ratelimit/redis-limiter.ts';
import type { Limiter } from '../../src/ratelimit/limiter.ts';
import { RequestLogWriter, type WriterOptions } from '../../src/request-log/request-log-writer.ts';
import { importDataset } from '../../src/store/import/import.ts';
import type { Dataset } from '../../src/store/import/dataset.ts';
import type { Store } from '../../src/store/store.ts';
import { SCOPES, type Scope } from '../../src/domain/scopes.ts';
import { validated } from './openapi-validator.ts';
import { freshStore, type TestStore } from './test-store.ts';

export interface TestCredential {
  clientId: string;
  secret: string;
  empresaId: number;
}

export interface CredentialOptions {
  scopes?: readonly Scope[];
  allowedIps?: string[];
  expires?: string | null;
}

let nextCompanyId = 1000;
let nextSource = 1;

/** A distinct source address per token request, so the per-IP attempt limit (D27) stays out of unrelated tests. */
export function uniqueSourceIp(): string {
  const n = nextSource++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export function basicHeader(clientId: string, secret: string): string {
  const encode = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');
  return `Basic ${Buffer.from(`${encode(clientId)}:${encode(secret)}`).toString('base64')}`;
}

const testRedisUrl = process.env.TEST_REDIS_URL;
// Each test file runs in a process of its own: one key prefix per process keeps files running in
// parallel (and reruns within the same minute) out of each other's windows.
const redisKeyPrefix = `ae:rl:test-${randomBytes(6).toString('hex')}:`;

/** Windows of an app given no limiter: shared in Redis when TEST_REDIS_URL is set (convention 6). */
async function defaultLimiter(): Promise<Limiter> {
  if (testRedisUrl === undefined) return new MemoryLimiter();
  return new RedisLimiter({ url: testRedisUrl, keyPrefix: redisKeyPrefix }).connect();
}

export class TestApp {
  private constructor(
    readonly app: FastifyInstance,
    readonly store: Store,
    readonly limiter: Limiter,
    private readonly owned: TestStore | null,
    /** A limiter this app created and must close (a Redis connection would keep the process alive). */
    private readonly ownedLimiter: Limiter | null,
  ) {}

  /**
   * A new app on a fresh store of its own. Every response its `app.inject` gets is checked against
   * the OpenAPI description (openapi-validator.ts): a mismatch fails the test.
   */
  static async start(
    options: { limiter?: Limiter; publicBaseUrl?: string; exportIdleMs?: number; requestLog?: WriterOptions } = {},
  ): Promise<TestApp> {
    const owned = await freshStore();
    const limiter = options.limiter ?? (await defaultLimiter());
    // The app's request log (D59), kept here so tests can flush it and read what it wrote.
    const requestLog = new RequestLogWriter(owned.store.central, options.requestLog).start();
    const app = validated(
      await buildApp({
        config: { trustProxy: [], publicBaseUrl: options.publicBaseUrl },
        store: owned.store,
        limiter,
        requestLog,
        ...(options.exportIdleMs === undefined ? {} : { exportIdleMs: options.exportIdleMs }),
      }),
    );
    const t = new TestApp(app, owned.store, limiter, owned, options.limiter ? null : limiter);
    t.requestLog = requestLog;
    return t;
  }

  /** The request log's writer of an app made by start() (null for a sibling, which writes its own). */
  requestLog: RequestLogWriter | null = null;

  /**
   * Another app instance on the same store (e.g. with a controlled clock for the limiter). On Redis
   * it shares this app's windows, as instances sharing one Redis do.
   */
  async sibling(options: { limiter?: Limiter; trustProxy?: string[] } = {}): Promise<TestApp> {
    const shared = this.ownedLimiter instanceof RedisLimiter ? this.ownedLimiter : null;
    const limiter = options.limiter ?? shared ?? (await defaultLimiter());
    // One request log writer per store, as the first app's: a sibling writing its own on its own
    // schedule would move a feed page's validator (its horizon) under a test that holds the log back.
    const requestLog = this.requestLog ?? undefined;
    const app = validated(
      await buildApp({
        config: { trustProxy: options.trustProxy ?? [] },
        store: this.store,
        limiter,
        ...(requestLog ? { requestLog } : {}),
      }),
    );
    return new TestApp(app, this.store, limiter, null, options.limiter || shared ? null : limiter);
  }

  /** Listens on a free loopback port, for tests that need a real socket (raw HTTP, real clients). */
  async listen(): Promise<{ origin: string; port: number }> {
    const origin = await this.app.listen({ host: '127.0.0.1', port: 0 });
    return { origin, port: (this.app.server.address() as AddressInfo).port };
  }

  /** Where the operator CLI (runCli) finds this app's store: its DATABASE_URL, or the embedded store's DATA_DIR. */
  cliEnv(): Record<string, string> {
    const config = this.owned?.config;
    if (config === undefined) throw new Error('cliEnv() is for the app that opened the store, not a sibling');
    return config.databaseUrl !== undefined ? { DATABASE_URL: config.databaseUrl } : { DATA_DIR: config.dataDir };
  }

  async close(): Promise<void> {
    await this.app.close();
    await this.requestLog?.close();
    await this.ownedLimiter?.close();
    await this.owned?.close();
  }

  async load(dataset: Dataset): Promise<void> {
    await importDataset(this.store.pool, dataset);
  }

  /** A new company with a unique id (tests share one store per file). */
  async company(statusPersonalizados: string[] = []): Promise<number> {
    const id = nextCompanyId++;
    await this.load({ empresas: [{ id, nome: `Empresa de teste ${id}`, status_personalizados: statusPersonalizados }] });
    return id;
  }

  async credential(empresaId: number, options: CredentialOptions = {}): Promise<TestCredential> {
    const created = await createCredential(
      this.store.central,
      {
        empresaId,
        name: 'teste',
        scopes: [...(options.scopes ?? SCOPES)],
        allowedIps: options.allowedIps ?? [],
        expires: options.expires ?? null,
      },
      OPERATOR,
    );
    return { clientId: created.client_id, secret: created.client_secret, empresaId };
  }

  /** Revokes a credential as the operator (D47: a company holds at most 50 active ones). */
  async revoke(cred: TestCredential): Promise<void> {
    await revokeCredential(this.store.central, cred.clientId, OPERATOR);
  }

  requestToken(
    cred: TestCredential,
    body = 'grant_type=client_credentials',
    remoteAddress = uniqueSourceIp(),
  ): Promise<LightMyRequestResponse> {
    return this.app.inject({
      method: 'POST',
      url: '/v1/oauth/token',
      remoteAddress,
      headers: { authorization: basicHeader(cred.clientId, cred.secret), 'content-type': 'application/x-www-form-urlencoded' },
      payload: body,
    });
  }

  async token(cred: TestCredential, scope?: string, sourceIp?: string): Promise<string> {
    const body = scope === undefined ? 'grant_type=client_credentials' : `grant_type=client_credentials&scope=${encodeURIComponent(scope)}`;
    const res = await this.requestToken(cred, body, sourceIp);
    if (res.statusCode !== 200) throw new Error(`token request failed: ${res.statusCode} ${res.body}`);
    return (res.json() as { access_token: string }).access_token;
  }

  get(url: string, token?: string, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1'): Promise<LightMyRequestResponse> {
    return this.app.inject({
      method: 'GET',
      url,
      remoteAddress,
      headers: { ...(token === undefined ? {} : { authorization: `Bearer ${token}` }), ...headers },
    });
  }
}
