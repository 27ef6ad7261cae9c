import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryLimiter } from '../../src/ratelimit/memory-limiter.ts';

/** Limiter.refund (ADR 0014): a hit counted before its token proved invalid is taken back, in its own window only. */
const MINUTE = 60_000;

test('MemoryLimiter: a refund takes one hit back from the window it was counted in', async () => {
  let now = 100 * MINUTE + 5_000;
  const limiter = new MemoryLimiter(() => now);
  await limiter.hit('k', 120);
  const counted = await limiter.hit('k', 120);
  assert.equal(counted.count, 2);
  await limiter.refund('k', counted);
  assert.equal((await limiter.hit('k', 120)).count, 2, 'the refunded hit is not counted');
  assert.equal((await limiter.hit('other', 120)).count, 1, 'other keys untouched');
  // A refund of a hit from a window already over changes nothing in the new one.
  now += MINUTE;
  assert.equal((await limiter.hit('k', 120)).count, 1);
  await limiter.refund('k', counted);
  assert.equal((await limiter.hit('k', 120)).count, 2);
});

test('MemoryLimiter: a refund never takes a count below zero', async () => {
  const now = 200 * MINUTE;
  const limiter = new MemoryLimiter(() => now);
  const counted = await limiter.hit('k', 1);
  await limiter.refund('k', counted);
  await limiter.refund('k', counted);
  assert.equal((await limiter.hit('k', 1)).count, 1);
});
