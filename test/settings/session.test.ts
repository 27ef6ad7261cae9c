import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryLimiter } from '../../src/ratelimit/memory-limiter.ts';
import { TestApp, uniqueSourceIp } from '../helpers/test-app.ts';
import { addUser, Browser, errorOf, postSignIn, sessionIdOf, type TestUser } from './settings-client.ts';

let t: TestApp;
let empresa: number;

before(async () => {
  t = await TestApp.start();
  empresa = await t.company();
});
after(async () => t.close());

function cookieHeader(res: { headers: Record<string, unknown> }): string {
  const header = res.headers['set-cookie'];
  return String(Array.isArray(header) ? header[0] : header);
}

/** The parts of an error answer that must not differ between failure causes (request_id does). */
function comparable(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  const { request_id: _id, ...erro } = (res.json() as { erro: Record<string, unknown> }).erro;
  const { 'x-request-id': _rid, date: _date, ...headers } = res.headers;
  return { status: res.statusCode, erro, headers };
}

async function sessionRows(usuarioId: number): Promise<number> {
  const { rows } = await t.store.pool.query<{ n: string }>('SELECT count(*) AS n FROM settings_sessions WHERE usuario_id = $1', [
    usuarioId,
  ]);
  return Number(rows[0]?.n);
}

