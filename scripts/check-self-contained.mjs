#!/usr/bin/env node
// The repository must stand on its own: a fresh clone with nothing beside it passes its tests and
// explains itself. This check (part of `npm test`) fails when code, tests, scripts, benchmarks,
// docs or examples read or link anything outside the repository:
//   - a relative path literal that climbs out of the repository. Import specifiers,
//     `new URL(…, import.meta.url)` and Markdown links are resolved from their file's folder;
//     any other literal may be resolved from the working directory too (`path.resolve('../x')`,
//     `fs.readFileSync('../x')`; tests run from the repository root), so it must stay inside
//     from both places;
//   - a mention of `../<name>` where <name> sits beside the repository on this machine (folders
//     our machines keep next to the clone, which a fresh clone does not have), or of a machine
//     path under /work/;
//   - a relative Markdown link to a file that does not exist.
// Usage: node scripts/check-self-contained.mjs [root]   (exit 1 with one line per finding)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(process.argv[2] ?? '.');
const SCANNED = ['src', 'test', 'scripts', 'bench', 'docs', 'examples', 'clients', '.ci', 'README.md', 'CHANGELOG.md'];
const SKIPPED_DIRS = new Set(['node_modules', 'data', '.data', 'dist', 'test-artifacts', 'results']);
const TEXT = /\.(ts|mts|cts|js|mjs|cjs|json|md|sql|lua|html|css|sh|yml|yaml|txt)$|^run$/;

// A quoted or backquoted literal that starts like a relative path.
const RELATIVE_LITERAL = /(['"`])(\.\.?\/[^'"`\s$]*)\1/g;
// [text](target) and [ref]: target in Markdown.
const MARKDOWN_LINK = /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)|^\s*\[[^\]]+\]:\s*(\S+)/gm;
// What sits beside the clone here, named from inside it: read the folder, never name it.
const escape = (name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// A name that is also a file or folder inside the repository is left out: where the clone is put
// (a CI folder, /tmp) may hold a sibling called `src` or `docs`, and `../src/...` written in
// test/ means the repository's own src/ (quoted literals are resolved below in any case).
const namesInside = new Set();
(function collect(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED_DIRS.has(entry.name) || entry.name === '.git') continue;
    namesInside.add(entry.name);
    if (entry.isDirectory()) collect(path.join(dir, entry.name));
  }
})(root);
const beside = fs
  .readdirSync(path.dirname(root))
  .filter((name) => name !== path.basename(root) && !namesInside.has(name))
  .map(escape);
const FORBIDDEN = [
  ...(beside.length === 0
    ? []
    : [
        {
          pattern: new RegExp(`\\.\\./(?:${beside.join('|')})(?![\\w.-])`, 'g'),
          why: 'names a folder beside the repository, which a fresh clone does not have',
        },
      ]),
  { pattern: /(?<![\w.])\/work\/[\w.-]+/g, why: 'names a path of one machine (/work/...)' },
];

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) yield* files(path.join(dir, entry.name));
    } else if (TEXT.test(entry.name)) {
      yield path.join(dir, entry.name);
    }
  }
}

const inside = (target) => {
  const relative = path.relative(root, target);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};
const lineOf = (text, index) => text.slice(0, index).split('\n').length;

/** Whether the literal at `index` is resolved from its own file's folder (an import, a module URL). */
function fileRelative(text, index) {
  const before = text.slice(Math.max(0, index - 40), index);
  return /(?:\bfrom|\bimport)\s*\(?\s*$|new URL\(\s*$|import\.meta\.(?:dirname|url),\s*$/.test(before);
}

const findings = [];
function report(file, text, index, message) {
  findings.push(`${path.relative(root, file)}:${lineOf(text, index)}: ${message}`);
}

function checkFile(file) {
  // This file names what it forbids.
  if (file === fileURLToPath(import.meta.url)) return;
  const text = fs.readFileSync(file, 'utf8');
  const dir = path.dirname(file);
  for (const { pattern, why } of FORBIDDEN) {
    for (const match of text.matchAll(pattern)) report(file, text, match.index, `"${match[0]}" ${why}`);
  }
  if (!file.endsWith('.md')) {
    for (const match of text.matchAll(RELATIVE_LITERAL)) {
      const literal = match[2];
      const bases = fileRelative(text, match.index) ? [dir] : [dir, root];
      if (bases.some((base) => !inside(path.resolve(base, literal)))) {
        report(file, text, match.index, `"${literal}" points outside the repository`);
      }
    }
    return;
  }
  for (const match of text.matchAll(MARKDOWN_LINK)) {
    const target = (match[1] ?? match[2] ?? '').split('#')[0];
    if (target === '' || /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('/')) continue;
    const resolved = path.resolve(dir, decodeURI(target));
    if (!inside(resolved)) report(file, text, match.index, `link "${target}" points outside the repository`);
    else if (!fs.existsSync(resolved)) report(file, text, match.index, `link "${target}" names a file that does not exist`);
  }
}

for (const name of SCANNED) {
  const start = path.join(root, name);
  if (!fs.existsSync(start)) continue;
  if (fs.statSync(start).isDirectory()) for (const file of files(start)) checkFile(file);
  else checkFile(start);
}

if (findings.length > 0) {
  console.error(`The repository must stand on its own (${findings.length} finding${findings.length === 1 ? '' : 's'}):`);
  for (const finding of findings) console.error(`  ${finding}`);
  process.exit(1);
}
