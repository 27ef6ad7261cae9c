/**
 * The notifications (webhooks) benchmark of issue 22 "Speed" (see bench/README.md,
 * "Notifications"), in one command, on PostgreSQL:
 *
 *   npm run -s bench:webhooks [-- --companies 100 --per-company 10 --seconds 60]
 *
 * On a fresh database (bench_webhooks, dropped after) loaded by the product's own
 * `seed generate`, with `--companies` companies of `--per-company` endpoints each (over credentials
 * of at most 5 endpoints, D51), all following `clientes` and pointing at fast local receivers
 * (bench/webhook-receivers.ts), and one api-externa server as `npm start` runs it:
 *   1. commit-to-delivery latency: a writer UPDATEs one client row per company in SQL, as the
 *      product's own writes do, each company once every `--interval` seconds; for each commit and
 *      each of that company's endpoints, the first arrival after the commit of an event created
 *      no earlier than the commit's second. p50/p90/p99/max, with no data-API load and under it;
 *   2. the deliveries per second one instance makes to fast receivers, from a burst of `teste`
 *      events (`--burst` per endpoint) queued at once;
 *   3. the data API's cost: page-1 requests/s of GET /v1/clientes (wrk, as bench/run.ts measures
 *      lists) while the writes stream and the endpoints receive their events, against the same
 *      with every endpoint paused (the scanner then reads nothing), in the same run.
 * Prints a markdown table and writes bench/results/webhooks.json; `-- --print <file>` prints a saved
 * run's table again without running (bench/README.md's block is that table).
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { OPERATOR } from '../src/credentials/audit.ts';
import { makePool } from '../src/store/pool.ts';
import type { CentralDatabase } from '../src/store/tables.ts';
import { eventBody, newEventId } from '../src/webhooks/events.ts';
import { createEndpoint, updateEndpoint, type WebhookContext } from '../src/webhooks/endpoints.service.ts';
import { enqueueEvent } from '../src/webhooks/queue.query.ts';
import { secretKeyReader } from '../src/webhooks/secret-key.ts';
import { createCredentials } from './credentials.ts';
import { backendCpu, backendCpuDelta, cpuSeconds, loadAverage, memory, wrk, wrkVersion, type WrkResult } from './measure.ts';
import { HOST, installCleanup, npmStart, pinToLoadCore, ROOT, run, sleep, startServer, type Server } from './processes.ts';
import { median } from './report.ts';
import { scratchDatabase } from './scratch-database.ts';
import { AddressLabels, CredentialPool, KEY_BUDGET, tokenOf } from './tokens.ts';
import type { Arrival, FromReceivers, ToReceivers } from './webhook-receivers.ts';

const { values: args } = parseArgs({
  options: {
    companies: { type: 'string', default: '100' },
    'per-company': { type: 'string', default: '10' },
    /** seconds of writes of the latency phase (no data-API load) */
    seconds: { type: 'string', default: '60' },
    /** seconds between two writes of one company */
    interval: { type: 'string', default: '3' },
    /** receivables of the data set (clientes are 10% of it) */
    records: { type: 'string', default: '50000' },
    rounds: { type: 'string', default: '3' },
    'round-seconds': { type: 'string', default: '10' },
    /** `teste` events queued per endpoint for the throughput burst */
    burst: { type: 'string', default: '5' },
    'keep-db': { type: 'boolean', default: false },
    /** a folder: the server runs under `node --cpu-prof` and writes its profile there on exit */
    profile: { type: 'string' },
    /** runs nothing: prints the markdown of a saved run (e.g. bench/results/webhooks.json), as the run printed it */
    print: { type: 'string' },
  },
});
const OPT = {
  companies: Number(args.companies),
  perCompany: Number(args['per-company']),
  seconds: Number(args.seconds),
  interval: Number(args.interval),
  records: Number(args.records),
  rounds: Number(args.rounds),
  roundSeconds: Number(args['round-seconds']),
  burst: Number(args.burst),
};
for (const [name, value] of Object.entries(OPT))
  if (!(value > 0)) throw new Error(`--${name} must be a positive number, got ${String(value)}`);

const DATABASE = 'bench_webhooks';
const database = scratchDatabase(DATABASE);
const DATABASE_URL = database.url;
/** D51: at most this many endpoints per credential; a company's endpoints spread over ceil(n / 5) credentials. */
const ENDPOINTS_PER_CREDENTIAL = 5;
/** Every this-many-th endpoint gets its events' signatures verified by the receivers. */
const VERIFY_EVERY = 20;
/** wrk as bench/run.ts runs it: 2 threads, 32 connections, on core 1. */
const LOAD = { threads: 2, connections: 32 };
const LIST_PATH = '/v1/clientes?por_pagina=50';
/** How long to wait, after the writes stop, for their last events to arrive. */
const DRAIN_MS = 30_000;
const RUN_DIR = path.join(ROOT, 'bench', '.data', 'webhooks');
const RESULTS = path.join(ROOT, 'bench', 'results', 'webhooks.json');

const log = (line: string) => process.stderr.write(`[webhooks ${new Date().toISOString().slice(11, 19)}] ${line}\n`);
/** Sub-millisecond wall clock, comparable with the receivers' process (same machine, same clock). */
const wallNow = () => performance.timeOrigin + performance.now();
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

// ---------------------------------------------------------------------------------------
// The database

/** The product's environment on the bench database alone (no embedded store, no Redis, no stray settings). */
function productEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['DATA_DIR', 'REDIS_URL', 'TRUST_PROXY', 'PORT', 'HOST', 'METRICS_PORT', 'DB_POOL_MAX', 'WEBHOOKS_SECRET_KEY'])
    delete env[name];
  return { ...env, DATABASE_URL };
}

