/**
 * The request log's read side at volume (issue 25 "Speed", D59; bench/README.md "Request log"),
 * in one command, on PostgreSQL:
 *
 *   npm run -s bench:request-log [-- --rows 10000000 --samples 50]
 *
 * On a fresh database (bench_request_log, dropped after unless --keep-db), migrated and given 20
 * companies with one settings user and 3 credentials each by the product's own CLI and services,
 * the log is filled in SQL with `--rows` requests over the 30 retained São Paulo days (half of them
 * one company's, the rest spread over the 19 others; 97 % 2xx, 1.5 % 4xx, 1 % 429, 0.15 % 5xx,
 * a few token requests), with the daily counts the writer would have added. Then one server as
 * `npm start` runs it answers, one request at a time over keep-alive, signed in as the big
 * company's user, each case `--samples` times after 5 warm-ups: a search by `request_id` (a
 * different logged id each time, and one never logged), the first page of the view (the company,
 * one credential, each status class, a path prefix), the next page and the 30-day chart. Prints a
 * markdown table (median, p95, max, against the bounds) and the plans of the two
 * statements the bounds are about; writes bench/results/request-log.json.
 *
 * The other figure of the issue — the page-1 list with the log on against the same without it —
 * is bench:ab's, against the last commit before the log (see bench/README.md).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { ensurePartition } from '../src/request-log/request-log.query.ts';
import type { CentralDatabase } from '../src/store/tables.ts';
import { addDays, todayInSaoPaulo } from '../src/time/sao-paulo-date.ts';
import { createCredentials } from './credentials.ts';
import { loadAverage } from './measure.ts';
import { installCleanup, npmStart, ROOT, run, startServer, type Server } from './processes.ts';
import { scratchDatabase } from './scratch-database.ts';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '10000000' },
    samples: { type: 'string', default: '50' },
    'keep-db': { type: 'boolean', default: false },
  },
});
const ROWS = Number(args.rows);
const SAMPLES = Number(args.samples);
if (!(ROWS >= 1000) || !(SAMPLES >= 5)) throw new Error('--rows must be at least 1000 and --samples at least 5');

const DATABASE = 'bench_request_log';
const database = scratchDatabase(DATABASE);
const DATABASE_URL = database.url;
const COMPANIES = 20;
const CREDENTIALS_PER_COMPANY = 3;
const DAYS = 30;
const WARMUPS = 5;
const PASSWORD = 'senha-do-bench-de-chamadas';
/** The bounds (issue 25 "Speed"). */
const REQUEST_ID_BOUND_MS = 50;
const FIRST_PAGE_BOUND_MS = 200;
const RUN_DIR = path.join(ROOT, 'bench', '.data', 'request-log');
const RESULTS = path.join(ROOT, 'bench', 'results', 'request-log.json');

const log = (line: string) => process.stderr.write(`[request-log ${new Date().toISOString().slice(11, 19)}] ${line}\n`);
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

/** The product's environment on the bench database alone (no embedded store, no Redis, no stray settings). */
function productEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['DATA_DIR', 'REDIS_URL', 'TRUST_PROXY', 'PORT', 'HOST', 'METRICS_PORT', 'DB_POOL_MAX']) delete env[name];
  return { ...env, DATABASE_URL, LOG_LEVEL: 'warn' };
}

async function cli(argv: string[]): Promise<void> {
  const out = await run('npm', ['run', '-s', 'cli', '--', ...argv], { env: productEnv() });
  if (out.code !== 0) throw new Error(`cli ${argv.join(' ')} failed (exit ${out.code}):\n${out.stderr}${out.stdout}`);
}

interface Company {
  empresaId: number;
  email: string;
  clientIds: string[];
}

/** Migrated, with the companies, their users (the product's import) and their credentials (its service). */
async function companies(pool: pg.Pool): Promise<Company[]> {
  await cli(['migrate']);
  fs.mkdirSync(RUN_DIR, { recursive: true });
  const ids = Array.from({ length: COMPANIES }, (_, i) => 9_000 + i + 1);
  const file = path.join(RUN_DIR, 'companies.json');
  fs.writeFileSync(
    file,
    JSON.stringify({
      empresas: ids.map((id) => ({ id, nome: `Empresa ${id}` })),
      usuarios: ids.map((id) => ({
        id,
        empresa_id: id,
        nome: `Admin ${id}`,
        email: `admin${id}@bench.example`,
        senha: PASSWORD,
        permissoes: ['api_externa'],
      })),
    }),
  );
  await cli(['import', file]);
  const made: Company[] = [];
  for (const empresaId of ids) {
    const creds = await createCredentials(pool, empresaId, CREDENTIALS_PER_COMPANY, 'integração');
    made.push({ empresaId, email: `admin${empresaId}@bench.example`, clientIds: creds.map((c) => c.client_id) });
  }
  return made;
}

