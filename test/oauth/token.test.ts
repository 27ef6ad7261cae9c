import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { basicHeader, TestApp, uniqueSourceIp, type TestCredential } from '../helpers/test-app.ts';
import { revokeCredential, rotateSecret } from '../../src/credentials/credentials.service.ts';
import { OPERATOR } from '../../src/credentials/audit.ts';
import { MemoryLimiter } from '../../src/ratelimit/memory-limiter.ts';

const FORM = 'application/x-www-form-urlencoded';
let t: TestApp;
let empresa: number;

before(async () => {
  t = await TestApp.start();
  empresa = await t.company();
});
after(async () => t.close());

function post(options: { headers?: Record<string, string>; payload?: string; url?: string; ip?: string; via?: TestApp }) {
  return (options.via ?? t).app.inject({
    method: 'POST',
    url: options.url ?? '/v1/oauth/token',
    remoteAddress: options.ip ?? uniqueSourceIp(),
    headers: { 'content-type': FORM, ...options.headers },
    payload: options.payload ?? 'grant_type=client_credentials',
  });
}

function assertOAuthError(res: { statusCode: number; json(): unknown }, status: number, error: string): void {
  assert.equal(res.statusCode, status);
  const body = res.json() as { error: string; error_description: string };
  assert.equal(body.error, error);
  assert.deepEqual(Object.keys(body).sort(), ['error', 'error_description']);
  // D39: printable ASCII without quote or backslash
  assert.match(body.error_description, /^[\x20-\x21\x23-\x5b\x5d-\x7e]+$/);
}

describe('POST /v1/oauth/token success', () => {
  test('issues a Bearer token for 3600 s with every scope of the credential, no-store', async () => {
    const cred = await t.credential(empresa, { scopes: ['os:ler', 'clientes:ler'] });
    const res = await t.requestToken(cred);
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.equal(res.headers.pragma, 'no-cache');
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
    const body = res.json() as Record<string, unknown>;
    assert.deepEqual(Object.keys(body).sort(), ['access_token', 'expires_in', 'scope', 'token_type']);
    assert.equal(body.token_type, 'Bearer');
    assert.equal(body.expires_in, 3600);
    // D26: a stable order (the catalogue's), whatever order the credential was created with
    assert.equal(body.scope, 'clientes:ler os:ler');
    // D40: base64url alphabet; D30: at least 256 random bits
    assert.match(String(body.access_token), /^[A-Za-z0-9_-]{43,}$/);
  });

  test('grants a requested subset, and an empty scope grants everything (D26)', async () => {
    const cred = await t.credential(empresa, { scopes: ['os:ler', 'clientes:ler', 'boletos:ler'] });
    const subset = await t.requestToken(cred, 'grant_type=client_credentials&scope=boletos:ler+os:ler+os:ler');
    assert.equal(subset.statusCode, 200);
    assert.equal((subset.json() as { scope: string }).scope, 'os:ler boletos:ler');
    const empty = await t.requestToken(cred, 'grant_type=client_credentials&scope=');
    assert.equal((empty.json() as { scope: string }).scope, 'clientes:ler os:ler boletos:ler');
  });

  test('a scope made only of spaces names no scope: invalid_scope, never every scope (D26, as amended)', async () => {
    const cred = await t.credential(empresa, { scopes: ['os:ler', 'clientes:ler'] });
    for (const scope of ['+', '%20%20', '+%20+']) {
      const res = await t.requestToken(cred, `grant_type=client_credentials&scope=${scope}`);
      assert.equal(res.statusCode, 400, scope);
      assert.equal((res.json() as { error: string }).error, 'invalid_scope', scope);
    }
  });

  test('accepts a charset parameter and any case in the media type (D29)', async () => {
    const cred = await t.credential(empresa);
    const res = await post({
      headers: {
        authorization: basicHeader(cred.clientId, cred.secret),
        'content-type': 'Application/X-WWW-Form-URLEncoded; charset=utf-8',
      },
    });
    assert.equal(res.statusCode, 200);
  });

  test('accepts the Basic scheme name in any case and a body client_id equal to the Basic one (D25)', async () => {
    const cred = await t.credential(empresa);
    const header = basicHeader(cred.clientId, cred.secret).replace('Basic', 'bAsIc');
    const res = await post({ headers: { authorization: header }, payload: `grant_type=client_credentials&client_id=${cred.clientId}` });
    assert.equal(res.statusCode, 200);
  });

  test('ignores unknown body parameters (D26)', async () => {
    const cred = await t.credential(empresa);
    const res = await t.requestToken(cred, 'grant_type=client_credentials&audience=x');
    assert.equal(res.statusCode, 200);
  });

  test('a body of exactly 8192 bytes is accepted (D41)', async () => {
    const cred = await t.credential(empresa);
    const base = 'grant_type=client_credentials&pad=';
    const res = await t.requestToken(cred, base + 'x'.repeat(8192 - base.length));
    assert.equal(res.statusCode, 200);
  });
});

