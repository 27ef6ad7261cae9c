/**
 * The export benchmark of issue 21 (see bench/README.md, "Exports"), in one command:
 *
 *   npm run -s bench:export [-- --rounds 3] [--against <rev>]
 *
 * On a company with 1,000,000 receivables (database ae_bench_export, loaded with the product's own
 * `seed generate --companies 1 --records 1000000` when missing), in one run, side by side:
 *   1. GET /v1/contas-receber/exportacao read as fast as the client can, gzip off: records/s end to
 *      end, against PostgreSQL's own `COPY (SELECT row_to_json(r) …) TO STDOUT` of the same rows
 *      (psql to /dev/null) — the physical limit anchor;
 *   2. the same export with gzip: records/s and bytes on the wire;
 *   3. a first full copy through the TypeScript client (export, then the feed to its end), against
 *      the same copy by feed pages and by list pages under the 120-a-minute limit (computed from
 *      the requests they need).
 * Medians of `--rounds` rounds, the load average, the server's peak RSS. Prints a markdown table.
 * With `--against <rev>`, that commit's server (a worktree, bench/worktree.ts) is started beside this
 * tree's on the same data, and each round reads its export too, the two in alternating order, so
 * that a change is measured against the tree before it in the same run.
 */
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ApiExternaClient } from '../clients/typescript/src/index.ts';
import { createCredentials } from './credentials.ts';
import { loadAverage, memory } from './measure.ts';
import { HOST, installCleanup, npmStart, ROOT, run, startServer, type Server } from './processes.ts';
import { startIn, worktreeOf } from './worktree.ts';

const { values: args } = parseArgs({ options: { rounds: { type: 'string', default: '3' }, against: { type: 'string' } } });
const ROUNDS = Number(args.rounds);
const DATABASE = 'ae_bench_export';
const DATABASE_URL = `postgres://postgres@${HOST}:5432/${DATABASE}`;
const RECORDS = 1_000_000;
const FEED_PAGE = 500;
const LIST_PAGE = 200;
const PER_MINUTE = 120;

/** The product's environment on this database alone (no embedded store, no Redis, no stray settings). */
function productEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['DATA_DIR', 'REDIS_URL', 'TRUST_PROXY', 'PORT', 'HOST', 'METRICS_PORT', 'DB_POOL_MAX']) delete env[name];
  return { ...env, DATABASE_URL };
}

