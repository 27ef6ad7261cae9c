/**
 * The soak: api-externa as `npm start` runs it, under a steady open-loop load — 150 requests/s
 * spread over 100 credentials, for 10 minutes (`--minutes 30` for the long one, `--minutes 1`
 * for a smoke run) — on PostgreSQL when `DATABASE_URL` names a server (a database of its own is
 * created there and dropped after), otherwise on a fresh embedded store. Each credential makes
 * 90 requests a minute, under the data limit of 120 (D35), so any 429 is unexpected.
 *
 *   npm run -s soak [-- --minutes 30] [-- --rate 150 --credentials 100]
 *
 * Reports every status, 0 5xx and 0 429 expected, latency p50/p99/max, and the server's RSS at
 * start, after the first minute and at the end (growth = end − first minute, which holds the
 * warm-up; from the start on a run of a minute or less). Exit code 0 when the run was clean, 1 otherwise. docs/reliability.md quotes it.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../src/config/config.ts';
import { openStore } from '../src/store/store.ts';
import { createCredentials, type Credential } from './credentials.ts';
import { loadAverage, memory } from './measure.ts';
import { installCleanup, npmStart, ROOT, runOk, sleep, startServer, type Server } from './processes.ts';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    rate: { type: 'string', default: '150' },
    credentials: { type: 'string', default: '100' },
  },
});
const MINUTES = Number(args.minutes);
const RATE = Number(args.rate);
const CREDENTIALS = Number(args.credentials);
if (!(MINUTES > 0 && RATE > 0 && CREDENTIALS > 0)) throw new Error('--minutes, --rate and --credentials must be positive numbers');

const log = (line: string) => console.log(`[soak ${new Date().toISOString().slice(11, 19)}] ${line}`);

/** What the load asks for, in turn: lists with filters and pages, and details (`{id}`: a record of the caller's company). */
const PATHS = [
  '/v1/clientes?por_pagina=20',
  '/v1/clientes/{id}',
  '/v1/clientes?nome=an&ordenar_por=nome',
  '/v1/ordens-servico?pagina=2&por_pagina=10',
  '/v1/ordens-servico/{id}',
  '/v1/contas-receber?status=aberto',
  '/v1/contas-pagar?ordenar_por=valor',
  '/v1/boletos?status=pago',
  '/v1/produtos?por_pagina=50',
  '/v1/servicos/{id}',
];

interface Store {
  env: NodeJS.ProcessEnv;
  describe: string;
  drop(): Promise<void>;
}

