import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadConfig } from '../../src/config/config.ts';
import { openStore } from '../../src/store/store.ts';
import { runCli, startServer, tempDataDir, type ServerProcess } from '../helpers/processes.ts';
import { freshStore, type TestStore } from '../helpers/test-store.ts';

/**
 * Secrets hygiene (issue 12): the flows that handle secrets — the settings area (sign-in, create,
 * change, rotate, revoke, audit), the token endpoint (right, wrong, old and misplaced secrets),
 * data requests (good and forged tokens) and the operator CLI (import, create, rotate, list,
 * audit) — run once against a real server process at the most verbose log level (`trace`), its
 * output kept in memory. Every secret that crossed the wire is a canary: client secrets, access
 * tokens, Basic header values, passwords, the session cookie. None may appear in the logs, in
 * any response body but the one that reveals it (a new secret once, a token when issued), or in
 * the database (pg_dump on PostgreSQL; every table SELECTed as text on the embedded store).
 */
const PASSWORD = 'Canario-senha-certa-7f3a9c1e';
const WRONG_PASSWORD = 'Canario-senha-errada-0b8d2f44';
const FORGED_SECRET = 'ae_sk_CanarioSegredoForjado0123456789abcdefghijk';
const FORGED_TOKEN = 'ae_at_CanarioTokenForjado0123456789abcdefghijklm';
const EMPRESA = 1;

const postgresUrl = process.env.TEST_DATABASE_URL;
let pgStore: TestStore | null = null;
let env: Record<string, string>;
let server: ServerProcess;
let dataDir = '';

/** Every response body, with the canaries it may legitimately hold (the one reveal). */
const bodies: { what: string; body: string; reveals: string[] }[] = [];
const canaries = new Map<string, string>();
const canary = (what: string, value: string) => canaries.set(value, what);

