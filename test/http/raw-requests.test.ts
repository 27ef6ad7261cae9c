import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { parseRawAnswer, sendRaw, type RawHttpExchange } from '../helpers/raw-http.ts';
import { TestApp } from '../helpers/test-app.ts';

/**
 * Requests written byte by byte on a real socket: what Node's HTTP parser refuses before the app
 * sees it, and request targets no HTTP client library would send.
 */
let t: TestApp;
let port: number;

before(async () => {
  t = await TestApp.start();
  ({ port } = await t.listen());
});
after(async () => t.close());

/** Writes `text` in one go and reads the first answer; `closed` says whether the server then hung up. */
const send = (text: string): Promise<RawHttpExchange> => sendRaw(port, text);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SENT_ID = 'f47ac10b-58cc-4372-a567-0e02b2c3d479';

function assertEnvelope(res: RawHttpExchange, status: number, codigo: string, what: string): void {
  assert.equal(res.status, status, what);
  assert.equal(res.headers['content-type'], 'application/json; charset=utf-8', what);
  assert.equal(res.headers['cache-control'], 'no-store', what);
  assert.equal(res.headers.pragma, 'no-cache', what);
  assert.equal(res.headers['x-content-type-options'], 'nosniff', what);
  assert.equal(res.headers['referrer-policy'], 'no-referrer', what);
  assert.match(res.headers['x-request-id'] ?? '', UUID, what);
  const erro = (JSON.parse(res.body) as { erro: { codigo: string; mensagem: string; detalhes: unknown[]; request_id: string } }).erro;
  assert.equal(erro.codigo, codigo, what);
  assert.ok(erro.mensagem.length > 0, what);
  assert.deepEqual(erro.detalhes, [], what);
  assert.equal(erro.request_id, res.headers['x-request-id'], what);
}

describe("requests Node's HTTP parser refuses", () => {
  test('headers over the size limit: 431 requisicao_invalida in the envelope, every common header, then the connection closes', async () => {
    const cases = {
      'a big header': `GET /v1/clientes HTTP/1.1\r\nHost: x\r\nX-Request-ID: ${SENT_ID}\r\nX-Big: ${'a'.repeat(17_000)}\r\n\r\n`,
      'a long URL': `GET /v1/clientes?nome=${'a'.repeat(17_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    };
    for (const [what, text] of Object.entries(cases)) {
      const res = await send(text);
      assertEnvelope(res, 431, 'requisicao_invalida', what);
      // nothing the refused request sent is trusted, its X-Request-ID included
      assert.notEqual(res.headers['x-request-id'], SENT_ID, what);
      assert.equal(res.headers.connection, 'close', what);
      assert.ok(res.closed, what);
    }
  });

  test('an unknown method token and other unparsable requests: 400 requisicao_invalida, then the connection closes', async () => {
    const cases = {
      'method FOO': 'FOO /v1/clientes HTTP/1.1\r\nHost: x\r\n\r\n',
      'not HTTP at all': 'hello\r\n\r\n',
      'a header without a colon': 'GET /v1/clientes HTTP/1.1\r\nHost: x\r\nbroken\r\n\r\n',
      'a bad Content-Length': 'POST /v1/oauth/token HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
    };
    for (const [what, text] of Object.entries(cases)) {
      const res = await send(text);
      assertEnvelope(res, 400, 'requisicao_invalida', what);
      assert.equal(res.headers.connection, 'close', what);
      assert.ok(res.closed, what);
    }
  });

  test('on a kept-alive connection, a bad request after a complete answer is still answered', async () => {
    const raw = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write('GET /v1/nada HTTP/1.1\r\nHost: x\r\n\r\n'));
      let data = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        data += chunk;
        // the first answer is complete: now a request that is not HTTP, on the same connection
        if (data.endsWith('}}')) socket.write('FOO / HTTP/1.1\r\n\r\n');
      });
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(data));
    });
    const second = raw.indexOf('HTTP/1.1', 1);
    assert.equal(parseRawAnswer(raw.slice(0, second)).status, 404, 'the first request');
    assertEnvelope({ ...parseRawAnswer(raw.slice(second)), closed: true }, 400, 'requisicao_invalida', 'the second request');
  });
});

describe('request targets as the router reads them (D2)', () => {
  test('a malformed %-escape in the path over a real socket: 404 in the envelope, a valid X-Request-ID echoed', async () => {
    const res = await send(`GET /v1/clientes/%zz HTTP/1.1\r\nHost: x\r\nX-Request-ID: ${SENT_ID}\r\nConnection: close\r\n\r\n`);
    assertEnvelope(res, 404, 'recurso_nao_encontrado', '/v1/clientes/%zz');
    assert.equal(res.headers['x-request-id'], SENT_ID);
  });

  test('an absolute-form target is the route its path names: 405 with Allow for another method', async () => {
    const res = await send('POST http://x/v1/clientes HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
    assertEnvelope(res, 405, 'metodo_nao_permitido', 'POST http://x/v1/clientes');
    assert.equal(res.headers.allow, 'GET');
    assert.equal((await send('GET http://x/v1/clientes HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).status, 401);
  });
});
