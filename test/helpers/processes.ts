import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { validateFetchResponses } from './openapi-validator.ts';

/** Runs the real server process (src/server.ts) and collects its output. */
export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** The V8 mitigation scripts/run-tests.mjs gave this test process, passed on to the processes it starts (ADR 0007). */
export const V8_FLAGS = process.execArgv.filter((arg) => arg === '--no-memory-protection-keys');

export function tempDataDir(): string {
  // Short: the store's Unix socket lives inside it.
  return fs.mkdtempSync('/tmp/ae-');
}

/**
 * Starts the server: from src/ through tsx by default, or, with `built`, from the JavaScript that
 * `npm start` runs (.build/, written by scripts/build-server.mjs; the caller builds it first).
 * From then on, `fetch` checks the responses of the public API against its OpenAPI description.
 */
export async function startServer(env: Record<string, string>, options: { built?: boolean } = {}): Promise<ServerProcess> {
  validateFetchResponses();
  const entry = options.built === true ? ['.build/src/server.js'] : ['--import', 'tsx', 'src/server.ts'];
  const child = spawn(process.execPath, [...V8_FLAGS, ...entry], {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
    const check = () => {
      const line = out.split('\n').find((l) => l.includes('"msg":"listening"'));
      if (line) {
        clearTimeout(timer);
        resolve((JSON.parse(line) as { url: string }).url);
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  return {
    child,
    url,
    output: () => out,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill(signal);
      }),
  };
}

export interface ClientCredential {
  clientId: string;
  secret: string;
}

/** The demo credential a first start's banner printed (its secret is shown only then), or null. */
export function printedCredential(output: string): ClientCredential | null {
  const clientId = /client_id:\s+(\S+)/.exec(output)?.[1];
  const secret = /client_secret:\s+(\S+)/.exec(output)?.[1];
  return clientId === undefined || secret === undefined ? null : { clientId, secret };
}

/** POST /v1/oauth/token of a running server as an integrator sends it: HTTP Basic and the form, every scope of the credential. */
export function requestToken(url: string, { clientId, secret }: ClientCredential): Promise<Response> {
  return fetch(`${url}/v1/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the operator CLI (src/cli/main.ts) as `npm run -s cli -- ...` would. */
export function runCli(args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...V8_FLAGS, '--import', 'tsx', 'src/cli/main.ts', ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

export interface ProcessRun {
  code: number | null;
  /** stdout and stderr, interleaved as they came */
  output: string;
}

/**
 * Runs a program to its end without blocking this process's event loop (a server under test in
 * this process answers it), with this process's environment plus `env`.
 */
export function runProcess(command: string, args: string[], env: Record<string, string>, cwd: string): Promise<ProcessRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}
