/**
 * The benchmark of issue 9, in one command (see bench/README.md):
 *
 *   npm run -s bench [-- --quick] [-- --only 'pg/contas-receber/*']
 *
 * Loads the data sets when missing, checks that the baseline answers byte-identical bodies,
 * then measures every scenario of scenarios.ts on a fresh server process each, and writes the
 * table into bench/README.md and the raw figures into bench/results/latest.json (full runs;
 * --quick and --only print the table and keep their JSON in bench/.data/).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { BodyMismatch, compareBodies, edgeCasePages, type CheckedPage } from './check.ts';
import { DATA_DIR, DATABASE, embeddedData, postgresData, productEnv, type DataSet } from './data.ts';
import {
  backendCpu,
  backendCpuDelta,
  quiesce,
  CLK_TCK,
  cpuSeconds,
  loadAverage,
  memory,
  wrk,
  wrkVersion,
  type Expectation,
  type Keys,
  type LoadSettings,
} from './measure.ts';
import { HOST, installCleanup, LOAD_CORE, npmStart, ROOT, SERVER_CORE, startServer, tsxScript, type Server } from './processes.ts';
import { markdown, spliceReadme, summarise, type DataInfo, type Round, type RunResult, type ScenarioResult } from './report.ts';
import {
  PAGE_SIZE,
  pathOf,
  select,
  todayInSaoPaulo,
  twelveMonthsTo,
  type Scenario,
  type ScenarioContext,
  type Store,
} from './scenarios.ts';
import { ADDRESS_BUDGET, AddressLabels, CredentialPool, KEY_BUDGET, tokenOf, type Held } from './tokens.ts';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

const USAGE = `npm run -s bench [-- options]
  --quick          a 3-s warm-up and 1 round of 5 s, on a few scenarios: to try the harness
  --only <globs>   scenarios whose id matches (comma-separated, * = anything), e.g. 'pg/contas-receber/*'
Full runs write bench/README.md and bench/results/latest.json; --quick and --only do not.`;

const log = (line: string) => process.stderr.write(`${line}\n`);

const LOAD: LoadSettings = { connections: 32, threads: 2 };
const TIMING = args.quick ? { warmup: 3, rounds: 1, round: 5 } : { warmup: 10, rounds: 3, round: 15 };
/**
 * Before a scenario's warm-up says better: enough keys for this many requests/s. Addresses
 * cost nothing, and unauthenticated 401s are answered at wrk's own pace.
 */
const FIRST_GUESS_RPS = { token: 5000, address: 60_000 } as const;
const LIMITS = { token: 120, address: 600 } as const;
const API_SERVER = npmStart();
const BASELINE_SERVER = tsxScript('bench/baseline/server.ts');
const LOG_DIR = path.join(DATA_DIR, 'logs');
const RUN_DIR = path.join(DATA_DIR, 'run');

const labels = new AddressLabels();

// ---------------------------------------------------------------------------------------
// One request, for probes and the body check

async function get(
  base: string,
  urlPath: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: Buffer; encoding: string | null }> {
  // fetch asks for gzip unless told otherwise, wrk asks for nothing: the probe asks what wrk will
  // (identity, or the scenario's header). fetch decodes a compressed body; Content-Encoding still
  // says how it travelled.
  const response = await fetch(`${base}${urlPath}`, { headers: { 'accept-encoding': 'identity', ...headers } });
  return { status: response.status, body: Buffer.from(await response.arrayBuffer()), encoding: response.headers.get('content-encoding') };
}

function listMeta(body: Buffer): { total: number; total_paginas: number } {
  const meta = (JSON.parse(body.toString()) as { meta?: { total?: unknown; total_paginas?: unknown } }).meta;
  if (typeof meta?.total !== 'number' || typeof meta.total_paginas !== 'number')
    throw new Error(`no meta.total in ${body.toString().slice(0, 200)}`);
  return { total: meta.total, total_paginas: meta.total_paginas };
}

// ---------------------------------------------------------------------------------------
// Servers

function startApi(data: DataSet, logName: string): Promise<Server> {
  // TRUST_PROXY: token requests (and unauthenticated phases) are told apart by X-Forwarded-For
  // labels, see tokens.ts. LOG_LEVEL=info is the product's default: one access-log line per
  // request, to a file.
  return startServer(API_SERVER, { ...data.env, TRUST_PROXY: HOST, LOG_LEVEL: 'info' }, path.join(LOG_DIR, `${logName}.log`));
}

