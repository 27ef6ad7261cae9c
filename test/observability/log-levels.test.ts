import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import pino from 'pino';
import { buildApp } from '../../src/app.ts';
import { MemoryLimiter } from '../../src/ratelimit/memory-limiter.ts';
import { addUser } from '../settings/settings-client.ts';
import { basicHeader, TestApp, uniqueSourceIp } from '../helpers/test-app.ts';

/**
 * LOG_LEVEL=debug and trace say more than info (issue 12: trace logged nothing more): per request
 * the principal, the limiter's decision, each token step's outcome, and at trace the store
 * timings — through the same redaction: no secret, token, Basic header or password at any level.
 */
let t: TestApp;
let empresa: number;

before(async () => {
  t = await TestApp.start();
  empresa = await t.company();
  await t.load({ clientes: [{ id: 9201, empresa_id: empresa, tipo_pessoa: 'fisica', nome: 'Nível', sobrenome: 'De Log' }] });
});
after(async () => t.close());

interface Line {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** The same flow at a level: tokens granted and refused, data requests, a settings sign-in. */
async function flowAt(level: 'info' | 'debug' | 'trace'): Promise<{ raw: string; lines: Line[]; canaries: string[] }> {
  const chunks: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  const logger = pino({ level }, sink);
  const app = await buildApp({ config: { trustProxy: [] }, store: t.store, limiter: new MemoryLimiter(), logger });
  const cred = await t.credential(empresa, { scopes: ['clientes:ler', 'os:ler'] });
  const user = await addUser(t, empresa);
  const basic = basicHeader(cred.clientId, cred.secret);
  const wrongBasic = basicHeader(cred.clientId, `${cred.secret}x`);
  try {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const token = async (authorization: string, payload: string) =>
      app.inject({ method: 'POST', url: '/v1/oauth/token', remoteAddress: uniqueSourceIp(), headers: { authorization, ...form }, payload });
    const granted = await token(basic, 'grant_type=client_credentials');
    assert.equal(granted.statusCode, 200);
    const accessToken = (granted.json() as { access_token: string }).access_token;
    assert.equal((await token(wrongBasic, 'grant_type=client_credentials')).statusCode, 401);
    assert.equal((await token(basic, 'grant_type=client_credentials&scope=boletos:ler')).statusCode, 400);
    const bearer = { authorization: `Bearer ${accessToken}` };
    assert.equal((await app.inject({ method: 'GET', url: '/v1/clientes?nome=nivel', headers: bearer })).statusCode, 200);
    assert.equal((await app.inject({ method: 'GET', url: '/v1/clientes/9201', headers: bearer })).statusCode, 200);
    assert.equal((await app.inject({ method: 'GET', url: '/v1/boletos', headers: bearer })).statusCode, 403);
    assert.equal(
      (await app.inject({ method: 'GET', url: '/v1/clientes', headers: { authorization: 'Bearer ae_at_nope' } })).statusCode,
      401,
    );
    const signIn = await app.inject({
      method: 'POST',
      url: '/settings/api/session',
      remoteAddress: uniqueSourceIp(),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: user.email, senha: user.senha }),
    });
    assert.equal(signIn.statusCode, 200);
    const session = /ae_session=([^;]*)/.exec(String(signIn.headers['set-cookie']))?.[1] ?? '';
    logger.flush();
    const raw = chunks.join('');
    const lines = raw
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as Line);
    const canaries = [
      cred.secret,
      `${cred.secret}x`,
      accessToken,
      basic.slice('Basic '.length),
      wrongBasic.slice('Basic '.length),
      user.senha,
      session,
    ];
    return { raw, lines, canaries };
  } finally {
    await app.close();
  }
}

test('debug logs more than info, and trace more than debug: the principal, the limiter, the token steps, store timings', async () => {
  const info = await flowAt('info');
  const debug = await flowAt('debug');
  const trace = await flowAt('trace');
  assert.ok(debug.lines.length > info.lines.length, `debug ${debug.lines.length} lines, info ${info.lines.length}`);
  assert.ok(trace.lines.length > debug.lines.length, `trace ${trace.lines.length} lines, debug ${debug.lines.length}`);
  assert.ok(
    info.lines.every((l) => l.level >= 30),
    'info writes nothing below info',
  );

  const at = (run: typeof debug, msg: string) => run.lines.filter((l) => l.msg === msg);
  for (const run of [debug, trace]) {
    const guard = at(run, 'data guard: principal, rate limit, allowlist and scope');
    assert.equal(guard.length, 3, 'one per request with a valid token');
    assert.ok(guard.every((l) => typeof l.client_id === 'string' && l.empresa_id === empresa && typeof l.count === 'number'));
    assert.deepEqual(guard.map((l) => l.required_scope).sort(), ['boletos:ler', 'clientes:ler', 'clientes:ler']);
    assert.equal(at(run, 'data guard: no valid bearer token').length, 1);
    assert.equal(at(run, 'token: attempt counted').length, 3);
    assert.equal(at(run, 'token: client authenticated').length, 2);
    assert.deepEqual(
      at(run, 'token: client refused').map((l) => l.reason),
      ['wrong secret'],
    );
    assert.deepEqual(
      at(run, 'token: scopes: refused').map((l) => l.error),
      ['invalid_scope'],
    );
    assert.deepEqual(
      at(run, 'token: scopes granted').map((l) => l.scopes),
      [['clientes:ler', 'os:ler']],
    );
    assert.equal(at(run, 'token: issued').length, 1);
  }
  const timings = trace.lines.filter((l) => typeof l.store_ms === 'number').map((l) => l.msg);
  for (const msg of ['data guard: token looked up', 'list page read', 'record read', 'token: client looked up', 'token: token stored'])
    assert.ok(timings.includes(msg), `trace times "${msg}"`);
  assert.equal(debug.lines.filter((l) => 'store_ms' in l).length, 0, 'timings are trace only');
});

test('no level logs a secret, a token, a Basic header, a password or a session id', async () => {
  for (const level of ['info', 'debug', 'trace'] as const) {
    const run = await flowAt(level);
    for (const canary of run.canaries) assert.ok(!run.raw.includes(canary), `${level}: a canary (${canary.slice(0, 6)}…) was logged`);
    assert.doesNotMatch(run.raw, /ae_sk_|ae_at_[A-Za-z0-9_-]{20}/, `${level}: nothing shaped like a secret or a token`);
  }
});
