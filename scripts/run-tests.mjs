#!/usr/bin/env node
// Runs every test file under test/ (or the files given) with node's test runner through tsx,
// one `node --test` process per file, TEST_CONCURRENCY (default 2) at a time. Each file's report
// is printed whole when it ends, then a summary of all files.
//
// Why one process per file, run from here (ADR 0007): on Node 22+ V8 can abort a process that
// runs PGlite's WebAssembly with a fatal "Check failed: jit_page…" (nodejs/node#64500, an
// upstream JIT-page bookkeeping race, not our code). This runner
//   1. passes --no-memory-protection-keys to the test processes where V8 knows the flag
//      (the mitigation upstream users report), and
//   2. runs a file again, once, when — and only when — its process died of that V8 abort.
// Any other failure, including an assertion failing on the second try, fails the run.
//
// The fault suites (test/faults/) bound how long an answer may take while a store fails (3 s, and
// the event loop's delay under 100 ms): measured beside other test files on a 2-core machine, the
// time they wait for a CPU counts against those bounds. They run last, alone (TEST_TIMED=last, the
// default); TEST_TIMED=skip leaves them out and TEST_TIMED=only runs them alone, for a caller that
// runs several passes side by side and their timed files afterwards (.ci/run).
import { spawn, spawnSync } from 'node:child_process';
import { setTimeout, clearTimeout } from 'node:timers';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const FILE_TIMEOUT_MS = Number(process.env.TEST_FILE_TIMEOUT_MS ?? 8 * 60_000);
const V8_JIT_PAGE_ABORT = /# Fatal error in [^\n]*\n#\s*Check failed: [^\n]*jit_page/;

function testFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** V8 flags this node accepts (Node 20's V8 has no memory-protection-keys flag and refuses it). */
function v8Mitigations() {
  const probe = spawnSync(process.execPath, ['--no-memory-protection-keys', '-e', '0']);
  return probe.status === 0 ? ['--no-memory-protection-keys'] : [];
}

const TIMED_DIR = `test${path.sep}faults${path.sep}`;
const isTimed = (file) => path.normalize(file).startsWith(TIMED_DIR);
const timedMode = process.env.TEST_TIMED ?? 'last';
if (!['last', 'skip', 'only'].includes(timedMode)) {
  console.error(`TEST_TIMED must be last, skip or only, not ${timedMode}`);
  process.exit(2);
}
// TEST_EXCLUDE: comma-separated path prefixes of files a caller runs elsewhere (.ci/run's Node 26
// pass leaves out the suites whose subject is another program; ADR 0017).
const excluded = (process.env.TEST_EXCLUDE ?? '')
  .split(',')
  .map((prefix) => prefix.trim())
  .filter((prefix) => prefix !== '')
  .map((prefix) => path.normalize(prefix));
const given = (process.argv.length > 2 ? process.argv.slice(2) : testFiles('test').sort()).filter(
  (file) => !excluded.some((prefix) => path.normalize(file).startsWith(prefix)),
);
const files = given.filter((file) => (timedMode === 'skip' ? !isTimed(file) : timedMode === 'only' ? isTimed(file) : true));
if (excluded.length > 0) console.log(`# left out (TEST_EXCLUDE): ${excluded.join(', ')}`);
const runStarted = Date.now();
const concurrency = Math.max(1, Number(process.env.TEST_CONCURRENCY ?? '2'));
// A runner started from inside a test (test/runner) must not report to that test's runner.
const childEnv = { ...process.env };
delete childEnv.NODE_TEST_CONTEXT;
// Each test process writes there the (operation, status) pairs its responses were checked
// against the OpenAPI description (test/helpers/openapi-validator.ts); see the report at the end.
const seenDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ae-openapi-seen-'));
childEnv.OPENAPI_SEEN_DIR = seenDir;
const nodeArgs = [...v8Mitigations(), '--import', 'tsx', '--test', '--test-reporter=spec'];

// On the embedded store, each test file's stores are copies of one migrated store made here
// (test/helpers/test-store.ts): PGlite's initdb and the migrations cost about 5 s of CPU per store,
// a copy under 1 s, and a pass creates some eighty stores. Each copy still runs the migrations,
// which find nothing to do; a caller may give its own template in TEST_EMBEDDED_TEMPLATE.
let templateDir = null;
if (process.env.TEST_DATABASE_URL === undefined && process.env.TEST_EMBEDDED_TEMPLATE === undefined && files.length > 0) {
  templateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ae-template-'));
  const made = spawnSync(process.execPath, [...v8Mitigations(), '--import', 'tsx', 'scripts/make-embedded-template.ts', templateDir], {
    env: childEnv,
    stdio: 'inherit',
  });
  if (made.status !== 0) {
    console.error(`run-tests: the embedded store's template could not be made (exit ${made.status ?? made.signal})`);
    process.exit(1);
  }
  childEnv.TEST_EMBEDDED_TEMPLATE = templateDir;
}

function runFile(file) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [...nodeArgs, file], {
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => {
      output += `\n# run-tests: ${file} did not end within ${FILE_TIMEOUT_MS} ms; killed\n`;
      child.kill('SIGKILL');
    }, FILE_TIMEOUT_MS);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ file, code, signal, output, ms: Date.now() - started });
    });
  });
}

/** The runner's own summary lines ("ℹ tests 12", "ℹ pass 12", …) of one file's report. */
function counts(output) {
  const read = (name) => Number(output.match(new RegExp(`^ℹ ${name} (\\d+)$`, 'm'))?.[1] ?? 0);
  return { tests: read('tests'), pass: read('pass'), fail: read('fail'), skipped: read('skipped') };
}