/** The product's own loader (it migrates first); its seconds. */
async function seed(): Promise<number> {
  const started = performance.now();
  const argv = ['seed', 'generate', '--companies', String(OPT.companies), '--records', String(OPT.records), '--json'];
  const out = await run('npm', ['run', '-s', 'cli', '--', ...argv], { env: productEnv() });
  if (out.code !== 0) throw new Error(`seed generate failed (exit ${out.code}):\n${out.stderr}${out.stdout}`);
  return (performance.now() - started) / 1000;
}

interface Company {
  empresaId: number;
  /** the client row the writer updates */
  clienteId: number;
}

async function companies(pool: pg.Pool): Promise<Company[]> {
  const { rows } = await pool.query<{ empresa_id: string; id: string }>(
    'SELECT empresa_id, min(id) AS id FROM clientes WHERE NOT excluido GROUP BY empresa_id ORDER BY empresa_id LIMIT $1',
    [OPT.companies],
  );
  if (rows.length < OPT.companies) throw new Error(`only ${rows.length} companies have clients, ${OPT.companies} asked`);
  return rows.map((r) => ({ empresaId: Number(r.empresa_id), clienteId: Number(r.id) }));
}

// ---------------------------------------------------------------------------------------
// The receivers (a child process, see webhook-receivers.ts)

interface Receivers {
  ports: number[];
  verify(secrets: Record<string, string>): void;
  /** what arrived since the last dump */
  dump(): Promise<Extract<FromReceivers, { type: 'records' }>>;
  stop(): void;
}

async function startReceivers(): Promise<Receivers> {
  const child: ChildProcess = fork(path.join(ROOT, 'bench', 'webhook-receivers.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  process.on('exit', () => child.kill('SIGKILL'));
  const tell = (message: ToReceivers) => child.send(message);
  const next = () =>
    new Promise<FromReceivers>((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`the receivers exited (${code})`));
      child.once('exit', exited);
      child.once('message', (m: FromReceivers) => {
        child.off('exit', exited);
        resolve(m);
      });
    });
  const ready = await next();
  if (ready.type !== 'ready') throw new Error('the receivers did not start');
  watched.receiversPid = child.pid ?? 0;
  // The integrators' servers, elsewhere in real life: on the load core with wrk, not on the server's.
  if (watched.receiversPid > 0) pinToLoadCore(watched.receiversPid);
  return {
    ports: ready.ports,
    verify: (secrets) => tell({ type: 'secrets', secrets }),
    async dump() {
      const reply = next();
      tell({ type: 'dump' });
      const m = await reply;
      if (m.type !== 'records') throw new Error('unexpected message from the receivers');
      return m;
    },
    stop: () => {
      if (child.connected) tell({ type: 'stop' });
    },
  };
}

/** Every arrival so far, kept by the bench (a dump hands over and forgets). */
class Arrivals {
  readonly all: Arrival[] = [];
  verified = 0;
  failed = 0;
  failures: string[] = [];

  constructor(private readonly receivers: Receivers) {}

  /** Collects what arrived since the last call; the number new. */
  async collect(): Promise<number> {
    const d = await this.receivers.dump();
    this.all.push(...d.records);
    this.verified += d.verified;
    this.failed += d.failed;
    this.failures.push(...d.failures);
    return d.records.length;
  }

  between(from: number, to: number, kind?: string): Arrival[] {
    return this.all.filter((a) => a[2] >= from && a[2] < to && (kind === undefined || a[1] === kind));
  }
}

// ---------------------------------------------------------------------------------------
// Endpoints, made through the product's service as the CLI's `webhooks create` makes them

interface Follower {
  empresaId: number;
  endpointId: number;
  /** the URL's path: how the receivers tell endpoints apart */
  path: string;
}

/** `n` at a time over `items`, in order of start. */
async function parallel<T, R>(items: readonly T[], n: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await work(items[i] as T, i);
  };
  await Promise.all(Array.from({ length: n }, worker));
  return results;
}

async function createFollowers(
  pool: pg.Pool,
  ctx: WebhookContext,
  list: Company[],
  ports: number[],
): Promise<{ followers: Follower[]; secrets: Record<string, string> }> {
  const secrets: Record<string, string> = {};
  const perCompany = await parallel(list, 4, async (company, c) => {
    const creds = await createCredentials(
      pool,
      company.empresaId,
      Math.ceil(OPT.perCompany / ENDPOINTS_PER_CREDENTIAL),
      'webhooks bench',
      1,
    );
    const made: Follower[] = [];
    for (let k = 0; k < OPT.perCompany; k++) {
      const cred = creds[Math.floor(k / ENDPOINTS_PER_CREDENTIAL)];
      if (cred === undefined) throw new Error('missing credential');
      const index = c * OPT.perCompany + k;
      const urlPath = `/c${company.empresaId}/e${k}`;
      const created = await createEndpoint(
        ctx,
        {
          empresaId: company.empresaId,
          clientId: cred.client_id,
          url: `http://${HOST}:${ports[index % ports.length]}${urlPath}`,
          resources: ['clientes'],
        },
        OPERATOR,
      );
      if (index % VERIFY_EVERY === 0) secrets[urlPath] = created.secret;
      made.push({ empresaId: company.empresaId, endpointId: created.id, path: urlPath });
    }
    return made;
  });
  return { followers: perCompany.flat(), secrets };
}

/** Pauses or resumes every endpoint through the service (pausing drops what they had queued). */
async function setActive(ctx: WebhookContext, followers: Follower[], active: boolean): Promise<void> {
  await parallel(followers, 4, (f) => updateEndpoint(ctx, null, f.endpointId, { active }, OPERATOR));
}