function startBaseline(data: DataSet, logName: string): Promise<Server> {
  if (data.store !== 'postgresql') throw new Error('the baseline runs on PostgreSQL only');
  return startServer(BASELINE_SERVER, productEnv('postgresql'), path.join(LOG_DIR, `${logName}.log`));
}

// ---------------------------------------------------------------------------------------
// Check: byte-identical bodies

async function checkBaseline(data: DataSet, creds: CredentialPool, ctx: ScenarioContext, scenario: Scenario): Promise<CheckedPage[]> {
  log('check: the baseline must answer byte-identical bodies');
  const api = await startApi(data, 'check-api-externa');
  try {
    const baseline = await startBaseline(data, 'check-baseline');
    try {
      const [held] = await creds.take(1, api.base);
      if (held === undefined) throw new Error('no credential for the check');
      const apiGet = (p: string) => get(api.base, p, { authorization: `Bearer ${tokenOf(held)}` });
      const baselineGet = (p: string) => get(baseline.base, p, { 'x-bench-empresa': String(ctx.empresaId) });
      const first = await apiGet(pathOf(scenario, ctx, 1));
      const last = first.status === 200 ? listMeta(first.body).total_paginas : 1;
      const window = twelveMonthsTo(ctx.today);
      const edges = await edgeCasePages(data.pool, ctx.empresaId, window.data_inicio, window.data_fim, PAGE_SIZE);
      const pages = [...new Set([1, 2, 300, last, last + 1, ...edges])].sort((a, b) => a - b);
      const checked = await compareBodies(
        pages.map((p) => pathOf(scenario, ctx, p)),
        apiGet,
        baselineGet,
      );
      creds.release([held]);
      log(`  identical: pages ${pages.join(', ')}`);
      return checked;
    } finally {
      await baseline.stop();
    }
  } finally {
    await api.stop();
  }
}

// ---------------------------------------------------------------------------------------
// Measuring

interface Measuring {
  scenario: Scenario;
  ctx: ScenarioContext;
  server: Server;
  creds: CredentialPool;
  urlPath: string;
  expect: Expectation;
  /** the bench's connection to ae_bench, to read its backends' CPU; null on the embedded store */
  pgClient: pg.Client | null;
}

/** The keys (tokens or addresses) of one phase, enough for `expectedRequests` within the limits. */
async function keysFor(
  m: Measuring,
  expectedRequests: number,
  tokenFile: string,
): Promise<{ keys: Keys; held: Held[]; limit: number | null }> {
  if (m.scenario.auth === 'token') {
    const count = Math.max(LOAD.threads, Math.ceil(expectedRequests / KEY_BUDGET));
    const held = await m.creds.take(count, m.server.base);
    fs.writeFileSync(tokenFile, `${held.map(tokenOf).join('\n')}\n`, { mode: 0o600 });
    return { keys: { mode: 'token', file: tokenFile, count }, held, limit: LIMITS.token };
  }
  if (m.scenario.system === 'api-externa') {
    // api-externa limits unauthenticated requests per source address: fresh labels per phase.
    const count = Math.max(LOAD.threads, Math.ceil(expectedRequests / ADDRESS_BUDGET));
    return { keys: { mode: 'address', first: labels.take(count), count }, held: [], limit: LIMITS.address };
  }
  return { keys: { mode: 'none' }, held: [], limit: null };
}

