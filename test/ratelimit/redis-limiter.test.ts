import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';
import fs from 'node:fs';
import { RedisLimiter, type LimiterLog } from '../../src/ratelimit/redis-limiter.ts';
import { startServer, tempDataDir } from '../helpers/processes.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const skip = redisUrl === undefined ? 'TEST_REDIS_URL not set' : false;
// Stopping and restarting Redis needs a server of the test's own, never the shared one.
const skipRestart = skip || (spawnSync('redis-server', ['--version']).status === 0 ? false : 'redis-server not installed');
// One prefix per run: windows of other files and earlier runs are never seen here.
const prefix = `ae:rl:test-${randomBytes(6).toString('hex')}:`;
const MINUTE = 60_000;

interface LogLine {
  level: 'error' | 'warn';
  msg: string;
}

function capturingLog(): LimiterLog & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  return {
    lines,
    error: (_obj, msg) => lines.push({ level: 'error', msg }),
    warn: (_obj, msg) => lines.push({ level: 'warn', msg }),
  };
}

/** A clock frozen at `offsetMs` into the current clock minute, movable by the test. */
function frozenClock(offsetMs: number): { now: () => number; set(ms: number): void; start: number } {
  const start = Math.floor(Date.now() / MINUTE) * MINUTE;
  let current = start + offsetMs;
  return { now: () => current, set: (ms) => (current = ms), start };
}

async function until(what: string, condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A throwaway redis-server of this test's own (never the machine's Redis on 6379, which other tests use). */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, retryStrategy: () => 50, maxRetriesPerRequest: 0 });
  probe.on('error', () => {});
  try {
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
      const pong = await probe.ping().catch(() => null);
      if (pong === 'PONG') return child;
      if (Date.now() > deadline) throw new Error('redis-server did not answer');
      if (probe.status === 'wait') await probe.connect().catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    probe.disconnect();
  }
}