// ---------------------------------------------------------------------------------------
// The writer: SQL UPDATEs of the tenant tables, as the product's own writes reach them

interface Commit {
  empresaId: number;
  /** wall clock (ms) when the UPDATE's autocommit returned */
  at: number;
}

/**
 * Open loop: write k leaves at start + k × (interval / companies) whatever the earlier ones take,
 * company k mod n, so each company is written once every `interval` seconds, all spread evenly.
 * Each write changes a served column (nome), so the change log records it (tenant migration 0007
 * logs only served changes). Runs until stop().
 */
class Writer {
  readonly commits: Commit[] = [];
  failures = 0;
  /** writes that left more than 1 s behind schedule (the writer, not the server, would then be slow) */
  late = 0;
  private running = true;
  private done: Promise<void>;
  private seq = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly list: Company[],
  ) {
    this.done = this.loop();
  }

  private async loop(): Promise<void> {
    const gapMs = (OPT.interval * 1000) / this.list.length;
    const started = wallNow();
    const inFlight = new Set<Promise<void>>();
    for (let k = 0; this.running; k++) {
      const due = started + k * gapMs;
      const wait = due - wallNow();
      if (wait > 0) await sleep(wait);
      else if (wait < -1000) this.late++;
      if (!this.running) break;
      const write = this.write(this.list[k % this.list.length] as Company).finally(() => inFlight.delete(write));
      inFlight.add(write);
    }
    await Promise.all(inFlight);
  }

  private async write(company: Company): Promise<void> {
    try {
      await this.pool.query('UPDATE clientes SET nome = $3 WHERE empresa_id = $1 AND id = $2', [
        company.empresaId,
        company.clienteId,
        `Cliente bench ${++this.seq}`,
      ]);
      this.commits.push({ empresaId: company.empresaId, at: wallNow() });
    } catch (err) {
      this.failures++;
      if (this.failures === 1) log(`  a write failed: ${(err as Error).message}`);
    }
  }

  async stop(): Promise<Commit[]> {
    this.running = false;
    await this.done;
    return this.commits;
  }
}

// ---------------------------------------------------------------------------------------
// Latency

interface Distribution {
  count: number;
  p50_ms: number;
  p90_ms: number;
  p99_ms: number;
  max_ms: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

function distribution(values: number[]): Distribution {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50_ms: percentile(sorted, 50),
    p90_ms: percentile(sorted, 90),
    p99_ms: percentile(sorted, 99),
    max_ms: sorted.at(-1) ?? NaN,
  };
}

/**
 * For each commit and each endpoint of its company: the first `clientes` event arriving after the
 * commit whose criado_em (whole seconds) is not before the commit's second — an event queued
 * before the commit's second cannot be about it. A commit's change that joined an event queued
 * earlier (D52's coalescing) is thus measured at the next event: a longer figure, never a shorter
 * one. `missing`: pairs with no such arrival before the receivers were last read.
 */
function commitLatencies(commits: Commit[], arrivals: Arrival[], followers: Follower[]): { values: number[]; missing: number } {
  const byPath = new Map<string, Arrival[]>();
  for (const a of arrivals) if (a[1] === 'clientes') byPath.set(a[0], [...(byPath.get(a[0]) ?? []), a]);
  for (const list of byPath.values()) list.sort((x, y) => x[2] - y[2]);
  const pathsOf = new Map<number, string[]>();
  for (const f of followers) pathsOf.set(f.empresaId, [...(pathsOf.get(f.empresaId) ?? []), f.path]);
  const values: number[] = [];
  let missing = 0;
  for (const commit of commits) {
    const second = Math.floor(commit.at / 1000);
    for (const p of pathsOf.get(commit.empresaId) ?? []) {
      const hit = (byPath.get(p) ?? []).find((a) => a[2] > commit.at && a[3] >= second);
      if (hit === undefined) missing++;
      else values.push(hit[2] - commit.at);
    }
  }
  return { values, missing };
}

/** Waits until the queue is empty and nothing arrived for 2 s, at most DRAIN_MS; collects meanwhile. */
async function drain(pool: pg.Pool, arrivals: Arrivals): Promise<number> {
  const started = Date.now();
  let quietSince = Date.now();
  while (Date.now() - started < DRAIN_MS) {
    await sleep(500);
    if ((await arrivals.collect()) > 0) quietSince = Date.now();
    const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_events');
    if ((rows[0]?.n ?? 0) === 0 && Date.now() - quietSince >= 2000) break;
  }
  return Date.now() - started;
}

// ---------------------------------------------------------------------------------------
// The data API under wrk

interface DataRound extends WrkResult {
  server_core_share: number;
  /** the receivers' process (the integrators' side, here on the load core with wrk), in cores */
  receivers_core_share: number;
  /** the bench database's PostgreSQL backends (the server's pools and the writer), in cores */
  postgres_core_share: number;
  unexpected: number;
}

/**
 * Where a round's CPU went besides the server: the receivers' process and PostgreSQL's backends,
 * set once both exist. The receivers spend CPU that an integrator's own servers would spend, and
 * that the side without webhooks does not pay: they run on the load core (pinToLoadCore).
 */
const watched: { receiversPid: number; postgres: pg.Client | null } = { receiversPid: 0, postgres: null };

