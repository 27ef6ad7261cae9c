#!/usr/bin/env node
// `npm start` runs the server from plain JavaScript in .build/ (ADR 0011): the TypeScript of src/
// is transpiled here, file by file, with esbuild (types are checked by `npm test`, not here), and
// every other file of src/ (migrations, page assets) is copied beside it, so each module finds its
// files where it always did. Running through tsx instead kept ~40 MiB more in memory.
// Nothing is done when src/ has not changed since the last build. Tests and the CLI use tsx.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { transform } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '..');
const SRC = path.join(ROOT, 'src');
const OUT = path.join(ROOT, '.build');
const STAMP = path.join(OUT, 'stamp');

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

const sources = [...files(SRC)].sort();
// What the build depends on: every file of src/ (path, size, modification time) and this script.
const stamp = crypto
  .createHash('sha256')
  .update(fs.readFileSync(import.meta.filename))
  .update(sources.map((file) => `${path.relative(ROOT, file)}:${fs.statSync(file).size}:${fs.statSync(file).mtimeMs}`).join('\n'))
  .digest('hex');

const built = () => fs.existsSync(STAMP) && fs.readFileSync(STAMP, 'utf8') === stamp;
if (built()) process.exit(0);

// Several `npm start`s at once (docs/operations.md starts two instances) must not swap .build/
// under each other: one builds while the others wait for its lock, then find the build done.
const LOCK = `${OUT}.lock`;
const STALE_LOCK_MS = 120_000;
for (;;) {
  try {
    fs.mkdirSync(LOCK);
    break;
  } catch (err) {
    if (err.code !== 'EEXIST') throw err;
    // A lock left by a build that died (killed mid-way) is taken over once it is clearly stale.
    if (Date.now() - fs.statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs > STALE_LOCK_MS)
      fs.rmSync(LOCK, { recursive: true, force: true });
    await setTimeout(100);
  }
}
process.on('exit', () => fs.rmSync(LOCK, { recursive: true, force: true }));
if (built()) process.exit(0);

// Relative imports name the .ts file (allowImportingTsExtensions); the built file is .js.
const RELATIVE_TS = /((?:\bfrom|\bimport)\s*\(?\s*)(['"])(\.{1,2}\/[^'"]+)\.ts\2/g;

const staging = `${OUT}.${process.pid}`;
fs.rmSync(staging, { recursive: true, force: true });
for (const file of sources) {
  const target = path.join(staging, path.relative(ROOT, file));
  fs.mkdirSync(path.dirname(target), { recursive: true });
  if (!file.endsWith('.ts')) {
    fs.copyFileSync(file, target);
    continue;
  }
  const { code } = await transform(fs.readFileSync(file, 'utf8'), {
    loader: 'ts',
    format: 'esm',
    target: 'node20',
    sourcefile: path.relative(ROOT, file),
  });
  fs.writeFileSync(target.replace(/\.ts$/, '.js'), code.replace(RELATIVE_TS, '$1$2$3.js$2'));
}
fs.writeFileSync(path.join(staging, 'stamp'), stamp);
// The package.json beside the build says its files are ES modules, as the project's do.
fs.writeFileSync(path.join(staging, 'package.json'), '{"type":"module"}\n');
fs.rmSync(OUT, { recursive: true, force: true });
fs.renameSync(staging, OUT);