describe('sign-in', () => {
  test('sets an opaque HttpOnly, SameSite=Strict cookie on /settings, not Secure over plain HTTP, and answers usuario + csrf_token', async () => {
    const user = await addUser(t, empresa);
    const res = await postSignIn(t, { email: user.email, senha: user.senha });
    assert.equal(res.statusCode, 200);
    const cookie = cookieHeader(res);
    assert.match(cookie, /^ae_session=[A-Za-z0-9_-]{43}; /);
    const attrs = cookie.split('; ').slice(1);
    assert.deepEqual(attrs.sort(), ['HttpOnly', 'Path=/settings', 'SameSite=Strict']);
    const body = res.json() as { usuario: Record<string, unknown>; csrf_token: string };
    assert.deepEqual(body.usuario, {
      id: user.id,
      nome: user.nome,
      email: user.email,
      empresa: { id: empresa, nome: `Empresa de teste ${empresa}` },
      api_externa: true,
    });
    assert.match(body.csrf_token, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(res.headers['cache-control'], 'no-store');
  });

  test('the e-mail is matched case-insensitively and trimmed', async () => {
    const user = await addUser(t, empresa);
    const res = await postSignIn(t, { email: `  ${user.email.toUpperCase()} `, senha: user.senha });
    assert.equal(res.statusCode, 200);
  });

  test('the server keeps only the SHA-256 of the session id', async () => {
    const user = await addUser(t, empresa);
    const b = await Browser.signIn(t, user);
    const { rows } = await t.store.pool.query<{ id_hash: Buffer }>('SELECT id_hash FROM settings_sessions WHERE usuario_id = $1', [
      user.id,
    ]);
    assert.equal(rows.length, 1);
    const { createHash } = await import('node:crypto');
    assert.deepEqual(rows[0]?.id_hash, createHash('sha256').update(b.sessionId).digest());
  });

  test('Secure follows the real protocol: HTTPS reported by a trusted proxy, never a forged X-Forwarded-Proto', async () => {
    const user = await addUser(t, empresa);
    const behindProxy = await t.sibling({ trustProxy: ['127.0.0.1'] });
    try {
      const https = await postSignIn(behindProxy, { email: user.email, senha: user.senha }, '127.0.0.1', { 'x-forwarded-proto': 'https' });
      assert.equal(https.statusCode, 200);
      assert.match(cookieHeader(https), /; Secure(;|$)/);
      const http = await postSignIn(behindProxy, { email: user.email, senha: user.senha }, '127.0.0.1', { 'x-forwarded-proto': 'http' });
      assert.doesNotMatch(cookieHeader(http), /Secure/);
    } finally {
      await behindProxy.app.close();
    }
    // No TRUST_PROXY: the header is anyone's to send, so it is ignored.
    const forged = await postSignIn(t, { email: user.email, senha: user.senha }, uniqueSourceIp(), { 'x-forwarded-proto': 'https' });
    assert.equal(forged.statusCode, 200);
    assert.doesNotMatch(cookieHeader(forged), /Secure/);
  });

  test('a wrong password, an unknown e-mail and a deleted user get identical answers', async () => {
    const user = await addUser(t, empresa);
    const deleted = await addUser(t, empresa, { excluido: true });
    const wrong = await postSignIn(t, { email: user.email, senha: 'nao-e-esta' });
    const unknown = await postSignIn(t, { email: 'ninguem@teste.com.br', senha: 'qualquer' });
    const gone = await postSignIn(t, { email: deleted.email, senha: deleted.senha });
    assert.equal(wrong.statusCode, 401);
    assert.equal(errorOf(wrong).codigo, 'nao_autenticado');
    assert.equal(errorOf(wrong).mensagem, 'E-mail ou senha incorretos.');
    assert.deepEqual(comparable(unknown), comparable(wrong));
    assert.deepEqual(comparable(gone), comparable(wrong));
    assert.equal(wrong.headers['set-cookie'], undefined);
  });

  test('an unknown e-mail runs the KDF too (it takes about as long as a wrong password)', async () => {
    const user = await addUser(t, empresa);
    const time = async (body: { email: string; senha: string }) => {
      const start = process.hrtime.bigint();
      await postSignIn(t, body);
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    await time({ email: 'aquecimento@teste.com.br', senha: 'x' });
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      wrong.push(await time({ email: user.email, senha: `errada-${i}` }));
      unknown.push(await time({ email: `desconhecido-${i}@teste.com.br`, senha: 'x' }));
    }
    // A short-cut for unknown e-mails would answer in a few ms against tens of ms for scrypt.
    assert.ok(Math.min(...unknown) > Math.min(...wrong) * 0.4, `unknown ${unknown.join(', ')} ms vs wrong ${wrong.join(', ')} ms`);
  });

  test('a user without api_externa signs in (to be told "sem permissão"), flagged api_externa: false', async () => {
    const user = await addUser(t, empresa, { permissoes: ['financeiro'] });
    const b = await Browser.signIn(t, user);
    assert.equal((b.signInResponse.json() as { usuario: { api_externa: boolean } }).usuario.api_externa, false);
  });

  test('missing fields, unknown fields, a non-JSON type and bad JSON are 400 dados_invalidos', async () => {
    const missing = await postSignIn(t, '{"email":""}');
    assert.equal(missing.statusCode, 400);
    assert.equal(errorOf(missing).codigo, 'dados_invalidos');
    assert.deepEqual(
      errorOf(missing).detalhes.map((d) => d.campo),
      ['email', 'senha'],
    );
    const extra = await postSignIn(t, '{"email":"a@b.c","senha":"x","lembrar":true}');
    assert.deepEqual(
      errorOf(extra).detalhes.map((d) => d.campo),
      ['lembrar'],
    );
    for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x']) {
      const res = await postSignIn(t, 'email=a%40b.c&senha=x', uniqueSourceIp(), { 'content-type': type });
      assert.equal(res.statusCode, 400, type);
      assert.equal(errorOf(res).codigo, 'dados_invalidos');
    }
    assert.equal(errorOf(await postSignIn(t, '{"email":')).codigo, 'dados_invalidos');
    assert.equal(errorOf(await postSignIn(t, '["a"]')).codigo, 'dados_invalidos');
    const huge = await postSignIn(t, JSON.stringify({ email: 'a@b.c', senha: 'x'.repeat(20_000) }));
    assert.equal(huge.statusCode, 400);
    assert.equal(errorOf(huge).codigo, 'dados_invalidos');
  });

  test('a NUL or a lone surrogate in the e-mail or the password is 400 dados_invalidos naming the field, never a 500', async () => {
    const user = await addUser(t, empresa);
    const cases: [string, string[]][] = [
      [JSON.stringify({ email: `a\u0000${user.email}`, senha: user.senha }), ['email']],
      [JSON.stringify({ email: `${user.email}\ud800`, senha: user.senha }), ['email']],
      [JSON.stringify({ email: user.email, senha: `${user.senha}\u0000` }), ['senha']],
      [JSON.stringify({ email: user.email, senha: `\udc00${user.senha}` }), ['senha']],
      // a field name cannot name itself: the body is named
      [`{"email":${JSON.stringify(user.email)},"senha":${JSON.stringify(user.senha)},"x\\u0000":1}`, ['corpo']],
    ];
    for (const [body, campos] of cases) {
      const res = await postSignIn(t, body);
      assert.equal(res.statusCode, 400, body);
      assert.equal(errorOf(res).codigo, 'dados_invalidos');
      assert.deepEqual(
        errorOf(res).detalhes.map((d) => d.campo),
        campos,
        body,
      );
      assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
    }
    // A well-formed surrogate pair is ordinary text (an unknown e-mail here).
    assert.equal((await postSignIn(t, { email: 'emoji\ud83d\ude00@teste.com.br', senha: 'x' })).statusCode, 401);
  });

  test('a foreign Origin is refused (403 csrf_invalido); the own origin passes', async () => {
    const user = await addUser(t, empresa);
    const foreign = await postSignIn(t, { email: user.email, senha: user.senha }, uniqueSourceIp(), { origin: 'https://evil.example' });
    assert.equal(foreign.statusCode, 403);
    assert.equal(errorOf(foreign).codigo, 'csrf_invalido');
    const nullOrigin = await postSignIn(t, { email: user.email, senha: user.senha }, uniqueSourceIp(), { origin: 'null' });
    assert.equal(nullOrigin.statusCode, 403);
    const own = await postSignIn(t, { email: user.email, senha: user.senha }, uniqueSourceIp(), { origin: 'http://localhost' });
    assert.equal(own.statusCode, 200);
  });

  test('signing in again gives a new session id and ends the one the browser had', async () => {
    const user = await addUser(t, empresa);
    const first = await Browser.signIn(t, user);
    const again = await postSignIn(t, { email: user.email, senha: user.senha }, first.ip, { cookie: `ae_session=${first.sessionId}` });
    assert.equal(again.statusCode, 200);
    assert.notEqual(sessionIdOf(again), first.sessionId);
    assert.equal((await first.get('/settings/api/session')).statusCode, 401);
  });
});