/** What every page-1 answer must hold: its whole meta (page, size, exact total), as bench/run.ts checks. */
async function probeMeta(base: string, token: string): Promise<string> {
  const res = await fetch(`${base}${LIST_PATH}`, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  const meta = /"meta":\{[^{}]*\}/.exec(text)?.[0];
  if (res.status !== 200 || meta === undefined) throw new Error(`probe ${LIST_PATH}: ${res.status} ${text.slice(0, 200)}`);
  return meta;
}

/**
 * Before each measured window, the bench database vacuumed and analysed, as autovacuum would keep
 * it. Without it, on a server whose autovacuum is off (as on our machines) every round ran on the
 * dead rows of all the rounds before (the credentials and tokens the bench makes, the queue's
 * churn), and the later rounds measured that: the queue's own vacuum (ADR 0020) is the product's,
 * this one is the harness's.
 */
async function vacuumed(): Promise<void> {
  await watched.postgres?.query('VACUUM (ANALYZE)');
}

/** The fastest page-1 rate seen so far: each round's credentials are sized on it. */
let fastestRps = 2000;

/**
 * One wrk run of page 1 with fresh credentials, enough for twice the fastest rate seen so far at
 * KEY_BUDGET requests each (bench/tokens.ts): the rate limit must never shape the figure.
 */
async function dataRound(server: Server, creds: CredentialPool, meta: string, seconds: number, label: string): Promise<DataRound> {
  fs.mkdirSync(RUN_DIR, { recursive: true, mode: 0o700 });
  const tokenFile = path.join(RUN_DIR, 'phase.tokens');
  const count = Math.max(LOAD.threads, Math.ceil((2 * fastestRps * seconds) / KEY_BUDGET));
  const held = await creds.take(count, server.base);
  fs.writeFileSync(tokenFile, `${held.map(tokenOf).join('\n')}\n`, { mode: 0o600 });
  await vacuumed();
  try {
    const cpuBefore = cpuSeconds(server.pid);
    const receiversBefore = watched.receiversPid > 0 ? cpuSeconds(watched.receiversPid) : 0;
    const postgresBefore = watched.postgres === null ? new Map<number, number>() : await backendCpu(watched.postgres, DATABASE);
    const result = await wrk(
      server.base,
      LIST_PATH,
      seconds,
      LOAD,
      { mode: 'token', file: tokenFile, count },
      { status: 200, bodyContains: meta },
      {},
    );
    const share = (cpuSeconds(server.pid) - cpuBefore) / result.seconds;
    const receivers = watched.receiversPid > 0 ? (cpuSeconds(watched.receiversPid) - receiversBefore) / result.seconds : NaN;
    const postgres =
      watched.postgres === null ? NaN : backendCpuDelta(postgresBefore, await backendCpu(watched.postgres, DATABASE)) / result.seconds;
    const other = Object.entries(result.status).reduce((sum, [code, n]) => (code === '200' ? sum : sum + n), 0);
    const unexpected = other + result.wrong_body + Object.values(result.socket_errors).reduce((a, b) => a + b, 0);
    fastestRps = Math.max(fastestRps, result.rps);
    log(
      `    ${label}: ${result.rps.toFixed(1)} req/s, p99 ${result.p99_ms.toFixed(1)} ms, server core ${Math.round(share * 100)}%, receivers ${Math.round(receivers * 100)}%, PostgreSQL ${Math.round(postgres * 100)}%, unexpected ${unexpected}`,
    );
    return { ...result, server_core_share: share, receivers_core_share: receivers, postgres_core_share: postgres, unexpected };
  } finally {
    creds.release(held);
    fs.rmSync(tokenFile, { force: true });
  }
}

/**
 * After a resume, until 90% of the endpoints got an event (the one D54 queues on resuming), at most
 * 20 s: the queue itself never empties while the writer streams, so it cannot be waited for.
 */
async function settleResume(arrivals: Arrivals, followers: Follower[], since: number): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    await sleep(500);
    await arrivals.collect();
    const reached = new Set(arrivals.between(since, Number.POSITIVE_INFINITY).map((a) => a[0]));
    if (reached.size >= 0.9 * followers.length) break;
  }
  await sleep(1000);
}

interface Interleaved {
  with_webhooks: DataRound[];
  without_webhooks: DataRound[];
  /** commits made while a with-webhooks round ran, and those rounds' windows */
  commits: Commit[];
  writes_late: number;
  write_failures: number;
  windows_seconds: number;
  /** events that reached a receiver during a without-webhooks round (0 expected: every endpoint paused) */
  arrivals_while_paused: number;
}

/** After a with-webhooks round, the time its last commits' events get to arrive before a pause would drop them. */
const STRAGGLERS_MS = 5000;

/**
 * The data API's cost, both sides in the same minutes: rounds with every endpoint active and with
 * every endpoint paused alternate (A B, B A, A B, …: neither side always goes first) while the
 * writer streams throughout. Resuming queues one event per endpoint (D54): each with-webhooks round
 * starts once that burst is delivered, so it measures the steady stream, not the resume.
 */
