import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { firstRepeatedHeader } from '../../src/http/repeated-headers.ts';
import { assertSpecHeaders } from '../helpers/adversarial.ts';
import { sendRaw, type RawHttpExchange } from '../helpers/raw-http.ts';
import { basicHeader, TestApp, type TestCredential } from '../helpers/test-app.ts';

/**
 * Headers sent twice (issue 19). Node keeps the first copy of Authorization, Host, Content-Type
 * in `request.headers` and drops the rest, so these requests are written on a raw socket (inject
 * and fetch cannot send two copies): each such request is a 400 in the shape of the route asked,
 * never a token or data. And a token request in a content coding is a 415, still counted (D27).
 */
let t: TestApp;
let port: number;
let a: { cred: TestCredential; token: string };
let b: { cred: TestCredential; token: string };

const FORM = 'application/x-www-form-urlencoded';
const GRANT = 'grant_type=client_credentials';
const TOKEN_PATH = '/v1/oauth/token';
const DATA_PATH = '/v1/clientes';
const HOST: Header = ['Host', '127.0.0.1'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Header = [name: string, value: string];

/** A company with one customer whose name is its marker, a credential and a token. */
async function side(id: number, marker: string): Promise<{ cred: TestCredential; token: string }> {
  const empresaId = await t.company();
  await t.load({ clientes: [{ id, empresa_id: empresaId, tipo_pessoa: 'fisica', nome: marker }] });
  const cred = await t.credential(empresaId);
  return { cred, token: await t.token(cred) };
}

before(async () => {
  t = await TestApp.start();
  ({ port } = await t.listen());
  a = await side(9401, 'Canario Empresa A');
  b = await side(9402, 'Canario Empresa B');
});
after(async () => t.close());

/** Writes one request, headers exactly as given (the body's Content-Length and `Connection: close` added), and reads the answer. */
function send(method: string, path: string, headers: Header[], body: Buffer | string = ''): Promise<RawHttpExchange> {
  const bytes = Buffer.from(body);
  const lines = [`${method} ${path} HTTP/1.1`, ...headers.map(([name, value]) => `${name}: ${value}`)];
  if (method === 'POST') lines.push(`Content-Length: ${bytes.length}`);
  lines.push('Connection: close');
  return sendRaw(port, Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), bytes]), 5000);
}

const basic = (cred: TestCredential, secret = cred.secret): Header => ['Authorization', basicHeader(cred.clientId, secret)];
const bearer = (token: string): Header => ['Authorization', `Bearer ${token}`];

/** A token request with these headers besides Host (unless given) and the form's Content-Type (unless given). */
function tokenRequest(headers: Header[], body: Buffer | string = GRANT): Promise<RawHttpExchange> {
  const has = (name: string) => headers.some(([n]) => n.toLowerCase() === name);
  const defaults: Header[] = [...(has('host') ? [] : [HOST]), ...(has('content-type') ? [] : [['Content-Type', FORM] as Header])];
  return send('POST', TOKEN_PATH, [...defaults, ...headers], body);
}

function assertOAuthRefusal(res: RawHttpExchange, status: number, what: string): { error_description: string } {
  assert.equal(res.status, status, `${what}: ${res.body}`);
  assertSpecHeaders(res, what);
  const body = JSON.parse(res.body) as Record<string, string>;
  assert.deepEqual(Object.keys(body).sort(), ['error', 'error_description'], what);
  assert.equal(body.error, 'invalid_request', what);
  // D39: printable ASCII without quote or backslash
  assert.match(body.error_description ?? '', /^[\x20-\x21\x23-\x5b\x5d-\x7e]+$/, what);
  assert.doesNotMatch(res.body, /access_token/, what);
  return { error_description: body.error_description ?? '' };
}

function assertEnvelopeRefusal(res: RawHttpExchange, what: string): void {
  assert.equal(res.status, 400, `${what}: ${res.body}`);
  assertSpecHeaders(res, what);
  const { erro } = JSON.parse(res.body) as { erro: { codigo: string; mensagem: string; detalhes: unknown[]; request_id: string } };
  assert.equal(erro.codigo, 'requisicao_invalida', what);
  assert.match(erro.mensagem, /mais de uma vez/, what);
  assert.deepEqual(erro.detalhes, [], what);
  assert.match(erro.request_id, UUID, what);
  assert.equal(erro.request_id, res.headers['x-request-id'], what);
  assert.doesNotMatch(res.body, /Canario|"data"/, `${what}: no record of either company`);
}