async function phase(m: Measuring, seconds: number, expectedRps: number): Promise<Round> {
  fs.mkdirSync(RUN_DIR, { recursive: true, mode: 0o700 });
  const tokenFile = path.join(RUN_DIR, 'phase.tokens');
  const { keys, held, limit } = await keysFor(m, expectedRps * seconds, tokenFile);
  const headers = m.scenario.headers?.(m.ctx) ?? {};
  try {
    // Only one server under load at a time: PostgreSQL included (see quiesce).
    const waited = m.pgClient === null ? 0 : await quiesce(m.pgClient, DATABASE);
    if (waited >= 500) log(`  waited ${(waited / 1000).toFixed(1)} s for PostgreSQL to finish the previous phase's statements`);
    const startedAt = new Date().toISOString();
    const pgBefore = m.pgClient === null ? null : await backendCpu(m.pgClient, DATABASE);
    const cpuBefore = cpuSeconds(m.server.pid);
    const result = await wrk(m.server.base, m.urlPath, seconds, LOAD, keys, m.expect, headers);
    const cpu = cpuSeconds(m.server.pid) - cpuBefore;
    const pgCpu = m.pgClient === null || pgBefore === null ? null : backendCpuDelta(pgBefore, await backendCpu(m.pgClient, DATABASE));
    const otherStatus = Object.entries(result.status).reduce((sum, [code, n]) => (Number(code) === m.scenario.expect ? sum : sum + n), 0);
    const unexpected = otherStatus + result.wrong_body;
    const socketErrors = Object.values(result.socket_errors).reduce((a, b) => a + b, 0);
    const perRequest = (s: number) => (result.requests > 0 ? (s * 1e6) / result.requests : NaN);
    return {
      ...result,
      started_at: startedAt,
      key_limit: limit,
      cpu_seconds: cpu,
      cpu_us_per_request: perRequest(cpu),
      server_core_share: result.seconds > 0 ? cpu / result.seconds : NaN,
      pg_cpu_seconds: pgCpu,
      pg_cpu_us_per_request: pgCpu === null ? null : perRequest(pgCpu),
      unexpected,
      socket_errors_total: socketErrors,
    };
  } finally {
    m.creds.release(held);
    fs.rmSync(tokenFile, { force: true });
  }
}

/**
 * What every answer to the same request must contain, taken from a probe answer: a list's
 * whole `meta` (page, size, exact total), an error's `codigo`. Not the whole body: an error
 * holds its request id.
 */
function invariantText(body: Buffer): string | null {
  const text = body.toString();
  const meta = /"meta":\{[^{}]*\}/.exec(text);
  if (meta !== null) return meta[0];
  return /"codigo":"[^"]*"/.exec(text)?.[0] ?? null;
}

function describeRound(name: string, r: Round): string {
  const statuses = [
    ...Object.entries(r.status).map(([c, n]) => `${c}: ${n}`),
    ...(r.wrong_body > 0 ? [`wrong body: ${r.wrong_body}`] : []),
  ].join(', ');
  const keys = r.key_limit === null ? '' : `, ${r.keys_used} keys, ≤ ${r.most_per_key} requests each (limit ${r.key_limit})`;
  const flag = r.unexpected > 0 || r.socket_errors_total > 0 ? '  << UNEXPECTED' : '';
  const cores = `cores: server ${Math.round(r.server_core_share * 100)}%${r.load_core_share === null ? '' : `, wrk ${Math.round(r.load_core_share * 100)}%`}`;
  return `    ${name.padEnd(8)}\n      ${r.rps.toFixed(1).padStart(8)} req/s  p50 ${r.p50_ms.toFixed(2).padStart(7)} ms  p99 ${r.p99_ms.toFixed(2).padStart(7)} ms  CPU ${r.cpu_us_per_request.toFixed(0).padStart(5)} µs/req${r.pg_cpu_us_per_request === null ? '' : `  PG ${r.pg_cpu_us_per_request.toFixed(0)} µs/req`}  ${cores}  [${statuses}; ${r.socket_errors_total} socket errors${keys}]${flag}`;
}

function emptyResult(scenario: Scenario): ScenarioResult {
  return {
    id: scenario.id,
    title: scenario.title,
    store: scenario.store,
    system: scenario.system,
    path: null,
    expect: scenario.expect,
    page: typeof scenario.page === 'number' ? scenario.page : null,
    meta_total: null,
    skipped: null,
    error: null,
    warmup: null,
    rounds: [],
    summary: null,
    rss_start_mib: null,
    rss_peak_mib: null,
    loadavg_before: loadAverage(),
    loadavg_after: NaN,
    valid: false,
  };
}

/** A row being measured: its own server, its request, its figures so far. */
interface Row {
  scenario: Scenario;
  result: ScenarioResult;
  server: Server | null;
  m: Measuring | null;
  /** the fastest phase so far, to size the next phase's keys */
  fastest: number;
}

