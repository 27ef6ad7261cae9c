import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { OPERATOR } from '../../src/credentials/audit.ts';
import { createCredential } from '../../src/credentials/credentials.service.ts';
import { SCOPES } from '../../src/domain/scopes.ts';
import { importDataset } from '../../src/store/import/import.ts';
import { PgStatementLog } from '../helpers/pg-statement-log.ts';
import { startServer, type ServerProcess } from '../helpers/processes.ts';
import { freshStore, type TestStore } from '../helpers/test-store.ts';

/**
 * The limits, attacked under concurrency (issue 12): two real server processes on one PostgreSQL
 * and one Redis, as a deployment runs them (ADR 0005). The servers reach PostgreSQL through a
 * proxy that records every statement they run (test/helpers/pg-statement-log.ts), so what a 429
 * costs the database is seen from outside. The source address of each request is set with
 * X-Forwarded-For from a trusted proxy (D33), so each test has windows of its own.
 * Needs TEST_DATABASE_URL and TEST_REDIS_URL: on the embedded store it is skipped, saying so.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const skip =
  databaseUrl === undefined || redisUrl === undefined ? 'needs PostgreSQL and Redis: set TEST_DATABASE_URL and TEST_REDIS_URL' : false;
if (skip) console.log(`# limits under concurrency skipped: ${skip}`);
const EMPRESA = 1;
const MINUTE = 60_000;

interface Credential {
  clientId: string;
  secret: string;
}

/** A source address no earlier run used in this minute: the windows in Redis outlive a test process. */
const freshIp = () => `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/** Fewer than 15 s left in this clock minute: wait for the next one, so a burst fits in one window (D35). */
async function inOneWindow(): Promise<void> {
  const left = MINUTE - (Date.now() % MINUTE);
  if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

describe('limits under concurrency: two processes, one PostgreSQL, one Redis', { skip }, () => {
  let db: TestStore;
  let proxy: PgStatementLog;
  let servers: ServerProcess[] = [];
  const at = (i: number) => servers[i % 2]?.url ?? '';

  async function credential(name: string): Promise<Credential> {
    const created = await createCredential(
      db.store.central,
      { empresaId: EMPRESA, name, scopes: [...SCOPES], allowedIps: [], expires: null },
      OPERATOR,
    );
    return { clientId: created.client_id, secret: created.client_secret };
  }

  function tokenRequest(base: string, cred: Credential, ip: string): Promise<Response> {
    return fetch(`${base}/v1/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${cred.clientId}:${cred.secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': ip,
      },
      body: 'grant_type=client_credentials',
    });
  }

  /** A token issued by one instance (the first unless told), which then knows its principal (ADR 0014). */
  async function token(cred: Credential, instance = 0): Promise<string> {
    const res = await tokenRequest(at(instance), cred, freshIp());
    assert.equal(res.status, 200, await res.clone().text());
    return ((await res.json()) as { access_token: string }).access_token;
  }

  async function clientes(base: string, accessToken: string) {
    const res = await fetch(`${base}/v1/clientes`, { headers: { authorization: `Bearer ${accessToken}`, 'x-forwarded-for': '192.0.2.1' } });
    await res.arrayBuffer();
    return {
      base,
      status: res.status,
      remaining: res.headers.get('x-ratelimit-remaining'),
      reset: res.headers.get('x-ratelimit-reset'),
      retryAfter: res.headers.get('retry-after'),
      policy: res.headers.get('ratelimit-policy'),
      ratelimit: res.headers.get('ratelimit'),
    };
  }

  before(async () => {
    db = await freshStore();
    await importDataset(db.store.pool, {
      empresas: [{ id: EMPRESA, nome: 'Empresa dos limites' }],
      clientes: [1, 2, 3].map((id) => ({ id, empresa_id: EMPRESA, tipo_pessoa: 'fisica' as const, nome: `Cliente ${id}` })),
    });
    // Windows are keyed by the credential's id in the shared Redis, under the production prefix:
    // start the ids where no earlier run within the minute could have.
    await sql`SELECT setval(pg_get_serial_sequence('api_credentials', 'id'), ${randomInt(1_000_000, 2 ** 40)})`.execute(db.store.central);
    const url = new URL(db.config.databaseUrl ?? '');
    proxy = await PgStatementLog.start({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    const env = { DATABASE_URL: url.toString(), REDIS_URL: redisUrl ?? '', TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'info' };
    servers = await Promise.all([startServer(env), startServer(env)]);
  });
  after(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await proxy?.close();
    await db?.close();
  });

  test('300 concurrent data requests of one credential over both: exactly 120 served, X-RateLimit-Remaining 119..0 each once, the IETF RateLimit fields agreeing on all', async () => {
    // One token issued by each instance, each sent to its own: both take the same path (a principal
    // they know), so both serve a share of the credential's one window.
    const burst = await credential('burst');
    const tokens = [await token(burst, 0), await token(burst, 1)];
    await inOneWindow();
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => clientes(at(i), tokens[i % 2] ?? '')));
    const served = answers.filter((a) => a.status === 200);
    const limited = answers.filter((a) => a.status === 429);
    console.log(`# limits: 300 concurrent data requests in ${Date.now() - started} ms: ${served.length} x 200, ${limited.length} x 429`);
    assert.equal(served.length, 120);
    assert.equal(limited.length, 180);
    assert.deepEqual(
      served.map((a) => Number(a.remaining)).sort((x, y) => x - y),
      Array.from({ length: 120 }, (_, i) => i),
    );
    for (const a of limited) {
      assert.equal(a.remaining, '0');
      assert.match(a.retryAfter ?? '', /^[1-9]\d*$/, 'Retry-After: whole seconds, at least 1 (D35)');
    }
    assert.equal(new Set(served.map((a) => a.base)).size, 2, 'both instances served');
    assert.equal(new Set(answers.map((a) => a.reset)).size, 1, 'one window for all of them');
    // The IETF fields (D56) agree with X-RateLimit-* on every answer, 200 and 429, of both instances:
    // r is X-RateLimit-Remaining, and X-RateLimit-Reset less t is a second within the burst.
    const ended = Math.ceil(Date.now() / 1000);
    for (const a of answers) {
      assert.equal(a.policy, '"credencial";q=120;w=60');
      const fields = /^"credencial";r=(\d+);t=(\d+)$/.exec(a.ratelimit ?? '');
      assert.ok(fields, `RateLimit: ${a.ratelimit}`);
      assert.equal(fields[1], a.remaining, 'r = X-RateLimit-Remaining');
      const second = Number(a.reset) - Number(fields[2]);
      assert.ok(second >= Math.floor(started / 1000) && second <= ended, `X-RateLimit-Reset - t = ${second}, not within the burst`);
    }
  });

  test('token attempts: exactly 20 per address, over both instances, whatever the credentials (D27)', async () => {
    await inOneWindow();
    const ip = freshIp();
    // Each attempt names another client id, so only the address limit can refuse it.
    const creds = await Promise.all(Array.from({ length: 30 }, (_, i) => credential(`ip-${i}`)));
    const answers = await Promise.all(creds.map((c, i) => tokenRequest(at(i), c, ip).then((r) => r.status)));
    assert.equal(answers.filter((s) => s === 200).length, 20, answers.join(' '));
    assert.equal(answers.filter((s) => s === 429).length, 10);
  });

  test('token attempts: exactly 5 per client id, over both instances, even with the right secret (D27)', async () => {
    await inOneWindow();
    const cred = await credential('per-client');
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => tokenRequest(at(i), cred, freshIp())));
    const statuses = answers.map((r) => r.status);
    assert.equal(statuses.filter((s) => s === 200).length, 5, statuses.join(' '));
    assert.equal(statuses.filter((s) => s === 429).length, 7);
    for (const r of answers.filter((a) => a.status === 429)) {
      assert.deepEqual(((await r.json()) as { error: string }).error, 'temporarily_unavailable');
      assert.match(r.headers.get('retry-after') ?? '', /^[1-9]\d*$/);
    }
  });

  test('a 429 asks nothing of the database on the token endpoint, and nothing but the token lookup on data (D4, D27)', async () => {
    await inOneWindow();
    // Token endpoint: a client id whose window is spent; the attempts are counted before the body is read.
    const cred = await credential('spent-token');
    for (let i = 0; i < 5; i++) assert.equal((await tokenRequest(at(i), cred, freshIp())).status, 200);
    // Each instance's notification worker reads its queue every second whatever the requests
    // (src/webhooks/), and its request-log writer writes a batch a second off the request path
    // (D59): those statements are not the requests', so they are set aside.
    const byRequests = (since: number) =>
      proxy
        .since(since)
        .filter((s) => !/\bwebhook_(events|endpoints)\b|\brequest_log|lock_timeout|^(BEGIN|COMMIT|ROLLBACK)\b|\bpg_inherits\b/i.test(s));
    let mark = proxy.statements.length;
    const tokenAnswers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => tokenRequest(at(i), cred, freshIp()).then((r) => r.status)),
    );
    assert.deepEqual(new Set(tokenAnswers), new Set([429]));
    assert.deepEqual(byRequests(mark), [], 'token 429s ran statements');

    // Data: a credential whose window is spent. D4 checks the token (the one lookup) before the window.
    const accessToken = await token(await credential('spent-data'));
    await Promise.all(Array.from({ length: 120 }, (_, i) => clientes(at(i), accessToken)));
    mark = proxy.statements.length;
    const dataAnswers = await Promise.all(Array.from({ length: 40 }, (_, i) => clientes(at(i), accessToken)));
    assert.deepEqual(new Set(dataAnswers.map((a) => a.status)), new Set([429]));
    const run = byRequests(mark);
    assert.equal(run.length, 40, `one statement per 429: ${run.length}`);
    for (const statement of run) {
      assert.match(statement, /FROM access_tokens t/, 'the token lookup of D4 step 3');
      assert.doesNotMatch(statement, /clientes|ordens_servico|contas_|boletos|produtos|servicos/, 'no query of the company data');
    }
    // A control: the proxy does see what a served request asks — the lookup, then the company's data.
    const fresh = await token(await credential('control'));
    mark = proxy.statements.length;
    assert.equal((await clientes(at(0), fresh)).status, 200);
    assert.ok(
      proxy.since(mark).some((s) => /clientes/.test(s)),
      `a 200 ran: ${proxy.since(mark).join(' | ')}`,
    );
    console.log(`# limits: 40 token 429s ran 0 statements; 40 data 429s ran ${run.length} statements, all the token lookup`);
  });
});