function stopRedis(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe('RedisLimiter: shared, exact windows (ADR 0005)', { skip }, () => {
  let inspect: Redis;
  const limiters: RedisLimiter[] = [];

  async function limiter(now: () => number, log?: LimiterLog): Promise<RedisLimiter> {
    const created = await new RedisLimiter({ url: redisUrl ?? '', keyPrefix: prefix, now, ...(log ? { logger: log } : {}) }).connect();
    limiters.push(created);
    return created;
  }

  before(async () => {
    inspect = new Redis(redisUrl ?? '');
  });
  after(async () => {
    for (const l of limiters) await l.close();
    await inspect.quit();
  });

  test('300 concurrent hits through two connections: exactly 120 allowed, counts 1..300 each once', async () => {
    const clock = frozenClock(10_000);
    const a = await limiter(clock.now);
    const b = await limiter(clock.now);
    assert.equal(a.usingFallback, false);
    const results = await Promise.all(Array.from({ length: 300 }, (_, i) => (i % 2 === 0 ? a : b).hit('exact', 120)));
    assert.equal(results.filter((r) => r.allowed).length, 120);
    assert.deepEqual(
      results.map((r) => r.count).sort((x, y) => x - y),
      Array.from({ length: 300 }, (_, i) => i + 1),
      'every hit got its own count: none lost, none doubled',
    );
    for (const r of results) assert.equal(r.remaining, Math.max(0, 120 - r.count));
    assert.equal(a.fallbacks + b.fallbacks, 0);
  });

  test('window rollover at the clock minute (D35), with an injected clock', async () => {
    const clock = frozenClock(0);
    const a = await limiter(clock.now);
    assert.equal((await a.hit('roll', 2)).count, 1);
    clock.set(clock.start + MINUTE - 1);
    assert.equal((await a.hit('roll', 2)).count, 2);
    const over = await a.hit('roll', 2);
    assert.equal(over.allowed, false);
    clock.set(clock.start + MINUTE);
    const next = await a.hit('roll', 2);
    assert.equal(next.count, 1, 'a new window starts at the next clock minute');
    assert.equal(next.allowed, true);
  });

  test('a refund takes one hit back from the shared window it was counted in, seen by every instance (ADR 0014)', async () => {
    const clock = frozenClock(20_000);
    const a = await limiter(clock.now);
    const b = await limiter(clock.now);
    await a.hit('refund', 120);
    const counted = await b.hit('refund', 120);
    assert.equal(counted.count, 2);
    await b.refund('refund', counted);
    assert.equal((await a.hit('refund', 120)).count, 2, 'the other instance sees it taken back');
    clock.set(clock.start + MINUTE);
    await a.refund('refund', counted);
    assert.equal((await a.hit('refund', 120)).count, 1, 'a refund of an earlier window changes nothing in the new one');
  });

  test('resetAt is the window end in Unix seconds; retryAfter whole seconds, at least 1', async () => {
    const clock = frozenClock(45_300);
    const a = await limiter(clock.now);
    const first = await a.hit('reset', 1);
    assert.equal(first.resetAt, (clock.start + MINUTE) / 1000);
    assert.equal(first.retryAfter, 15);
    assert.equal(first.limit, 1);
    assert.equal(first.remaining, 0);
    clock.set(clock.start + MINUTE - 1);
    const late = await a.hit('reset', 1);
    assert.equal(late.allowed, false);
    assert.equal(late.retryAfter, 1);
    assert.equal(late.resetAt, (clock.start + MINUTE) / 1000);
  });

  test('keys are <prefix><key>:<windowStartMs> and expire a little after their window ends', async () => {
    const clock = frozenClock(20_000);
    const a = await limiter(clock.now);
    await a.hit('ttl', 5);
    const key = `${prefix}ttl:${clock.start}`;
    assert.equal(await inspect.get(key), '1');
    const ttl = await inspect.pttl(key);
    assert.ok(ttl > 40_000 && ttl <= 45_000, `TTL ${ttl} ms: to the window end (40 s) plus a grace`);
    await a.hit('ttl', 5);
    assert.ok((await inspect.pttl(key)) <= ttl, 'later hits do not extend the expiry');
  });

  test('a stalled event loop in this instance is not taken for a slow Redis', async () => {
    const created = await new RedisLimiter({ url: redisUrl ?? '', keyPrefix: prefix, timeoutMs: 100 }).connect();
    limiters.push(created);
    await created.hit('lag-warm-up', 10);
    const pending = created.hit('lag', 10);
    const busyUntil = Date.now() + 500;
    while (Date.now() < busyUntil) {
      // a busy instance: the reply arrives meanwhile, but the deadline passes before it is read
    }
    assert.equal((await pending).count, 1);
    assert.equal(created.usingFallback, false);
    assert.equal(created.fallbacks, 0);
  });

  test('ping() is true while Redis answers', async () => {
    const a = await limiter(Date.now);
    assert.equal(await a.ping(), true);
  });
});

describe('RedisLimiter: Redis unreachable -> per-instance windows (ADR 0005)', { skip }, () => {
  test('a closed port: the limiter starts on local windows, every hit answers, the switch is logged once', async () => {
    const log = capturingLog();
    const clock = frozenClock(5_000);
    const limiter = await new RedisLimiter({ url: 'redis://127.0.0.1:1', keyPrefix: prefix, now: clock.now, logger: log }).connect();
    try {
      assert.equal(limiter.usingFallback, true);
      assert.equal(limiter.fallbacks, 1);
      const results = await Promise.all(Array.from({ length: 130 }, () => limiter.hit('down', 120)));
      assert.equal(results.filter((r) => r.allowed).length, 120, 'the limit still holds in this instance');
      assert.equal(results.find((r) => !r.allowed)?.retryAfter, 55);
      const counted = results[0];
      assert.ok(counted);
      await limiter.refund('down', counted);
      assert.equal((await limiter.hit('down', 120)).count, 130, 'taken back from the local window');
      assert.equal(await limiter.ping(), false);
      assert.deepEqual(
        log.lines.map((l) => l.level),
        ['error'],
        'one error line for the switch, none per request',
      );
    } finally {
      await limiter.close();
    }
  });

  test('a server that accepts but never answers: start and hits are not held up', async () => {
    const silentServer = net.createServer(() => {});
    await new Promise<void>((resolve) => silentServer.listen(0, '127.0.0.1', resolve));
    const port = (silentServer.address() as net.AddressInfo).port;
    const limiter = await new RedisLimiter({ url: `redis://127.0.0.1:${port}`, keyPrefix: prefix, connectTimeoutMs: 300 }).connect();
    try {
      assert.equal(limiter.usingFallback, true);
      assert.equal((await limiter.hit('hung', 120)).count, 1);
    } finally {
      await limiter.close();
      silentServer.close();
    }
  });

  test(
    'Redis stopped and restarted: local windows while down, shared windows again after, each switch logged once',
    { skip: skipRestart },
    async () => {
      const port = await freePort();
      const url = `redis://127.0.0.1:${port}`;
      let server = await startRedis(port);
      const log = capturingLog();
      const clock = frozenClock(1_000);
      const a = await new RedisLimiter({ url, keyPrefix: prefix, now: clock.now, logger: log }).connect();
      const b = await new RedisLimiter({ url, keyPrefix: prefix, now: clock.now }).connect();
      try {
        assert.equal((await a.hit('restart', 120)).count, 1);
        assert.equal((await b.hit('restart', 120)).count, 2, 'shared with the other instance');

        await stopRedis(server);
        const during = await Promise.all([a.hit('restart', 120), a.hit('restart', 120), a.hit('restart', 120)]);
        assert.deepEqual(
          during.map((r) => r.count).sort(),
          [2, 3, 4],
          'counted in this instance while Redis is down, from the shared count it last saw (1)',
        );
        await until('a is on local windows', () => a.usingFallback);
        assert.equal(a.fallbacks, 1);
        assert.equal(await a.ping(), false);
        assert.equal((await b.hit('restart', 120)).count, 3, 'the other instance counts on its own too, from the 2 it saw');
        assert.deepEqual(log.lines, [
          { level: 'error', msg: 'rate limit: Redis unreachable, counting per-instance windows until it answers again' },
        ]);

        server = await startRedis(port);
        await until('a is back on shared windows', () => !a.usingFallback);
        await until('b is back on shared windows', () => !b.usingFallback);
        assert.deepEqual(
          log.lines.map((l) => l.level),
          ['error', 'warn'],
          'the recovery is logged once',
        );
        assert.match(log.lines[1]?.msg ?? '', /Redis answers again/);
        // The restarted server kept nothing (--save ''): the shared count starts over, for both.
        assert.equal((await a.hit('restart', 120)).count, 1);
        assert.equal((await b.hit('restart', 120)).count, 2);
        assert.equal(await a.ping(), true);
        assert.equal(a.fallbacks, 1);
      } finally {
        await a.close();
        await b.close();
        await stopRedis(server);
      }
    },
  );
});

describe('the server process while its Redis stops and restarts (ADR 0005)', { skip: skipRestart }, () => {
  async function readyz(url: string): Promise<{ status: number; body: unknown }> {
    const res = await fetch(`${url}/readyz`);
    return { status: res.status, body: await res.json() };
  }

  function logLines(output: string, msg: RegExp): { level: number }[] {
    return output
      .split('\n')
      .filter((l) => l.startsWith('{') && msg.test(l))
      .map((l) => JSON.parse(l) as { level: number });
  }

  test('keeps answering on local windows, /readyz says "degraded" (200), then shared windows again', async () => {
    const port = await freePort();
    let redis = await startRedis(port);
    const dataDir = tempDataDir();
    const server = await startServer({ DATA_DIR: dataDir, REDIS_URL: `redis://127.0.0.1:${port}` });
    try {
      const clientId = /client_id:\s+(\S+)/.exec(server.output())?.[1] ?? '';
      const secret = /client_secret:\s+(\S+)/.exec(server.output())?.[1] ?? '';
      const tokenRes = await fetch(`${server.url}/v1/oauth/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      });
      assert.equal(tokenRes.status, 200);
      const bearer = { authorization: `Bearer ${((await tokenRes.json()) as { access_token: string }).access_token}` };
      // A log line and an HTTP answer travel on different pipes: the line may reach this process
      // after the answer that followed it (a CI run read the output a moment too early), so wait for it.
      const loggedLines = async (msg: RegExp) => {
        const until = Date.now() + 5_000;
        while (logLines(server.output(), msg).length === 0) {
          assert.ok(Date.now() < until, `${String(msg)} logged`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        return logLines(server.output(), msg);
      };
      const list = async () => {
        const res = await fetch(`${server.url}/v1/clientes?por_pagina=1`, { headers: bearer });
        await res.arrayBuffer();
        return res;
      };
      assert.deepEqual(await readyz(server.url), { status: 200, body: { status: 'ready', redis: 'ok' } });
      assert.equal((await list()).status, 200);

      await stopRedis(redis);
      for (let i = 0; i < 5; i++) {
        const res = await list();
        assert.equal(res.status, 200, 'served on per-instance windows');
        assert.equal(res.headers.get('x-ratelimit-limit'), '120');
      }
      assert.deepEqual(await readyz(server.url), { status: 200, body: { status: 'ready', redis: 'degraded' } });
      const down = await loggedLines(/Redis unreachable/);
      assert.equal(down.length, 1, 'one line for the switch, none per request');
      assert.equal(down[0]?.level, 50, 'logged at error level');

      redis = await startRedis(port);
      const deadline = Date.now() + 15_000;
      while (((await readyz(server.url)).body as { redis: string }).redis !== 'ok') {
        assert.ok(Date.now() < deadline, 'readyz reports Redis again after its restart');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await loggedLines(/Redis answers again/);
      assert.equal((await list()).status, 200);
      assert.equal(logLines(server.output(), /Redis answers again/).length, 1, 'the recovery is logged once');
    } finally {
      await server.stop();
      await stopRedis(redis);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
