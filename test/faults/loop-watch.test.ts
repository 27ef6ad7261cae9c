import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { BLOCK_MS, watchingLoop } from '../helpers/faults.ts';
import { V8_FLAGS } from '../helpers/processes.ts';

/**
 * The fault suites' measure of the event loop (test/helpers/faults.ts, docs/reliability.md): a
 * callback that blocks the loop counts whole against BLOCK_MS, while a process the system does not
 * run for a while, as a loaded machine or a hypervisor does, lags but did not block. The second
 * case stops a child process with SIGSTOP while it waits for a timer, as that machine would.
 */

test('a callback that blocks the loop for 150 ms is measured busy for 150 ms', async () => {
  const watch = await watchingLoop(async () => {
    await sleep(50);
    const until = performance.now() + 150;
    while (performance.now() < until);
    await sleep(50);
  });
  assert.ok(watch.maxBusyMs >= 150, `busy ${watch.maxBusyMs} ms`);
  assert.ok(watch.maxLagMs >= 140, `timer delay ${watch.maxLagMs} ms`);
});

test('a process stopped for 250 ms while it waits lags 250 ms, but its loop was not busy', async () => {
  const source = `import { watchingLoop } from './test/helpers/faults.ts';
    const watch = await watchingLoop(async () => {
      process.stdout.write('watching\\n');
      await new Promise((resolve) => setTimeout(resolve, 1000));
    });
    process.stdout.write(JSON.stringify(watch) + '\\n');`;
  const child = spawn(process.execPath, [...V8_FLAGS, '--import', 'tsx', '--input-type=module', '-e', source], {
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const watching = new Promise<void>((resolve) =>
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (out.includes('watching\n')) resolve();
    }),
  );
  const closed = once(child, 'close');
  await watching;
  await sleep(200);
  child.kill('SIGSTOP');
  await sleep(250);
  child.kill('SIGCONT');
  const [code] = (await closed) as [number | null];
  assert.equal(code, 0, stderr);
  const watch = JSON.parse(out.split('\n')[1] ?? '') as { maxBusyMs: number; maxLagMs: number };
  assert.ok(watch.maxLagMs >= 240, `timer delay ${watch.maxLagMs} ms`);
  assert.ok(watch.maxBusyMs < BLOCK_MS, `busy ${watch.maxBusyMs} ms at a stretch`);
});