before(async () => {
  if (postgresUrl) {
    pgStore = await freshStore();
    env = { DATABASE_URL: pgStore.config.databaseUrl ?? '' };
  } else {
    dataDir = tempDataDir();
    env = { DATA_DIR: dataDir, SEED_DEMO: 'false' };
  }
  const dataset = path.join(fs.mkdtempSync('/tmp/ae-secrets-'), 'dataset.json');
  fs.writeFileSync(
    dataset,
    JSON.stringify({
      empresas: [{ id: EMPRESA, nome: 'Empresa Canário' }],
      usuarios: [
        { id: 1, empresa_id: EMPRESA, nome: 'Admin', email: 'admin@canario.example', senha: PASSWORD, permissoes: ['api_externa'] },
      ],
      clientes: [{ id: 1, empresa_id: EMPRESA, tipo_pessoa: 'fisica', nome: 'Ana' }],
    }),
  );
  canary('password', PASSWORD);
  canary('wrong password', WRONG_PASSWORD);
  canary('forged secret', FORGED_SECRET);
  canary('forged token', FORGED_TOKEN);
  for (const args of [
    ['migrate', '--json'],
    ['import', dataset, '--json'],
  ]) {
    const res = await runCli(args, env);
    assert.equal(res.code, 0, res.stderr);
  }
  server = await startServer({ ...env, LOG_LEVEL: 'trace' });
});
after(async () => {
  await server?.stop();
  await pgStore?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const basic = (id: string, secret: string) => Buffer.from(`${id}:${secret}`).toString('base64');

async function call(what: string, url: string, init: RequestInit = {}, reveals: string[] = []): Promise<Response> {
  const res = await fetch(`${server.url}${url}`, init);
  bodies.push({ what, body: await res.clone().text(), reveals });
  return res;
}

test('the flows that handle secrets, at log level trace', async () => {
  // Settings area: a wrong then a right sign-in, create, change, rotate, audit, list.
  const json = { 'content-type': 'application/json' };
  await call('sign-in, wrong password', '/settings/api/session', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: 'admin@canario.example', senha: WRONG_PASSWORD }),
  });
  const session = await call('sign-in', '/settings/api/session', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: 'admin@canario.example', senha: PASSWORD }),
  });
  assert.equal(session.status, 200);
  const cookie = (session.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  canary('session cookie', cookie.split('=')[1] ?? '');
  const { csrf_token: csrf } = (await session.json()) as { csrf_token: string };
  const auth = { ...json, cookie, 'x-csrf-token': csrf };

  const createdRes = await fetch(`${server.url}/settings/api/credentials`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ name: 'ERP', scopes: ['clientes:ler', 'boletos:ler'], allowed_ips: [], expires: null, senha_atual: PASSWORD }),
  });
  const createdText = await createdRes.text();
  assert.equal(createdRes.status, 201, createdText);
  const created = JSON.parse(createdText) as { client_id?: string; client_secret?: string; credential?: { client_id: string } };
  const clientId = created.client_id ?? created.credential?.client_id ?? '';
  const firstSecret = created.client_secret ?? assert.fail(`no secret in ${createdText}`);
  canary('first secret (settings)', firstSecret);
  bodies.push({ what: 'create', body: createdText, reveals: [firstSecret] });

  const patch = JSON.stringify({ scopes: ['clientes:ler', 'boletos:ler', 'os:ler'], senha_atual: PASSWORD });
  assert.equal(
    (await call('change', `/settings/api/credentials/${clientId}`, { method: 'PATCH', headers: auth, body: patch })).status,
    200,
  );
  const wrongRotate = JSON.stringify({ senha_atual: WRONG_PASSWORD });
  await call('rotate, wrong password', `/settings/api/credentials/${clientId}/rotate`, {
    method: 'POST',
    headers: auth,
    body: wrongRotate,
  });
  const rotatedRes = await fetch(`${server.url}/settings/api/credentials/${clientId}/rotate`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ senha_atual: PASSWORD }),
  });
  const rotatedText = await rotatedRes.text();
  assert.equal(rotatedRes.status, 200, rotatedText);
  const secret = (JSON.parse(rotatedText) as { client_secret: string }).client_secret;
  canary('rotated secret (settings)', secret);
  bodies.push({ what: 'rotate', body: rotatedText, reveals: [secret] });
  await call('list', '/settings/api/credentials', { headers: auth });
  await call('audit', `/settings/api/credentials/${clientId}/audit`, { headers: auth });

  // Token endpoint: right, old, forged and misplaced secrets.
  const form = 'application/x-www-form-urlencoded';
  const tokenCall = async (what: string, authorization: string | null, body: string, url = '/v1/oauth/token') => {
    if (authorization) canary(`Basic header (${what})`, authorization.replace('Basic ', ''));
    const res = await fetch(`${server.url}${url}`, {
      method: 'POST',
      headers: { 'content-type': form, ...(authorization ? { authorization } : {}) },
      body,
    });
    const text = await res.text();
    const issued = res.status === 200 ? (JSON.parse(text) as { access_token: string }).access_token : null;
    if (issued) canary(`token (${what})`, issued);
    bodies.push({ what: `token: ${what}`, body: text, reveals: issued ? [issued] : [] });
    return issued;
  };
  const accessToken = await tokenCall('right secret', `Basic ${basic(clientId, secret)}`, 'grant_type=client_credentials');
  assert.ok(accessToken);
  assert.equal(await tokenCall('old secret', `Basic ${basic(clientId, firstSecret)}`, 'grant_type=client_credentials'), null);
  assert.equal(await tokenCall('forged secret', `Basic ${basic(clientId, FORGED_SECRET)}`, 'grant_type=client_credentials'), null);
  assert.equal(
    await tokenCall('secret in the body', null, `grant_type=client_credentials&client_id=${clientId}&client_secret=${secret}`),
    null,
  );
  const inQuery = `/v1/oauth/token?client_id=${clientId}&client_secret=${secret}`;
  assert.equal(await tokenCall('secret in the URL', `Basic ${basic(clientId, secret)}`, 'grant_type=client_credentials', inQuery), null);

  // Data: a good token, a forged one, an error with the good one.
  for (const [what, url, token] of [
    ['data', '/v1/clientes', accessToken],
    ['data, error', '/v1/clientes?cor=azul', accessToken],
    ['data, forged token', '/v1/clientes', FORGED_TOKEN],
    ['data, token in the query', `/v1/clientes?access_token=${accessToken}`, accessToken],
  ] as const) {
    await call(what, url, { headers: { authorization: `Bearer ${token}` } });
  }

  // The operator CLI, while the server runs: create, rotate, list, audit; then a token with its secret.
  const cliCreate = await runCli(
    ['credentials', 'create', '--company', String(EMPRESA), '--name', 'CLI', '--scopes', 'clientes:ler', '--json'],
    env,
  );
  assert.equal(cliCreate.code, 0, cliCreate.stderr);
  const cli = JSON.parse(cliCreate.stdout) as { client_id: string; client_secret: string };
  canary('secret (CLI create)', cli.client_secret);
  const cliRotate = await runCli(['credentials', 'rotate', cli.client_id, '--json'], env);
  assert.equal(cliRotate.code, 0, cliRotate.stderr);
  const cliSecret = (JSON.parse(cliRotate.stdout) as { client_secret: string }).client_secret;
  canary('secret (CLI rotate)', cliSecret);
  for (const args of [
    ['credentials', 'list', '--company', String(EMPRESA), '--json'],
    ['credentials', 'audit', cli.client_id, '--json'],
  ]) {
    const res = await runCli(args, env);
    assert.equal(res.code, 0, res.stderr);
    bodies.push({ what: `CLI ${args.slice(0, 2).join(' ')}`, body: res.stdout + res.stderr, reveals: [] });
  }
  const cliToken = await tokenCall('CLI secret', `Basic ${basic(cli.client_id, cliSecret)}`, 'grant_type=client_credentials');
  assert.ok(cliToken);
  await call('data, CLI token', '/v1/clientes', { headers: { authorization: `Bearer ${cliToken}` } });
  assert.equal(
    (await call('revoke', `/settings/api/credentials/${clientId}/revoke`, { method: 'POST', headers: auth, body: '{}' })).status,
    200,
  );
});

