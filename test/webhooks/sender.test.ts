import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildConnector } from 'undici';
import { NotificationSender, succeeded } from '../../src/webhooks/sender.ts';
import type { Resolver } from '../../src/webhooks/public-lookup.ts';

/**
 * How one notification attempt is sent (D53-D55), against real receivers on this machine: what
 * arrives, what counts as success, the 10-s bound (shortened here), no redirects, connections kept
 * alive, and no connection at all to a non-public address unless WEBHOOKS_ALLOW_PRIVATE says so.
 */
interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let receiver: http.Server;
let base: string;
const received: Received[] = [];
const connections: net.Socket[] = [];
let answer: (req: http.IncomingMessage, res: http.ServerResponse) => void = (_req, res) => res.end('ok');

before(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      answer(req, res);
    });
  });
  receiver.on('connection', (socket) => connections.push(socket));
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as net.AddressInfo).port}`;
});
after(async () => {
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

const event = JSON.stringify({ id: 'evt_1', tipo: 'teste', criado_em: '2026-11-27T12:00:00Z', dados: { recurso: 'clientes' } });
const headers = { 'webhook-id': 'evt_1', 'webhook-timestamp': '1795780800', 'webhook-signature': 'v1,abc=' };

describe('sending a notification attempt (D53-D55)', () => {
  test('a POST of the exact body with the signature headers and application/json; a 2xx is success', async () => {
    const sender = new NotificationSender({ allowPrivate: true });
    try {
      received.length = 0;
      const outcome = await sender.send({ url: `${base}/hook?x=1`, body: event, headers });
      assert.equal(outcome.kind, 'resposta');
      assert.ok(succeeded(outcome));
      const [got] = received;
      assert.ok(got);
      assert.equal(got.method, 'POST');
      assert.equal(got.url, '/hook?x=1');
      assert.equal(got.body, event);
      assert.equal(got.headers['content-type'], 'application/json');
      for (const [name, value] of Object.entries(headers)) assert.equal(got.headers[name], value);
    } finally {
      sender.close();
    }
  });

  test('another status is an answer, not a success; a redirect is never followed', async () => {
    const sender = new NotificationSender({ allowPrivate: true });
    try {
      for (const status of [500, 404, 302]) {
        received.length = 0;
        answer = (_req, res) => {
          res.writeHead(status, status === 302 ? { location: `${base}/elsewhere` } : {});
          res.end('no');
        };
        const outcome = await sender.send({ url: `${base}/hook`, body: event, headers });
        assert.deepEqual({ ...outcome, durationMs: 0 }, { kind: 'resposta', status, durationMs: 0 });
        assert.equal(succeeded(outcome), false);
        assert.deepEqual(
          received.map((r) => r.url),
          ['/hook'],
          'one request, to the URL only',
        );
      }
    } finally {
      answer = (_req, res) => res.end('ok');
      sender.close();
    }
  });

  test('no answer within the bound: an error that says so, after about the bound', async () => {
    const sender = new NotificationSender({ allowPrivate: true, timeoutMs: 300 });
    try {
      answer = () => {}; // never answers
      const outcome = await sender.send({ url: `${base}/hook`, body: event, headers });
      assert.equal(outcome.kind, 'erro');
      assert.equal(outcome.kind === 'erro' && outcome.error, 'sem resposta em 0.3 s');
      assert.ok(outcome.durationMs >= 290 && outcome.durationMs < 3000, String(outcome.durationMs));
    } finally {
      answer = (_req, res) => res.end('ok');
      sender.close();
    }
  });

  test("the receiver's body is ignored: an endless one is cut, and the answer still counts", async () => {
    const sender = new NotificationSender({ allowPrivate: true });
    try {
      const started = Date.now();
      let closed: Promise<number> = Promise.resolve(0);
      answer = (_req, res) => {
        closed = new Promise((resolve) => res.once('close', () => resolve(Date.now() - started)));
        res.writeHead(200, { 'content-type': 'text/plain' });
        // A body with no end, written as fast as the connection takes it, until the sender cuts it.
        const chunk = 'x'.repeat(16 * 1024);
        const more = () => {
          while (!res.destroyed) if (!res.write(chunk)) return void res.once('drain', more);
        };
        more();
      };
      const outcome = await sender.send({ url: `${base}/hook`, body: event, headers });
      assert.deepEqual({ ...outcome, durationMs: 0 }, { kind: 'resposta', status: 200, durationMs: 0 });
      const after = await closed;
      assert.ok(after < 2000, `the connection was cut ${after} ms after the attempt began, long before its 10-s bound`);
      answer = (_req, res) => res.end('ok');
      assert.ok(succeeded(await sender.send({ url: `${base}/hook`, body: event, headers })), 'the next attempt is sent');
    } finally {
      answer = (_req, res) => res.end('ok');
      sender.close();
    }
  });

  test('a closed port is a network error with its reason', async () => {
    const sender = new NotificationSender({ allowPrivate: true });
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    try {
      const outcome = await sender.send({ url: `http://127.0.0.1:${port}/hook`, body: event, headers });
      assert.deepEqual({ ...outcome, durationMs: 0 }, { kind: 'erro', error: 'conexão recusada (ECONNREFUSED)', durationMs: 0 });
    } finally {
      sender.close();
    }
  });

  test('attempts to one receiver reuse kept-alive connections, at most 4 at a time', async () => {
    const sender = new NotificationSender({ allowPrivate: true });
    try {
      let before = connections.length;
      // One after the other: a connection is taken again one turn of the loop after its answer
      // (undici's guard against receivers that close despite keep-alive), so a second may open.
      for (let i = 0; i < 20; i++) assert.ok(succeeded(await sender.send({ url: `${base}/hook`, body: event, headers })));
      assert.ok(connections.length - before <= 2, `twenty attempts one after the other, ${connections.length - before} connections`);
      // Twelve at once to a receiver that answers late: four connections, the rest wait their turn.
      before = connections.length;
      let open = 0;
      let most = 0;
      answer = (_req, res) => {
        most = Math.max(most, ++open);
        setTimeout(() => {
          open--;
          res.end('ok');
        }, 50);
      };
      const outcomes = await Promise.all(Array.from({ length: 12 }, () => sender.send({ url: `${base}/hook`, body: event, headers })));
      assert.ok(outcomes.every(succeeded));
      assert.equal(most, 4, 'at most four attempts under way at one receiver');
      assert.ok(connections.length - before <= 4, `${connections.length - before} new connections for twelve attempts`);
    } finally {
      answer = (_req, res) => res.end('ok');
      sender.close();
    }
  });

  test('without WEBHOOKS_ALLOW_PRIVATE: http:// and non-public addresses are refused, and nothing reaches the receiver', async () => {
    const loopbackName: Resolver = (_hostname, callback) => callback(null, [{ address: '127.0.0.1', family: 4 }]);
    const sender = new NotificationSender({ allowPrivate: false, resolver: loopbackName });
    const port = (receiver.address() as net.AddressInfo).port;
    const before = connections.length;
    try {
      const cases: [string, RegExp][] = [
        [`http://hooks.example.com:${port}/hook`, /^a URL deve usar https:\/\/$/],
        [`https://127.0.0.1:${port}/hook`, /endereço não público recusado: 127\.0\.0\.1 \(loopback\)/],
        [`https://[::1]:${port}/hook`, /endereço não público recusado: ::1 \(loopback\)/],
        [`https://169.254.169.254/latest/meta-data`, /\(linkLocal\)/],
        [`https://10.0.0.1/hook`, /\(private\)/],
        [`https://[fd00::1]/hook`, /\(uniqueLocal\)/],
        [`https://interno.example:${port}/hook`, /endereço não público recusado: 127\.0\.0\.1 \(loopback\)/],
        ['not a url', /^URL inválida$/],
      ];
      for (const [url, error] of cases) {
        const outcome = await sender.send({ url, body: event, headers });
        assert.equal(outcome.kind, 'recusado', url);
        assert.match(outcome.kind === 'recusado' ? outcome.error : '', error, url);
      }
      assert.equal(connections.length, before, 'the receiver saw no connection');
    } finally {
      sender.close();
    }
  });
});