/**
 * Starts the row's own server (so that its RSS at start and its peak belong to this row
 * alone), resolves its page and probes its request, which must answer the expected status.
 */
async function prepare(
  scenario: Scenario,
  data: DataSet,
  creds: CredentialPool,
  ctx: ScenarioContext,
  pgClient: pg.Client | null,
): Promise<Row> {
  const row: Row = { scenario, result: emptyResult(scenario), server: null, m: null, fastest: 0 };
  const result = row.result;
  log(`\n${scenario.id}: ${scenario.title} [${scenario.system}]`);
  try {
    const server =
      scenario.system === 'baseline'
        ? await startBaseline(data, scenario.id.replaceAll('/', '_'))
        : await startApi(data, scenario.id.replaceAll('/', '_'));
    row.server = server;
    result.rss_start_mib = memory(server.pid).rss_mib;
    const auth = async (): Promise<Record<string, string>> => {
      if (scenario.auth !== 'token') return scenario.headers?.(ctx) ?? {};
      const [held] = await creds.take(1, server.base);
      if (held === undefined) throw new Error('no credential');
      creds.release([held]);
      return { ...(scenario.headers?.(ctx) ?? {}), authorization: `Bearer ${tokenOf(held)}` };
    };
    let page: number | null = null;
    if (scenario.page !== 'none') {
      const first = await get(server.base, pathOf(scenario, ctx, 1), await auth());
      if (first.status !== 200) throw new Error(`page 1 answered ${first.status}: ${first.body.toString().slice(0, 300)}`);
      result.meta_total = listMeta(first.body).total;
      page = scenario.page === 'deepest' ? Math.floor(result.meta_total / PAGE_SIZE) : scenario.page;
      if (page < 1) {
        result.skipped = `fewer than ${PAGE_SIZE} records (meta.total ${result.meta_total})`;
        log(`  skipped: ${result.skipped}`);
        return row;
      }
      result.page = page;
    }
    const urlPath = pathOf(scenario, ctx, page);
    result.path = urlPath;
    const probe = await get(server.base, urlPath, await auth());
    if (probe.status !== scenario.expect)
      throw new Error(`GET ${urlPath} answered ${probe.status}, expected ${scenario.expect}: ${probe.body.toString().slice(0, 300)}`);
    if ((scenario.compressed ?? null) !== probe.encoding)
      throw new Error(`GET ${urlPath} came with Content-Encoding ${probe.encoding ?? 'none'}, expected ${scenario.compressed ?? 'none'}`);
    const expect: Expectation = { status: scenario.expect, bodyContains: scenario.compressed ? null : invariantText(probe.body) };
    log(
      `  GET ${urlPath}${result.meta_total === null ? '' : ` (meta.total ${result.meta_total})`}; every answer must hold ${expect.bodyContains ?? '(nothing checked)'}`,
    );
    row.m = { scenario, ctx, server, creds, urlPath, expect, pgClient };
  } catch (err) {
    fail(row, err);
  }
  return row;
}

function fail(row: Row, err: unknown): void {
  if (err instanceof BodyMismatch) throw err;
  row.result.error = err instanceof Error ? err.message : String(err);
  row.m = null;
  log(`  ${row.scenario.id} FAILED: ${row.result.error}`);
}

/** The warm-up (not counted) or a measured round of one row; a failure ends that row only. */
async function step(row: Row, round: number | null): Promise<void> {
  if (row.m === null) return;
  const m = row.m;
  try {
    if (round === null) {
      const guess = m.scenario.auth === 'token' || m.scenario.system === 'baseline' ? FIRST_GUESS_RPS.token : FIRST_GUESS_RPS.address;
      row.result.loadavg_before = loadAverage();
      row.result.warmup = await phase(m, TIMING.warmup, guess);
      row.fastest = row.result.warmup.rps;
      log(describeRound(`${m.scenario.id} warm-up`, row.result.warmup));
      return;
    }
    // Keys for twice the fastest phase so far at KEY_BUDGET (< 120) requests each: a round
    // may well outrun a warm-up still compiling.
    const r = await phase(m, TIMING.round, Math.max(50, row.fastest * 2));
    row.result.rounds.push(r);
    row.fastest = Math.max(row.fastest, r.rps);
    log(describeRound(`${m.scenario.id} round ${round}`, r));
  } catch (err) {
    fail(row, err);
  }
}

