/**
 * The data sets: PostgreSQL database ae_bench and an embedded store in bench/.data/embedded,
 * each loaded with the product's own `seed generate --companies 20 --records 1000000` when it
 * is missing (no schema, or fewer than 1,000,000 receivables). How long loading took is kept
 * next to the data (bench/.data/seed-<store>.json) and reported with every run.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { HOST, npmStart, ROOT, run, startServer } from './processes.ts';
import { loadAverage } from './measure.ts';
import type { Store } from './scenarios.ts';

export const DATA_DIR = path.join(ROOT, 'bench', '.data');
export const EMBEDDED_DIR = path.join(DATA_DIR, 'embedded');
export const DATABASE = 'ae_bench';
export const DATABASE_URL = `postgres://postgres@${HOST}:5432/${DATABASE}`;
const ADMIN_URL = `postgres://postgres@${HOST}:5432/postgres`;

export const SEED_ARGS = ['seed', 'generate', '--companies', '20', '--records', '1000000'];
const REQUIRED_RECEIVABLES = 1_000_000;
/** Past this, loading is reported as too slow rather than quietly waited for. */
export const SEED_SLOW_SECONDS = 30 * 60;

export interface SeedRecord {
  store: Store;
  command: string;
  finished_at: string;
  wall_seconds: number;
  /** the CLI's own JSON: records per collection and its seconds */
  cli: unknown;
  loadavg_before: number;
  loadavg_after: number;
  slow: boolean;
}

export interface DataSet {
  store: Store;
  /** what the product's processes need to find this store */
  env: NodeJS.ProcessEnv;
  /** a pool for the bench's own queries (credentials, checks); on the embedded store it works while a server hosts it */
  pool: pg.Pool;
  identity: string;
  receivables: number;
  /** the company the bench reads: the lowest id holding receivables */
  empresaId: number;
  /** PostgreSQL's version string as the store reports it */
  version: string;
  /** the database settings that shape these figures most */
  settings: Record<string, string>;
  seededNow: boolean;
  seed: SeedRecord | null;
}

function seedFile(store: Store): string {
  return path.join(DATA_DIR, `seed-${store}.json`);
}

function readSeedRecord(store: Store): SeedRecord | null {
  try {
    return JSON.parse(fs.readFileSync(seedFile(store), 'utf8')) as SeedRecord;
  } catch {
    return null;
  }
}

/** The product's environment with only what selects this store (no REDIS_URL, no stray DATABASE_URL). */
export function productEnv(store: Store): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'REDIS_URL', 'TRUST_PROXY', 'LOG_LEVEL', 'PORT', 'HOST', 'METRICS_PORT', 'DB_POOL_MAX'])
    delete env[name];
  return store === 'postgresql' ? { ...env, DATABASE_URL } : { ...env, DATA_DIR: EMBEDDED_DIR, SEED_DEMO: 'false' };
}

async function seed(store: Store, log: (line: string) => void): Promise<SeedRecord> {
  const command = `npm run -s cli -- ${SEED_ARGS.join(' ')}`;
  log(`${store}: loading the data set: ${command} (about two minutes on a quiet machine)`);
  const loadBefore = loadAverage();
  const started = performance.now();
  const ticker = setInterval(() => log(`  still loading (${Math.round((performance.now() - started) / 60_000)} min)`), 5 * 60_000);
  let out: Awaited<ReturnType<typeof run>>;
  try {
    out = await run('npm', ['run', '-s', 'cli', '--', ...SEED_ARGS, '--json'], { env: productEnv(store) });
  } finally {
    clearInterval(ticker);
  }
  if (out.code !== 0) throw new Error(`${command} failed (exit ${out.code}):\n${out.stderr}${out.stdout}`);
  const wall = Math.round(performance.now() - started) / 1000;
  const record: SeedRecord = {
    store,
    command,
    finished_at: new Date().toISOString(),
    wall_seconds: wall,
    cli: JSON.parse(out.stdout) as unknown,
    loadavg_before: loadBefore,
    loadavg_after: loadAverage(),
    slow: wall > SEED_SLOW_SECONDS,
  };
  fs.mkdirSync(DATA_DIR, { recursive: true });
  fs.writeFileSync(seedFile(store), `${JSON.stringify(record, null, 2)}\n`);
  log(`${store}: loaded in ${wall} s${record.slow ? ` — SLOW: more than ${SEED_SLOW_SECONDS / 60} minutes` : ''}`);
  return record;
}

