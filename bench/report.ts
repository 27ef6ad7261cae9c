/**
 * The run's results: the JSON document (bench/results/latest.json, for later diffs) and the
 * markdown written into bench/README.md between the result markers. A run in which any answer
 * had an unexpected status, or a socket failed, is INVALID: its figures are shown, marked, and
 * never assessed against the targets.
 */
import fs from 'node:fs';
import type { CheckedPage } from './check.ts';
import type { SeedRecord } from './data.ts';
import type { WrkResult } from './measure.ts';
import { counterpart, SCENARIOS, twelveMonthsTo, type Store, type System } from './scenarios.ts';

export interface Round extends WrkResult {
  started_at: string;
  /** what each key (token or address) may get before its limiter answers 429 */
  key_limit: number | null;
  cpu_seconds: number;
  cpu_us_per_request: number;
  /** the server's CPU time over the round's duration: 1 = core 0 saturated */
  server_core_share: number;
  /** PostgreSQL backends serving the server; null on the embedded store (in-process) */
  pg_cpu_seconds: number | null;
  pg_cpu_us_per_request: number | null;
  /** answers whose status was not the expected one, or whose body lacked the expected text */
  unexpected: number;
  socket_errors_total: number;
}

export interface Summary {
  rps_median: number;
  rps_min: number;
  rps_max: number;
  p50_ms: number;
  p99_ms: number;
  cpu_us_per_request: number;
  pg_cpu_us_per_request: number | null;
  server_core_share: number;
  load_core_share: number | null;
  unexpected: number;
  wrong_body: number;
  socket_errors: number;
  statuses: Record<string, number>;
}

export interface ScenarioResult {
  id: string;
  title: string;
  store: Store;
  system: System;
  path: string | null;
  expect: number;
  page: number | null;
  /** meta.total of the request's first page, when it is a list */
  meta_total: number | null;
  /** why it was not measured */
  skipped: string | null;
  /** what stopped it */
  error: string | null;
  warmup: Round | null;
  rounds: Round[];
  summary: Summary | null;
  rss_start_mib: number | null;
  rss_peak_mib: number | null;
  loadavg_before: number;
  loadavg_after: number;
  valid: boolean;
}

export interface DataInfo {
  store: Store;
  version: string;
  settings: Record<string, string>;
  receivables: number;
  empresa_id: number;
  seeded_now: boolean;
  seed: SeedRecord | null;
}

export interface RunResult {
  started_at: string;
  finished_at: string;
  wall_seconds: number;
  command: string;
  partial: boolean;
  commit: string;
  dirty: boolean;
  node: string;
  wrk: string;
  nproc: number;
  clk_tck: number;
  loadavg_start: number;
  loadavg_end: number;
  settings: {
    warmup_seconds: number;
    rounds: number;
    round_seconds: number;
    connections: number;
    threads: number;
    server_core: string;
    load_core: string;
  };
  today: string;
  data: DataInfo[];
  check: CheckedPage[] | null;
  scenarios: ScenarioResult[];
  valid: boolean;
}

// ---------------------------------------------------------------------------------------

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return NaN;
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function summarise(rounds: Round[]): Summary {
  const statuses: Record<string, number> = {};
  for (const r of rounds) for (const [code, n] of Object.entries(r.status)) statuses[code] = (statuses[code] ?? 0) + n;
  const pg = rounds.map((r) => r.pg_cpu_us_per_request).filter((v): v is number => v !== null);
  return {
    rps_median: median(rounds.map((r) => r.rps)),
    rps_min: Math.min(...rounds.map((r) => r.rps)),
    rps_max: Math.max(...rounds.map((r) => r.rps)),
    p50_ms: median(rounds.map((r) => r.p50_ms)),
    p99_ms: median(rounds.map((r) => r.p99_ms)),
    cpu_us_per_request: median(rounds.map((r) => r.cpu_us_per_request)),
    pg_cpu_us_per_request: pg.length === rounds.length ? median(pg) : null,
    server_core_share: median(rounds.map((r) => r.server_core_share)),
    load_core_share: rounds.every((r) => r.load_core_share !== null) ? median(rounds.map((r) => r.load_core_share as number)) : null,
    unexpected: rounds.reduce((sum, r) => sum + r.unexpected, 0),
    wrong_body: rounds.reduce((sum, r) => sum + r.wrong_body, 0),
    socket_errors: rounds.reduce((sum, r) => sum + r.socket_errors_total, 0),
    statuses,
  };
}

