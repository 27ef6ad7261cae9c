import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * scripts/run-tests.mjs runs a file again only when V8 aborted it with the upstream
 * "Check failed: … jit_page" crash (ADR 0007); every other failure fails the run.
 */
const FIXTURE = 'test/runner/fixtures/crashes.ts';

function runner(mode: string, options: { files?: string[]; timed?: string; exclude?: string; timings?: string } = {}) {
  const mark = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ae-runner-')), 'runs');
  const env: NodeJS.ProcessEnv = { ...process.env, FIXTURE_MODE: mode, FIXTURE_MARK: mark };
  // The settings of the run this test is part of are not this runner's.
  delete env.TEST_TIMED;
  delete env.TEST_EXCLUDE;
  delete env.TEST_TIMINGS_DIR;
  if (options.timed !== undefined) env.TEST_TIMED = options.timed;
  if (options.exclude !== undefined) env.TEST_EXCLUDE = options.exclude;
  if (options.timings !== undefined) env.TEST_TIMINGS_DIR = options.timings;
  const result = spawnSync(process.execPath, ['scripts/run-tests.mjs', ...(options.files ?? [FIXTURE])], {
    env,
    encoding: 'utf8',
  });
  const runs = fs.existsSync(mark) ? Number(fs.readFileSync(mark, 'utf8')) : 0;
  return { code: result.status, out: result.stdout + result.stderr, runs };
}

test('a passing file runs once and the run passes', () => {
  const { code, out, runs } = runner('pass');
  assert.equal(code, 0, out);
  assert.equal(runs, 1);
  assert.match(out, /# files 1, failed 0, run again after a V8 abort 0/);
  assert.match(out, /# tests 1, pass 1, fail 0, skipped 0/);
});

test('a V8 jit_page abort runs the file once more; passing then, the run passes and says so', () => {
  const { code, out, runs } = runner('jit-abort-once');
  assert.equal(code, 0, out);
  assert.equal(runs, 2);
  assert.match(out, /was aborted by V8 .*running it once more/);
  assert.match(out, /# run again: test\/runner\/fixtures\/crashes\.ts \(passed\)/);
});

test('a second V8 abort fails the run: one retry only', () => {
  const { code, out, runs } = runner('jit-abort-always');
  assert.equal(code, 1, out);
  assert.equal(runs, 2);
  assert.match(out, /# FAILED: test\/runner\/fixtures\/crashes\.ts/);
});

test('any other abort or a failing assertion is never run again', () => {
  for (const mode of ['other-abort', 'assert']) {
    const { code, out, runs } = runner(mode);
    assert.equal(code, 1, `${mode}: ${out}`);
    assert.equal(runs, 1, mode);
    assert.match(out, /# FAILED: test\/runner\/fixtures\/crashes\.ts/);
  }
});

test('a failing file is told again at the end of the summary, with its assertion', () => {
  const { code, out } = runner('assert');
  assert.equal(code, 1, out);
  const summary = out.slice(out.indexOf('# run-tests summary'));
  assert.match(summary, /# why test\/runner\/fixtures\/crashes\.ts failed:/);
  assert.match(summary, /#\s+✖ fixture/);
  assert.match(summary, /#\s+.*3/, 'the expected value of the failed assertion');
});

test('TEST_TIMED: skip leaves the fault suites out, only runs nothing else, another value is refused', () => {
  const fault = 'test/faults/redis.test.ts';
  const skipped = runner('pass', { files: [fault, FIXTURE], timed: 'skip' });
  assert.equal(skipped.code, 0, skipped.out);
  assert.match(skipped.out, /# files 1, failed 0/);
  assert.doesNotMatch(skipped.out, /redis\.test\.ts/);
  const only = runner('pass', { files: [FIXTURE], timed: 'only' });
  assert.equal(only.code, 0, only.out);
  assert.equal(only.runs, 0, 'the fixture is not a fault suite');
  assert.match(only.out, /# files 0, failed 0/);
  const bad = runner('pass', { timed: 'sometimes' });
  assert.equal(bad.code, 2, bad.out);
  assert.match(bad.out, /TEST_TIMED must be last, skip or only/);
});

test('TEST_EXCLUDE leaves out the files under each prefix, and says so', () => {
  const fault = 'test/faults/redis.test.ts';
  const left = runner('pass', { files: [FIXTURE, fault], exclude: 'test/faults/, test/nothing-here/' });
  assert.equal(left.code, 0, left.out);
  assert.equal(left.runs, 1, 'the fixture ran');
  assert.match(left.out, /# files 1, failed 0/);
  assert.match(left.out, /# left out \(TEST_EXCLUDE\): test\/faults\/, test\/nothing-here\//);
  const none = runner('pass', { files: [FIXTURE], exclude: 'test/runner/' });
  assert.equal(none.runs, 0);
  assert.match(none.out, /# files 0, failed 0/);
});

test("TEST_TIMINGS_DIR gets every file's time, in a folder made when missing; the run's outcome is the tests'", () => {
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ae-timings-')), 'not', 'made');
  const { code, out } = runner('pass', { timings: dir });
  assert.equal(code, 0, out);
  const [file, ...others] = fs.readdirSync(dir);
  assert.deepEqual(others, []);
  assert.match(file ?? '', /^v\d+\.\d+\.\d+-(embedded|postgres)-last\.json$/);
  const times = JSON.parse(fs.readFileSync(path.join(dir, file ?? ''), 'utf8')) as Record<string, number>;
  assert.deepEqual(Object.keys(times), [FIXTURE]);
  assert.ok((times[FIXTURE] ?? 0) > 0);
});