async function prepareStore(): Promise<Store> {
  const base = process.env.DATABASE_URL;
  if (base) {
    const name = `ae_soak_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    return {
      env: { DATABASE_URL: url.toString() },
      describe: `PostgreSQL database ${name} (dropped after)`,
      async drop() {
        const c = new pg.Client({ connectionString: base });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ae-soak-'));
  return {
    env: { DATA_DIR: dir, SEED_DEMO: 'false' },
    describe: `embedded store in ${dir} (removed after)`,
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** Migrates, loads the demo data and makes the credentials, before the server holds the store. */
async function prepareData(store: Store): Promise<Credential[]> {
  const cli = (...a: string[]) =>
    runOk(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...a], { env: { ...process.env, ...store.env }, cwd: ROOT });
  await cli('migrate', '--json');
  await cli('seed', 'demo');
  const opened = await openStore(loadConfig(store.env), { embeddedRole: 'host' });
  try {
    const half = Math.ceil(CREDENTIALS / 2);
    return [
      ...(await createCredentials(opened.pool, 1, half, 'soak')),
      ...(await createCredentials(opened.pool, 2, CREDENTIALS - half, 'soak')),
    ];
  } finally {
    await opened.close();
  }
}

/** One token per credential, each from an address of its own (the token attempt limit is per address, D27). */
async function tokens(server: Server, creds: Credential[]): Promise<string[]> {
  return Promise.all(
    creds.map(async (c, i) => {
      const res = await fetch(`${server.base}/v1/oauth/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${c.client_id}:${c.client_secret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': `10.77.${i >> 8}.${i & 255}`,
        },
        body: 'grant_type=client_credentials',
      });
      if (res.status !== 200) throw new Error(`token for credential ${i}: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { access_token: string }).access_token;
    }),
  );
}

/** Each credential's paths, `{id}` replaced by the first record of its company in that resource. */
async function companyPaths(server: Server, creds: Credential[], access: string[]): Promise<string[][]> {
  const byCompany = new Map<number, string[]>();
  for (const [i, c] of creds.entries()) {
    if (byCompany.has(c.empresa_id)) continue;
    const paths: string[] = [];
    for (const p of PATHS) {
      if (!p.includes('{id}')) {
        paths.push(p);
        continue;
      }
      const list = p.replace('/{id}', '?por_pagina=1');
      const res = await fetch(`${server.base}${list}`, {
        headers: { authorization: `Bearer ${access[i]}`, 'x-forwarded-for': '10.78.0.1' },
      });
      const id = ((await res.json()) as { data: { id: number }[] }).data[0]?.id;
      if (id === undefined) throw new Error(`company ${c.empresa_id} has no record at ${list}`);
      paths.push(p.replace('{id}', String(id)));
    }
    byCompany.set(c.empresa_id, paths);
  }
  return creds.map((c) => byCompany.get(c.empresa_id) ?? []);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function main(): Promise<number> {
  installCleanup(log);
  const store = await prepareStore();
  log(`store: ${store.describe}`);
  let server: Server | null = null;
  try {
    const creds = await prepareData(store);
    const logFile = path.join(os.tmpdir(), `ae-soak-${process.pid}.log`);
    server = await startServer(npmStart(), { ...process.env, ...store.env, TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'info' }, logFile);
    const access = await tokens(server, creds);
    const paths = await companyPaths(server, creds, access);
    const pid = server.pid;
    const rssStart = memory(pid).rss_mib;
    log(
      `server ${server.base} (pid ${pid}, log ${logFile}); ${creds.length} credentials; RSS ${rssStart.toFixed(1)} MiB; load ${loadAverage()}`,
    );
    log(`load: ${RATE} requests/s for ${MINUTES} min (${Math.round(RATE * 60 * MINUTES)} requests)`);

    const statuses = new Map<number | string, number>();
    const latencies: number[] = [];
    let sent = 0;
    let inFlight = 0;
    let rssMinute = NaN;
    const started = performance.now();
    const total = Math.round(RATE * 60 * MINUTES);
    const one = async (n: number) => {
      inFlight++;
      const t0 = performance.now();
      let status: number | string;
      try {
        const who = n % access.length;
        const res = await fetch(`${server?.base}${paths[who]?.[n % PATHS.length]}`, {
          headers: { authorization: `Bearer ${access[who]}`, 'x-forwarded-for': '10.78.0.1' },
          signal: AbortSignal.timeout(30_000),
        });
        await res.arrayBuffer();
        status = res.status;
      } catch (err) {
        status = (err as Error).name;
      }
      latencies.push(performance.now() - t0);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      inFlight--;
    };
    // Open loop: requests leave on schedule whatever the answers take, as independent clients send them.
    let lastReport = started;
    while (sent < total) {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * RATE));
      while (sent < due) void one(sent++);
      const now = performance.now();
      if (now - lastReport >= 10_000) {
        lastReport = now;
        const rss = memory(pid).rss_mib;
        if (Number.isNaN(rssMinute) && now - started >= 60_000) rssMinute = rss;
        const bad = [...statuses].filter(([s]) => s !== 200).map(([s, c]) => `${s}:${c}`);
        log(
          `${sent}/${total} sent, ${inFlight} in flight, RSS ${rss.toFixed(1)} MiB, load ${loadAverage()}${bad.length ? `, not 200: ${bad.join(' ')}` : ''}`,
        );
      }
      await sleep(5);
    }
    while (inFlight > 0) await sleep(20);
    const seconds = (performance.now() - started) / 1000;
    const rssEnd = memory(pid).rss_mib;
    // A run of a minute or less has no "after the warm-up": its growth is counted from the start.
    const base = Number.isNaN(rssMinute) ? rssStart : rssMinute;
    const baseName = Number.isNaN(rssMinute) ? 'start' : 'first minute';
    latencies.sort((a, b) => a - b);
    const count = (pred: (s: number | string) => boolean) => [...statuses].filter(([s]) => pred(s)).reduce((a, [, c]) => a + c, 0);
    const report = {
      minutes: MINUTES,
      rate_target: RATE,
      rate_achieved: Number((latencies.length / seconds).toFixed(1)),
      credentials: creds.length,
      requests: latencies.length,
      statuses: Object.fromEntries(statuses),
      errors_5xx: count((s) => typeof s === 'number' && s >= 500),
      rate_limited_429: count((s) => s === 429),
      failed_requests: count((s) => typeof s !== 'number'),
      latency_ms: { p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies.at(-1) ?? NaN },
      rss_mib: {
        start: rssStart,
        after_first_minute: Number.isNaN(rssMinute) ? null : rssMinute,
        end: rssEnd,
        growth: rssEnd - base,
        growth_since: baseName,
      },
      load_average_1m: loadAverage(),
      store: process.env.DATABASE_URL ? 'postgresql' : 'embedded',
    };
    const round = (v: number) => Number(v.toFixed(1));
    log(
      `done: ${report.requests} requests in ${seconds.toFixed(0)} s (${report.rate_achieved}/s); ` +
        `5xx ${report.errors_5xx}, 429 ${report.rate_limited_429}, failed ${report.failed_requests}; ` +
        `p50 ${round(report.latency_ms.p50)} ms, p99 ${round(report.latency_ms.p99)} ms, max ${round(report.latency_ms.max)} ms; ` +
        `RSS ${round(rssStart)}${Number.isNaN(rssMinute) ? '' : ` -> ${round(rssMinute)} (1 min)`} -> ${round(rssEnd)} MiB ` +
        `(growth since the ${baseName} ${round(rssEnd - base)} MiB)`,
    );
    console.log(JSON.stringify(report));
    return report.errors_5xx === 0 && report.rate_limited_429 === 0 && report.failed_requests === 0 && count((s) => s !== 200) === 0
      ? 0
      : 1;
  } finally {
    await server?.stop();
    await store.drop();
  }
}

process.exitCode = await main();