/**
 * `ROWS` requests over the last 30 days, made in SQL one day at a time. Who made a row is its
 * slot: the big company (the first) owns half of the slots, the other 19 share the rest, each
 * company's slots spread over its 3 credentials. Its outcome comes from a hash of its number.
 */
async function fill(pool: pg.Pool, made: Company[]): Promise<number> {
  const started = performance.now();
  // Not destroyed here: that would end the caller's pool.
  const db = new Kysely<CentralDatabase>({ dialect: new PostgresDialect({ pool }) });
  const [big, ...others] = made as [Company, ...Company[]];
  const slots: { empresa_id: number; client_id: string }[] = [];
  for (const company of others)
    for (const clientId of company.clientIds) {
      slots.push({ empresa_id: company.empresaId, client_id: clientId });
      slots.push({ empresa_id: big.empresaId, client_id: big.clientIds[slots.length % CREDENTIALS_PER_COMPANY] as string });
    }
  await pool.query('CREATE TEMP TABLE slots (slot int PRIMARY KEY, empresa_id bigint, client_id text)');
  await pool.query(
    `INSERT INTO slots SELECT ord - 1, empresa_id, client_id FROM unnest($1::bigint[], $2::text[]) WITH ORDINALITY AS s(empresa_id, client_id, ord)`,
    [slots.map((s) => s.empresa_id), slots.map((s) => s.client_id)],
  );
  const today = todayInSaoPaulo();
  const perDay = Math.ceil(ROWS / DAYS);
  for (let d = DAYS - 1; d >= 0; d--) {
    const day = addDays(today, -d);
    await ensurePartition(db, day);
    // Today's rows end now; other days' fill the day.
    const { rows } = await pool.query<{ start: string; seconds: number }>(
      `SELECT ($1::date::timestamp AT TIME ZONE 'America/Sao_Paulo')::text AS start,
         CASE WHEN $2 THEN extract(epoch FROM now() - ($1::date::timestamp AT TIME ZONE 'America/Sao_Paulo'))::float8 ELSE 86400 END AS seconds`,
      [day, d === 0],
    );
    const { start, seconds } = rows[0] as { start: string; seconds: number };
    await pool.query(
      `INSERT INTO request_log (empresa_id, at, credential_id, client_id, method, path, status, codigo, duration_ms, ip, request_id, bytes)
       SELECT s.empresa_id, $1::timestamptz + (g * $2::float8 / $3) * interval '1 second', NULL, s.client_id,
         CASE WHEN h >= 9990 THEN 'POST' ELSE 'GET' END,
         CASE WHEN h >= 9990 THEN '/v1/oauth/token'
           ELSE (ARRAY['/v1/clientes?por_pagina=100', '/v1/contas-receber?vencimento_inicio=2026-01-01&vencimento_fim=2026-12-31',
                       '/v1/ordens-servico?status=aberta', '/v1/boletos/12345', '/v1/clientes/alteracoes?cursor=abc',
                       '/v1/produtos', '/v1/contas-pagar?pagina=3', '/v1/servicos'])[1 + (g * 31) % 8] END,
         st.status,
         CASE st.status WHEN 404 THEN 'nao_encontrado' WHEN 400 THEN 'parametro_invalido' WHEN 429 THEN 'limite_excedido'
           WHEN 503 THEN 'servico_indisponivel' WHEN 500 THEN 'erro_interno' WHEN 401 THEN 'token_invalido' END,
         (g % 97) * 0.37, '203.0.113.' || (g % 200), gen_random_uuid()::text, 500 + (g * 13) % 60000
       FROM generate_series(0::bigint, $3::bigint - 1) AS g
       CROSS JOIN LATERAL (SELECT (g * 7919 + $4) % 10000 AS h) AS hh
       CROSS JOIN LATERAL (SELECT CASE WHEN h < 9700 OR h >= 9990 THEN 200 WHEN h < 9800 THEN 404 WHEN h < 9850 THEN 400
         WHEN h < 9950 THEN 429 WHEN h < 9962 THEN 503 WHEN h < 9965 THEN 500 ELSE 401 END AS status) AS st
       JOIN slots s ON s.slot = g % $5`,
      [start, seconds, perDay, d, slots.length],
    );
    log(`  ${day}: ${perDay} requests`);
  }
  await pool.query(
    `INSERT INTO request_log_daily (empresa_id, dia, client_id, total, erros, limitadas)
     SELECT empresa_id, (at AT TIME ZONE 'America/Sao_Paulo')::date, client_id, count(*),
       count(*) FILTER (WHERE status >= 400 AND status <> 429), count(*) FILTER (WHERE status = 429)
     FROM request_log GROUP BY 1, 2, 3`,
  );
  await pool.query('VACUUM (ANALYZE) request_log');
  await pool.query('ANALYZE request_log_daily');
  return (performance.now() - started) / 1000;
}

