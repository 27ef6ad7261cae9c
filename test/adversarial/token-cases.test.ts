import http from 'node:http';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { OPERATOR } from '../../src/credentials/audit.ts';
import { revokeCredential } from '../../src/credentials/credentials.service.ts';
import { assertSpecHeaders, normalised, UnlimitedLimiter } from '../helpers/adversarial.ts';
import { basicHeader, TestApp, type TestCredential } from '../helpers/test-app.ts';

/**
 * The token endpoint, attacked (issue 12): a table of adversarial requests — methods, paths,
 * query strings, content types, charsets, bodies, duplicate and unknown parameters, Basic
 * variants, credentials in the body, odd scopes, sizes, unicode, the allowlist — each with the
 * status and OAuth error the spec and D25-D29, D39-D41 give it. Every answer also carries the six
 * spec headers, and OAuth errors are `{error, error_description}` with a plain-ASCII description.
 * Attempt limits are left out here (an unlimited limiter): test/adversarial/limits.test.ts has them.
 */
const FORM = 'application/x-www-form-urlencoded';
const OK = 'grant_type=client_credentials';
const HELD = ['clientes:ler', 'os:ler', 'boletos:ler'] as const;
const ALL_HELD = HELD.join(' ');
const ALLOWED_NET = '198.51.100.0/24';

interface Creds {
  ok: TestCredential;
  revoked: TestCredential;
  expired: TestCredential;
  fenced: TestCredential;
}

interface Case {
  name: string;
  method?: string;
  url?: string;
  /** the Authorization header; default: the valid credential's Basic header */
  auth?: ((c: Creds) => string) | null;
  contentType?: string | null;
  /** default: `grant_type=client_credentials` */
  body?: string | ((c: Creds) => string);
  ip?: string;
  /** sent over a real socket: light-my-request drops an empty query string (`?`) before the app sees it */
  wire?: boolean;
  /** sent over a real socket in two chunks (Transfer-Encoding: chunked, no Content-Length) */
  chunked?: boolean;
  /** 200 with this scope, an OAuth error, or (405, 404) the data envelope */
  expect: { status: 200; scope: string } | { status: number; error: string } | { status: 404 | 405; codigo: string };
}

const b64 = (text: string | Buffer) => Buffer.from(text).toString('base64');
const basic = (c: TestCredential) => basicHeader(c.clientId, c.secret);
const granted = (scope: string) => ({ status: 200, scope }) as const;
const oauth = (status: number, error: string) => ({ status, error });
const invalidRequest = oauth(400, 'invalid_request');
const invalidClient = oauth(401, 'invalid_client');
const invalidScope = oauth(400, 'invalid_scope');

