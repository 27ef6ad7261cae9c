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

function runner(mode: string) {
  const mark = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ae-runner-')), 'runs');
  const result = spawnSync(process.execPath, ['scripts/run-tests.mjs', FIXTURE], {
    env: { ...process.env, FIXTURE_MODE: mode, FIXTURE_MARK: mark },
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