async function runWithRetry(file) {
  const first = await runFile(file);
  if (first.code === 0 || !V8_JIT_PAGE_ABORT.test(first.output)) return { ...first, retried: false };
  process.stdout.write(
    `\n# run-tests: ${file} was aborted by V8 ("Check failed: … jit_page", nodejs/node#64500); ` +
      'running it once more (ADR 0007). Its first output:\n' +
      first.output.replace(/^/gm, '#   ') +
      '\n',
  );
  return { ...(await runFile(file)), retried: true };
}

const results = [];
async function runAll(list, width) {
  const queue = [...list];
  async function worker() {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      const result = await runWithRetry(file);
      results.push(result);
      process.stdout.write(result.output.endsWith('\n') ? result.output : `${result.output}\n`);
    }
  }
  await Promise.all(Array.from({ length: Math.min(width, list.length) }, worker));
}
await runAll(
  files.filter((file) => !isTimed(file)),
  concurrency,
);
// Alone, once every other file has ended (see the top).
await runAll(files.filter(isTimed), 1);

if (templateDir !== null) fs.rmSync(templateDir, { recursive: true, force: true });

const total = { tests: 0, pass: 0, fail: 0, skipped: 0 };
for (const result of results) {
  for (const [key, value] of Object.entries(counts(result.output))) total[key] += value;
}
const failed = results.filter((result) => result.code !== 0);
const retried = results.filter((result) => result.retried);
console.log('\n# run-tests summary');
console.log(`# files ${results.length}, failed ${failed.length}, run again after a V8 abort ${retried.length}`);
console.log(`# tests ${total.tests}, pass ${total.pass}, fail ${total.fail}, skipped ${total.skipped}`);
for (const result of retried) console.log(`# run again: ${result.file} (${result.code === 0 ? 'passed' : 'failed'})`);
for (const result of failed) {
  console.log(`# FAILED: ${result.file} (exit ${result.code ?? result.signal}, ${result.ms} ms)`);
}
// Why each failed, again at the end: a CI log may keep only its last lines.
for (const result of failed) {
  console.log(`# why ${result.file} failed:`);
  for (const line of failureLines(result.output)) console.log(`#   ${line}`);
}
// Where a run's time goes (CI has a time limit): the whole run and its slowest files, wall-clock.
console.log(`# wall clock: ${((Date.now() - runStarted) / 1000).toFixed(0)} s`);
for (const result of [...results].sort((a, b) => b.ms - a.ms).slice(0, 10)) {
  console.log(`# slowest: ${result.file} ${(result.ms / 1000).toFixed(1)} s`);
}
// Every file's time, for a caller that studies where the time goes (TEST_TIMINGS_DIR).
if (process.env.TEST_TIMINGS_DIR) {
  const name = `${process.version}-${process.env.TEST_DATABASE_URL ? 'postgres' : 'embedded'}-${timedMode}.json`;
  const timings = Object.fromEntries([...results].sort((a, b) => b.ms - a.ms).map((result) => [result.file, result.ms]));
  // Made when missing: a pass that ran every test must not fail for want of a folder to say so in.
  fs.mkdirSync(process.env.TEST_TIMINGS_DIR, { recursive: true });
  fs.writeFileSync(path.join(process.env.TEST_TIMINGS_DIR, name), JSON.stringify(timings, null, 1));
}
openApiCoverage();

/** The test runner's "failing tests" section of a file's report (or its last lines), shortened. */
function failureLines(output) {
  const lines = output.split('\n');
  const start = lines.findIndex((line) => line.includes('✖ failing tests:'));
  const section = start === -1 ? lines.slice(-30) : lines.slice(start + 1);
  const kept = section.filter((line) => line.trim() !== '' && !/^\s+at /.test(line));
  return kept.length > 60 ? [...kept.slice(0, 60), `… ${kept.length - 60} more lines`] : kept;
}

/**
 * Informational: which (operationId, status) pairs of docs/openapi.json no response of this run
 * exercised. Listed in full when the whole suite ran (every file, the timed ones included); a count otherwise.
 */
function openApiCoverage() {
  const seen = new Set(fs.readdirSync(seenDir).flatMap((file) => JSON.parse(fs.readFileSync(path.join(seenDir, file), 'utf8'))));
  fs.rmSync(seenDir, { recursive: true, force: true });
  if (seen.size === 0 || !fs.existsSync('docs/openapi.json')) return;
  const doc = JSON.parse(fs.readFileSync('docs/openapi.json', 'utf8'));
  const missing = new Map();
  let documented = 0;
  for (const methods of Object.values(doc.paths)) {
    for (const op of Object.values(methods)) {
      for (const status of Object.keys(op.responses)) {
        documented++;
        if (!seen.has(`${op.operationId} ${status}`)) missing.set(op.operationId, [...(missing.get(op.operationId) ?? []), status]);
      }
    }
  }
  console.log(`# openapi: ${seen.size} of ${documented} documented (operation, status) pairs seen by the response validation`);
  // Only a run of every file can say what no test exercises; a part of the suite would list noise.
  if (process.argv.length > 2 || timedMode !== 'last') return;
  for (const [operationId, statuses] of missing) console.log(`# openapi: never exercised: ${operationId} ${statuses.join(' ')}`);
}
process.exit(failed.length === 0 ? 0 : 1);