/** Summary, peak RSS, and the server stopped; its request log kept only when something went wrong. */
async function finish(row: Row): Promise<ScenarioResult> {
  const { result, server } = row;
  if (row.m !== null && server !== null) {
    result.summary = summarise(result.rounds);
    result.rss_peak_mib = memory(server.pid).peak_mib;
    result.valid =
      result.rounds.length === TIMING.rounds &&
      result.summary.unexpected === 0 &&
      result.summary.socket_errors === 0 &&
      result.rounds.every((r) => r.requests > 0);
    const s = result.summary;
    log(
      `  ${row.scenario.id}: median ${s.rps_median.toFixed(1)} req/s (${s.rps_min.toFixed(1)}–${s.rps_max.toFixed(1)}), p50 ${s.p50_ms.toFixed(2)} ms, p99 ${s.p99_ms.toFixed(2)} ms, CPU ${s.cpu_us_per_request.toFixed(0)} µs/req, RSS ${(result.rss_start_mib ?? NaN).toFixed(0)} → ${result.rss_peak_mib.toFixed(0)} MiB${result.valid ? '' : '  ** INVALID **'}`,
    );
  }
  await server?.stop();
  result.loadavg_after = loadAverage();
  if (server !== null && (result.valid || result.skipped !== null)) fs.rmSync(server.logFile, { force: true });
  else if (server !== null) log(`  ${row.scenario.id}: server log kept in ${path.relative(ROOT, server.logFile)}`);
  return result;
}

/**
 * The rows of one family (the same request on both systems and its pages) are measured
 * together (on PostgreSQL; see storeGroup), their rounds interleaved — round 1 of each row, then round 2 of each, … — so
 * that the ratios between them compare figures taken within seconds of each other, under
 * the same background load, on this shared machine. Each row has its own server; only one
 * is under load at a time.
 */
async function measureFamily(
  scenarios: Scenario[],
  data: DataSet,
  creds: CredentialPool,
  ctx: ScenarioContext,
  pgClient: pg.Client | null,
): Promise<ScenarioResult[]> {
  const rows: Row[] = [];
  try {
    for (const scenario of scenarios) rows.push(await prepare(scenario, data, creds, ctx, pgClient));
    for (const row of rows) await step(row, null);
    for (let i = 1; i <= TIMING.rounds; i++) for (const row of rows) await step(row, i);
  } finally {
    for (const row of rows) await finish(row);
  }
  return rows.map((r) => r.result);
}

// ---------------------------------------------------------------------------------------

function git(...argv: string[]): string {
  return execFileSync('git', argv, { cwd: ROOT, encoding: 'utf8' }).trim();
}

function preflight(): void {
  for (const [tool, hint] of [
    ['wrk', 'apt-get install -y wrk'],
    ['taskset', 'apt-get install -y util-linux'],
  ]) {
    try {
      execFileSync('which', [tool as string], { stdio: 'ignore' });
    } catch {
      throw new Error(`${tool} is required: ${hint}`);
    }
  }
  if (os.availableParallelism() < 2) throw new Error('2 cores are needed: the server on one, wrk on the other');
}

async function storeGroup(
  store: Store,
  scenarios: Scenario[],
  today: string,
): Promise<{ data: DataInfo; check: CheckedPage[] | null; results: ScenarioResult[] }> {
  const data = store === 'postgresql' ? await postgresData(log) : await embeddedData(log);
  const ctx: ScenarioContext = { today, empresaId: data.empresaId };
  log(`${store}: ${data.receivables.toLocaleString('en-US')} receivables; company ${data.empresaId}`);
  const pgClient = store === 'postgresql' ? new pg.Client({ connectionString: productEnv('postgresql').DATABASE_URL }) : null;
  await pgClient?.connect();
  const results: ScenarioResult[] = [];
  let check: CheckedPage[] | null = null;
  try {
    // On the embedded store, credentials are made through the socket of the server under test.
    // The embedded store's socket interleaves the protocol messages of concurrent connections
    // (see bench/README.md): the bench makes its credentials and tokens there one at a time.
    const parallel = store === 'embedded' ? 1 : 4;
    const creds = CredentialPool.open(data.pool, data.identity, data.empresaId, DATA_DIR, labels, log, parallel);
    const compared = scenarios.find((s) => s.system === 'baseline');
    if (compared !== undefined) check = await checkBaseline(data, creds, ctx, compared);
    // One process at a time may host the embedded store: there, every row runs alone.
    const groups =
      store === 'embedded'
        ? scenarios.map((s) => [s])
        : [...new Set(scenarios.map((s) => s.family))].map((f) => scenarios.filter((s) => s.family === f));
    for (const group of groups) results.push(...(await measureFamily(group, data, creds, ctx, pgClient)));
  } finally {
    await pgClient?.end();
    await data.pool.end();
  }
  const info: DataInfo = {
    store,
    version: data.version,
    settings: data.settings,
    receivables: data.receivables,
    empresa_id: data.empresaId,
    seeded_now: data.seededNow,
    seed: data.seed,
  };
  return { data: info, check, results };
}

