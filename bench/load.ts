/**
 * Load test of one list route on a data set made by `seed generate` (see bench/README.md):
 * starts the server on loopback, gets bearer tokens for many credentials, drives the route
 * with wrk (bench/tokens.lua) for a warm-up and some rounds, and prints requests/s and latency.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_ae node --import tsx bench/load.ts [options]
 *
 * The rate limit is 120 requests per credential per clock minute (D35). Each phase (warm-up,
 * round 1, round 2, ...) uses its own set of --credentials credentials, taken in turn request
 * by request, so a phase stays within the limit as long as it makes at most 120 requests per
 * credential; the bench reports the share of 200 answers and says when a phase went over.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { todayInSaoPaulo } from '../src/time/sao-paulo-date.ts';
import { SYNTHETIC_ID_BASE } from '../src/demo/synthetic.ts';
import { addMonths } from '../src/http/period.ts';

// Only loopback is ever targeted: the server is started here, on this address.
const HOST = '127.0.0.1';
const LIMIT_PER_MINUTE = 120;
const SCOPES = 'clientes:ler,os:ler,produtos:ler,servicos:ler,contas-receber:ler,contas-pagar:ler,boletos:ler';
const LUA = path.join(import.meta.dirname, 'tokens.lua');
const ROOT = path.join(import.meta.dirname, '..');

const { values: args } = parseArgs({
  options: {
    path: { type: 'string' },
    duration: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '2' },
    warmup: { type: 'string', default: '5' },
    connections: { type: 'string', default: '4' },
    threads: { type: 'string', default: '2' },
    credentials: { type: 'string', default: '100' },
    companies: { type: 'string', default: '20' },
    json: { type: 'boolean', default: false },
  },
});

function positive(name: string, text: string | undefined, min = 1): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer >= ${min}, got "${text}"`);
  return n;
}

const settings = {
  duration: positive('duration', args.duration),
  rounds: positive('rounds', args.rounds),
  warmup: positive('warmup', args.warmup, 0),
  connections: positive('connections', args.connections),
  threads: positive('threads', args.threads),
  credentials: positive('credentials', args.credentials),
  companies: positive('companies', args.companies),
};
if (settings.threads > settings.connections) throw new Error('--threads must not exceed --connections');

/** The brief's period: the last 12 months, today included (D16: at most 12 months). */
function defaultPath(): string {
  const today = todayInSaoPaulo();
  const start = new Date(`${addMonths(today, -12)}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() + 1);
  return `/v1/contas-receber?data_inicio=${start.toISOString().slice(0, 10)}&data_fim=${today}&por_pagina=50`;
}

const target = args.path ?? defaultPath();
if (!target.startsWith('/')) throw new Error('--path must be a path such as /v1/clientes?por_pagina=50');

const log = (line: string) => {
  if (!args.json) console.log(line);
};

// ---------------------------------------------------------------------------------------
// Processes

function run(file: string, argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, argv, { cwd: ROOT, env, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${path.basename(file)} ${argv.slice(0, 4).join(' ')} failed: ${stderr || err.message}`));
      else resolve(stdout);
    });
  });
}

const cli = (argv: string[]) => run(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...argv]);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

interface Server {
  child: ChildProcess;
  base: string;
  stop(): Promise<void>;
}

async function startServer(logFile: string): Promise<Server> {
  const port = await freePort();
  const out = fs.openSync(logFile, 'a');
  // TRUST_PROXY lets each token request come "from" its own address (X-Forwarded-For): the
  // token route allows 20 attempts per source address per minute, and loopback is one address.
  const env = { ...process.env, HOST, PORT: String(port), TRUST_PROXY: HOST, SEED_DEMO: 'false' };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], { cwd: ROOT, env, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  const base = `http://${HOST}:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}; see ${logFile}`);
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) {
      const stop = () =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        });
      return { child, base, stop };
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`server not ready after 60 s; see ${logFile}`);
}

// ---------------------------------------------------------------------------------------
// Credentials and tokens

interface Credential {
  client_id: string;
  client_secret: string;
  company: number;
}

/** Credentials made by earlier runs on the same store, so they do not pile up run after run. */
function cacheFile(): string {
  const store = process.env.DATABASE_URL ?? path.resolve(ROOT, process.env.DATA_DIR ?? 'data');
  const key = crypto.createHash('sha256').update(store).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), 'api-externa-bench', `${key}.json`);
}

