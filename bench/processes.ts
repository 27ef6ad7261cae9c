/**
 * The processes the bench starts: api-externa and the baseline (pinned to core 0), wrk (core
 * 1), the operator CLI. Every child is registered so that an error, Ctrl-C or SIGTERM stops
 * them all: a bench must never leave a server running.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
/** Only loopback is ever targeted: the servers are started here, on this address. */
export const HOST = '127.0.0.1';
export const SERVER_CORE = '0';
export const LOAD_CORE = '1';

/**
 * Pins a running process, every thread of it, to LOAD_CORE, where wrk runs: a process of the load
 * side (the bench itself, what stands for an integrator's servers) must not take the server's core,
 * or the server's figure would carry the harness's cost. Threads it starts later inherit the pin.
 */
export function pinToLoadCore(pid: number): void {
  execFileSync('taskset', ['-a', '-p', '-c', LOAD_CORE, String(pid)], { stdio: 'ignore' });
}

const children = new Set<ChildProcess>();

function forget(child: ChildProcess): void {
  children.delete(child);
}

/** SIGKILL whatever is still running: the last resort when the bench itself exits. */
function killAll(): void {
  for (const child of children) child.kill('SIGKILL');
  children.clear();
}

let cleanupInstalled = false;

/** On Ctrl-C / SIGTERM, stops every child (politely first) and exits 130 / 143. */
export function installCleanup(log: (line: string) => void): void {
  if (cleanupInstalled) return;
  cleanupInstalled = true;
  process.on('exit', killAll);
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.on(signal, () => {
      log(`${signal}: stopping ${children.size} child process(es)`);
      void Promise.all([...children].map((c) => stop(c, 3000))).finally(() => process.exit(code));
    });
  }
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves when the process is gone. */
export function stop(child: ChildProcess, graceMs = 15_000): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      forget(child);
      return resolve();
    }
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      forget(child);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export interface Captured {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to completion, registered for cleanup; output captured. */
export function run(file: string, args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): Promise<Captured> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd: options.cwd ?? ROOT, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', (err) => {
      forget(child);
      reject(err);
    });
    child.once('close', (code) => {
      forget(child);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Like run(), but a non-zero exit is an error carrying the command's stderr. */
export async function runOk(file: string, args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): Promise<string> {
  const result = await run(file, args, options);
  if (result.code !== 0)
    throw new Error(`${path.basename(file)} ${args.slice(0, 6).join(' ')} exited with ${result.code}:\n${result.stderr || result.stdout}`);
  return result.stdout;
}

/** How a server is started: a name for messages, and the command taskset runs. */
export interface ServerCommand {
  name: string;
  argv: string[];
}

/** A TypeScript file run through tsx (the baseline). */
export const tsxScript = (script: string): ServerCommand => ({ name: script, argv: [process.execPath, '--import', 'tsx', script] });

/**
 * api-externa exactly as `npm start` runs it: the package's start script, whose last step execs
 * node (ADR 0011), so the bench measures what operators run.
 */
export function npmStart(nodeFlags: readonly string[] = []): ServerCommand {
  const start = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  if (nodeFlags.length === 0) return { name: 'npm start', argv: ['sh', '-c', start] };
  // The flags go to the server's node itself (NODE_OPTIONS refuses --cpu-prof), after `exec node`.
  if (!start.includes('exec node ')) throw new Error('the start script no longer runs `exec node `: pass the flags another way');
  const flags = nodeFlags.map((f) => `'${f.replaceAll("'", "'\\''")}'`).join(' ');
  return { name: `npm start (node ${nodeFlags.join(' ')})`, argv: ['sh', '-c', start.replace('exec node ', `exec node ${flags} `)] };
}

export interface Server {
  child: ChildProcess;
  pid: number;
  /** http://127.0.0.1:<port> */
  base: string;
  logFile: string;
  stop(): Promise<void>;
}

/**
 * Starts a server pinned to SERVER_CORE with PORT=0, its stdout and stderr going straight to
 * `logFile` (the bench does not read the request log under load, which would cost CPU on the
 * load core), and waits for the `"msg":"listening"` line there to learn its url.
 */
export async function startServer(command: ServerCommand, env: NodeJS.ProcessEnv, logFile: string, timeoutMs = 120_000): Promise<Server> {
  const script = command.name;
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const out = fs.openSync(logFile, 'w');
  // taskset execs the command, and the command execs node: the pid is the server's own, so
  // /proc/<pid> is the server.
  const child = spawn('taskset', ['-c', SERVER_CORE, ...command.argv], {
    cwd: ROOT,
    env: { ...env, HOST, PORT: '0' },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  children.add(child);
  const server = (base: string): Server => ({ child, pid: child.pid as number, base, logFile, stop: () => stop(child) });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const url = listeningUrl(logFile);
    if (url !== null) return server(url);
    if (child.exitCode !== null || child.signalCode !== null) {
      forget(child);
      throw new Error(`${script} exited (${child.exitCode ?? child.signalCode}) before listening; its log: ${logFile}\n${tail(logFile)}`);
    }
    await sleep(100);
  }
  await stop(child);
  throw new Error(`${script} did not log "listening" within ${timeoutMs / 1000} s; its log: ${logFile}\n${tail(logFile)}`);
}

function listeningUrl(logFile: string): string | null {
  for (const line of fs.readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.includes('"listening"')) continue;
    try {
      const entry = JSON.parse(line) as { msg?: unknown; url?: unknown };
      if (entry.msg === 'listening' && typeof entry.url === 'string') return entry.url;
    } catch {
      // not JSON: keep looking
    }
  }
  return null;
}

export function tail(file: string, lines = 20): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