function assertToken(res: RawHttpExchange, what: string): void {
  assert.equal(res.status, 200, `${what}: ${res.body}`);
  assert.match((JSON.parse(res.body) as { access_token: string }).access_token, /^ae_at_/, what);
}

describe('which headers count as repeated', () => {
  test('Authorization, Host and Content-Type, names in any case; list headers may repeat', () => {
    assert.equal(firstRepeatedHeader(['Host', 'x', 'authorization', 'Basic a', 'AUTHORIZATION', 'Basic a']), 'Authorization');
    assert.equal(firstRepeatedHeader(['host', 'x', 'Accept', '*/*', 'HoSt', 'y']), 'Host');
    assert.equal(firstRepeatedHeader(['Content-Type', FORM, 'content-type', FORM]), 'Content-Type');
    const lists = [
      'Host',
      'x',
      'Accept',
      'a',
      'Accept',
      'b',
      'X-Forwarded-For',
      '1.1.1.1',
      'x-forwarded-for',
      '2.2.2.2',
      'Cookie',
      'a=1',
      'Cookie',
      'b=2',
    ];
    assert.equal(firstRepeatedHeader(lists), null);
  });
});

describe('the token endpoint: a repeated header is 400 invalid_request in the OAuth shape, never a token', () => {
  test('two Authorization headers: good then bad, bad then good, two identical, Basic plus Bearer, different case', async () => {
    const cases: Record<string, Header[]> = {
      'good then bad': [basic(a.cred), basic(a.cred, 'wrong-secret')],
      'bad then good': [basic(a.cred, 'wrong-secret'), basic(a.cred)],
      'two identical': [basic(a.cred), basic(a.cred)],
      'Basic plus Bearer': [basic(a.cred), bearer(a.token)],
      'Authorization and authorization': [basic(a.cred), ['authorization', basicHeader(a.cred.clientId, a.cred.secret)]],
    };
    for (const [what, headers] of Object.entries(cases)) {
      const res = await tokenRequest(headers);
      const { error_description } = assertOAuthRefusal(res, 400, what);
      assert.match(error_description, /Authorization/, what);
      assert.equal(res.headers.connection, 'close', what);
      assert.ok(res.closed, what);
    }
  });

  test('two Content-Type headers, equal or not', async () => {
    for (const second of [FORM, 'application/json']) {
      const res = await tokenRequest([basic(a.cred), ['Content-Type', FORM], ['content-type', second]]);
      assert.match(assertOAuthRefusal(res, 400, second).error_description, /Content-Type/);
    }
  });

  test('two Host headers (RFC 9112 §3.2)', async () => {
    const res = await tokenRequest([HOST, ['Host', 'other.example'], basic(a.cred)]);
    assert.match(assertOAuthRefusal(res, 400, 'two Host').error_description, /Host/);
  });

  test('refused before the attempt is counted: six refusals leave the client id its five attempts (D27)', async () => {
    const c = await t.credential(await t.company());
    for (let i = 0; i < 6; i++) assertOAuthRefusal(await tokenRequest([basic(c), basic(c)]), 400, `refusal ${i + 1}`);
    assertToken(await tokenRequest([basic(c)]), 'then one Authorization');
  });
});