async function interleaved(
  pool: pg.Pool,
  ctx: WebhookContext,
  list: Company[],
  followers: Follower[],
  arrivals: Arrivals,
  server: Server,
  creds: CredentialPool,
  meta: string,
): Promise<Interleaved> {
  const out: Interleaved = {
    with_webhooks: [],
    without_webhooks: [],
    commits: [],
    writes_late: 0,
    write_failures: 0,
    windows_seconds: 0,
    arrivals_while_paused: 0,
  };
  const windows: [number, number][] = [];
  let active = true;
  const writer = new Writer(pool, list);
  for (let r = 0; r < OPT.rounds; r++) {
    const sides = r % 2 === 0 ? [true, false] : [false, true];
    for (const withWebhooks of sides) {
      if (withWebhooks !== active) {
        await setActive(ctx, followers, withWebhooks);
        active = withWebhooks;
        if (active) await settleResume(arrivals, followers, wallNow() - 1000);
      }
      await arrivals.collect();
      const from = wallNow();
      const round = await dataRound(server, creds, meta, OPT.roundSeconds, `round ${r + 1}, ${withWebhooks ? 'with' : 'without'} webhooks`);
      const to = wallNow();
      if (withWebhooks) {
        out.with_webhooks.push(round);
        windows.push([from, to]);
        await sleep(STRAGGLERS_MS);
        await arrivals.collect();
      } else {
        out.without_webhooks.push(round);
        await arrivals.collect();
        out.arrivals_while_paused += arrivals.between(from, to).length;
      }
    }
  }
  const commits = await writer.stop();
  if (!active) await setActive(ctx, followers, true);
  out.commits = commits.filter((c) => windows.some(([from, to]) => c.at >= from && c.at < to));
  out.writes_late = writer.late;
  out.write_failures = writer.failures;
  out.windows_seconds = windows.reduce((sum, [from, to]) => sum + (to - from) / 1000, 0);
  return out;
}

// ---------------------------------------------------------------------------------------
// Throughput: a burst of `teste` events

interface Burst {
  queued: number;
  delivered: number;
  /** from the first arrival to the last */
  seconds: number;
  per_second: number;
  /** from the queueing commit to the last arrival (includes the worker's poll interval, up to 1 s) */
  seconds_from_commit: number;
  server_core_share: number;
}

/** Queues `perEndpoint` teste events for every endpoint in one transaction, as `webhooks test` queues one. */
async function queueBurst(db: Kysely<CentralDatabase>, followers: Follower[], perEndpoint: number): Promise<number> {
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < perEndpoint; i++)
      for (const f of followers) {
        const now = new Date();
        const id = newEventId();
        await enqueueEvent(trx, {
          endpointId: f.endpointId,
          eventoId: id,
          tipo: 'teste',
          recurso: null,
          corpo: eventBody(id, 'teste', now, null),
          now,
        });
      }
  });
  return wallNow();
}

async function burst(db: Kysely<CentralDatabase>, server: Server, followers: Follower[], arrivals: Arrivals): Promise<Burst> {
  const queued = followers.length * OPT.burst;
  const cpuBefore = cpuSeconds(server.pid);
  const committed = await queueBurst(db, followers, OPT.burst);
  const deadline = Date.now() + 300_000;
  let got: Arrival[] = [];
  while (Date.now() < deadline) {
    await sleep(500);
    await arrivals.collect();
    got = arrivals.between(committed - 5000, Number.POSITIVE_INFINITY, 'teste');
    if (got.length >= queued) break;
  }
  const times = got.map((a) => a[2]).sort((a, b) => a - b);
  const first = times[0] ?? NaN;
  const last = times.at(-1) ?? NaN;
  const seconds = (last - first) / 1000;
  return {
    queued,
    delivered: got.length,
    seconds,
    per_second: got.length / seconds,
    seconds_from_commit: (last - committed) / 1000,
    server_core_share: (cpuSeconds(server.pid) - cpuBefore) / ((wallNow() - committed) / 1000),
  };
}

// ---------------------------------------------------------------------------------------
// The server's log

interface LogProblems {
  warnings: number;
  errors: number;
  delivered_lines: number;
  failed_attempt_lines: number;
  samples: string[];
}

/** Warnings and errors of the server's log (pino levels 40 and 50+), and its delivery lines. */
function logProblems(file: string): LogProblems {
  const out: LogProblems = { warnings: 0, errors: 0, delivered_lines: 0, failed_attempt_lines: 0, samples: [] };
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (line === '') continue;
    let entry: { level?: number; msg?: string };
    try {
      entry = JSON.parse(line) as { level?: number; msg?: string };
    } catch {
      if (out.samples.length < 8) out.samples.push(line.slice(0, 300));
      continue;
    }
    if (entry.msg === 'notificação entregue') out.delivered_lines++;
    if (entry.msg?.startsWith('notificação: ') === true) out.failed_attempt_lines++;
    // The notice every start with WEBHOOKS_ALLOW_PRIVATE=1 gives (D55): expected here, not a problem.
    if ((entry.msg ?? '').includes('WEBHOOKS_ALLOW_PRIVATE')) continue;
    if ((entry.level ?? 0) >= 50) out.errors++;
    else if ((entry.level ?? 0) >= 40) out.warnings++;
    else continue;
    if (out.samples.length < 8) out.samples.push(line.slice(0, 300));
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// The run

interface LatencyPhase {
  name: string;
  writes: number;
  write_failures: number;
  writes_late: number;
  seconds: number;
  latency: Distribution;
  missing: number;
  drained_ms: number;
  server_core_share: number;
  /** the quiet phase only: what one delivery costs, the writer's own commits included */
  per_delivery?: PerDelivery;
}

/** What the stream of deliveries cost, divided by the deliveries made: the server's CPU, PostgreSQL's, and its transactions. */
interface PerDelivery {
  deliveries: number;
  server_cpu_ms: number;
  postgres_cpu_ms: number;
  transactions: number;
}

function latencyOf(
  name: string,
  commits: Commit[],
  arrivals: Arrivals,
  followers: Follower[],
  extra: Omit<LatencyPhase, 'name' | 'writes' | 'latency' | 'missing'>,
): LatencyPhase {
  const { values, missing } = commitLatencies(commits, arrivals.all, followers);
  const latency = distribution(values);
  log(
    `  ${name}: ${commits.length} writes; latency p50 ${latency.p50_ms.toFixed(0)} ms, p99 ${latency.p99_ms.toFixed(0)} ms, max ${latency.max_ms.toFixed(0)} ms over ${latency.count} (missing ${missing})`,
  );
  return { name, writes: commits.length, latency, missing, ...extra };
}

/** Transactions committed and rolled back in the bench database so far (the statistics' view). */
async function transactionsOf(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: string }>(
    'SELECT (xact_commit + xact_rollback)::text AS n FROM pg_stat_database WHERE datname = $1',
    [DATABASE],
  );
  return Number(rows[0]?.n ?? NaN);
}