function readCache(): Credential[] {
  try {
    return JSON.parse(fs.readFileSync(cacheFile(), 'utf8')) as Credential[];
  } catch {
    return [];
  }
}

function writeCache(credentials: Credential[]): void {
  fs.mkdirSync(path.dirname(cacheFile()), { recursive: true, mode: 0o700 });
  fs.writeFileSync(cacheFile(), JSON.stringify(credentials), { mode: 0o600 });
}

/** The operator CLI makes them (4 at a time), spread over the synthetic companies. */
async function createCredentials(from: number, count: number): Promise<Credential[]> {
  const made: Credential[] = new Array<Credential>(count);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      const company = SYNTHETIC_ID_BASE + 1 + ((from + i) % settings.companies);
      const out = await cli([
        'credentials',
        'create',
        '--company',
        String(company),
        '--name',
        `bench ${from + i}`,
        '--scopes',
        SCOPES,
        '--json',
      ]);
      const { client_id, client_secret } = JSON.parse(out) as Credential;
      made[i] = { client_id, client_secret, company };
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return made;
}

class StaleCredential extends Error {}

async function token(base: string, credential: Credential, index: number): Promise<string> {
  const basic = Buffer.from(`${credential.client_id}:${credential.client_secret}`).toString('base64');
  const response = await fetch(`${base}/v1/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${basic}`,
      'content-type': 'application/x-www-form-urlencoded',
      // A private-range label per credential, never contacted: see startServer.
      'x-forwarded-for': `10.77.${(index >> 8) & 255}.${(index & 255) + 1}`,
    },
    body: 'grant_type=client_credentials',
  });
  if (response.status === 401) throw new StaleCredential(credential.client_id);
  if (response.status !== 200) throw new Error(`token for ${credential.client_id}: HTTP ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** False when the credential is unknown: the database was dropped and created again since. */
async function stillValid(base: string, credential: Credential): Promise<boolean> {
  try {
    await token(base, credential, 0);
    return true;
  } catch (err) {
    if (err instanceof StaleCredential) return false;
    throw err;
  }
}

async function tokens(base: string, needed: number): Promise<string[]> {
  let credentials = readCache();
  if (credentials.length > 0 && !(await stillValid(base, credentials[0] as Credential))) credentials = [];
  if (credentials.length < needed) {
    log(`creating ${needed - credentials.length} credentials with the CLI (once: they are kept for the next runs)...`);
    credentials = [...credentials, ...(await createCredentials(credentials.length, needed - credentials.length))];
    writeCache(credentials);
  }
  return Promise.all(credentials.slice(0, needed).map((c, i) => token(base, c, i + 1)));
}

// ---------------------------------------------------------------------------------------
// Phases

interface Phase {
  name: string;
  requests: number;
  seconds: number;
  rps: number;
  p50_ms: number;
  p90_ms: number;
  p99_ms: number;
  max_ms: number;
  socket_errors: number;
  status: Record<string, number>;
  ok_share: number;
  /** most requests one credential got: above 120 the limiter answers 429 */
  per_credential: number;
}

async function phase(base: string, name: string, seconds: number, phaseTokens: string[], dir: string): Promise<Phase> {
  const file = path.join(dir, `${name.replace(/\W+/g, '-')}.tokens`);
  fs.writeFileSync(file, `${phaseTokens.join('\n')}\n`, { mode: 0o600 });
  const out = await run('wrk', [
    `-t${settings.threads}`,
    `-c${settings.connections}`,
    `-d${seconds}s`,
    '--timeout',
    '10s',
    '-s',
    LUA,
    base,
    '--',
    file,
    target,
  ]);
  const line = out.split('\n').find((l) => l.startsWith('{"requests"'));
  if (line === undefined) throw new Error(`no summary from wrk:\n${out}`);
  const result = JSON.parse(line) as Omit<Phase, 'name' | 'ok_share' | 'per_credential'>;
  const ok = result.status['200'] ?? 0;
  return {
    name,
    ...result,
    ok_share: result.requests === 0 ? 0 : ok / result.requests,
    per_credential: Math.ceil(result.requests / phaseTokens.length),
  };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

const fixed = (n: number, digits = 1) => n.toFixed(digits);

function describe(p: Phase): string {
  const statuses = Object.entries(p.status)
    .map(([code, n]) => `${code}: ${n}`)
    .join(', ');
  // A phase that crosses a clock minute may pass 120 per credential without a 429: a warning, not a verdict.
  const over =
    p.per_credential > LIMIT_PER_MINUTE ? `  [${p.per_credential} requests per credential: may pass the limit; raise --credentials]` : '';
  return `${p.name.padEnd(9)} ${fixed(p.rps).padStart(8)} req/s  p50 ${fixed(p.p50_ms, 2).padStart(8)} ms  p99 ${fixed(p.p99_ms, 2).padStart(8)} ms  200s ${fixed(100 * p.ok_share, 2)}% (${statuses}; ${p.requests} requests, ${p.socket_errors} socket errors)${over}`;
}

async function databaseFacts(): Promise<Record<string, unknown>> {
  if (process.env.DATABASE_URL === undefined) return { store: 'embedded (DATA_DIR)' };
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const version = await client.query<{ v: string }>('SHOW server_version');
    const rows = await client.query<{ n: string; empresas: string }>(
      'SELECT count(*) AS n, count(DISTINCT empresa_id) AS empresas FROM contas_receber WHERE NOT excluido',
    );
    return {
      store: 'postgresql',
      server_version: version.rows[0]?.v,
      contas_receber_live: Number(rows.rows[0]?.n),
      companies_with_contas: Number(rows.rows[0]?.empresas),
    };
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ae-bench-'));
  const machine = { nproc: os.availableParallelism(), node: process.version, loadavg_start: os.loadavg().map((n) => Number(n.toFixed(2))) };
  const database = await databaseFacts();
  log(`machine: ${machine.nproc} CPUs, node ${machine.node}, load average ${machine.loadavg_start.join(' ')}; ${JSON.stringify(database)}`);
  const server = await startServer(path.join(dir, 'server.log'));
  let finished = false;
  try {
    const phases = [...(settings.warmup > 0 ? ['warm-up'] : []), ...Array.from({ length: settings.rounds }, (_, i) => `round ${i + 1}`)];
    const all = await tokens(server.base, settings.credentials * phases.length);
    log(`GET ${target}`);
    log(
      `${settings.connections} connections, ${settings.threads} wrk threads, ${settings.credentials} credentials per phase (${phases.length} phase(s)), rounds of ${settings.duration} s`,
    );
    const results: Phase[] = [];
    for (const [i, name] of phases.entries()) {
      const seconds = name === 'warm-up' ? settings.warmup : settings.duration;
      const result = await phase(server.base, name, seconds, all.slice(i * settings.credentials, (i + 1) * settings.credentials), dir);
      log(describe(result));
      results.push(result);
    }
    const rounds = results.filter((r) => r.name.startsWith('round'));
    const summary = {
      rps: median(rounds.map((r) => r.rps)),
      p50_ms: median(rounds.map((r) => r.p50_ms)),
      p99_ms: median(rounds.map((r) => r.p99_ms)),
      ok_share: Math.min(...rounds.map((r) => r.ok_share)),
      socket_errors: rounds.reduce((sum, r) => sum + r.socket_errors, 0),
    };
    const valid = summary.ok_share >= 0.99 && summary.socket_errors === 0;
    log(
      `median of ${rounds.length} rounds: ${fixed(summary.rps)} req/s, p50 ${fixed(summary.p50_ms, 2)} ms, p99 ${fixed(summary.p99_ms, 2)} ms, lowest share of 200s ${fixed(100 * summary.ok_share, 2)}%`,
    );
    const loadavgEnd = os.loadavg().map((n) => Number(n.toFixed(2)));
    log(`load average at the end: ${loadavgEnd.join(' ')}`);
    if (!valid) log('WARNING: socket errors, or fewer than 99% of the answers were 200: these figures do not measure the query path.');
    if (args.json) {
      const document = {
        path: target,
        settings,
        machine: { ...machine, loadavg_end: loadavgEnd },
        database,
        phases: results,
        median: summary,
      };
      process.stdout.write(`${JSON.stringify(document)}\n`);
    }
    if (!valid) process.exitCode = 2;
    finished = valid;
  } finally {
    await server.stop();
    // The server's log stays when something failed.
    if (finished) fs.rmSync(dir, { recursive: true, force: true });
    else process.stderr.write(`server log: ${path.join(dir, 'server.log')}\n`);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
