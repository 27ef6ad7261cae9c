import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { DRAIN_IDLE_CLOSE_MS, Drain } from '../../src/http/drain.ts';

/**
 * The drain on a bare node:http server (issue 19); the whole server under load is
 * test/server/shutdown.test.ts.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function serve(): Promise<{ server: http.Server; drain: Drain; port: number }> {
  const server = http.createServer((request, response) => {
    request.resume();
    if (request.url === '/slow') setTimeout(() => response.end('slow'), 300);
    else response.end('ok');
  });
  const drain = new Drain();
  drain.attach(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, drain, port: (server.address() as net.AddressInfo).port };
}

/** A raw kept-alive connection: send a request, read the answer's head and body. */
function rawConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let data = '';
  socket.on('data', (chunk: Buffer) => (data += chunk.toString()));
  const ended = new Promise<string>((resolve) => {
    socket.once('end', () => resolve('end'));
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
  return {
    socket,
    ended,
    received: () => data,
    /** The answer's head and body; what came, if the connection closes first. */
    async ask(path: string): Promise<string> {
      const before = data.length;
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      while (!/\r\n\r\n(ok|slow)$/.test(data.slice(before)) && !socket.closed) await sleep(5);
      return data.slice(before);
    },
  };
}

test('draining: Connection: close on every answer, the one under way included; the listener closes without resetting anything', async () => {
  const { drain, port } = await serve();
  const idle = rawConnection(port);
  assert.doesNotMatch(await idle.ask('/fast'), /connection: close/i, 'kept alive before the drain');
  const busy = rawConnection(port);
  const slow = busy.ask('/slow');
  await sleep(50);

  drain.start();
  assert.equal(drain.draining, true);
  assert.match(await slow, /connection: close/i, 'an answer under way when the drain began');
  assert.match(await rawConnection(port).ask('/fast'), /connection: close/i, 'a new connection while the listener is open');
  assert.equal(await busy.ended, 'end', 'closed after its answer, not reset');

  const started = performance.now();
  await drain.closeListener();
  const elapsed = performance.now() - started;
  assert.equal(await idle.ended, 'end', 'the idle kept-alive connection closed by the server, not reset');
  assert.ok(elapsed < DRAIN_IDLE_CLOSE_MS + 500, `closed once idle for ${DRAIN_IDLE_CLOSE_MS} ms (${Math.round(elapsed)} ms)`);
  const refused = await new Promise<string>((resolve) =>
    net.connect(port, '127.0.0.1').once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? '')),
  );
  assert.equal(refused, 'ECONNREFUSED');
});

test('an idle connection on which a request has begun is not closed: the request is answered', async () => {
  const { drain, port } = await serve();
  const kept = rawConnection(port);
  await kept.ask('/fast');
  const closed = drain.closeListener();
  await sleep(DRAIN_IDLE_CLOSE_MS - 200);
  // Half a request just before the connection would have been idle long enough, the rest later.
  kept.socket.write('GET /fast HTTP/1.1\r\nHo');
  await sleep(500);
  const before = performance.now();
  kept.socket.write(`st: 127.0.0.1:${port}\r\n\r\n`);
  assert.equal(await kept.ended, 'end');
  await closed;
  assert.ok(performance.now() - before < DRAIN_IDLE_CLOSE_MS, 'closed after its answer, not once idle again');
  assert.match(kept.received(), /200 OK(?:(?!\r\n\r\n)[\s\S])*connection: close[\s\S]*\r\n\r\nok$/i, 'the request was answered');
});

test('cutAll destroys the connections still open past the grace period', async () => {
  const { drain, port } = await serve();
  const stuck = rawConnection(port);
  const slow = stuck.ask('/slow');
  await sleep(50);
  const closed = drain.closeListener();
  drain.cutAll();
  await closed;
  assert.equal(await slow, '', 'cut before its answer');
  assert.equal(drain.open, 0);
});