/** The writer alone for OPT.seconds, then the time its last events take to arrive. */
async function quietPhase(
  pool: pg.Pool,
  list: Company[],
  followers: Follower[],
  arrivals: Arrivals,
  server: Server,
): Promise<LatencyPhase> {
  await vacuumed();
  const started = wallNow();
  const cpuBefore = cpuSeconds(server.pid);
  const postgres = watched.postgres;
  const postgresBefore = postgres === null ? new Map<number, number>() : await backendCpu(postgres, DATABASE);
  const transactionsBefore = postgres === null ? NaN : await transactionsOf(postgres);
  const writer = new Writer(pool, list);
  await sleep(OPT.seconds * 1000);
  const commits = await writer.stop();
  const ended = wallNow();
  const seconds = (ended - started) / 1000;
  const cpu = cpuSeconds(server.pid) - cpuBefore;
  const postgresCpu = postgres === null ? NaN : backendCpuDelta(postgresBefore, await backendCpu(postgres, DATABASE));
  // The statistics reach pg_stat_database within a second of each commit (PGSTAT_MIN_INTERVAL).
  await sleep(1500);
  const transactions = postgres === null ? NaN : (await transactionsOf(postgres)) - transactionsBefore;
  const drained = await drain(pool, arrivals);
  const deliveries = arrivals.between(started, ended).length;
  const per_delivery: PerDelivery = {
    deliveries,
    server_cpu_ms: (cpu * 1000) / deliveries,
    postgres_cpu_ms: (postgresCpu * 1000) / deliveries,
    transactions: transactions / deliveries,
  };
  log(
    `  per delivery (${deliveries} in ${seconds.toFixed(0)} s): server CPU ${per_delivery.server_cpu_ms.toFixed(3)} ms, PostgreSQL CPU ${per_delivery.postgres_cpu_ms.toFixed(3)} ms, ${per_delivery.transactions.toFixed(2)} transactions`,
  );
  return latencyOf('no data-API load', commits, arrivals, followers, {
    write_failures: writer.failures,
    writes_late: writer.late,
    seconds,
    drained_ms: drained,
    server_core_share: cpu / seconds,
    per_delivery,
  });
}

const fmt = (n: number, digits = 0) =>
  Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : '–';
const rpsSummary = (rounds: DataRound[]) => {
  const rps = rounds.map((r) => r.rps);
  return {
    median: median(rps),
    min: Math.min(...rps),
    max: Math.max(...rps),
    p99_ms: median(rounds.map((r) => r.p99_ms)),
    server_core_share: median(rounds.map((r) => r.server_core_share)),
    receivers_core_share: median(rounds.map((r) => r.receivers_core_share)),
    postgres_core_share: median(rounds.map((r) => r.postgres_core_share)),
    unexpected: rounds.reduce((a, r) => a + r.unexpected, 0),
  };
};

/**
 * With ÷ without for each round: its two sides ran next to each other (A B, then B A), so the
 * machine's drift over the run, which moves both, is mostly out of each figure; their spread says
 * how far one run's medians can be read.
 */
const pairRatios = (r: { with_webhooks: DataRound[]; without_webhooks: DataRound[] }): number[] =>
  r.with_webhooks.flatMap((w, i) => {
    const wo = r.without_webhooks[i];
    return wo === undefined ? [] : [w.rps / wo.rps];
  });

function latencyRow(p: LatencyPhase): string {
  const l = p.latency;
  const d = p.per_delivery;
  const cost =
    d === undefined
      ? ''
      : `; per delivery, the writer's commits included: server CPU ${fmt(d.server_cpu_ms, 2)} ms, PostgreSQL CPU ${fmt(d.postgres_cpu_ms, 2)} ms, ${fmt(d.transactions, 2)} transactions`;
  return `| commit → delivery, ${p.name} | p50 ${fmt(l.p50_ms)} ms · p90 ${fmt(l.p90_ms)} ms · p99 **${fmt(l.p99_ms)} ms** · max ${fmt(l.max_ms)} ms | ${fmt(l.count)} (commit, endpoint) pairs from ${fmt(p.writes)} writes in ${fmt(p.seconds)} s; ${p.missing} without an arrival; server core ${fmt(p.server_core_share * 100)}%${cost} |`;
}

interface Results {
  started_at: string;
  /** the arguments after `npm run -s bench:webhooks --` (absent in runs saved before it was kept) */
  arguments?: string[];
  commit: string;
  dirty_files: number;
  node: string;
  wrk: string;
  cpus: string;
  options: typeof OPT;
  uptime_start: string;
  uptime_end: string;
  load_average: number[];
  seed_seconds: number;
  setup_seconds: number;
  endpoints: number;
  credentials: number;
  rss_mib: { start: number; peak: number };
  quiet: LatencyPhase;
  loaded: LatencyPhase;
  burst: Burst;
  with_webhooks: DataRound[];
  without_webhooks: DataRound[];
  arrivals_while_paused: number;
  signatures: { verified: number; failed: number; failures: string[] };
  server_log: LogProblems;
}