async function main(): Promise<void> {
  if (args.help) {
    log(USAGE);
    return;
  }
  installCleanup(log);
  preflight();
  const scenarios = select(args.quick, args.only);
  if (scenarios.length === 0) throw new Error(`no scenario matches --only ${args.only ?? ''}`);
  const partial = args.quick || args.only !== undefined;
  const started = new Date();
  const today = todayInSaoPaulo(started);
  const command = [
    'npm run -s bench',
    ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2).map((a) => (/^[\w./=-]+$/.test(a) ? a : `'${a}'`))] : []),
  ].join(' ');
  const loadStart = loadAverage();
  // The code measured is the tree as it is now: read before anything runs.
  const commit = git('rev-parse', '--short', 'HEAD');
  const dirty = git('status', '--porcelain') !== '';
  log(`${scenarios.length} scenario(s); ${TIMING.warmup}-s warm-up + ${TIMING.rounds} x ${TIMING.round} s each; load average ${loadStart}`);

  const data: DataInfo[] = [];
  const results: ScenarioResult[] = [];
  let check: CheckedPage[] | null = null;
  for (const store of ['postgresql', 'embedded'] as const) {
    const group = scenarios.filter((s) => s.store === store);
    if (group.length === 0) continue;
    const done = await storeGroup(store, group, today);
    data.push(done.data);
    results.push(...done.results);
    check ??= done.check;
  }

  const finished = new Date();
  const run: RunResult = {
    started_at: started.toISOString(),
    finished_at: finished.toISOString(),
    wall_seconds: Math.round((finished.getTime() - started.getTime()) / 1000),
    command,
    partial,
    commit,
    dirty,
    node: process.version,
    wrk: wrkVersion(),
    nproc: os.availableParallelism(),
    clk_tck: CLK_TCK,
    loadavg_start: loadStart,
    loadavg_end: loadAverage(),
    settings: {
      warmup_seconds: TIMING.warmup,
      rounds: TIMING.rounds,
      round_seconds: TIMING.round,
      connections: LOAD.connections,
      threads: LOAD.threads,
      server_core: SERVER_CORE,
      load_core: LOAD_CORE,
    },
    today,
    data,
    check,
    scenarios: results,
    valid: results.every((r) => r.valid || (r.skipped !== null && r.error === null)),
  };
  const table = markdown(run);
  if (partial) {
    fs.writeFileSync(path.join(DATA_DIR, 'last-partial.json'), `${JSON.stringify(run, null, 2)}\n`);
    process.stdout.write(`${table}\n`);
    log(`partial run: bench/README.md untouched; JSON in ${path.relative(ROOT, path.join(DATA_DIR, 'last-partial.json'))}`);
  } else {
    fs.mkdirSync(path.join(ROOT, 'bench', 'results'), { recursive: true });
    fs.writeFileSync(path.join(ROOT, 'bench', 'results', 'latest.json'), `${JSON.stringify(run, null, 2)}\n`);
    spliceReadme(path.join(ROOT, 'bench', 'README.md'), table);
    process.stdout.write(`${table}\n`);
    log('written: bench/README.md (results section) and bench/results/latest.json');
  }
  log(`${run.valid ? 'valid run' : 'INVALID RUN'}; ${Math.round(run.wall_seconds / 60)} min`);
  if (!run.valid) process.exitCode = 2;
}

main().catch((err: unknown) => {
  log(`bench failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