interface Facts {
  receivables: number;
  empresaId: number;
  version: string;
  identity: string;
  settings: Record<string, string>;
}

const SETTINGS = ['shared_buffers', 'work_mem', 'max_parallel_workers_per_gather', 'autovacuum', 'fsync', 'jit'];

async function facts(pool: pg.Pool): Promise<Facts | null> {
  const schema = await pool.query<{ ok: boolean }>("SELECT to_regclass('contas_receber') IS NOT NULL AS ok");
  if (schema.rows[0]?.ok !== true) return null;
  const { rows } = await pool.query<{ n: string; empresa: string | null; version: string; identity: string }>(
    `SELECT (SELECT count(*) FROM contas_receber) AS n,
            (SELECT min(empresa_id) FROM contas_receber) AS empresa,
            current_setting('server_version') AS version,
            (SELECT system_identifier FROM pg_control_system())::text || '/' || (SELECT oid FROM pg_database WHERE datname = current_database())::text AS identity`,
  );
  const row = rows[0];
  if (row === undefined) return null;
  const settings = await pool.query<{ name: string; value: string }>(
    'SELECT name, current_setting(name) AS value FROM pg_settings WHERE name = ANY($1) ORDER BY name',
    [SETTINGS],
  );
  return {
    receivables: Number(row.n),
    empresaId: Number(row.empresa),
    version: row.version,
    identity: row.identity,
    settings: Object.fromEntries(settings.rows.map((r) => [r.name, r.value])),
  };
}

const enough = (f: Facts | null): f is Facts => f !== null && f.receivables >= REQUIRED_RECEIVABLES;
const count = (f: Facts | null): number => (f === null ? 0 : f.receivables);

function dataSet(store: Store, pool: pg.Pool, f: Facts, seeded: SeedRecord | null, hint: string): DataSet {
  return {
    store,
    env: productEnv(store),
    pool,
    identity: `${hint}/${f.identity}`,
    receivables: f.receivables,
    empresaId: f.empresaId,
    version: f.version,
    settings: f.settings,
    seededNow: seeded !== null,
    seed: seeded ?? readSeedRecord(store),
  };
}

/** ae_bench on the local PostgreSQL, created and loaded when missing. */
export async function postgresData(log: (line: string) => void): Promise<DataSet> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (exists.rowCount === 0) {
      log(`postgresql: creating database ${DATABASE}`);
      await admin.query(`CREATE DATABASE ${DATABASE}`);
    }
  } finally {
    await admin.end();
  }
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 4 });
  pool.on('error', () => undefined);
  let f = await facts(pool);
  let seeded: SeedRecord | null = null;
  if (!enough(f)) {
    seeded = await seed('postgresql', log);
    f = await facts(pool);
    if (!enough(f)) throw new Error(`postgresql: still ${count(f)} receivables after loading`);
  }
  return dataSet('postgresql', pool, f, seeded, DATABASE_URL);
}

/**
 * The embedded store is a PGlite directory that one process hosts; while an api-externa server
 * hosts it, its wire-protocol socket in DATA_DIR takes connections. The check runs through a
 * server started for the purpose; loading runs in the CLI, hosting the store itself.
 */
export async function embeddedData(log: (line: string) => void): Promise<DataSet> {
  const pool = new pg.Pool({ host: EMBEDDED_DIR, user: 'postgres', database: 'postgres', max: 2, idleTimeoutMillis: 1000 });
  // Its connections die with each server that hosts the store; the next query reconnects.
  pool.on('error', () => undefined);
  const inspect = async (): Promise<Facts | null> => {
    const server = await startServer(npmStart(), productEnv('embedded'), path.join(DATA_DIR, 'logs', 'embedded-check.log'));
    try {
      return await facts(pool);
    } finally {
      await server.stop();
    }
  };
  let f = await inspect();
  let seeded: SeedRecord | null = null;
  if (!enough(f)) {
    seeded = await seed('embedded', log);
    f = await inspect();
    if (!enough(f)) throw new Error(`embedded: still ${count(f)} receivables after loading`);
  }
  return dataSet('embedded', pool, f, seeded, EMBEDDED_DIR);
}
