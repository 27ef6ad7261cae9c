import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import pino from 'pino';
import { buildApp } from '../../src/app.ts';
import { validated } from '../helpers/openapi-validator.ts';
import { MemoryLimiter } from '../../src/ratelimit/memory-limiter.ts';
import { basicHeader, TestApp } from '../helpers/test-app.ts';

/** A pino logger at `level` whose lines are kept in `lines`. */
function memoryLogger(level: string): { lines: string[]; logger: pino.Logger } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(
        ...chunk
          .toString()
          .split('\n')
          .filter((l) => l !== ''),
      );
      done();
    },
  });
  return { lines, logger: pino({ level }, sink) };
}

/** Logs during a whole token + data flow: useful fields present, never a secret or a token. */
let t: TestApp;
before(async () => {
  t = await TestApp.start();
});
after(async () => t.close());

test('a full token and data flow logs route, status, latency, ids — and never the secret or the token', async () => {
  const { lines, logger } = memoryLogger('debug');
  const app = validated(await buildApp({ config: { trustProxy: [] }, store: t.store, limiter: new MemoryLimiter(), logger }));
  try {
    const empresa = await t.company();
    await t.load({
      clientes: [{ id: 9001, empresa_id: empresa, tipo_pessoa: 'fisica', nome: 'Log', sobrenome: 'Teste', documento: '529.982.247-25' }],
    });
    const cred = await t.credential(empresa);
    const tokenRes = await app.inject({
      method: 'POST',
      url: '/v1/oauth/token',
      headers: { authorization: basicHeader(cred.clientId, cred.secret), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials',
    });
    assert.equal(tokenRes.statusCode, 200);
    const token = (tokenRes.json() as { access_token: string }).access_token;
    const bearer = { authorization: `Bearer ${token}` };
    assert.equal(
      (await app.inject({ method: 'GET', url: '/v1/clientes?documento=52998224725&incluir=contato', headers: bearer })).statusCode,
      200,
    );
    assert.equal((await app.inject({ method: 'GET', url: '/v1/clientes/9001', headers: bearer })).statusCode, 200);
    assert.equal((await app.inject({ method: 'GET', url: '/v1/clientes?x=1', headers: bearer })).statusCode, 400);
    // A failed attempt with the secret in the wrong place must not leak it either.
    await app.inject({
      method: 'POST',
      url: '/v1/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=client_credentials&client_id=${cred.clientId}&client_secret=${cred.secret}`,
    });
    logger.flush();

    const all = lines.join('\n');
    assert.ok(lines.length >= 5, all);
    for (const secret of [cred.secret, token, token.slice(6), '52998224725', '529.982.247-25']) {
      assert.ok(!all.includes(secret), `a log line holds ${secret.slice(0, 12)}…`);
    }
    const requests = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'request');
    assert.equal(requests.length, 5);
    const data = requests.find((l) => l.route === '/v1/clientes/:id');
    assert.ok(data);
    assert.equal(data.status, 200);
    assert.equal(data.client_id, cred.clientId);
    assert.equal(data.empresa_id, empresa);
    assert.equal(typeof data.ms, 'number');
    assert.match(String(data.request_id), /^[0-9a-f-]{36}$/);
  } finally {
    await app.close();
  }
});

test('a path the router cannot decode is logged like any other request (D2)', async () => {
  const { lines, logger } = memoryLogger('info');
  const app = validated(await buildApp({ config: { trustProxy: [] }, store: t.store, limiter: new MemoryLimiter(), logger }));
  try {
    const res = await app.inject({ method: 'GET', url: '/v1/clientes/%zz' });
    assert.equal(res.statusCode, 404);
    logger.flush();
    const requests = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'request');
    assert.equal(requests.length, 1, lines.join('\n'));
    assert.equal(requests[0]?.status, 404);
    assert.equal(requests[0]?.route, null);
    assert.equal(requests[0]?.request_id, res.headers['x-request-id']);
  } finally {
    await app.close();
  }
});

test("a page's scripts and stylesheets are logged at debug only; the page and every other route at info", async () => {
  const routesLogged = async (level: string): Promise<string[]> => {
    const { lines, logger } = memoryLogger(level);
    const app = await buildApp({ config: { trustProxy: [] }, store: t.store, limiter: new MemoryLimiter(), logger });
    try {
      for (const url of ['/docs', '/docs/assets/docs.css', '/docs/page-base/dom.js', '/settings', '/settings/assets/nope.js', '/healthz']) {
        await app.inject({ method: 'GET', url });
      }
      logger.flush();
      return lines
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .filter((l) => l.msg === 'request')
        .map((l) => `${String(l.route)} ${String(l.status)}`);
    } finally {
      await app.close();
    }
  };
  // An unknown asset is the not-found route's 404, logged like any refusal.
  assert.deepEqual(await routesLogged('info'), ['/docs 200', '/settings 200', 'null 404', '/healthz 200']);
  assert.deepEqual(await routesLogged('debug'), [
    '/docs 200',
    '/docs/assets/:file 200',
    '/docs/page-base/:file 200',
    '/settings 200',
    'null 404',
    '/healthz 200',
  ]);
});