async function signIn(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/settings/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, senha: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in ${res.status}: ${await res.text()}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

interface Case {
  id: string;
  label: string;
  bound: number | null;
  /** the path of each sample (i: its index) */
  url: (i: number) => string;
  /** what a right answer holds */
  check: (body: { requests?: unknown[]; dias?: unknown[] }) => boolean;
}

interface Measured {
  id: string;
  label: string;
  bound_ms: number | null;
  median_ms: number;
  p95_ms: number;
  max_ms: number;
  rows: number;
}

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function measure(base: string, cookie: string, c: Case): Promise<Measured> {
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < WARMUPS + SAMPLES; i++) {
    const started = performance.now();
    const res = await fetch(`${base}${c.url(i)}`, { headers: { cookie } });
    const text = await res.text();
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(`${c.id}: ${res.status} ${text.slice(0, 300)}`);
    const body = JSON.parse(text) as { requests?: unknown[]; dias?: unknown[] };
    if (!c.check(body)) throw new Error(`${c.id}: an unexpected answer ${text.slice(0, 300)}`);
    rows = body.requests?.length ?? body.dias?.length ?? 0;
    if (i >= WARMUPS) times.push(ms);
  }
  times.sort((a, b) => a - b);
  const round = (n: number) => Number(n.toFixed(1));
  return {
    id: c.id,
    label: c.label,
    bound_ms: c.bound,
    median_ms: round(percentile(times, 50)),
    p95_ms: round(percentile(times, 95)),
    max_ms: round(times.at(-1) ?? NaN),
    rows,
  };
}