describe('sign-in attempt limits', () => {
  const FROZEN = Date.UTC(2030, 0, 10, 12, 0, 45); // 15 s before the window ends

  test('5 per minute per account, whatever the source: the 6th is 429 muitas_tentativas with Retry-After', async () => {
    const s = await t.sibling({ limiter: new MemoryLimiter(() => FROZEN) });
    try {
      const user = await addUser(t, empresa);
      for (let i = 0; i < 5; i++) {
        assert.equal((await postSignIn(s, { email: user.email, senha: 'errada' }, uniqueSourceIp())).statusCode, 401, `attempt ${i + 1}`);
      }
      // Even the right password waits: the limit is checked before the password.
      const refused = await postSignIn(s, { email: user.email.toUpperCase(), senha: user.senha }, uniqueSourceIp());
      assert.equal(refused.statusCode, 429);
      assert.equal(refused.headers['retry-after'], '15');
      assert.equal(errorOf(refused).codigo, 'muitas_tentativas');
      assert.equal(errorOf(refused).mensagem, 'Muitas tentativas de entrada nesta conta. Aguarde 15 segundos e tente novamente.');
      // Another account from the same place is not affected.
      const other = await addUser(t, empresa);
      assert.equal((await postSignIn(s, { email: other.email, senha: other.senha })).statusCode, 200);
    } finally {
      await s.app.close();
    }
  });

  test('20 per minute per source IP, across accounts; a new window lets them in again', async () => {
    let now = FROZEN;
    const s = await t.sibling({ limiter: new MemoryLimiter(() => now) });
    try {
      const ip = uniqueSourceIp();
      for (let i = 0; i < 20; i++) {
        assert.equal((await postSignIn(s, { email: `tentativa${i}@teste.com.br`, senha: 'x' }, ip)).statusCode, 401);
      }
      const user = await addUser(t, empresa);
      const refused = await postSignIn(s, { email: user.email, senha: user.senha }, ip);
      assert.equal(refused.statusCode, 429);
      assert.equal(refused.headers['retry-after'], '15');
      assert.match(errorOf(refused).mensagem, /^Muitas tentativas de entrada a partir deste endereço\. Aguarde 15 segundos/);
      now += 15_000;
      assert.equal((await postSignIn(s, { email: user.email, senha: user.senha }, ip)).statusCode, 200);
    } finally {
      await s.app.close();
    }
  });
});

