/**
 * What a round measures besides wrk's own figures: the server's CPU time and memory from
 * /proc, the CPU of the PostgreSQL backends serving it, the load average.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { HOST, LOAD_CORE, ROOT, run } from './processes.ts';

/** Clock ticks per second of /proc/<pid>/stat's utime and stime. */
export const CLK_TCK = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/** utime + stime of a process (all its threads), in seconds. */
export function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces and parentheses: fields are counted after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of stat(5), i.e. 11 and 12 after the state (field 3).
  return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
}

/** VmRSS (current) and VmHWM (peak since start) of a process, in MiB. */
export function memory(pid: number): { rss_mib: number; peak_mib: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss_mib: kib('VmRSS') / 1024, peak_mib: kib('VmHWM') / 1024 };
}

export const loadAverage = (): number => Number((os.loadavg()[0] ?? 0).toFixed(2));

/**
 * The CPU used so far by the PostgreSQL backends connected to the bench database, except the
 * bench's own connection: what the server under test makes PostgreSQL do. Per pid, so that a
 * round's delta ignores backends of other databases (the machine is shared). A backend that
 * ends during a round takes its CPU with it; pools keep theirs open, so that is rare.
 */
export async function backendCpu(client: pg.Client, database: string): Promise<Map<number, number>> {
  const { rows } = await client.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND backend_type = 'client backend' AND pid <> pg_backend_pid()",
    [database],
  );
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      cpu.set(pid, cpuSeconds(pid));
    } catch {
      // ended meanwhile
    }
  }
  return cpu;
}

/**
 * Waits until no client backend of `database` is running a statement: the previous phase's server
 * may have stopped sending, but PostgreSQL finishes the statements it was given (a baseline deep
 * page runs ~3 s each, 32 at a time), and those would load the machine during the next phase and
 * count in its PostgreSQL CPU. Returns the milliseconds waited; throws past `timeoutMs`.
 */
export async function quiesce(client: pg.Client, database: string, timeoutMs = 60_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    const { rows } = await client.query<{ active: number }>(
      "SELECT count(*)::int AS active FROM pg_stat_activity WHERE datname = $1 AND backend_type = 'client backend' AND state = 'active' AND pid <> pg_backend_pid()",
      [database],
    );
    if ((rows[0]?.active ?? 0) === 0) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`PostgreSQL still busy with another phase's statements after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function backendCpuDelta(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

// ---------------------------------------------------------------------------------------
// wrk

const LUA = path.join(ROOT, 'bench', 'tokens.lua');
/**
 * A request unanswered after this long counts as a socket error (and invalidates the row):
 * generous, so that a slow server is measured as slow rather than as broken.
 */
export const TIMEOUT_SECONDS = 30;
const TIME = '/usr/bin/time';
const TIME_MARK = 'bench-wrk-cpu';

export interface LoadSettings {
  connections: number;
  threads: number;
}

/** How each request is told apart for the rate limiters (see tokens.lua). */
export type Keys = { mode: 'token'; file: string; count: number } | { mode: 'address'; first: number; count: number } | { mode: 'none' };

export interface WrkResult {
  requests: number;
  seconds: number;
  rps: number;
  p50_ms: number;
  p90_ms: number;
  p99_ms: number;
  max_ms: number;
  socket_errors: { connect: number; read: number; write: number; timeout: number };
  status: Record<string, number>;
  /** answers with the expected status whose body lacked the expected text */
  wrong_body: number;
  keys_used: number;
  most_per_key: number;
  fewest_per_key: number;
  /**
   * wrk's CPU time over the run's duration (1 = its whole core): near 1, the load generator,
   * not the server, sets the pace. null without /usr/bin/time.
   */
  load_core_share: number | null;
}

export interface Expectation {
  status: number;
  /** text every answer with that status must contain; null: not checked */
  bodyContains: string | null;
}

/** One wrk run pinned to LOAD_CORE, against loopback only. */
export async function wrk(
  base: string,
  urlPath: string,
  seconds: number,
  load: LoadSettings,
  keys: Keys,
  expect: Expectation,
  headers: Record<string, string>,
): Promise<WrkResult> {
  if (new URL(base).hostname !== HOST) throw new Error(`refusing to load ${base}: loopback only`);
  const keyArgs =
    keys.mode === 'token'
      ? ['token', keys.file, String(keys.count)]
      : keys.mode === 'address'
        ? ['address', String(keys.first), String(keys.count)]
        : ['none', '-', '0'];
  const args = [
    '-c',
    LOAD_CORE,
    'wrk',
    `-t${load.threads}`,
    `-c${load.connections}`,
    `-d${seconds}s`,
    '--timeout',
    `${TIMEOUT_SECONDS}s`,
    '-s',
    LUA,
    base,
    '--',
    urlPath,
    String(load.threads),
    ...keyArgs,
    String(expect.status),
    expect.bodyContains ?? '-',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  // GNU time reports wrk's own CPU when it exits (it runs on the same core, execs wrk and waits).
  const timed = fs.existsSync(TIME) ? [TIME, '-f', `${TIME_MARK} %U %S`] : [];
  const out = await run('taskset', [...args.slice(0, 2), ...timed, ...args.slice(2)]);
  const line = out.stdout.split('\n').find((l) => l.startsWith('{"requests"'));
  if (out.code !== 0 || line === undefined) throw new Error(`wrk failed (exit ${out.code}):\n${out.stdout}\n${out.stderr}`);
  const result = JSON.parse(line) as Omit<WrkResult, 'rps' | 'load_core_share'>;
  const usage = new RegExp(`^${TIME_MARK} ([\\d.]+) ([\\d.]+)$`, 'm').exec(out.stderr);
  const loadCpu = usage === null ? null : Number(usage[1]) + Number(usage[2]);
  return {
    ...result,
    rps: result.seconds > 0 ? result.requests / result.seconds : 0,
    load_core_share: loadCpu === null || result.seconds <= 0 ? null : loadCpu / result.seconds,
  };
}

export function wrkVersion(): string {
  try {
    return execFileSync('wrk', ['-v'], { encoding: 'utf8' }).split('\n')[0]?.trim() ?? '';
  } catch (err) {
    // wrk -v exits 1 after printing its version.
    const out = (err as { stdout?: string }).stdout ?? '';
    return out.split('\n')[0]?.trim() ?? '';
  }
}