/** The plan of the statement a case sends, as the server would run it (the same SQL, by hand). */
async function plan(pool: pg.Pool, where: string, values: unknown[]): Promise<string> {
  const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
     SELECT at, client_id, method, path, status, codigo, duration_ms, ip, request_id, bytes, id
     FROM request_log WHERE ${where} ORDER BY at DESC, id DESC LIMIT 51`,
    values,
  );
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

async function main(): Promise<void> {
  installCleanup(log);
  const loadStart = loadAverage();
  log(`fresh database ${DATABASE}`);
  await database.fresh();
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 4 });
  let server: Server | null = null;
  try {
    const made = await companies(pool);
    log(`filling ${ROWS} requests over ${DAYS} days`);
    const fillSeconds = await fill(pool, made);
    const { rows: sizeRows } = await pool.query<{ total: string; size: string }>(
      `SELECT count(*)::text AS total, pg_size_pretty(sum(pg_total_relation_size(c.oid))) AS size
       FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'request_log'::regclass`,
    );
    const partitions = Number(sizeRows[0]?.total);
    const { rows: counted } = await pool.query<{ n: string }>('SELECT count(*)::text AS n FROM request_log');
    const logged = Number(counted[0]?.n);
    log(`${logged} requests in ${partitions} partitions (${sizeRows[0]?.size}), ${fillSeconds.toFixed(0)} s`);

    const big = made[0] as Company;
    const small = made[1] as Company;
    // Ids to search for: from every day of the big company, in a random order.
    const { rows: idRows } = await pool.query<{ request_id: string }>(
      `SELECT request_id FROM request_log TABLESAMPLE SYSTEM (0.1) WHERE empresa_id = $1 ORDER BY random() LIMIT $2`,
      [big.empresaId, WARMUPS + SAMPLES],
    );
    const requestIds = idRows.map((r) => r.request_id);
    if (requestIds.length < WARMUPS + SAMPLES) throw new Error(`only ${requestIds.length} request ids sampled`);

    server = await startServer(npmStart(), productEnv(), path.join(RUN_DIR, 'server.log'));
    const cookie = await signIn(server.base, big.email);
    const smallCookie = await signIn(server.base, small.email);
    const first = await fetch(`${server.base}/settings/api/requests`, { headers: { cookie } });
    const proximo = ((await first.json()) as { proximo: string }).proximo;
    const R = '/settings/api/requests';
    const page = (body: { requests?: unknown[] }) => body.requests?.length === 50;
    const cases: Case[] = [
      {
        id: 'request-id',
        label: 'busca por `request_id` (um logado, outro a cada vez)',
        bound: REQUEST_ID_BOUND_MS,
        url: (i) => `${R}?request_id=${requestIds[i]}`,
        check: (b) => b.requests?.length === 1,
      },
      {
        id: 'request-id-absent',
        label: 'busca por `request_id` nunca logado',
        bound: REQUEST_ID_BOUND_MS,
        url: () => `${R}?request_id=00000000-0000-4000-8000-000000000000`,
        check: (b) => b.requests?.length === 0,
      },
      { id: 'first-page', label: 'primeira página da empresa', bound: FIRST_PAGE_BOUND_MS, url: () => R, check: page },
      {
        id: 'first-page-credential',
        label: 'primeira página de uma credencial',
        bound: FIRST_PAGE_BOUND_MS,
        url: () => `${R}?client_id=${big.clientIds[1]}`,
        check: page,
      },
      { id: 'first-page-4xx', label: 'primeira página, classe 4xx', bound: FIRST_PAGE_BOUND_MS, url: () => `${R}?status=4xx`, check: page },
      { id: 'first-page-429', label: 'primeira página, classe 429', bound: FIRST_PAGE_BOUND_MS, url: () => `${R}?status=429`, check: page },
      {
        id: 'first-page-5xx',
        label: 'primeira página, classe 5xx (0,15 %)',
        bound: FIRST_PAGE_BOUND_MS,
        url: () => `${R}?status=5xx`,
        check: page,
      },
      {
        id: 'first-page-path',
        label: 'primeira página, prefixo de caminho',
        bound: FIRST_PAGE_BOUND_MS,
        url: () => `${R}?path=${encodeURIComponent('/v1/boletos')}`,
        check: page,
      },
      { id: 'next-page', label: 'segunda página (`apos`)', bound: null, url: () => `${R}?apos=${proximo}`, check: page },
      { id: 'daily', label: 'gráfico de 30 dias', bound: null, url: () => `${R}/daily`, check: (b) => b.dias?.length === DAYS },
    ];
    const measured: Measured[] = [];
    for (const c of cases) {
      measured.push(await measure(server.base, cookie, c));
      log(`  ${c.id}: ${JSON.stringify(measured.at(-1))}`);
    }
    measured.push({
      ...(await measure(server.base, smallCookie, {
        id: 'first-page-small',
        label: 'primeira página de uma empresa pequena',
        bound: FIRST_PAGE_BOUND_MS,
        url: () => R,
        check: page,
      })),
    });
    const plans = {
      request_id: await plan(pool, 'empresa_id = $1 AND request_id = $2', [big.empresaId, requestIds[0]]),
      first_page: await plan(pool, 'empresa_id = $1', [big.empresaId]),
      first_page_5xx: await plan(pool, 'empresa_id = $1 AND status BETWEEN 500 AND 599', [big.empresaId]),
    };
    const result = {
      date: new Date().toISOString(),
      node: process.version,
      postgres: (await pool.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version,
      cpus: os.cpus().length,
      load_average: { start: loadStart, end: loadAverage() },
      uptime_end: uptime(),
      rows: logged,
      partitions,
      size: sizeRows[0]?.size,
      fill_seconds: Number(fillSeconds.toFixed(0)),
      big_company_rows: Math.round(logged / 2),
      samples: SAMPLES,
      cases: measured,
      plans,
    };
    fs.mkdirSync(path.dirname(RESULTS), { recursive: true });
    fs.writeFileSync(RESULTS, `${JSON.stringify(result, null, 2)}\n`);
    process.stdout.write(table(result));
    for (const [name, text] of Object.entries(plans)) process.stdout.write(`\n${name}:\n\`\`\`\n${text}\n\`\`\`\n`);
  } finally {
    await server?.stop();
    await pool.end();
    if (!args['keep-db']) await database.drop();
  }
}

function table(r: {
  date: string;
  rows: number;
  partitions: number;
  size?: string;
  fill_seconds: number;
  load_average: { start: number; end: number };
  samples: number;
  cases: Measured[];
}): string {
  const lines = [
    `${r.date.slice(0, 10)}: ${r.rows.toLocaleString('en')} requests in ${r.partitions} day partitions (${r.size}), filled in ${r.fill_seconds} s; half of them the measured company's. ${r.samples} requests per case after ${WARMUPS} warm-ups, one at a time; load average ${r.load_average.start} → ${r.load_average.end}.`,
    '',
    '| case | rows | median ms | p95 ms | max ms | bound ms | within |',
    '| ---- | ---: | --------: | -----: | -----: | -------: | ------ |',
    ...r.cases.map(
      (c) =>
        `| ${c.label} | ${c.rows} | ${c.median_ms} | ${c.p95_ms} | ${c.max_ms} | ${c.bound_ms ?? '—'} | ${c.bound_ms === null ? '—' : c.p95_ms <= c.bound_ms ? 'yes (p95)' : c.median_ms <= c.bound_ms ? 'median only' : '**no**'} |`,
    ),
    '',
  ];
  return `${lines.join('\n')}\n`;
}

await main();
