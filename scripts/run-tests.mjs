#!/usr/bin/env node
// Runs every test file under test/ (or the files given) with node's test runner through tsx.
// Node 20 has no glob support in `--test`, hence the explicit file list.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

function testFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const files = process.argv.length > 2 ? process.argv.slice(2) : testFiles('test').sort();
const concurrency = process.env.TEST_CONCURRENCY ?? '2';
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, '--test-reporter=spec', ...files],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