describe('client authentication errors', () => {
  let cred: TestCredential;
  before(async () => {
    cred = await t.credential(empresa);
  });

  test('no Basic header: 401 invalid_client with WWW-Authenticate Basic (D25)', async () => {
    const res = await post({});
    assertOAuthError(res, 401, 'invalid_client');
    assert.equal(res.headers['www-authenticate'], 'Basic realm="api-externa"');
  });

  test('wrong secret, unknown id, revoked and expired give byte-identical bodies (D25)', async () => {
    const wrong = await post({ headers: { authorization: basicHeader(cred.clientId, 'not-the-secret') } });
    const unknown = await post({ headers: { authorization: basicHeader('ae_live_doesnotexist', cred.secret) } });
    const revokedCred = await t.credential(empresa);
    await revokeCredential(t.store.central, revokedCred.clientId, OPERATOR);
    const revoked = await t.requestToken(revokedCred);
    const expiredCred = await t.credential(empresa, { expires: '2020-01-01' });
    const expired = await t.requestToken(expiredCred);
    for (const res of [wrong, unknown, revoked, expired]) assertOAuthError(res, 401, 'invalid_client');
    assert.equal(unknown.body, wrong.body);
    assert.equal(revoked.body, wrong.body);
    assert.equal(expired.body, wrong.body);
  });

  test('a client id that can never exist (a NUL, raw or %00) is the same 401 as an unknown id, never a 500 (D25, D40)', async () => {
    const unknown = await post({ headers: { authorization: basicHeader('ae_live_doesnotexist', cred.secret) } });
    const rawNul = `Basic ${Buffer.from(`ae\u0000raw:${cred.secret}`).toString('base64')}`;
    const answers = [
      // %00 form-encoded before Base64, as RFC 6749 2.3.1 clients send it
      await post({ headers: { authorization: basicHeader('ae\u0000encoded', cred.secret) } }),
      await post({ headers: { authorization: rawNul } }),
      // the same id in the body too, so the body check lets it through to the lookup
      await post({ headers: { authorization: rawNul }, payload: 'grant_type=client_credentials&client_id=ae%00raw' }),
      // a body client_id alone is no client authentication at all
      await post({ payload: 'grant_type=client_credentials&client_id=ae%00body' }),
      await post({ headers: { authorization: basicHeader('ae_live_\u00e9\u4e2d', cred.secret) } }),
      await post({ headers: { authorization: basicHeader('x'.repeat(129), cred.secret) } }),
    ];
    for (const res of answers) {
      assertOAuthError(res, 401, 'invalid_client');
      assert.equal(res.body, unknown.body);
      assert.equal(res.headers['www-authenticate'], 'Basic realm="api-externa"');
    }
  });

  test('a credential expiring today in America/Sao_Paulo still works (D32)', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const c = await t.credential(empresa, { expires: today });
    assert.equal((await t.requestToken(c)).statusCode, 200);
  });

  test('rotation: the old secret is refused, the new one works', async () => {
    const c = await t.credential(empresa);
    const { client_secret } = await rotateSecret(t.store.central, c.clientId, OPERATOR);
    assertOAuthError(await t.requestToken(c), 401, 'invalid_client');
    assert.equal((await t.requestToken({ ...c, secret: client_secret })).statusCode, 200);
  });

  test('malformed Basic headers are invalid_request (D25)', async () => {
    const cases = [
      'Basic !!!notbase64',
      `Basic ${Buffer.from('no-colon-here').toString('base64')}`,
      `Basic ${Buffer.from(`${cred.clientId}:bad%zzescape`).toString('base64')}`,
    ];
    for (const authorization of cases) assertOAuthError(await post({ headers: { authorization } }), 400, 'invalid_request');
  });

  test('Basic with empty credentials is a malformed Basic header, not a missing one (D25)', async () => {
    // The empty credential part decodes to "", which has no colon: invalid_request, like any
    // Basic header that does not carry id:secret; a Basic value that is not one Base64 token too.
    for (const authorization of ['Basic', 'basic', 'Basic   ', `Basic ${Buffer.from(`${cred.clientId}:x`).toString('base64')} extra`]) {
      const res = await post({ headers: { authorization } });
      assertOAuthError(res, 400, 'invalid_request');
      assert.equal(res.headers['www-authenticate'], undefined, authorization);
    }
    // Another scheme is no Basic header at all: 401 invalid_client with the Basic challenge.
    for (const authorization of ['Bearer abc', 'Bearer']) {
      const res = await post({ headers: { authorization } });
      assertOAuthError(res, 401, 'invalid_client');
      assert.equal(res.headers['www-authenticate'], 'Basic realm="api-externa"');
    }
  });

  test('a secret with reserved characters is form-urlencoded before Base64 (RFC 6749 2.3.1)', async () => {
    // Our secrets use base64url only (D40), so prove the decoding with a client id carrying
    // reserved characters encoded by the client: ":" inside an id must arrive as %3A.
    const encodedId = encodeURIComponent(cred.clientId);
    const encodedSecret = encodeURIComponent(cred.secret);
    const header = `Basic ${Buffer.from(`${encodedId}:${encodedSecret}`).toString('base64')}`;
    assert.equal((await post({ headers: { authorization: header } })).statusCode, 200);
    const plusAsSpace = `Basic ${Buffer.from(`${cred.clientId}+:${cred.secret}`).toString('base64')}`;
    assertOAuthError(await post({ headers: { authorization: plusAsSpace } }), 401, 'invalid_client');
    const escapedColon = `Basic ${Buffer.from(`${cred.clientId}%3A:${cred.secret}`).toString('base64')}`;
    assertOAuthError(await post({ headers: { authorization: escapedColon } }), 401, 'invalid_client');
  });

  test('client_secret in the body is invalid_request, with or without Basic (D25)', async () => {
    const withBasic = await post({
      headers: { authorization: basicHeader(cred.clientId, cred.secret) },
      payload: `grant_type=client_credentials&client_secret=${cred.secret}`,
    });
    assertOAuthError(withBasic, 400, 'invalid_request');
    const bodyOnly = await post({ payload: `grant_type=client_credentials&client_id=${cred.clientId}&client_secret=${cred.secret}` });
    assertOAuthError(bodyOnly, 400, 'invalid_request');
  });

  test('a body client_id different from the Basic one is invalid_request (D25)', async () => {
    const res = await post({
      headers: { authorization: basicHeader(cred.clientId, cred.secret) },
      payload: 'grant_type=client_credentials&client_id=other',
    });
    assertOAuthError(res, 400, 'invalid_request');
  });
});