// ---------------------------------------------------------------------------------------
// Markdown

const n0 = (v: number) => Math.round(v).toLocaleString('en-US');
const n1 = (v: number) => v.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const ms = (v: number) => `${v < 10 ? v.toFixed(2) : v.toFixed(1)} ms`;
const mib = (v: number | null) => (v === null ? '–' : `${Math.round(v)} MiB`);
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
const pct = (share: number) => `${Math.round(share * 100)}%`;

function find(run: RunResult, id: string | undefined): ScenarioResult | undefined {
  return id === undefined ? undefined : run.scenarios.find((s) => s.id === id);
}

function measured(r: ScenarioResult | undefined): (ScenarioResult & { summary: Summary }) | undefined {
  return r !== undefined && r.summary !== null ? (r as ScenarioResult & { summary: Summary }) : undefined;
}

function ratios(run: RunResult, r: ScenarioResult & { summary: Summary }): { baseline: string; page1: string } {
  const scenario = SCENARIOS.find((s) => s.id === r.id);
  if (scenario === undefined) return { baseline: '', page1: '' };
  const base = r.system === 'api-externa' ? measured(find(run, counterpart(scenario, { system: 'baseline' })?.id)) : undefined;
  const first = scenario.page !== 1 && scenario.page !== 'none' ? measured(find(run, counterpart(scenario, { page: 1 })?.id)) : undefined;
  return {
    baseline: base ? ratio(r.summary.rps_median, base.summary.rps_median) : '',
    page1: first ? ratio(r.summary.rps_median, first.summary.rps_median) : '',
  };
}

function unexpectedText(r: ScenarioResult & { summary: Summary }): string {
  const others = Object.entries(r.summary.statuses).filter(([code]) => Number(code) !== r.expect);
  const parts = [String(r.summary.unexpected)];
  const details = [
    ...others.map(([code, n]) => `${code}: ${n}`),
    ...(r.summary.wrong_body > 0 ? [`${r.expect} with a wrong body: ${r.summary.wrong_body}`] : []),
  ];
  if (details.length > 0) parts.push(`(${details.join(', ')})`);
  if (r.summary.socket_errors > 0) parts.push(`+ ${r.summary.socket_errors} socket errors`);
  return parts.join(' ');
}

function row(run: RunResult, r: ScenarioResult): string {
  const title =
    r.page !== null && r.meta_total !== null && r.id.includes('/deepest/')
      ? `${r.title} (${r.page} of ${n0(r.meta_total)} records)`
      : r.title;
  const label = r.valid ? title : `**INVALID** ${title}`;
  const s = measured(r);
  if (s === undefined) {
    const why = r.error ?? r.skipped ?? 'not measured';
    return `| ${label} | ${r.system} | ${r.error !== null ? '**failed**: ' : 'skipped: '}${why.split('\n')[0]} | | | | | | | | | | ${r.loadavg_before} → ${r.loadavg_after} |`;
  }
  const x = ratios(run, s);
  const m = s.summary;
  return [
    '',
    label,
    r.system,
    `${n1(m.rps_median)} (${n1(m.rps_min)}–${n1(m.rps_max)})`,
    x.baseline,
    x.page1,
    ms(m.p50_ms),
    ms(m.p99_ms),
    `${n0(m.cpu_us_per_request)} µs`,
    m.pg_cpu_us_per_request === null ? '–' : `${n0(m.pg_cpu_us_per_request)} µs`,
    `${pct(m.server_core_share)} · ${m.load_core_share === null ? '–' : pct(m.load_core_share)}`,
    `${mib(r.rss_start_mib)} → ${mib(r.rss_peak_mib)}`,
    unexpectedText(s),
    `${r.loadavg_before} → ${r.loadavg_after}`,
    '',
  ]
    .join(' | ')
    .trim();
}

type Verdict = 'met' | 'NOT met' | 'not assessed';

function verdict(ok: boolean | null): Verdict {
  return ok === null ? 'not assessed' : ok ? 'met' : 'NOT met';
}

