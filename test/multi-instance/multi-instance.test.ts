import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { OPERATOR } from '../../src/credentials/audit.ts';
import { createCredential } from '../../src/credentials/credentials.service.ts';
import { SCOPES } from '../../src/domain/scopes.ts';
import { importDataset } from '../../src/store/import/import.ts';
import { requestToken, runCli, startServer, type ServerProcess } from '../helpers/processes.ts';
import { freshStore, type TestStore } from '../helpers/test-store.ts';

/**
 * Two real server processes sharing one PostgreSQL and one Redis, as a deployment runs them:
 * tokens work on both and revocation acts on both at once (D31). That the rate-limit window is
 * one for both (ADR 0005) is attacked under concurrency in test/adversarial/limits.test.ts.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const skip =
  process.env.TEST_DATABASE_URL === undefined || redisUrl === undefined ? 'TEST_DATABASE_URL and TEST_REDIS_URL not both set' : false;
const EMPRESA = 1;

interface Credential {
  clientId: string;
  secret: string;
}

async function token(url: string, cred: Credential): Promise<string> {
  const res = await requestToken(url, cred);
  assert.equal(res.status, 200, await res.clone().text());
  return ((await res.json()) as { access_token: string }).access_token;
}

async function clientes(url: string, accessToken: string): Promise<Response> {
  const res = await fetch(`${url}/v1/clientes`, { headers: { authorization: `Bearer ${accessToken}` } });
  await res.arrayBuffer();
  return res;
}

describe('two instances sharing PostgreSQL and Redis', { skip }, () => {
  let db: TestStore;
  let a: ServerProcess;
  let b: ServerProcess;

  async function credential(name: string): Promise<Credential> {
    const created = await createCredential(
      db.store.central,
      { empresaId: EMPRESA, name, scopes: [...SCOPES], allowedIps: [], expires: null },
      OPERATOR,
    );
    return { clientId: created.client_id, secret: created.client_secret };
  }

  before(async () => {
    db = await freshStore();
    await importDataset(db.store.pool, {
      empresas: [{ id: EMPRESA, nome: 'Empresa multi-instância' }],
      clientes: [1, 2, 3].map((id) => ({ id, empresa_id: EMPRESA, tipo_pessoa: 'fisica', nome: `Cliente ${id}` })),
    });
    // The servers use the production key prefix in the shared Redis and windows are keyed by the
    // credential's id: start the ids somewhere no earlier run of this file used within the minute.
    await sql`SELECT setval(pg_get_serial_sequence('api_credentials', 'id'), ${randomInt(1_000_000, 2 ** 40)})`.execute(db.store.central);
    const env = { DATABASE_URL: db.config.databaseUrl ?? '', REDIS_URL: redisUrl ?? '', PORT: '0', LOG_LEVEL: 'info' };
    [a, b] = await Promise.all([startServer(env), startServer(env)]);
  });
  after(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.close();
  });

  test('both instances are ready and check Redis', async () => {
    for (const server of [a, b]) {
      const res = await fetch(`${server.url}/readyz`);
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { status: 'ready', redis: 'ok' });
    }
  });

  test('a token obtained from one instance works on the other', async () => {
    const cred = await credential('cross');
    assert.equal((await clientes(b.url, await token(a.url, cred))).status, 200);
    assert.equal((await clientes(a.url, await token(b.url, cred))).status, 200);
  });

  test('a credential revoked with the CLI is refused by the other instance on the very next request (D31)', async () => {
    const cred = await credential('revoked');
    const accessToken = await token(a.url, cred);
    assert.equal((await clientes(a.url, accessToken)).status, 200);
    assert.equal((await clientes(b.url, accessToken)).status, 200);
    const revoked = await runCli(['credentials', 'revoke', cred.clientId, '--json'], { DATABASE_URL: db.config.databaseUrl ?? '' });
    assert.equal(revoked.code, 0, revoked.stderr);
    assert.equal((await clientes(b.url, accessToken)).status, 401);
    assert.equal((await clientes(a.url, accessToken)).status, 401);
  });
});