const CASES: Case[] = [
  // Methods and paths (D2, D3): decided before anything else, in the data envelope.
  ...['GET', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'].map((method) => ({
    name: `${method} is 405`,
    method,
    expect: { status: 405 as const, codigo: 'metodo_nao_permitido' },
  })),
  { name: 'trailing slash is another route', url: '/v1/oauth/token/', expect: { status: 404, codigo: 'recurso_nao_encontrado' } },
  { name: 'path in another case', url: '/v1/OAuth/token', expect: { status: 404, codigo: 'recurso_nao_encontrado' } },
  { name: 'percent-encoded path is the same route', url: '/v1/oauth/%74oken', expect: granted(ALL_HELD) },
  // No query string at all (D26).
  { name: 'an empty query string', url: '/v1/oauth/token?', wire: true, expect: invalidRequest },
  { name: 'a query parameter', url: '/v1/oauth/token?a=1', expect: invalidRequest },
  { name: 'grant_type in the query', url: '/v1/oauth/token?grant_type=client_credentials', body: '', expect: invalidRequest },
  { name: 'secret in the query', url: '/v1/oauth/token?client_secret=x', expect: invalidRequest },
  // Content types (D29, D41).
  { name: 'no Content-Type', contentType: null, expect: oauth(415, 'invalid_request') },
  { name: 'text/plain', contentType: 'text/plain', expect: oauth(415, 'invalid_request') },
  { name: 'JSON', contentType: 'application/json', body: '{"grant_type":"client_credentials"}', expect: oauth(415, 'invalid_request') },
  { name: 'multipart', contentType: 'multipart/form-data; boundary=x', expect: oauth(415, 'invalid_request') },
  { name: 'a wildcard', contentType: 'application/*', expect: oauth(415, 'invalid_request') },
  { name: 'a longer media type', contentType: `${FORM}x`, expect: oauth(415, 'invalid_request') },
  { name: 'two media types', contentType: `${FORM}, text/plain`, expect: oauth(415, 'invalid_request') },
  { name: 'the subtype alone', contentType: 'x-www-form-urlencoded', expect: oauth(415, 'invalid_request') },
  { name: 'charset utf-8', contentType: `${FORM}; charset=utf-8`, expect: granted(ALL_HELD) },
  { name: 'another charset (parameters are ignored)', contentType: `${FORM};charset=ISO-8859-1`, expect: granted(ALL_HELD) },
  { name: 'upper case media type', contentType: 'APPLICATION/X-WWW-FORM-URLENCODED', expect: granted(ALL_HELD) },
  { name: 'mixed case, parameters, spaces', contentType: `Application/X-WWW-Form-URLEncoded ; charset="utf-8"`, expect: granted(ALL_HELD) },
  // The body (D26).
  { name: 'empty body', body: '', expect: invalidRequest },
  { name: 'grant_type without a value', body: 'grant_type=', expect: invalidRequest },
  { name: 'grant_type without =', body: 'grant_type', expect: invalidRequest },
  { name: 'another grant type', body: 'grant_type=password', expect: oauth(400, 'unsupported_grant_type') },
  { name: 'grant type in upper case', body: 'grant_type=CLIENT_CREDENTIALS', expect: oauth(400, 'unsupported_grant_type') },
  { name: 'grant type with a space', body: 'grant_type=client+credentials', expect: oauth(400, 'unsupported_grant_type') },
  { name: 'grant_type name in upper case', body: 'GRANT_TYPE=client_credentials', expect: invalidRequest },
  { name: 'grant_type twice, equal values', body: `${OK}&${OK}`, expect: invalidRequest },
  { name: 'scope twice', body: `${OK}&scope=os:ler&scope=os:ler`, expect: invalidRequest },
  { name: 'an unknown parameter twice', body: `${OK}&x=1&x=1`, expect: invalidRequest },
  { name: 'an unknown parameter is ignored', body: `${OK}&foo=bar`, expect: granted(ALL_HELD) },
  { name: 'empty segments are skipped', body: `&&${OK}&`, expect: granted(ALL_HELD) },
  { name: 'an escaped grant type', body: 'grant_type=client%5Fcredentials', expect: granted(ALL_HELD) },
  { name: 'a malformed escape', body: `${OK}%`, expect: invalidRequest },
  { name: 'a malformed escape in an unknown parameter', body: `${OK}&x=%zz`, expect: invalidRequest },
  { name: 'an invalid UTF-8 escape', body: `${OK}&x=%FF`, expect: invalidRequest },
  { name: 'a segment with no name', body: `=x&${OK}`, expect: granted(ALL_HELD) },
  { name: 'unicode in an unknown parameter', body: `${OK}&nome=%F0%9F%98%80`, expect: granted(ALL_HELD) },
  { name: 'raw UTF-8 bytes in the body', body: `${OK}&n%C3%A3o=s%C3%A3o&são=é`, expect: granted(ALL_HELD) },
  // Credentials travel by HTTP Basic only (D25).
  { name: 'the secret in the body, with Basic', body: `${OK}&client_secret=x`, expect: invalidRequest },
  { name: 'the secret in the body, without Basic', auth: null, body: `${OK}&client_secret=x`, expect: invalidRequest },
  { name: 'an empty client_secret counts as omitted', body: `${OK}&client_secret=`, expect: granted(ALL_HELD) },
  { name: 'client_id in the body, matching', body: (c) => `${OK}&client_id=${c.ok.clientId}`, expect: granted(ALL_HELD) },
  { name: 'client_id in the body, different', body: `${OK}&client_id=ae_live_other`, expect: invalidRequest },
  { name: 'client_id in the body, no Basic', auth: null, body: `${OK}&client_id=ae_live_x`, expect: invalidClient },
  // Basic variants.
  { name: 'no Authorization', auth: null, expect: invalidClient },
  { name: 'Bearer scheme', auth: () => 'Bearer abc', expect: invalidClient },
  { name: 'Digest scheme', auth: () => 'Digest username="x"', expect: invalidClient },
  { name: 'Basic and nothing', auth: () => 'Basic', expect: invalidRequest },
  { name: 'Basic and spaces', auth: () => 'Basic    ', expect: invalidRequest },
  { name: 'lower-case scheme', auth: (c) => basic(c.ok).replace('Basic', 'basic'), expect: granted(ALL_HELD) },
  { name: 'upper-case scheme', auth: (c) => basic(c.ok).replace('Basic', 'BASIC'), expect: granted(ALL_HELD) },
  { name: 'two spaces after the scheme', auth: (c) => basic(c.ok).replace('Basic ', 'Basic  '), expect: granted(ALL_HELD) },
  { name: 'not Base64', auth: () => 'Basic !!!!', expect: invalidRequest },
  { name: 'Base64 with one character too many', auth: (c) => `${basic(c.ok)}A`, expect: invalidRequest },
  { name: 'no colon', auth: (c) => `Basic ${b64(c.ok.clientId)}`, expect: invalidRequest },
  { name: 'a malformed %-escape in the id', auth: (c) => `Basic ${b64(`%zz:${c.ok.secret}`)}`, expect: invalidRequest },
  { name: 'not UTF-8', auth: () => `Basic ${b64(Buffer.from([0xff, 0xfe, 0x3a, 0x41]))}`, expect: invalidRequest },
  { name: 'two credentials in one header', auth: (c) => `${basic(c.ok)}, Bearer x`, expect: invalidRequest },
  { name: 'wrong secret', auth: (c) => basicHeader(c.ok.clientId, `${c.ok.secret}x`), expect: invalidClient },
  { name: 'unknown client id', auth: (c) => basicHeader('ae_live_AAAAAAAAAAAAAAAAAAAAAA', c.ok.secret), expect: invalidClient },
  { name: 'empty secret', auth: (c) => basicHeader(c.ok.clientId, ''), expect: invalidClient },
  { name: 'empty client id', auth: (c) => basicHeader('', c.ok.secret), expect: invalidClient },
  { name: 'a client id that cannot exist (D40)', auth: (c) => basicHeader('ação'.repeat(60), c.ok.secret), expect: invalidClient },
  { name: 'the secret with a colon appended', auth: (c) => basicHeader(c.ok.clientId, `${c.ok.secret}:`), expect: invalidClient },
  {
    name: 'id and secret not form-encoded (same bytes, D40)',
    auth: (c) => `Basic ${b64(`${c.ok.clientId}:${c.ok.secret}`)}`,
    expect: granted(ALL_HELD),
  },
  { name: 'a revoked credential', auth: (c) => basic(c.revoked), expect: invalidClient },
  { name: 'an expired credential', auth: (c) => basic(c.expired), expect: invalidClient },
  // Scopes (D26).
  { name: 'scope absent: all held', expect: granted(ALL_HELD) },
  { name: 'scope empty: all held', body: `${OK}&scope=`, expect: granted(ALL_HELD) },
  { name: 'one scope', body: `${OK}&scope=os:ler`, expect: granted('os:ler') },
  { name: 'catalogue order, each once', body: `${OK}&scope=boletos:ler+os:ler+clientes:ler+os:ler`, expect: granted(ALL_HELD) },
  { name: 'escaped spaces and colons', body: `${OK}&scope=os%3Aler%20clientes%3Aler`, expect: granted('clientes:ler os:ler') },
  { name: 'spaces around the names are separators too', body: `${OK}&scope=+os:ler++`, expect: granted('os:ler') },
  { name: 'scope only spaces', body: `${OK}&scope=+`, expect: invalidScope },
  { name: 'scope only escaped spaces', body: `${OK}&scope=%20%20`, expect: invalidScope },
  { name: 'scope in upper case', body: `${OK}&scope=OS:LER`, expect: invalidScope },
  { name: 'unknown scope', body: `${OK}&scope=admin`, expect: invalidScope },
  { name: 'a scope not held', body: `${OK}&scope=contas-pagar:ler`, expect: invalidScope },
  { name: 'held and not held', body: `${OK}&scope=os:ler+contas-pagar:ler`, expect: invalidScope },
  { name: 'comma-separated', body: `${OK}&scope=os:ler,clientes:ler`, expect: invalidScope },
  { name: 'tab-separated', body: `${OK}&scope=os:ler%09clientes:ler`, expect: invalidScope },
  { name: 'unicode scope', body: `${OK}&scope=%C3%A7`, expect: invalidScope },
  { name: 'a scope of 8,000 characters', body: `${OK}&scope=${'a'.repeat(8000)}`, expect: invalidScope },
  // Sizes (D41).
  { name: 'exactly 8192 bytes', body: `${OK}&pad=${'a'.repeat(8192 - OK.length - 5)}`, expect: granted(ALL_HELD) },
  { name: '8193 bytes', body: `${OK}&pad=${'a'.repeat(8193 - OK.length - 5)}`, expect: oauth(413, 'invalid_request') },
  { name: 'exactly 8192 bytes, chunked', chunked: true, body: `${OK}&pad=${'a'.repeat(8192 - OK.length - 5)}`, expect: granted(ALL_HELD) },
  {
    name: '8193 bytes, chunked',
    chunked: true,
    body: `${OK}&pad=${'a'.repeat(8193 - OK.length - 5)}`,
    expect: oauth(413, 'invalid_request'),
  },
  { name: '1 MiB', body: `${OK}&pad=${'a'.repeat(1 << 20)}`, expect: oauth(413, 'invalid_request') },
  // The allowlist (D28).
  { name: 'allowlisted credential from inside', auth: (c) => basic(c.fenced), ip: '198.51.100.7', expect: granted(ALL_HELD) },
  { name: 'allowlisted credential from outside', auth: (c) => basic(c.fenced), ip: '203.0.113.7', expect: oauth(403, 'ip_nao_autorizado') },
  {
    name: 'a wrong secret from outside is still invalid_client',
    auth: (c) => basicHeader(c.fenced.clientId, 'x'),
    ip: '203.0.113.7',
    expect: invalidClient,
  },
  {
    name: 'outside the allowlist, a bad scope: the address decides first',
    auth: (c) => basic(c.fenced),
    ip: '203.0.113.7',
    body: `${OK}&scope=admin`,
    expect: oauth(403, 'ip_nao_autorizado'),
  },
];