/** Issue 9's targets, assessed only on valid rows. */
function targets(run: RunResult): string[] {
  const get = (id: string) => {
    const r = measured(find(run, id));
    return r !== undefined && r.valid ? r.summary : undefined;
  };
  const lines: string[] = [];
  const add = (target: string, measuredText: string, ok: boolean | null) => lines.push(`| ${target} | ${measuredText} | ${verdict(ok)} |`);
  const api1 = get('pg/contas-receber/page-1/api-externa');
  const base1 = get('pg/contas-receber/page-1/baseline');
  const api300 = get('pg/contas-receber/page-300/api-externa');
  const base300 = get('pg/contas-receber/page-300/baseline');
  add(
    "1. contas-receber page 1: ≥ 2.0x the baseline's req/s",
    api1 && base1 ? `${ratio(api1.rps_median, base1.rps_median)} (${n1(api1.rps_median)} vs ${n1(base1.rps_median)})` : '–',
    api1 && base1 ? api1.rps_median >= 2 * base1.rps_median : null,
  );
  add('1. contas-receber page 1: p99 ≤ 60 ms', api1 ? ms(api1.p99_ms) : '–', api1 ? api1.p99_ms <= 60 : null);
  add(
    '2. contas-receber page 300 ≥ 0.8x page 1',
    api1 && api300 ? ratio(api300.rps_median, api1.rps_median) : '–',
    api1 && api300 ? api300.rps_median >= 0.8 * api1.rps_median : null,
  );
  const cpuPairs = [
    [api1, base1],
    [api300, base300],
  ].filter((p): p is [Summary, Summary] => p[0] !== undefined && p[1] !== undefined);
  add(
    "4. server CPU per list request ≤ the baseline's (contas-receber pages 1 and 300)",
    cpuPairs.length > 0 ? cpuPairs.map(([a, b]) => `${n0(a.cpu_us_per_request)} vs ${n0(b.cpu_us_per_request)} µs`).join('; ') : '–',
    cpuPairs.length === 2 ? cpuPairs.every(([a, b]) => a.cpu_us_per_request <= b.cpu_us_per_request) : null,
  );
  const pgApi = run.scenarios.filter((r) => r.store === 'postgresql' && r.system === 'api-externa' && r.rss_peak_mib !== null);
  const peak = pgApi.length > 0 ? Math.max(...pgApi.map((r) => r.rss_peak_mib as number)) : null;
  add(
    '4. api-externa peak RSS under load ≤ 150 MiB (PostgreSQL rows)',
    peak === null ? '–' : `${Math.round(peak)} MiB (highest row)`,
    peak === null || !run.valid ? null : peak <= 150,
  );
  const deep = run.scenarios
    .filter((r) => r.store === 'postgresql' && r.id.includes('/deepest/'))
    .map((r) => ({ r, x: measured(r) ? ratios(run, measured(r) as ScenarioResult & { summary: Summary }).page1 : '' }))
    .filter((d) => d.x !== '');
  add(
    "5. other list endpoints: deepest full page vs page 1 (no threshold stated; 2.'s 0.8x shown)",
    deep.length > 0 ? deep.map((d) => `${d.r.id.split('/')[1]} ${d.x}`).join(', ') : '–',
    deep.length > 0 && run.valid ? deep.every((d) => parseFloat(d.x) >= 0.8) : null,
  );
  const emb1 = get('embedded/contas-receber/page-1/api-externa');
  const emb300 = get('embedded/contas-receber/page-300/api-externa');
  add(
    '6. embedded store page 1: ≥ 250 req/s and p99 ≤ 400 ms',
    emb1 ? `${n1(emb1.rps_median)} req/s, p99 ${ms(emb1.p99_ms)}` : '–',
    emb1 ? emb1.rps_median >= 250 && emb1.p99_ms <= 400 : null,
  );
  add(
    '6. embedded store page 300 ≥ 0.8x page 1',
    emb1 && emb300 ? ratio(emb300.rps_median, emb1.rps_median) : '–',
    emb1 && emb300 ? emb300.rps_median >= 0.8 * emb1.rps_median : null,
  );
  return lines;
}