function table(r: Results): string {
  const a = rpsSummary(r.with_webhooks);
  const b = rpsSummary(r.without_webhooks);
  const ratio = a.median / b.median;
  const b2 = r.burst;
  return [
    '| measure | figure | detail |',
    '| --- | --- | --- |',
    latencyRow(r.quiet),
    latencyRow(r.loaded),
    `| deliveries per second, one instance, fast receivers | **${fmt(b2.per_second, 1)}/s** | ${fmt(b2.delivered)} of ${fmt(b2.queued)} \`teste\` events (${r.options.burst} per endpoint, queued in one commit) in ${fmt(b2.seconds, 1)} s from the first arrival to the last (${fmt(b2.seconds_from_commit, 1)} s from the commit); server core ${fmt(b2.server_core_share * 100)}% |`,
    `| GET /v1/clientes page 1, writes streaming, ${fmt(r.endpoints)} endpoints receiving | ${fmt(a.median, 1)} req/s (${fmt(a.min, 1)}–${fmt(a.max, 1)}) | p99 ${fmt(a.p99_ms, 1)} ms; server core ${fmt(a.server_core_share * 100)}%, receivers ${fmt(a.receivers_core_share * 100)}%, PostgreSQL ${fmt(a.postgres_core_share * 100)}% of a core; unexpected answers ${a.unexpected} |`,
    `| same, every endpoint paused (no scan, no sends) | ${fmt(b.median, 1)} req/s (${fmt(b.min, 1)}–${fmt(b.max, 1)}) | p99 ${fmt(b.p99_ms, 1)} ms; server core ${fmt(b.server_core_share * 100)}%, receivers ${fmt(b.receivers_core_share * 100)}%, PostgreSQL ${fmt(b.postgres_core_share * 100)}% of a core; unexpected answers ${b.unexpected}; ${r.arrivals_while_paused} events arrived meanwhile |`,
    `| data API with webhooks ÷ without | **${fmt(ratio, 2)}×** | medians of ${r.with_webhooks.length} rounds each; round by round (each side's round i, run back to back): ${pairRatios(
      r,
    )
      .map((x) => `${fmt(x, 2)}×`)
      .join(', ')} |`,
    `| signatures verified (standardwebhooks, 1 endpoint in ${VERIFY_EVERY}) | ${fmt(r.signatures.verified)} valid, ${fmt(r.signatures.failed)} invalid | |`,
    `| server log | ${r.server_log.warnings} warnings, ${r.server_log.errors} errors (besides the \`WEBHOOKS_ALLOW_PRIVATE\` notice) | ${fmt(r.server_log.delivered_lines)} \`notificação entregue\` lines, ${r.server_log.failed_attempt_lines} failed or refused attempts |`,
  ].join('\n');
}

function verdicts(r: Results): string {
  const ratio = rpsSummary(r.with_webhooks).median / rpsSummary(r.without_webhooks).median;
  const met = (ok: boolean) => (ok ? 'met' : 'missed');
  return [
    `Issue 22 targets on this run: commit → delivery p99 ≤ 2 s: ${met(r.quiet.latency.p99_ms <= 2000)} with no data-API load (${fmt(r.quiet.latency.p99_ms)} ms), ${met(r.loaded.latency.p99_ms <= 2000)} under page-1 load (${fmt(r.loaded.latency.p99_ms)} ms);`,
    `data API with webhooks ≥ 0.9× without: ${met(ratio >= 0.9)} (${fmt(ratio, 2)}×).`,
  ].join(' ');
}

function header(r: Results): string {
  const o = r.options;
  // Runs saved before the arguments were kept: the options that differ from the defaults.
  const given = r.arguments ?? (o.rounds === 3 ? [] : ['--rounds', String(o.rounds)]);
  return [
    `${r.started_at.slice(0, 16).replace('T', ' ')} UTC · commit \`${r.commit}\`${r.dirty_files > 0 ? ` + ${r.dirty_files} uncommitted file(s) under src/` : ''} · Node ${r.node} · ${r.wrk} · ${r.cpus}`,
    '',
    `Command: \`npm run -s bench:webhooks${given.length > 0 ? ` -- ${given.join(' ')}` : ''}\`. PostgreSQL database \`${DATABASE}\` (fresh, dropped after), \`seed generate --companies ${o.companies} --records ${o.records}\` (${fmt(r.seed_seconds, 1)} s); ${fmt(r.endpoints)} endpoints following \`clientes\` over ${fmt(r.credentials)} credentials; each company's client row updated once every ${o.interval} s (${fmt(o.companies / o.interval, 1)} writes/s). Server: \`npm start\` on core 0, \`WEBHOOKS_ALLOW_PRIVATE=1\`, no Redis, RSS ${fmt(r.rss_mib.start)} → peak ${fmt(r.rss_mib.peak)} MiB; wrk on core 1 (${LOAD.threads} threads, ${LOAD.connections} connections), ${o.rounds} rounds of ${o.roundSeconds} s per side.`,
    '',
    `Load average at the start: \`${r.uptime_start}\`; at the end: \`${r.uptime_end}\` (1-min samples through the run: ${r.load_average.join(' → ')}).`,
  ].join('\n');
}

const render = (r: Results): string => `${header(r)}\n\n${table(r)}\n\n${verdicts(r)}`;

