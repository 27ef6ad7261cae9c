import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import { buildApp } from '../../src/app.ts';
import { validated } from '../helpers/openapi-validator.ts';
import { Metrics } from '../../src/observability/metrics.ts';
import { startMetricsServer } from '../../src/ops/metrics-server.ts';
import { MemoryLimiter } from '../../src/ratelimit/memory-limiter.ts';
import { basicHeader, TestApp, uniqueSourceIp } from '../helpers/test-app.ts';

let t: TestApp;
before(async () => {
  t = await TestApp.start();
});
after(async () => t.close());

function sample(text: string, line: string): number {
  const found = text.split('\n').find((l) => l.startsWith(line));
  return found === undefined ? 0 : Number(found.slice(line.length).trim());
}

test('/metrics counts requests by route and status, latency, tokens issued, 429s', async () => {
  const metrics = new Metrics();
  const frozen = Math.floor(Date.now() / 60_000) * 60_000;
  const app = validated(await buildApp({ config: { trustProxy: [] }, store: t.store, limiter: new MemoryLimiter(() => frozen), metrics }));
  try {
    const cred = await t.credential(await t.company());
    const token = await app.inject({
      method: 'POST',
      url: '/v1/oauth/token',
      remoteAddress: uniqueSourceIp(),
      headers: { authorization: basicHeader(cred.clientId, cred.secret), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials',
    });
    const bearer = { authorization: `Bearer ${(token.json() as { access_token: string }).access_token}` };
    for (let i = 0; i < 121; i++) await app.inject({ method: 'GET', url: '/v1/clientes?documento=52998224725', headers: bearer });
    await app.inject({ method: 'GET', url: '/v1/nada' });

    const res = await app.inject({ method: 'GET', url: '/metrics' });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/plain/);
    const text = res.body;
    assert.equal(sample(text, 'api_externa_requests_total{route="/v1/clientes",method="GET",status="200"}'), 120);
    assert.equal(sample(text, 'api_externa_requests_total{route="/v1/clientes",method="GET",status="429"}'), 1);
    assert.equal(sample(text, 'api_externa_rate_limit_rejections_total{route="/v1/clientes"}'), 1);
    assert.equal(sample(text, 'api_externa_tokens_issued_total'), 1);
    assert.equal(sample(text, 'api_externa_requests_total{route="unmatched",method="GET",status="404"}'), 1);
    assert.equal(sample(text, 'api_externa_request_duration_seconds_count{route="/v1/clientes"}'), 121);
    assert.ok(!text.includes('52998224725'), 'labels are route patterns, never URLs');
  } finally {
    await app.close();
  }
});

test('with METRICS_PORT, /metrics moves to its own listener', async () => {
  const metrics = new Metrics();
  const app = validated(
    await buildApp({ config: { trustProxy: [] }, store: t.store, limiter: new MemoryLimiter(), metrics, metricsOnOwnPort: true }),
  );
  const server = await startMetricsServer(metrics, '127.0.0.1', 0);
  try {
    assert.equal((await app.inject({ method: 'GET', url: '/metrics' })).statusCode, 404);
    await app.inject({ method: 'GET', url: '/healthz' });
    const address = server.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    assert.equal(sample(text, 'api_externa_requests_total{route="/healthz",method="GET",status="200"}'), 1);
  } finally {
    await server.close();
    await app.close();
  }
});

test('/metrics on the API port answers only a local caller: anyone else, or a request a proxy forwarded, gets the 404 of an unknown path', async () => {
  const metrics = new Metrics();
  const app = validated(await buildApp({ config: { trustProxy: ['127.0.0.1'] }, store: t.store, limiter: new MemoryLimiter(), metrics }));
  try {
    const notFound = async (options: { remoteAddress: string; headers?: Record<string, string> }, what: string) => {
      const res = await app.inject({ method: 'GET', url: '/metrics', ...options });
      assert.equal(res.statusCode, 404, what);
      assert.equal((res.json() as { erro: { codigo: string } }).erro.codigo, 'recurso_nao_encontrado', what);
      assert.ok(!res.body.includes('api_externa_'), what);
    };
    await notFound({ remoteAddress: '203.0.113.9' }, 'a caller on another host');
    await notFound({ remoteAddress: '10.1.2.3' }, 'a caller on the private network');
    // A reverse proxy on this host connects from loopback on behalf of anyone.
    await notFound({ remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } }, 'forwarded by a proxy');
    await notFound({ remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '127.0.0.1' } }, 'forwarded, even naming loopback');
    await notFound({ remoteAddress: '127.0.0.1', headers: { forwarded: 'for=203.0.113.9' } }, 'Forwarded (RFC 7239)');
    await notFound({ remoteAddress: '127.0.0.1', headers: { 'x-real-ip': '203.0.113.9' } }, 'X-Real-IP');
    for (const local of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: local });
      assert.equal(res.statusCode, 200, local);
      assert.match(res.body, /api_externa_requests_total/);
    }
  } finally {
    await app.close();
  }
});

// A real connection from another address of this machine (its first non-internal IPv4 one):
// the socket's peer is that address, not loopback.
const external = Object.values(os.networkInterfaces())
  .flat()
  .find((i) => i !== undefined && i.family === 'IPv4' && !i.internal)?.address;
test(
  '/metrics over a real socket from a non-loopback address of this machine: 404; from loopback: 200',
  { skip: external === undefined ? 'this machine has no non-internal IPv4 address to call from' : false },
  async () => {
    const metrics = new Metrics();
    const app = await buildApp({ config: { trustProxy: [] }, store: t.store, limiter: new MemoryLimiter(), metrics });
    try {
      await app.listen({ host: '0.0.0.0', port: 0 });
      const address = app.server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      const far = await fetch(`http://${external}:${port}/metrics`);
      assert.equal(far.status, 404);
      assert.ok(!(await far.text()).includes('api_externa_'));
      const near = await fetch(`http://127.0.0.1:${port}/metrics`);
      assert.equal(near.status, 200);
      assert.match(await near.text(), /api_externa_requests_total/);
    } finally {
      await app.close();
    }
  },
);