let t: TestApp;
let creds: Creds;
let port: number;

before(async () => {
  t = await TestApp.start({ limiter: new UnlimitedLimiter() });
  const empresa = await t.company();
  const make = (options = {}) => t.credential(empresa, { scopes: HELD, ...options });
  creds = {
    ok: await make(),
    revoked: await make(),
    expired: await make({ expires: '2020-01-01' }),
    fenced: await make({ allowedIps: [ALLOWED_NET] }),
  };
  await revokeCredential(t.store.central, creds.revoked.clientId, OPERATOR);
  ({ port } = await t.listen());
});
after(async () => t.close());

/** What send() reads of an answer, from app.inject or from a real socket. */
interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  json(): unknown;
}

function overTheWire(c: Case, body: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: c.method ?? 'POST', path: c.url ?? '/v1/oauth/token', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body, json: () => JSON.parse(body) }));
    });
    req.on('error', reject);
    if (!c.chunked) return req.end(body);
    req.write(body.slice(0, 100));
    req.end(body.slice(100));
  });
}

function send(c: Case): Promise<Answer> {
  const auth = c.auth === undefined ? basic(creds.ok) : c.auth === null ? undefined : c.auth(creds);
  const contentType = c.contentType === undefined ? FORM : c.contentType;
  const headers = {
    ...(auth === undefined ? {} : { authorization: auth }),
    ...(contentType === null ? {} : { 'content-type': contentType }),
  };
  const body = typeof c.body === 'function' ? c.body(creds) : (c.body ?? OK);
  if (c.wire || c.chunked) return overTheWire(c, body, headers);
  return t.app.inject({
    method: (c.method ?? 'POST') as 'POST',
    url: c.url ?? '/v1/oauth/token',
    remoteAddress: c.ip ?? '192.0.2.1',
    headers,
    ...(c.method === 'GET' || c.method === 'HEAD' ? {} : { payload: body }),
  });
}

