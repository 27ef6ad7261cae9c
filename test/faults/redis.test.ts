import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { RedisLimiter } from '../../src/ratelimit/redis-limiter.ts';
import { assertLoopFree, burst, loopFigures, report, slowest, underFault, type Timed } from '../helpers/faults.ts';
import { endpointOf, TcpProxy, through, type ProxyMode } from '../helpers/tcp-proxy.ts';
import { TestApp } from '../helpers/test-app.ts';

/**
 * Redis failing under a running app (ADR 0005, issue 12): the rate limiter's Redis is reached
 * through a TCP proxy that refuses, black-holes or slows. Its documented fallback holds: requests
 * are never refused for it — data and token requests answer 200 within 3 s (a hit waits for
 * Redis 500 ms at most, once), counted in per-instance windows meanwhile, with the event loop
 * free (< 100 ms) — and the limiter is back on the shared windows within 5 s of Redis answering
 * again, without a restart. Without TEST_REDIS_URL the suite is skipped.
 */

const redisUrl = process.env.TEST_REDIS_URL;
const BUDGET_MS = 3000;
const RECOVERY_MS = 5000;

describe('Redis failing', { skip: redisUrl ? false : 'needs Redis: set TEST_REDIS_URL' }, () => {
  let proxy: TcpProxy;
  let limiter: RedisLimiter;
  let t: TestApp;
  let token: string;
  let empresa: number;

  before(async () => {
    assert.ok(redisUrl);
    proxy = new TcpProxy(endpointOf(redisUrl, 6379));
    await proxy.open();
    limiter = await new RedisLimiter({
      url: through(proxy, redisUrl),
      keyPrefix: `ae:rl:faults-${randomBytes(6).toString('hex')}:`,
    }).connect();
    assert.equal(limiter.usingFallback, false);
    t = await TestApp.start({ limiter });
    empresa = await t.company();
    await t.load({ clientes: [{ id: 9101, empresa_id: empresa, tipo_pessoa: 'fisica', nome: 'Cliente' }] });
    token = await t.token(await t.credential(empresa));
  });

  after(async () => {
    await t?.close();
    await limiter?.close();
    await proxy?.close();
  });

  const data = () => t.get('/v1/clientes', token);
  /** A token request with a credential of its own (the per-client attempt limit, D27, stays out of the way). */
  const tokenRequest = async () => t.requestToken(await t.credential(empresa));

  async function warm(): Promise<void> {
    const deadline = Date.now() + RECOVERY_MS;
    while (limiter.usingFallback && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(limiter.usingFallback, false, 'the shared windows are in use before the fault');
    assert.equal((await data()).statusCode, 200);
  }

  function assertServed(answers: Timed[], label: string): void {
    for (const { res, what, ms } of answers) {
      assert.equal(res.statusCode, 200, `${label}, ${what}: ${res.body}`);
      if (what.startsWith('data')) assert.match(String(res.headers['x-ratelimit-remaining']), /^\d+$/, `${label}, ${what}`);
      assert.ok(ms < BUDGET_MS, `${label}, ${what}: answered in ${Math.round(ms)} ms`);
    }
  }

  async function scenario(mode: ProxyMode, delayMs: number, label: string): Promise<void> {
    // A window of its own (D35): up to three measurements of 12 data requests each, per scenario.
    token = await t.token(await t.credential(empresa));
    try {
      const requests: Record<string, () => Promise<LightMyRequestResponse>> = {};
      for (let i = 0; i < 10; i++) requests[`data ${i}`] = data;
      for (let i = 0; i < 3; i++) requests[`token ${i}`] = tokenRequest;
      const { result, ...watch } = await underFault(proxy, warm, mode, delayMs, async () => {
        const first = await burst(requests);
        const second = await burst({ 'data again': data });
        return [...first, ...second];
      });
      assertServed(result, label);
      assert.equal(limiter.usingFallback, true, `${label}: counting per instance meanwhile`);
      assertLoopFree(watch, label);
      await proxy.setMode('pass');
      const started = performance.now();
      while (limiter.usingFallback && performance.now() - started < RECOVERY_MS) await new Promise((resolve) => setTimeout(resolve, 50));
      const recoveryMs = performance.now() - started;
      assert.equal(limiter.usingFallback, false, `${label}: shared windows again within 5 s`);
      assert.equal((await data()).statusCode, 200);
      report(`redis ${label}`, { max_200_ms: slowest(result), ...loopFigures(watch), back_to_shared_windows_ms: recoveryMs });
    } finally {
      await proxy.setMode('pass');
    }
  }

  test('refused: every request 200 (per-instance windows), within 3 s; shared windows again within 5 s', () =>
    scenario('refuse', 0, 'refused'));
  test('black hole: every request 200 within 3 s; shared windows again within 5 s', () => scenario('blackhole', 0, 'black hole'));
  test('slow (3 s each way): every request 200 within 3 s; shared windows again within 5 s', () => scenario('slow', 3000, 'slow'));
});