function seedLine(d: DataInfo): string {
  const s = d.seed;
  const loaded =
    s === null
      ? 'loaded outside the bench (time unknown)'
      : `loaded ${s.finished_at.slice(0, 10)} in **${n1(s.wall_seconds)} s** (load average ${s.loadavg_before} → ${s.loadavg_after})${s.slow ? ' — **too slow: over 30 minutes**' : ''}${d.seeded_now ? ', by this run' : ''}`;
  const settings = Object.entries(d.settings)
    .map(([name, value]) => `${name} ${value}`)
    .join(', ');
  return `- ${d.store === 'postgresql' ? `PostgreSQL ${d.version}, database \`ae_bench\`` : `embedded store (PGlite, PostgreSQL ${d.version}), \`bench/.data/embedded\``} (${settings}): ${n0(d.receivables)} receivables, company ${d.empresa_id}; ${loaded}.`;
}

export function markdown(run: RunResult): string {
  const out: string[] = [];
  if (run.partial) {
    out.push("> Partial run (`--quick` or `--only`): a try of the harness, not the bench's figures.", '');
  }
  if (!run.valid) {
    out.push(
      '> **INVALID RUN** — some answers had an unexpected status (or a socket failed, or a scenario did not run). The figures below are shown for diagnosis only and are **not results**.',
      '',
    );
  }
  const minutes = Math.round(run.wall_seconds / 60);
  out.push(
    `${run.started_at.slice(0, 16).replace('T', ' ')} UTC · commit \`${run.commit}\`${run.dirty ? ' (dirty)' : ''} · Node ${run.node} · ${run.wrk.split(' [')[0]} · \`nproc\` ${run.nproc} · ` +
      `load average (1 min) ${run.loadavg_start} at the start, ${run.loadavg_end} at the end · ${minutes} min in all`,
    '',
    `Command: \`${run.command}\`. Server on core ${run.settings.server_core}, wrk on core ${run.settings.load_core} (${run.settings.connections} connections, ${run.settings.threads} threads); ` +
      `per row a ${run.settings.warmup_seconds}-s warm-up, then ${run.settings.rounds} round(s) of ${run.settings.round_seconds} s: requests/s is the median (range) of the rounds, p50, p99 and CPU the medians. ` +
      `12-month windows: \`data_inicio=${twelveMonthsTo(run.today).data_inicio}&data_fim=${run.today}\` (today in America/Sao_Paulo).`,
    '',
    ...run.data.map(seedLine),
    '',
  );
  if (run.check !== null) {
    const pages = run.check.map((c) => c.path.replace(/^.*[?&]pagina=/, ''));
    const bytes = run.check.reduce((sum, c) => sum + c.bytes, 0);
    out.push(
      `Bodies checked byte-identical with the baseline before measuring: ${run.check.length} contas-receber pages (${n0(bytes)} B), ` +
        `the first, 2, 300, the last, one past it, and the first page holding each kind of record (cedente type × named or not × status × description): pages ${pages.join(', ')}.`,
      '',
    );
  }
  out.push(
    '| scenario | system | req/s median (range) | vs baseline | vs page 1 | p50 | p99 | CPU/request | PG CPU/request | core use: server · wrk | RSS start → peak | unexpected statuses | load avg before → after |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...run.scenarios.map((r) => row(run, r)),
    '',
    'CPU/request: the server process (on the embedded store, the database too). PG CPU/request: the PostgreSQL client backends serving it; ' +
      'parallel workers (PostgreSQL may use them on deep pages) end with their query and are not counted, so on those rows it is a lower bound. ' +
      "Core use: CPU time over the round's duration, server on core 0 and wrk on core 1; PostgreSQL shares both. " +
      'The embedded rows have no baseline: the obvious server runs on PostgreSQL only.',
    '',
  );
  if (run.valid) {
    out.push('Issue 9 targets, on this run:', '', '| target | measured | verdict |', '|---|---|---|', ...targets(run), '');
  } else {
    out.push('Issue 9 targets: not assessed (invalid run).', '');
  }
  return out.join('\n');
}

export const START = '<!-- bench:results:start -->';
export const END = '<!-- bench:results:end -->';

/** Replaces what lies between the markers (adding them at the end when missing). */
export function spliceReadme(readmeFile: string, body: string): void {
  const text = fs.readFileSync(readmeFile, 'utf8');
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  const block = `${START}\n${body.trimEnd()}\n${END}`;
  const next =
    start >= 0 && end > start ? `${text.slice(0, start)}${block}${text.slice(end + END.length)}` : `${text.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(readmeFile, next);
}
