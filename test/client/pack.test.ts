import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The TypeScript client as an integrator gets it: `npm pack` of clients/typescript (its `prepack`
 * builds dist/), installed from the tarball into an empty project with no network, imported there,
 * and every TypeScript example of its README type-checked in that project under `--strict`, against
 * the installed package's own declarations. A copy of the folder is packed, so dist/ is never
 * written into the checkout.
 */

const ROOT = process.cwd();
const BIN = path.join(ROOT, 'node_modules', '.bin');
const env = { ...process.env, PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ''}`, npm_config_update_notifier: 'false' };
/** What `tsc --strict` says of these files, as an integrator's project compiles them (ES modules resolved as Node does, Node's types); '' when it accepts them. */
function strictErrors(files: string[]): string {
  const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const options = [
    '--noEmit',
    '--strict',
    '--target',
    'es2022',
    '--module',
    'nodenext',
    '--moduleResolution',
    'nodenext',
    '--lib',
    'es2022,dom',
  ];
  const types = ['--typeRoots', path.join(ROOT, 'node_modules', '@types'), '--types', 'node', '--skipLibCheck'];
  try {
    execFileSync(process.execPath, [tsc, ...options, ...types, ...files], {
      cwd: project,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return '';
  } catch (err) {
    const { stdout, stderr } = err as { stdout: string; stderr: string };
    return `${stdout}${stderr}`;
  }
}

let work: string;
let project: string;

before(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'ae-pack-'));
  const source = path.join(work, 'client');
  fs.cpSync(path.join(ROOT, 'clients', 'typescript'), source, { recursive: true, filter: (p) => !p.includes(`${path.sep}dist`) });
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', work], {
      cwd: source,
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  ) as { filename: string; files: { path: string }[] }[];
  const tarball = path.join(work, packed[0]!.filename);
  project = path.join(work, 'integracao');
  fs.mkdirSync(project);
  fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'integracao', private: true, type: 'module' }));
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: project, env, stdio: 'ignore' });
});
after(() => fs.rmSync(work, { recursive: true, force: true }));

test('the packed client installs into an empty project and imports by its name', () => {
  const installed = path.join(project, 'node_modules', '@api-externa', 'client');
  assert.ok(fs.existsSync(path.join(installed, 'dist', 'index.js')), 'dist/ is in the tarball');
  assert.ok(fs.existsSync(path.join(installed, 'dist', 'index.d.ts')), 'its declarations too');
  const out = execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "const m = await import('@api-externa/client'); console.log(typeof m.ApiExternaClient, typeof m.verifyWebhook, typeof m.ApiError);",
    ],
    { cwd: project, encoding: 'utf8' },
  );
  assert.equal(out.trim(), 'function function function');
});

test("the README's TypeScript examples type-check under --strict against the installed package", () => {
  const readme = fs.readFileSync(path.join(ROOT, 'clients', 'typescript', 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
  assert.ok(blocks.length >= 3, `${blocks.length} examples found`);
  const files = blocks.map((code, i) => {
    const file = path.join(project, `exemplo-${i + 1}.ts`);
    // Each example is a module of its own (top-level await, its own imports).
    fs.writeFileSync(file, code.includes('import ') || code.includes('export ') ? code : `${code}\nexport {};\n`);
    return file;
  });
  const refused = strictErrors(files);
  assert.equal(refused, '', `tsc --strict refused the README's examples:\n${refused}`);
});

test("a feed entry is told apart by operacao: registro is the record for 'alterado', null for 'excluido'", () => {
  const file = path.join(project, 'feed-entry.ts');
  fs.writeFileSync(
    file,
    `import type { FeedEntry } from '@api-externa/client';
declare const entry: FeedEntry<'/v1/clientes/alteracoes'>;
if (entry.operacao === 'alterado') {
  const id: number = entry.registro.id;
  void id;
} else {
  const nothing: null = entry.registro;
  void nothing;
}
// Before the test, registro may be null.
// @ts-expect-error registro is possibly null
void entry.registro.id;
`,
  );
  assert.equal(strictErrors([file]), '');
});