async function main(): Promise<void> {
  if (args.print !== undefined) {
    console.log(render(JSON.parse(fs.readFileSync(args.print, 'utf8')) as Results));
    return;
  }
  installCleanup(log);
  // The harness (the writer standing for the product's own writes, the arrivals' bookkeeping) is
  // load side too: on the load core, so that the server's core carries only the server.
  pinToLoadCore(process.pid);
  const startedAt = new Date().toISOString();
  const uptimeStart = uptime();
  const load = [loadAverage()];
  log(`start: ${uptimeStart}`);
  // Fresh: endpoints, queues and scan horizons of an earlier run would shape this one.
  await database.fresh();
  // The product's pool (its type parsers: ids as numbers), so the services read rows as in the server.
  const pool = makePool({ connectionString: DATABASE_URL, max: 6 });
  let receivers: Receivers | null = null;
  let server: Server | null = null;
  try {
    log(`seeding ${OPT.companies} companies (${OPT.records} receivables)`);
    const seedSeconds = await seed();
    const list = await companies(pool);
    watched.postgres = new pg.Client({ connectionString: DATABASE_URL });
    await watched.postgres.connect();
    const db = new Kysely<CentralDatabase>({ dialect: new PostgresDialect({ pool }) });
    const ctx: WebhookContext = { db, secretKey: secretKeyReader(pool, undefined), allowPrivate: true };
    receivers = await startReceivers();
    const arrivals = new Arrivals(receivers);
    const setupStarted = performance.now();
    const { followers, secrets } = await createFollowers(pool, ctx, list, receivers.ports);
    receivers.verify(secrets);
    const setupSeconds = (performance.now() - setupStarted) / 1000;
    log(`${followers.length} endpoints in ${setupSeconds.toFixed(1)} s; receivers on ${receivers.ports.join(', ')}`);

    const logFile = path.join(RUN_DIR, 'server.log');
    server = await startServer(
      npmStart(args.profile === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.profile)}`]),
      { ...productEnv(), WEBHOOKS_ALLOW_PRIVATE: '1', TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'info' },
      logFile,
    );
    const rssStart = memory(server.pid).rss_mib;
    log(`server ${server.base} (pid ${server.pid}); load ${loadAverage()}`);
    const creds = CredentialPool.open(pool, `${DATABASE_URL}/${startedAt}`, list[0]?.empresaId ?? 0, RUN_DIR, new AddressLabels(), log, 4);
    const [probeCred] = await creds.take(1, server.base);
    if (probeCred === undefined) throw new Error('no credential for the probe');
    const meta = await probeMeta(server.base, tokenOf(probeCred));
    // Whatever the start queued (nothing expected) is out of the way before measuring.
    await drain(pool, arrivals);

    log(`1. latency, no data-API load: ${OPT.seconds} s of writes`);
    const srv = server;
    const quiet = await quietPhase(pool, list, followers, arrivals, srv);
    load.push(loadAverage());

    log(`2. burst: ${OPT.burst} teste events per endpoint`);
    const burstResult = await burst(db, srv, followers, arrivals);
    log(`  ${burstResult.delivered}/${burstResult.queued} in ${burstResult.seconds.toFixed(1)} s: ${burstResult.per_second.toFixed(1)}/s`);
    await drain(pool, arrivals);
    load.push(loadAverage());

    log(`3. data API, ${OPT.rounds} × ${OPT.roundSeconds} s per side, with and without webhooks interleaved, writes streaming`);
    // Not counted: the list route's first requests (JIT, the page cache) would count against whichever side went first.
    await dataRound(srv, creds, meta, 5, 'warm-up');
    const data = await interleaved(pool, ctx, list, followers, arrivals, srv, creds, meta);
    await drain(pool, arrivals);
    const loaded = latencyOf('during page-1 load', data.commits, arrivals, followers, {
      write_failures: data.write_failures,
      writes_late: data.writes_late,
      seconds: data.windows_seconds,
      drained_ms: NaN,
      server_core_share: median(data.with_webhooks.map((r) => r.server_core_share)),
    });
    load.push(loadAverage());

    const peak = memory(srv.pid).peak_mib;
    await srv.stop();
    server = null;
    const results: Results = {
      started_at: startedAt,
      arguments: process.argv.slice(2),
      commit: execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim(),
      dirty_files: execFileSync('git', ['status', '--porcelain', '--', 'src'], { cwd: ROOT, encoding: 'utf8' })
        .split('\n')
        .filter((l) => l !== '').length,
      node: process.version,
      wrk: wrkVersion().replace(/ \[.*$/, ''),
      // The machine's cores, not this process's: it is pinned to the load core (pinToLoadCore).
      cpus: `\`nproc\` ${os.cpus().length} (${os.cpus()[0]?.model ?? '?'})`,
      options: OPT,
      uptime_start: uptimeStart,
      uptime_end: uptime(),
      load_average: load,
      seed_seconds: seedSeconds,
      setup_seconds: setupSeconds,
      endpoints: followers.length,
      credentials: OPT.companies * Math.ceil(OPT.perCompany / ENDPOINTS_PER_CREDENTIAL),
      rss_mib: { start: rssStart, peak },
      quiet,
      loaded,
      burst: burstResult,
      with_webhooks: data.with_webhooks,
      without_webhooks: data.without_webhooks,
      arrivals_while_paused: data.arrivals_while_paused,
      signatures: { verified: arrivals.verified, failed: arrivals.failed, failures: arrivals.failures },
      server_log: logProblems(logFile),
    };
    fs.mkdirSync(path.dirname(RESULTS), { recursive: true });
    fs.writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
    console.log(render(results));
    if (results.server_log.samples.length > 0) log(`server log samples:\n${results.server_log.samples.join('\n')}`);
    log(`results: ${path.relative(ROOT, RESULTS)}; server log: ${path.relative(ROOT, logFile)}`);
  } finally {
    await server?.stop();
    receivers?.stop();
    await pool.end();
    await watched.postgres?.end();
    if (!args['keep-db']) await database.drop();
  }
}

await main();