const log = (line: string) => process.stderr.write(`${line}\n`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function ensureData(): Promise<{ pool: pg.Pool; empresaId: number; count: number; seeded: number | null }> {
  const admin = new pg.Client({ connectionString: `postgres://postgres@${HOST}:5432/postgres` });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${DATABASE}`);
  await admin.end();
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 2 });
  const count = async () => {
    const schema = await pool.query<{ ok: boolean }>("SELECT to_regclass('contas_receber') IS NOT NULL AS ok");
    if (schema.rows[0]?.ok !== true) return { n: 0, loaded: 0, empresa: 0 };
    // seed generate soft-deletes ~1% of what it loads: the load is whole when every row is there.
    const { rows } = await pool.query<{ n: string; loaded: string; empresa: string }>(
      'SELECT count(*) FILTER (WHERE NOT excluido) AS n, count(*) AS loaded, min(empresa_id) AS empresa FROM contas_receber',
    );
    return { n: Number(rows[0]?.n ?? 0), loaded: Number(rows[0]?.loaded ?? 0), empresa: Number(rows[0]?.empresa ?? 0) };
  };
  let seeded: number | null = null;
  let found = await count();
  if (found.loaded < RECORDS) {
    log(`loading ${RECORDS} receivables into ${DATABASE} (seed generate, a few minutes)`);
    const started = performance.now();
    const out = await run('npm', ['run', '-s', 'cli', '--', 'seed', 'generate', '--companies', '1', '--records', String(RECORDS)], {
      env: productEnv(),
    });
    if (out.code !== 0) throw new Error(`seed generate failed:\n${out.stderr}${out.stdout}`);
    seeded = (performance.now() - started) / 1000;
    found = await count();
  }
  await pool.query('VACUUM ANALYZE contas_receber');
  return { pool, empresaId: found.empresa, count: found.n, seeded };
}

/**
 * One GET read as fast as possible, bytes counted as they arrive and never decoded (a client that
 * only reads): records (from the fim line, when not compressed), bytes on the wire, seconds.
 */
function readExport(base: string, token: string, gzip: boolean): Promise<{ records: number; wireBytes: number; seconds: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, ...(gzip ? { 'accept-encoding': 'gzip' } : {}) };
    http
      .get(`${base}/v1/contas-receber/exportacao`, { headers }, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`export answered ${res.statusCode}`));
        let wireBytes = 0;
        let tail: Buffer = Buffer.alloc(0);
        res.on('data', (chunk: Buffer) => {
          wireBytes += chunk.length;
          tail = chunk.length >= 512 ? chunk.subarray(chunk.length - 512) : Buffer.concat([tail, chunk]).subarray(-512);
        });
        res.on('end', () => {
          const seconds = (performance.now() - started) / 1000;
          const last = gzip ? null : (tail.toString('utf8').trimEnd().split('\n').at(-1) ?? '');
          const fim = last === null ? null : (JSON.parse(last) as { fim: boolean; total: number });
          resolve({ records: fim?.total ?? NaN, wireBytes, seconds });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/**
 * A reader that takes 1 KiB a second for `seconds`: the server's resident memory, sampled every
 * second meanwhile (it must not grow with what the reader has not taken), and whether the server
 * ended the export (a reader that slow can look stopped: ADR 0019).
 */
function slowReader(base: string, token: string, pid: number, seconds: number): Promise<{ maxRssMib: number; read: number; cut: boolean }> {
  return new Promise((resolve, reject) => {
    let maxRssMib = memory(pid).rss_mib;
    let read = 0;
    let cut = false;
    const req = http.get(`${base}/v1/contas-receber/exportacao`, { headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.pause();
      res.on('close', () => (cut = !res.complete));
      const timer = setInterval(() => {
        maxRssMib = Math.max(maxRssMib, memory(pid).rss_mib);
        const chunk = res.read(1024) as Buffer | null;
        if (chunk !== null) read += chunk.length;
      }, 1000);
      setTimeout(() => {
        clearInterval(timer);
        req.destroy();
        resolve({ maxRssMib, read, cut });
      }, seconds * 1000);
    });
    req.on('error', (err) => (cut ? undefined : reject(err)));
  });
}

function copySeconds(empresaId: number): number {
  const started = performance.now();
  execFileSync('sh', [
    '-c',
    `psql -qAt "${DATABASE_URL}" -c "COPY (SELECT row_to_json(r) FROM contas_receber r WHERE empresa_id = ${empresaId} AND NOT excluido ORDER BY id) TO STDOUT" > /dev/null`,
  ]);
  return (performance.now() - started) / 1000;
}

async function main(): Promise<void> {
  installCleanup(log);
  const data = await ensureData();
  log(`company ${data.empresaId}: ${data.count} receivables`);
  const [cred] = await createCredentials(data.pool, data.empresaId, 1, 'bench export');
  if (cred === undefined) throw new Error('no credential');
  const server = await startServer(
    npmStart(),
    { ...process.env, DATABASE_URL, LOG_LEVEL: 'warn' },
    path.join(ROOT, 'bench', '.data', 'export-server.log'),
  );
  let before: Server | null = null;
  try {
    const tokenOf = async (base: string) => {
      const tokenRes = await fetch(`${base}/v1/oauth/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${encodeURIComponent(cred.client_id)}:${encodeURIComponent(cred.client_secret)}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      });
      return ((await tokenRes.json()) as { access_token: string }).access_token;
    };
    const token = await tokenOf(server.base);
    if (args.against !== undefined) {
      const dir = worktreeOf(args.against);
      before = await startIn(
        dir,
        'before',
        { ...process.env, DATABASE_URL, LOG_LEVEL: 'warn' },
        path.join(ROOT, 'bench', '.data', 'export-before.log'),
      );
      log(`before: ${args.against} (${dir})`);
    }
    const beforeToken = before === null ? null : await tokenOf(before.base);
    const earlier: number[] = [];
    const load = [loadAverage()];
    const plain: number[] = [];
    const copy: number[] = [];
    const gz: { rps: number; bytes: number }[] = [];
    let plainBytes = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const readThis = async () => {
        const p = await readExport(server.base, token, false);
        if (p.records !== data.count) throw new Error(`the export sent ${p.records} records, not ${data.count}`);
        plain.push(p.records / p.seconds);
        plainBytes = p.wireBytes;
      };
      const readBefore = async () => {
        if (before === null || beforeToken === null) return;
        const p = await readExport(before.base, beforeToken, false);
        if (p.records !== data.count) throw new Error(`the export before sent ${p.records} records, not ${data.count}`);
        earlier.push(p.records / p.seconds);
      };
      // Each pair in both orders: the first of a pair and the second do not see the same machine.
      for (const read of round % 2 === 0 ? [readBefore, readThis] : [readThis, readBefore]) await read();
      copy.push(data.count / copySeconds(data.empresaId));
      const g = await readExport(server.base, token, true);
      gz.push({ rps: data.count / g.seconds, bytes: g.wireBytes });
      load.push(loadAverage());
      log(
        `round ${round + 1}: export ${Math.round(plain.at(-1) ?? 0)} rec/s${before === null ? '' : ` (before: ${Math.round(earlier.at(-1) ?? 0)})`}, COPY ${Math.round(copy.at(-1) ?? 0)} rows/s, gzip ${Math.round(g.seconds * 10) / 10} s`,
      );
    }
    const peak = memory(server.pid).peak_mib;
    const slow = await slowReader(server.base, token, server.pid, 90);
    // 3. A first copy through the client: export, then the feed from its cursor to the end.
    const client = new ApiExternaClient({ baseUrl: server.base, clientId: cred.client_id, clientSecret: cred.client_secret });
    const started = performance.now();
    const exp = client.contasReceber.export();
    let copied = 0;
    for await (const _ of exp) copied++;
    const feed = client.contasReceber.changes({ cursor: exp.cursor });
    for await (const _ of feed) copied++;
    const clientSeconds = (performance.now() - started) / 1000;
    const feedMinutes = Math.ceil(data.count / FEED_PAGE) / PER_MINUTE;
    const listMinutes = Math.ceil(data.count / LIST_PAGE) / PER_MINUTE;
    const ratio = median(plain) / median(copy);
    const g = gz.sort((a, b) => a.rps - b.rps)[Math.floor(gz.length / 2)] ?? { rps: NaN, bytes: NaN };
    const rows = [
      [
        'export, gzip off (a client reading as fast as it can)',
        `${Math.round(median(plain)).toLocaleString('en')} records/s`,
        `${(plainBytes / 2 ** 20).toFixed(0)} MiB`,
      ],
      ['PostgreSQL `COPY (SELECT row_to_json(r) …) TO STDOUT` (psql)', `${Math.round(median(copy)).toLocaleString('en')} rows/s`, ''],
      ['export ÷ COPY', ratio.toFixed(2), `rounds: ${plain.map((p, i) => (p / (copy[i] ?? NaN)).toFixed(2)).join(', ')}`],
      ...(before === null
        ? []
        : [
            [
              `export at \`${args.against}\`, in the same rounds (alternating)`,
              `${Math.round(median(earlier)).toLocaleString('en')} records/s`,
              `÷ COPY by round: ${earlier.map((p, i) => (p / (copy[i] ?? NaN)).toFixed(2)).join(', ')}`,
            ],
            [
              `export ÷ export at \`${args.against}\` (median of rounds)`,
              median(plain.map((p, i) => p / (earlier[i] ?? NaN))).toFixed(2),
              `rounds: ${plain.map((p, i) => (p / (earlier[i] ?? NaN)).toFixed(2)).join(', ')}`,
            ],
          ]),
      ['export, gzip', `${Math.round(g.rps).toLocaleString('en')} records/s`, `${(g.bytes / 2 ** 20).toFixed(0)} MiB on the wire`],
      [
        'first copy via the TypeScript client (export + feed to the end)',
        `${clientSeconds.toFixed(1)} s`,
        `${copied.toLocaleString('en')} records`,
      ],
      [
        `same copy by feed pages of ${FEED_PAGE} under ${PER_MINUTE}/min (computed)`,
        `${feedMinutes.toFixed(1)} min`,
        `${Math.ceil(data.count / FEED_PAGE)} requests`,
      ],
      [
        `same copy by list pages of ${LIST_PAGE} under ${PER_MINUTE}/min (computed)`,
        `${listMinutes.toFixed(1)} min`,
        `${Math.ceil(data.count / LIST_PAGE)} requests`,
      ],
      ['server peak RSS (VmHWM) over the fast rounds', `${peak.toFixed(0)} MiB`, ''],
      [
        'server RSS while a reader takes 1 KiB/s for 90 s (max of 1-s samples)',
        `${slow.maxRssMib.toFixed(0)} MiB`,
        `${(slow.read / 1024).toFixed(0)} KiB read; ${slow.cut ? 'ended by the server' : 'still served'}`,
      ],
    ];
    const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
    process.stdout.write(
      [
        `Exports, ${data.count.toLocaleString('en')} receivables of one company, PostgreSQL, ${ROUNDS} rounds (medians), ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${cpu}, load average ${load.join(' → ')}${data.seeded === null ? '' : `, data loaded now in ${data.seeded.toFixed(0)} s`}`,
        '',
        '| measure | figure | size |',
        '|---|---|---|',
        ...rows.map((r) => `| ${r.join(' | ')} |`),
        '',
      ].join('\n'),
    );
  } finally {
    await before?.stop();
    await server.stop();
    await data.pool.end();
  }
}

await main();