// The receiver's certificate is made with openssl, as on every machine CI runs on (.ci/run installs it).
const noOpenssl = spawnSync('openssl', ['version']).status === 0 ? false : 'openssl is not installed (apt-get install openssl)';

describe('over HTTPS (D55: the scheme notifications use)', { skip: noOpenssl }, () => {
  let dir: string;
  let tlsReceiver: https.Server;
  let url: string;
  let cert: string;
  /** connections the receiver accepted, and requests it read */
  let connected = 0;
  let requests = 0;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ae-tls-'));
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '1', '-subj', '/CN=localhost'].concat([
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ]),
      { stdio: 'ignore' },
    );
    cert = fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8');
    tlsReceiver = https.createServer({ key: fs.readFileSync(path.join(dir, 'key.pem')), cert }, (req, res) => {
      requests++;
      req.resume();
      req.on('end', () => res.writeHead(204).end());
    });
    tlsReceiver.on('connection', () => connected++);
    await new Promise<void>((resolve) => tlsReceiver.listen(0, '127.0.0.1', resolve));
    url = `https://localhost:${(tlsReceiver.address() as net.AddressInfo).port}/hook`;
  });
  after(async () => {
    tlsReceiver.closeAllConnections();
    await new Promise<void>((resolve) => tlsReceiver.close(() => resolve()));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('a receiver whose certificate is trusted: delivered; one that is not: an error naming the certificate', async () => {
    const trusting = new NotificationSender({ allowPrivate: true, ca: cert });
    const strict = new NotificationSender({ allowPrivate: true });
    try {
      const ok = await trusting.send({ url, body: event, headers });
      assert.deepEqual({ ...ok, durationMs: 0 }, { kind: 'resposta', status: 204, durationMs: 0 });
      const refused = await strict.send({ url, body: event, headers });
      assert.equal(refused.kind, 'erro');
      assert.match(refused.kind === 'erro' ? refused.error : '', /^certificado TLS não aceito \(/);
    } finally {
      trusting.close();
      strict.close();
    }
  });

  test("a connection that reaches a non-public address past the name's check meets a second guard: no byte of the request is written, and the attempt is refused", async () => {
    // A connector that resolves the name its own way, as a path around publicOnlyLookup would.
    const toLoopback: net.LookupFunction = (_hostname, options, callback) =>
      options.all === true
        ? (callback as unknown as (err: null, all: { address: string; family: number }[]) => void)(null, [
            { address: '127.0.0.1', family: 4 },
          ])
        : callback(null, '127.0.0.1', 4);
    const sender = new NotificationSender({ allowPrivate: false, connector: buildConnector({ ca: cert, lookup: toLoopback }) });
    const [connectedBefore, requestsBefore] = [connected, requests];
    try {
      const outcome = await sender.send({ url, body: event, headers });
      assert.equal(outcome.kind, 'recusado');
      assert.match(outcome.kind === 'recusado' ? outcome.error : '', /^endereço não público recusado: 127\.0\.0\.1 \(loopback\)$/);
      assert.equal(connected - connectedBefore, 1, 'the connection was made: the first guard never saw it');
      assert.equal(requests - requestsBefore, 0, 'the receiver read no request');
    } finally {
      sender.close();
    }
  });
});