describe('session lifetime', () => {
  async function signedIn(): Promise<{ user: TestUser; b: Browser }> {
    const user = await addUser(t, empresa);
    return { user, b: await Browser.signIn(t, user) };
  }

  test('GET /settings/api/session answers the user and the CSRF token; without a cookie 401 nao_autenticado', async () => {
    const { b } = await signedIn();
    const res = await b.get('/settings/api/session');
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), b.signInResponse.json());
    const none = await t.app.inject({ method: 'GET', url: '/settings/api/session' });
    assert.equal(none.statusCode, 401);
    assert.equal(errorOf(none).codigo, 'nao_autenticado');
    const forged = await t.app.inject({ method: 'GET', url: '/settings/api/session', headers: { cookie: `ae_session=${'A'.repeat(43)}` } });
    assert.equal(forged.statusCode, 401);
    assert.match(String(forged.headers['set-cookie']), /^ae_session=; .*Max-Age=0/);
  });

  test('two ae_session cookies count as none', async () => {
    const { b } = await signedIn();
    const res = await t.app.inject({
      method: 'GET',
      url: '/settings/api/session',
      headers: { cookie: `ae_session=${b.sessionId}; ae_session=${'B'.repeat(43)}` },
    });
    assert.equal(res.statusCode, 401);
  });

  test('30 minutes idle end the session; each use restarts the idle clock', async () => {
    const { user, b } = await signedIn();
    await t.store.pool.query("UPDATE settings_sessions SET last_seen_at = now() - interval '29 minutes' WHERE usuario_id = $1", [user.id]);
    assert.equal((await b.get('/settings/api/session')).statusCode, 200);
    const { rows } = await t.store.pool.query<{ fresh: boolean }>(
      "SELECT last_seen_at > now() - interval '1 minute' AS fresh FROM settings_sessions WHERE usuario_id = $1",
      [user.id],
    );
    assert.equal(rows[0]?.fresh, true, 'the use refreshed last_seen_at');
    await t.store.pool.query("UPDATE settings_sessions SET last_seen_at = now() - interval '30 minutes 1 second' WHERE usuario_id = $1", [
      user.id,
    ]);
    const res = await b.get('/settings/api/session');
    assert.equal(res.statusCode, 401);
    assert.equal(errorOf(res).codigo, 'nao_autenticado');
  });

  test('12 hours after sign-in the session ends, however active', async () => {
    const { user, b } = await signedIn();
    const { rows } = await t.store.pool.query<{ hours: number }>(
      'SELECT extract(epoch FROM expires_at - created_at)::int / 3600 AS hours FROM settings_sessions WHERE usuario_id = $1',
      [user.id],
    );
    assert.equal(rows[0]?.hours, 12);
    await t.store.pool.query("UPDATE settings_sessions SET expires_at = now() - interval '1 second' WHERE usuario_id = $1", [user.id]);
    assert.equal((await b.get('/settings/api/session')).statusCode, 401);
  });

  test('a user deleted, or whose company is deleted, mid-session is signed out at once', async () => {
    const { user, b } = await signedIn();
    await t.store.pool.query('UPDATE usuarios SET excluido = true WHERE id = $1', [user.id]);
    assert.equal((await b.get('/settings/api/session')).statusCode, 401);
    const other = await t.company();
    const colleague = await addUser(t, other);
    const c = await Browser.signIn(t, colleague);
    await t.store.pool.query('UPDATE empresas SET excluido = true WHERE id = $1', [other]);
    assert.equal((await c.get('/settings/api/session')).statusCode, 401);
    assert.equal((await postSignIn(t, { email: colleague.email, senha: colleague.senha })).statusCode, 401);
  });

  test('sign-out needs the CSRF token, ends the session and clears the cookie', async () => {
    const { user, b } = await signedIn();
    const noToken = await b.send('DELETE', '/settings/api/session', undefined, { 'x-csrf-token': '' });
    assert.equal(noToken.statusCode, 403);
    assert.equal(errorOf(noToken).codigo, 'csrf_invalido');
    const res = await b.send('DELETE', '/settings/api/session');
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), {});
    assert.equal(res.headers['set-cookie'], 'ae_session=; Path=/settings; HttpOnly; SameSite=Strict; Max-Age=0');
    assert.equal(await sessionRows(user.id), 0);
    assert.equal((await b.get('/settings/api/session')).statusCode, 401);
    assert.equal((await b.get('/settings/api/credentials')).statusCode, 401);
  });
});

