/**
 * Another commit of this repository, checked out beside the benches' data to be run against this
 * tree in the same run (bench:ab, bench:export --against).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DATA_DIR } from './data.ts';
import { ROOT, startServer, type Server } from './processes.ts';

/** The commit's tree, checked out once per commit beside the data sets, with this tree's dependencies. */
export function worktreeOf(rev: string): string {
  const commit = execFileSync('git', ['rev-parse', '--verify', `${rev}^{commit}`], { cwd: ROOT, encoding: 'utf8' }).trim();
  const dir = path.join(DATA_DIR, 'ab', commit.slice(0, 12));
  if (!fs.existsSync(path.join(dir, 'package.json'))) {
    fs.rmSync(dir, { recursive: true, force: true });
    execFileSync('git', ['worktree', 'add', '--detach', '--force', dir, commit], { cwd: ROOT, stdio: 'ignore' });
  }
  const modules = path.join(dir, 'node_modules');
  if (!fs.existsSync(modules)) fs.symlinkSync(path.join(ROOT, 'node_modules'), modules);
  return dir;
}

/** The tree in `dir` started with its own package.json's `npm start`. */
export function startIn(dir: string, name: string, env: NodeJS.ProcessEnv, logFile: string): Promise<Server> {
  const start = (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  // sh execs the start script, whose last step execs node: the pid stays the server's.
  return startServer({ name: `${name} (${dir})`, argv: ['sh', '-c', `cd '${dir}' && ${start}`] }, env, logFile);
}
