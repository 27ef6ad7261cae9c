/**
 * A/B of api-externa against itself: the tree as it is now (B) against a commit (A), on the
 * bench's PostgreSQL data set, one request, rounds interleaved and each pair run in both orders.
 * What an optimisation is measured with before it is kept (ADR 0014's figures):
 *
 *   npm run -s bench:ab -- [--against <rev>] [--rounds 6] [--seconds 10] [--path <url>]
 *                          [--env-a NAME=value]… [--env-b NAME=value]…
 *
 * A is checked out (git worktree) in bench/.data/ab/<commit>, using this tree's node_modules,
 * and started with its own package.json's `npm start`; B is this tree's `npm start`. Both get the
 * bench's environment (TRUST_PROXY, LOG_LEVEL=info) plus their --env-a / --env-b. The figures are
 * requests/s, CPU per request (server process, all threads) and p99 per round, the B/A ratio of
 * CPU per request per pair, and their medians. The data set, credentials and tokens are the
 * bench's own (data.ts, tokens.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DATA_DIR, postgresData } from './data.ts';
import { cpuSeconds, loadAverage, memory, wrk } from './measure.ts';
import { HOST, installCleanup, ROOT, type Server } from './processes.ts';
import { median } from './report.ts';
import { PAGE_SIZE, todayInSaoPaulo, twelveMonthsTo } from './scenarios.ts';
import { AddressLabels, CredentialPool, KEY_BUDGET, tokenOf } from './tokens.ts';
import { startIn, worktreeOf } from './worktree.ts';

const { values: args } = parseArgs({
  options: {
    against: { type: 'string', default: 'HEAD' },
    rounds: { type: 'string', default: '6' },
    seconds: { type: 'string', default: '10' },
    path: { type: 'string' },
    'env-a': { type: 'string', multiple: true, default: [] },
    'env-b': { type: 'string', multiple: true, default: [] },
  },
});

const log = (line: string) => process.stderr.write(`${line}\n`);
const LOAD = { connections: 32, threads: 2 };
const WARMUP_SECONDS = 5;

function envOf(pairs: string[]): Record<string, string> {
  return Object.fromEntries(
    pairs.map((pair) => {
      const at = pair.indexOf('=');
      if (at < 1) throw new Error(`--env-a/--env-b take NAME=value, not ${pair}`);
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
}

function startSide(dir: string, side: 'A' | 'B', env: NodeJS.ProcessEnv): Promise<Server> {
  return startIn(dir, side, env, path.join(DATA_DIR, 'logs', `ab-${side}.log`));
}

interface Figures {
  rps: number;
  cpuUs: number;
  p99: number;
}

async function main(): Promise<void> {
  installCleanup(log);
  const rounds = Number(args.rounds);
  const seconds = Number(args.seconds);
  const aDir = worktreeOf(args.against);
  const data = await postgresData(log);
  const labels = new AddressLabels();
  const creds = CredentialPool.open(data.pool, data.identity, data.empresaId, DATA_DIR, labels, log, 4);
  const window = twelveMonthsTo(todayInSaoPaulo());
  const urlPath =
    args.path ?? `/v1/contas-receber?data_inicio=${window.data_inicio}&data_fim=${window.data_fim}&por_pagina=${PAGE_SIZE}&pagina=1`;
  const env = { ...data.env, TRUST_PROXY: HOST, LOG_LEVEL: 'info' };
  const servers: Record<'A' | 'B', Server | null> = { A: null, B: null };
  try {
    servers.A = await startSide(aDir, 'A', { ...env, ...envOf(args['env-a']) });
    servers.B = await startSide(ROOT, 'B', { ...env, ...envOf(args['env-b']) });
    log(`A: ${args.against} (${aDir})\nB: this tree\nGET ${urlPath}; ${rounds} rounds of ${seconds} s each; load average ${loadAverage()}`);
    let fastest = 1000;
    const phase = async (side: 'A' | 'B', secs: number): Promise<Figures> => {
      const server = servers[side] as Server;
      const count = Math.max(LOAD.threads, Math.ceil((fastest * 2 * secs) / KEY_BUDGET));
      const held = await creds.take(count, server.base);
      const file = path.join(DATA_DIR, 'run', 'ab.tokens');
      fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      fs.writeFileSync(file, `${held.map(tokenOf).join('\n')}\n`, { mode: 0o600 });
      try {
        const before = cpuSeconds(server.pid);
        const r = await wrk(server.base, urlPath, secs, LOAD, { mode: 'token', file, count }, { status: 200, bodyContains: null }, {});
        const cpu = cpuSeconds(server.pid) - before;
        const other = Object.entries(r.status).filter(([code]) => code !== '200');
        if (other.length > 0 || r.requests === 0) throw new Error(`${side}: unexpected answers ${JSON.stringify(r.status)}`);
        fastest = Math.max(fastest, r.rps);
        return { rps: r.rps, cpuUs: (cpu * 1e6) / r.requests, p99: r.p99_ms };
      } finally {
        creds.release(held);
        fs.rmSync(file, { force: true });
      }
    };
    await phase('A', WARMUP_SECONDS);
    await phase('B', WARMUP_SECONDS);
    const figures: Record<'A' | 'B', Figures[]> = { A: [], B: [] };
    const ratios: number[] = [];
    for (let k = 0; k < rounds; k++) {
      // Each pair in both orders: the first of a pair and the second do not see the same machine.
      const order: ('A' | 'B')[] = k % 2 === 0 ? ['A', 'B'] : ['B', 'A'];
      for (const side of order) figures[side].push(await phase(side, seconds));
      const [a, b] = [figures.A[k] as Figures, figures.B[k] as Figures];
      ratios.push(b.cpuUs / a.cpuUs);
      log(
        `round ${k + 1} (${order.join(' then ')}): A ${a.rps.toFixed(0)} req/s ${a.cpuUs.toFixed(0)} µs/req · B ${b.rps.toFixed(0)} req/s ${b.cpuUs.toFixed(0)} µs/req · B/A CPU ${(b.cpuUs / a.cpuUs).toFixed(2)}`,
      );
    }
    for (const side of ['A', 'B'] as const) {
      const f = figures[side];
      const peak = memory((servers[side] as Server).pid).peak_mib;
      log(
        `${side}: median ${median(f.map((x) => x.rps)).toFixed(0)} req/s, ${median(f.map((x) => x.cpuUs)).toFixed(0)} µs CPU/request, p99 ${median(f.map((x) => x.p99)).toFixed(1)} ms, peak RSS ${peak.toFixed(0)} MiB`,
      );
    }
    log(
      `B/A CPU per request by pair: ${ratios.map((r) => r.toFixed(2)).join(' ')}; median ${median(ratios).toFixed(2)}; load average ${loadAverage()}`,
    );
  } finally {
    await servers.A?.stop();
    await servers.B?.stop();
    await data.pool.end();
  }
}

main().catch((err: unknown) => {
  log(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exitCode = 1;
});