test(`the adversarial table has its ~75 cases and no two share a name`, () => {
  assert.ok(CASES.length >= 75, `${CASES.length} cases`);
  assert.equal(new Set(CASES.map((c) => c.name)).size, CASES.length);
});

for (const c of CASES) {
  test(`token request: ${c.name} -> ${c.expect.status} ${'error' in c.expect ? c.expect.error : 'codigo' in c.expect ? c.expect.codigo : 'token'}`, async () => {
    const res = await send(c);
    assert.equal(res.statusCode, c.expect.status, res.body);
    if (c.method === 'HEAD') return assert.equal(res.headers.allow, 'POST');
    assertSpecHeaders(res);
    const body = res.json() as Record<string, unknown>;
    if ('scope' in c.expect) {
      assert.deepEqual(Object.keys(body).sort(), ['access_token', 'expires_in', 'scope', 'token_type']);
      assert.equal(body.scope, c.expect.scope);
    } else if ('error' in c.expect) {
      assert.deepEqual(Object.keys(body).sort(), ['error', 'error_description']);
      assert.equal(body.error, c.expect.error);
      assert.match(String(body.error_description), /^[\x20-\x21\x23-\x5b\x5d-\x7e]+$/, 'D39');
      assert.equal(res.headers['www-authenticate'], c.expect.status === 401 ? 'Basic realm="api-externa"' : undefined);
    } else {
      assert.equal((body as { erro: { codigo: string } }).erro.codigo, c.expect.codigo);
      if (c.expect.status === 405) assert.equal(res.headers.allow, 'POST');
    }
  });
}

test('every invalid_client is the same answer, byte for byte but for the request id (D25)', async () => {
  const answers = await Promise.all(CASES.filter((c) => 'error' in c.expect && c.expect.error === 'invalid_client').map(send));
  const first = normalised(answers[0] ?? assert.fail('no invalid_client case'));
  for (const res of answers) assert.deepEqual(normalised(res), first);
  assert.ok(answers.length >= 12);
});