describe('request format errors', () => {
  // A fresh credential per request keeps the per-client attempt limit (D27) out of these cases.
  let auth = '';
  beforeEach(async () => {
    const cred = await t.credential(empresa);
    auth = basicHeader(cred.clientId, cred.secret);
  });

  test('credentials or parameters in the query string are invalid_request (D26)', async () => {
    assertOAuthError(
      await post({ headers: { authorization: auth }, url: '/v1/oauth/token?grant_type=client_credentials' }),
      400,
      'invalid_request',
    );
  });

  test('other content types and a missing one are 415 invalid_request (D41)', async () => {
    for (const type of ['application/json', 'text/plain', 'multipart/form-data; boundary=x']) {
      assertOAuthError(await post({ headers: { authorization: auth, 'content-type': type } }), 415, 'invalid_request');
    }
    const missing = await t.app.inject({
      method: 'POST',
      url: '/v1/oauth/token',
      remoteAddress: uniqueSourceIp(),
      headers: { authorization: auth },
      payload: Buffer.from('grant_type=client_credentials'),
    });
    assertOAuthError(missing, 415, 'invalid_request');
  });

  test('8193 bytes are 413 invalid_request, chunked too (D41)', async () => {
    const base = 'grant_type=client_credentials&pad=';
    const big = base + 'x'.repeat(8193 - base.length);
    assertOAuthError(await post({ headers: { authorization: auth }, payload: big }), 413, 'invalid_request');
    const { Readable } = await import('node:stream');
    const chunked = await t.app.inject({
      method: 'POST',
      url: '/v1/oauth/token',
      remoteAddress: uniqueSourceIp(),
      headers: { authorization: auth, 'content-type': FORM, 'transfer-encoding': 'chunked' },
      payload: Readable.from([Buffer.from(big.slice(0, 4000)), Buffer.from(big.slice(4000))]),
    });
    assertOAuthError(chunked, 413, 'invalid_request');
  });

  test('repeated parameters are invalid_request, even with equal values (D26)', async () => {
    const res = await post({ headers: { authorization: auth }, payload: 'grant_type=client_credentials&grant_type=client_credentials' });
    assertOAuthError(res, 400, 'invalid_request');
  });

  test('missing grant_type is invalid_request; another grant is unsupported_grant_type', async () => {
    assertOAuthError(await post({ headers: { authorization: auth }, payload: 'scope=os:ler' }), 400, 'invalid_request');
    assertOAuthError(await post({ headers: { authorization: auth }, payload: 'grant_type=' }), 400, 'invalid_request');
    assertOAuthError(await post({ headers: { authorization: auth }, payload: 'grant_type=password' }), 400, 'unsupported_grant_type');
  });

  test('unknown scopes and scopes the credential lacks are invalid_scope; scope values are case-sensitive', async () => {
    const cred = await t.credential(empresa, { scopes: ['os:ler'] });
    for (const scope of ['nao:existe', 'clientes:ler', 'OS:LER', 'os:ler clientes:ler']) {
      assertOAuthError(
        await t.requestToken(cred, `grant_type=client_credentials&scope=${encodeURIComponent(scope)}`),
        400,
        'invalid_scope',
      );
    }
  });

  test('GET on the token route is 405 in the data envelope with Allow: POST (D2)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/oauth/token' });
    assert.equal(res.statusCode, 405);
    assert.equal(res.headers.allow, 'POST');
    assert.equal((res.json() as { erro: { codigo: string } }).erro.codigo, 'metodo_nao_permitido');
  });
});