describe('elsewhere: a repeated header is 400 requisicao_invalida in the data envelope, never data', () => {
  test('Bearer of company A plus Bearer of company B, either order, and one token twice', async () => {
    const cases: Record<string, Header[]> = {
      'A then B': [HOST, bearer(a.token), bearer(b.token)],
      'B then A': [HOST, bearer(b.token), bearer(a.token)],
      'A twice': [HOST, bearer(a.token), bearer(a.token)],
      'Authorization and authorization': [HOST, bearer(a.token), ['authorization', `Bearer ${a.token}`]],
    };
    for (const [what, headers] of Object.entries(cases)) {
      const res = await send('GET', DATA_PATH, headers);
      assertEnvelopeRefusal(res, what);
      assert.equal(res.headers.connection, 'close', what);
      assert.ok(res.closed, what);
    }
    // the same request with one Authorization is served, as company A
    const one = await send('GET', DATA_PATH, [HOST, bearer(a.token)]);
    assert.equal(one.status, 200, one.body);
    assert.match(one.body, /Canario Empresa A/);
    assert.doesNotMatch(one.body, /Canario Empresa B/);
  });

  test('two Host headers (RFC 9112 §3.2), two Content-Type headers', async () => {
    assertEnvelopeRefusal(await send('GET', DATA_PATH, [HOST, ['host', 'other.example'], bearer(a.token)]), 'two Host');
    const types: Header[] = [HOST, bearer(a.token), ['Content-Type', 'text/plain'], ['Content-Type', 'text/plain']];
    assertEnvelopeRefusal(await send('GET', DATA_PATH, types), 'two Content-Type');
  });

  test("the root's own answers too: an unknown route, another method on the token endpoint", async () => {
    assertEnvelopeRefusal(await send('GET', '/v1/nada', [HOST, bearer(a.token), bearer(b.token)]), 'unknown route');
    assertEnvelopeRefusal(await send('GET', TOKEN_PATH, [HOST, HOST]), 'GET on the token endpoint');
  });
});

describe('headers that may repeat', () => {
  test('two Accept and two X-Forwarded-For headers: a data request and a token request are served', async () => {
    const lists: Header[] = [
      ['Accept', 'application/json'],
      ['Accept', '*/*'],
      ['X-Forwarded-For', '203.0.113.7'],
      ['X-Forwarded-For', '198.51.100.9'],
    ];
    const data = await send('GET', DATA_PATH, [HOST, bearer(a.token), ...lists]);
    assert.equal(data.status, 200, data.body);
    assertSpecHeaders(data, 'data');
    assert.match(data.body, /Canario Empresa A/);
    assertToken(await tokenRequest([basic(b.cred), ...lists]), 'token');
  });
});

describe('Content-Encoding on the token endpoint: only identity', () => {
  test('a gzip body, a plain body labelled gzip, another coding, the header twice: 415 invalid_request with Accept-Encoding: identity', async () => {
    const cases: Record<string, { headers: Header[]; body: Buffer | string }> = {
      'a real gzip body': { headers: [['Content-Encoding', 'gzip']], body: gzipSync(GRANT) },
      'a plain body labelled gzip': { headers: [['Content-Encoding', 'gzip']], body: GRANT },
      br: { headers: [['Content-Encoding', 'br']], body: GRANT },
      'identity twice': {
        headers: [
          ['Content-Encoding', 'identity'],
          ['content-encoding', 'identity'],
        ],
        body: GRANT,
      },
    };
    // A credential of its own: four attempts, under the five per client id (D27).
    const cred = await t.credential(a.cred.empresaId);
    for (const [what, { headers, body }] of Object.entries(cases)) {
      const res = await tokenRequest([basic(cred), ...headers], body);
      assert.match(assertOAuthRefusal(res, 415, what).error_description, /Content-Encoding/, what);
      assert.equal(res.headers['accept-encoding'], 'identity', what);
    }
  });

  test('Content-Encoding: identity, in any case, is a body as sent: a token', async () => {
    const cred = await t.credential(a.cred.empresaId);
    for (const coding of ['identity', 'IDENTITY']) assertToken(await tokenRequest([basic(cred), ['Content-Encoding', coding]]), coding);
  });

  test('every such request is an attempt, counted before the coding is looked at (D27): the sixth is 429', async () => {
    const c = await t.credential(await t.company());
    const gzipped: Header[] = [basic(c), ['Content-Encoding', 'gzip']];
    for (let i = 0; i < 5; i++) assertOAuthRefusal(await tokenRequest(gzipped, gzipSync(GRANT)), 415, `attempt ${i + 1}`);
    const sixth = await tokenRequest(gzipped, gzipSync(GRANT));
    assert.equal(sixth.status, 429, sixth.body);
    assert.equal((JSON.parse(sixth.body) as { error: string }).error, 'temporarily_unavailable');
  });
});
