import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import {
  CONNECTIONS_CHECKING_INTERVAL_MS,
  HEADERS_TIMEOUT_MS,
  KEEP_ALIVE_TIMEOUT_MS,
  REQUEST_TIMEOUT_MS,
} from '../../src/http/connection-budgets.ts';
import { report } from '../helpers/faults.ts';
import { parseRawAnswer } from '../helpers/raw-http.ts';
import { TestApp } from '../helpers/test-app.ts';

/**
 * What a client that does not speak HTTP/1.1 properly, or too slowly, gets — over raw sockets, as
 * no HTTP client library would send these (issue 12): an HTTP/1.1 request without Host gets the
 * envelope and every common header (Node's own bare 400 had neither), and a client sending its
 * headers byte by byte is cut at our header budget, not Node's 60 s default.
 */
let t: TestApp;
let port: number;

before(async () => {
  t = await TestApp.start();
  ({ port } = await t.listen());
});
after(async () => t.close());

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** ms from the connection to the server closing it (Infinity: still open when we gave up) */
  closedAfterMs: number;
}

function parse(data: string, closedAfterMs: number): RawAnswer {
  return { ...parseRawAnswer(data), closedAfterMs };
}

/**
 * Connects, writes `chunks` one every `everyMs` (until the server closes the connection), and
 * reads everything the server sends until it closes, or `giveUpMs`.
 */
function converse(chunks: string[], everyMs: number, giveUpMs: number): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const started = performance.now();
    let data = '';
    let writer: NodeJS.Timeout | undefined;
    const socket = net.connect(port, '127.0.0.1', () => {
      let next = 0;
      const write = () => {
        const chunk = chunks[next++];
        if (chunk === undefined || socket.destroyed) return clearInterval(writer);
        socket.write(chunk);
      };
      write();
      if (chunks.length > 1) writer = setInterval(write, everyMs);
    });
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve(parse(data, Infinity));
    }, giveUpMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(writer);
      clearTimeout(giveUp);
      resolve(parse(data, performance.now() - started));
    });
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function assertEnvelope(res: RawAnswer, status: number, what: string): { mensagem: string } {
  assert.equal(res.status, status, `${what}: ${res.body}`);
  assert.equal(res.headers['content-type'], 'application/json; charset=utf-8', what);
  assert.equal(res.headers['cache-control'], 'no-store', what);
  assert.equal(res.headers.pragma, 'no-cache', what);
  assert.equal(res.headers['x-content-type-options'], 'nosniff', what);
  assert.equal(res.headers['referrer-policy'], 'no-referrer', what);
  assert.match(res.headers['x-request-id'] ?? '', UUID, what);
  const erro = (JSON.parse(res.body) as { erro: { codigo: string; mensagem: string; detalhes: unknown[]; request_id: string } }).erro;
  assert.equal(erro.codigo, 'requisicao_invalida', what);
  assert.deepEqual(erro.detalhes, [], what);
  assert.equal(erro.request_id, res.headers['x-request-id'], what);
  assert.equal(res.headers.connection?.toLowerCase(), 'close', what);
  assert.ok(Number.isFinite(res.closedAfterMs), `${what}: the server closes the connection`);
  return erro;
}

describe('an HTTP/1.1 request without Host', () => {
  test('400 requisicao_invalida in the envelope with every common header, on every kind of route; then the connection closes', async () => {
    const cases = {
      'a data route': 'GET /v1/clientes HTTP/1.1\r\n\r\n',
      'a data route, with a token': 'GET /v1/clientes/1 HTTP/1.1\r\nAuthorization: Bearer ae_at_x\r\n\r\n',
      'the token endpoint':
        'POST /v1/oauth/token HTTP/1.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 29\r\n\r\ngrant_type=client_credentials',
      'an unknown route': 'GET /v1/nada HTTP/1.1\r\n\r\n',
      'another method on a data route': 'DELETE /v1/clientes HTTP/1.1\r\n\r\n',
      'the settings API': 'GET /settings/api/credentials HTTP/1.1\r\n\r\n',
      health: 'GET /healthz HTTP/1.1\r\n\r\n',
    };
    for (const [what, text] of Object.entries(cases)) {
      const erro = assertEnvelope(await converse([text], 0, 3000), 400, what);
      assert.match(erro.mensagem, /Host/, what);
    }
  });

  test('HTTP/1.0 may omit Host: the request is served as any other', async () => {
    const res = await converse(['GET /v1/clientes HTTP/1.0\r\n\r\n'], 0, 3000);
    assert.equal(res.status, 401, res.body);
    assert.equal(res.headers['www-authenticate'], 'Bearer realm="api-externa"');
  });
});

describe('slow clients', () => {
  test('the budgets are ours: headers 10 s, whole request 30 s, idle keep-alive 65 s, checked every second', () => {
    const server = t.app.server;
    assert.equal(server.headersTimeout, HEADERS_TIMEOUT_MS);
    assert.equal(server.requestTimeout, REQUEST_TIMEOUT_MS);
    assert.equal(server.keepAliveTimeout, KEEP_ALIVE_TIMEOUT_MS);
    assert.deepEqual([HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS], [10_000, 30_000, 65_000]);
    assert.equal(CONNECTIONS_CHECKING_INTERVAL_MS, 1000);
  });

  test('senders of headers byte by byte, and connections that send nothing, are cut at the header budget with a 408; others are served meanwhile', async () => {
    const SLOW = 40;
    const request = `GET /v1/clientes HTTP/1.1\r\nHost: x\r\nX-Slow: ${'a'.repeat(200)}\r\n\r\n`;
    const bytes = [...request];
    const limit = HEADERS_TIMEOUT_MS + CONNECTIONS_CHECKING_INTERVAL_MS + 1500;
    const slow = Array.from({ length: SLOW }, () => converse(bytes, 250, limit + 5000));
    const silent = converse([''], 0, limit + 5000);
    // Meanwhile, a well-behaved client is answered at once, again and again.
    const served: number[] = [];
    const startedAt = performance.now();
    while (performance.now() - startedAt < HEADERS_TIMEOUT_MS + 500) {
      const began = performance.now();
      const res = await converse(['GET /v1/clientes HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'], 0, 3000);
      assert.equal(res.status, 401);
      served.push(performance.now() - began);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const answers = [...(await Promise.all(slow)), await silent];
    for (const [i, res] of answers.entries()) {
      const what = i < SLOW ? `slow sender ${i}` : 'silent connection';
      assertEnvelope(res, 408, what);
      assert.ok(
        res.closedAfterMs >= HEADERS_TIMEOUT_MS - 100,
        `${what} cut after ${Math.round(res.closedAfterMs)} ms: not before the budget`,
      );
      assert.ok(res.closedAfterMs <= limit, `${what} cut after ${Math.round(res.closedAfterMs)} ms`);
    }
    assert.ok(Math.max(...served) < 1000, `served meanwhile in at most ${Math.round(Math.max(...served))} ms`);
    report('slow-loris', {
      senders: SLOW,
      first_cut_ms: Math.min(...answers.map((a) => a.closedAfterMs)),
      last_cut_ms: Math.max(...answers.map((a) => a.closedAfterMs)),
      max_other_request_ms: Math.max(...served),
    });
  });
});