/** The canaries found in a text, by what they are. */
const found = (text: string, allowed: string[] = []) =>
  [...canaries]
    .filter(([value]) => value !== '' && !allowed.includes(value) && (text.includes(value) || text.includes(encodeURIComponent(value))))
    .map(([, what]) => what);

test('the logs, at trace level, hold none of them', async () => {
  await server.stop();
  const logs = server.output();
  const lines = logs.split('\n').filter((l) => l.startsWith('{'));
  console.log(`# secrets: ${canaries.size} canaries, ${lines.length} log lines at trace, ${bodies.length} bodies`);
  assert.ok(lines.length >= bodies.length, 'the server logged the requests');
  assert.deepEqual(found(logs), []);
});

test('no response body holds one, but the reveal each secret and token is issued in', () => {
  assert.ok(canaries.size >= 14, `${canaries.size} canaries`);
  for (const { what, body, reveals } of bodies) {
    assert.deepEqual(found(body, reveals), [], what);
    // A control: the search does find the secret a reveal holds.
    assert.equal(found(body).length, reveals.length, `${what}: the reveal is seen`);
  }
});

test('the database holds none of them', async () => {
  let dump: string;
  if (pgStore) {
    const { stdout } = await promisify(execFile)('pg_dump', ['--data-only', pgStore.config.databaseUrl ?? ''], { maxBuffer: 64 << 20 });
    dump = stdout;
  } else {
    const store = await openStore(loadConfig({ DATA_DIR: dataDir }), { embeddedRole: 'host' });
    try {
      const { rows: tables } = await store.pool.query<{ name: string }>(
        `SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
          WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
      );
      const parts: string[] = [];
      for (const { name } of tables) {
        const { rows } = await store.pool.query<{ row: string }>(`SELECT t::text AS row FROM ${name} t`);
        parts.push(...rows.map((r) => r.row));
      }
      dump = parts.join('\n');
      assert.ok(tables.length >= 10, `${tables.length} tables`);
    } finally {
      await store.close();
    }
  }
  console.log(`# secrets: database dump of ${dump.length} characters`);
  assert.ok(dump.includes('admin@canario.example'), 'the dump has the data');
  assert.deepEqual(found(dump), []);
});
