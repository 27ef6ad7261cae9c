import assert from 'node:assert/strict';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { LightMyRequestResponse } from 'fastify';
import type { ProxyMode, TcpProxy } from './tcp-proxy.ts';

/**
 * Measuring what a fault costs (the fault suites, test/faults/): how long each answer took, how
 * much the event loop lagged meanwhile, how soon the service answered again after recovery.
 */

export interface Timed {
  res: LightMyRequestResponse;
  ms: number;
  what: string;
}

/** Runs every request at once and times each. */
export async function burst(requests: Record<string, () => Promise<LightMyRequestResponse>>): Promise<Timed[]> {
  return Promise.all(
    Object.entries(requests).map(async ([what, run]) => {
      const started = performance.now();
      const res = await run();
      return { res, ms: performance.now() - started, what };
    }),
  );
}

export function slowest(answers: Timed[]): number {
  return Math.max(...answers.map((a) => a.ms));
}

/** What the event loop did while a fault's requests ran. */
export interface LoopMeasures {
  /**
   * The longest the loop ran code without once waiting for I/O, in ms: a callback that blocks it
   * (a synchronous wait, a long computation, a long garbage collection) shows here whole. The
   * bound (BLOCK_MS) is on this.
   */
  maxBusyMs: number;
  /**
   * The largest delay of a 10-ms timer, in ms: what a request waiting on the loop would feel. It
   * also counts the time the process waited for a CPU (another process, the hypervisor), so it is
   * reported, not bounded.
   */
  maxLagMs: number;
}

/** What `work` gave, and how the loop fared meanwhile. */
export interface LoopWatch<T> extends LoopMeasures {
  result: T;
}

/**
 * Runs `work` while watching the event loop every 10 ms. Two measures: the timer's delay (Node's
 * `monitorEventLoopDelay`) and how long the loop was busy between two ticks (the difference of
 * `performance.eventLoopUtilization()`'s active time: libuv counts the time spent waiting in the
 * poll for I/O or a timer as idle). A process the system does not run for 150 ms while it waits
 * for I/O lags 150 ms but was busy for none of them; a callback that blocks for 150 ms is both
 * (test/faults/loop-watch.test.ts shows the two apart).
 */
export async function watchingLoop<T>(work: () => Promise<T>): Promise<LoopWatch<T>> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  let last = performance.eventLoopUtilization();
  let maxBusyMs = 0;
  const tick = () => {
    const now = performance.eventLoopUtilization();
    maxBusyMs = Math.max(maxBusyMs, performance.eventLoopUtilization(now, last).active);
    last = now;
  };
  const ticking = setInterval(tick, 10);
  histogram.enable();
  try {
    const result = await work();
    tick();
    return { result, maxBusyMs, maxLagMs: histogram.max / 1e6 };
  } finally {
    clearInterval(ticking);
    histogram.disable();
  }
}

/**
 * Repeats `run` every 100 ms until it answers `status`; returns the ms from the call to that
 * answer, or Infinity past `limitMs`.
 */
export async function timeUntil(run: () => Promise<LightMyRequestResponse>, status: number, limitMs = 10_000): Promise<number> {
  const started = performance.now();
  for (;;) {
    const res = await run();
    const elapsed = performance.now() - started;
    if (res.statusCode === status) return elapsed;
    if (elapsed > limitMs) return Infinity;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One line for the test log, picked up by docs/reliability.md's figures. */
export function report(label: string, figures: Record<string, number>): void {
  const text = Object.entries(figures)
    .map(([name, value]) => `${name}=${Number.isFinite(value) ? Math.round(value) : value}`)
    .join(' ');
  console.log(`# figure ${label}: ${text}`);
}

/** The bound on how long the event loop may run without a break while a store fails, in ms. */
export const BLOCK_MS = 100;

/** A fault must not block the loop: asserts the busy stretch's bound, naming both measures. */
export function assertLoopFree(watch: LoopMeasures, label: string): void {
  const { maxBusyMs, maxLagMs } = watch;
  assert.ok(
    maxBusyMs < BLOCK_MS,
    `${label}: event loop busy ${Math.round(maxBusyMs)} ms at a stretch (timer delay ${Math.round(maxLagMs)} ms)`,
  );
}

/** The loop's two measures as report() figures. */
export function loopFigures(watch: LoopMeasures): Record<string, number> {
  return { max_loop_busy_ms: watch.maxBusyMs, max_loop_lag_ms: watch.maxLagMs };
}

/** How many times a fault is measured, at most, before its busy loop counts. */
const MEASUREMENTS = 3;

/**
 * `warm()`s the pools, puts the proxy in `mode` and runs `work` while watching the event loop. A
 * busy stretch also counts the time the process waited for a CPU while it was running code, so on
 * a loaded machine a stretch can pass BLOCK_MS with nothing blocking. A measurement over the
 * bound is therefore taken again, from scratch, up to MEASUREMENTS times in all, and printed;
 * code that blocks the loop fails every time. `warm` runs before each measurement: a test that
 * counts requests gives each its own window there.
 */
export async function underFault<T>(
  proxy: TcpProxy,
  warm: () => Promise<void>,
  mode: ProxyMode,
  delayMs: number,
  work: () => Promise<T>,
): Promise<LoopWatch<T>> {
  for (let attempt = 1; ; attempt++) {
    await warm();
    await proxy.setMode(mode, { delayMs });
    const run = await watchingLoop(work);
    if (run.maxBusyMs < BLOCK_MS || attempt === MEASUREMENTS) return run;
    console.log(`# event loop busy ${Math.round(run.maxBusyMs)} ms at a stretch under ${mode} (a loaded machine?): measuring again`);
    await proxy.setMode('pass');
  }
}