describe('sign-in audit', () => {
  interface Row {
    action: string;
    actor_type: string;
    actor_usuario_id: number | null;
    empresa_id: number | null;
    ip: string | null;
    details: Record<string, unknown>;
  }
  async function eventsFor(ip: string): Promise<Row[]> {
    const { rows } = await t.store.pool.query<Row>(
      'SELECT action, actor_type, actor_usuario_id, empresa_id, ip, details FROM audit_events WHERE ip = $1 ORDER BY id',
      [ip],
    );
    return rows;
  }

  test('success, failure on an existing account, failure on an unknown e-mail and sign-out are recorded, never the password', async () => {
    const user = await addUser(t, empresa);
    const ip = uniqueSourceIp();
    await postSignIn(t, { email: user.email, senha: 'senha-errada-123' }, ip);
    await postSignIn(t, { email: 'fantasma@teste.com.br', senha: 'senha-errada-456' }, ip);
    const b = await Browser.signIn(t, user, ip);
    await b.send('DELETE', '/settings/api/session');
    const events = await eventsFor(ip);
    assert.deepEqual(events, [
      {
        action: 'session.sign_in_failed',
        actor_type: 'usuario',
        actor_usuario_id: user.id,
        empresa_id: empresa,
        ip,
        details: { email: user.email },
      },
      {
        action: 'session.sign_in_failed',
        actor_type: 'anonimo',
        actor_usuario_id: null,
        empresa_id: null,
        ip,
        details: { email: 'fantasma@teste.com.br' },
      },
      { action: 'session.sign_in', actor_type: 'usuario', actor_usuario_id: user.id, empresa_id: empresa, ip, details: {} },
      { action: 'session.sign_out', actor_type: 'usuario', actor_usuario_id: user.id, empresa_id: empresa, ip, details: {} },
    ]);
    const all = JSON.stringify(events);
    for (const secret of ['senha-errada-123', 'senha-errada-456', user.senha, b.sessionId, b.csrf]) assert.ok(!all.includes(secret));
  });
});