describe('attempt limits (D27)', () => {
  // A frozen clock keeps every attempt of a test inside one window, whenever the test runs.
  let frozen: TestApp;
  before(async () => {
    const start = Math.floor(Date.now() / 60_000) * 60_000 + 30_000;
    frozen = await t.sibling({ limiter: new MemoryLimiter(() => start) });
  });
  after(async () => frozen.app.close());
  test('the 21st attempt from one IP within a minute is 429 temporarily_unavailable with Retry-After', async () => {
    const ip = '192.0.2.77';
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      // A fresh unknown client id each time, so only the per-IP limit can refuse.
      const res = await post({ via: frozen, ip, headers: { authorization: basicHeader(`ae_live_unknown${i}`, 'x') } });
      statuses.push(res.statusCode);
      if (i === 20) {
        assertOAuthError(res, 429, 'temporarily_unavailable');
        const retry = Number(res.headers['retry-after']);
        assert.equal(retry, 30, 'seconds from hh:mm:30 to the end of the window');
      }
    }
    assert.deepEqual(statuses.slice(0, 20), Array(20).fill(401));
  });

  test('the 6th attempt for one client id within a minute is 429, even with the right secret, before the secret is checked', async () => {
    const cred = await t.credential(empresa);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await post({ via: frozen, headers: { authorization: basicHeader(cred.clientId, 'wrong') } })).statusCode);
    assert.deepEqual(statuses, [401, 401, 401, 401, 401]);
    assertOAuthError(await frozen.requestToken(cred), 429, 'temporarily_unavailable');
  });

  test('unknown client ids are counted too', async () => {
    const id = 'ae_live_neverexisted';
    for (let i = 0; i < 5; i++) await post({ via: frozen, headers: { authorization: basicHeader(id, 'x') } });
    assertOAuthError(await post({ via: frozen, headers: { authorization: basicHeader(id, 'x') } }), 429, 'temporarily_unavailable');
  });
});

describe('IP allowlist at the token endpoint (D28)', () => {
  test('a request from outside the allowlist is 403 ip_nao_autorizado in the OAuth shape, no token', async () => {
    const cred = await t.credential(empresa, { allowedIps: ['203.0.113.0/24', '198.51.100.7'] });
    const refused = await t.requestToken(cred, undefined, '198.51.100.8');
    assertOAuthError(refused, 403, 'ip_nao_autorizado');
    assert.equal((await t.requestToken(cred, undefined, '203.0.113.200')).statusCode, 200);
    assert.equal((await t.requestToken(cred, undefined, '198.51.100.7')).statusCode, 200);
  });
});
