import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { V8_FLAGS } from '../helpers/processes.ts';

/**
 * How the JSON log reaches stdout (docs/operations.md, "Logs"; ADR 0014): lines gather and leave
 * together, at most 100 ms after the first of them; a warning leaves at once with the lines before
 * it; what still waits when the process exits is written then. Each case runs `script` (a module
 * body using the server's logger as `log`) in a process of its own and reads its stdout as it comes.
 */
/** Lines read from the child's stdout in one chunk, and when (ms since the epoch, as the child's clock). */
interface Arrival {
  ms: number;
  lines: string[];
}

async function logging(script: string): Promise<{ arrivals: Arrival[]; stderr: string; code: number | null }> {
  const source = `import { createLogger } from './src/logger.ts';\nconst log = createLogger('info');\n${script}`;
  const child = spawn(process.execPath, [...V8_FLAGS, '--import', 'tsx', '--input-type=module', '-e', source], {
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const arrivals: Arrival[] = [];
  let stderr = '';
  let partial = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const text = partial + chunk;
    const cut = text.lastIndexOf('\n');
    partial = text.slice(cut + 1);
    if (cut >= 0) arrivals.push({ ms: performance.timeOrigin + performance.now(), lines: text.slice(0, cut).split('\n') });
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  assert.equal(partial, '', 'no line is cut');
  return { arrivals, stderr, code };
}

const messages = (arrivals: { lines: string[] }[]) => arrivals.flatMap((a) => a.lines.map((l) => (JSON.parse(l) as { msg: string }).msg));

test('an info line waits for its batch, and leaves within 100 ms of being logged', async () => {
  // The process logs one line, tells the time it did on stderr, and stays 600 ms.
  const { arrivals, stderr, code } = await logging(`
    log.info({ n: 1 }, 'primeira');
    process.stderr.write(String(performance.timeOrigin + performance.now()));
    setTimeout(() => {}, 600);`);
  assert.equal(code, 0, stderr);
  assert.deepEqual(messages(arrivals), ['primeira']);
  const waited = (arrivals[0]?.ms ?? NaN) - Number(stderr);
  // Held by the batch's 100-ms timer (never sooner), then written (a loaded machine may be slow to).
  assert.ok(waited >= 90 && waited < 600, `the line arrived ${Math.round(waited)} ms after it was logged`);
});

test('lines logged together leave together; a warning takes the lines before it along at once', async () => {
  const { arrivals, stderr, code } = await logging(`
    for (let i = 0; i < 5; i++) log.info({ i }, 'linha');
    log.warn('aviso');
    // Anything logged after the warning waits for its own batch.
    log.info('depois');
    setTimeout(() => {}, 600);`);
  assert.equal(code, 0, stderr);
  assert.deepEqual(messages(arrivals), ['linha', 'linha', 'linha', 'linha', 'linha', 'aviso', 'depois']);
  // The warning and the five lines before it arrive in one read, ahead of the line after it.
  const first = arrivals[0];
  assert.ok(first !== undefined);
  assert.deepEqual(messages([first]), ['linha', 'linha', 'linha', 'linha', 'linha', 'aviso']);
  // 'depois' left by its timer, ~100 ms later: a separate arrival.
  assert.equal(arrivals.length, 2);
  const second = arrivals[1];
  assert.ok(second !== undefined);
  assert.ok(second.ms - first.ms >= 50, `the batch after the warning left ${Math.round(second.ms - first.ms)} ms after it`);
});

test('a batch leaves as soon as 8 KiB wait, without waiting for its timer', async () => {
  // 8 KiB of lines, then the process blocks its event loop for 1 s, so no timer can run, and
  // tells on stderr when the block ended: the batch must have reached us before that.
  const { arrivals, stderr, code } = await logging(`
    const pad = 'x'.repeat(900);
    for (let i = 0; i < 10; i++) log.info({ i, pad }, 'grande');
    const until = Date.now() + 1000;
    while (Date.now() < until);
    process.stderr.write(String(performance.timeOrigin + performance.now()));`);
  assert.equal(code, 0, stderr);
  assert.equal(messages(arrivals).length, 10);
  const first = arrivals[0];
  assert.ok(first !== undefined);
  assert.ok(first.ms < Number(stderr), `the first lines arrived ${Math.round(first.ms - Number(stderr))} ms after the block ended`);
  // The 9th line passes 8 KiB: the batch holds the first nine at least.
  assert.ok(first.lines.length >= 9, `${first.lines.length} lines in the first arrival`);
});

test('lines still waiting when the process exits are written', async () => {
  const { arrivals, stderr, code } = await logging(`
    for (let i = 0; i < 3; i++) log.info({ i }, 'ao sair');
    process.exit(3);`);
  assert.equal(code, 3, stderr);
  assert.deepEqual(messages(arrivals), ['ao sair', 'ao sair', 'ao sair']);
});
