/**
 * What the bench measures: one entry per table row. Add a row by adding an entry (a compressed
 * variant is an entry with `headers: () => ({ 'accept-encoding': 'gzip' })`, a change-feed
 * page an entry with its endpoint and query).
 */

export type Store = 'postgresql' | 'embedded';
export type System = 'api-externa' | 'baseline';

/** What a scenario's paths and headers are made from, known once the data set is there. */
export interface ScenarioContext {
  /** today in America/Sao_Paulo, YYYY-MM-DD */
  today: string;
  /** the company every request reads (the credentials' company; the baseline's header) */
  empresaId: number;
}

/**
 * `number`: that page. `deepest`: the deepest full page of the same request, floor(meta.total /
 * 50), read from page 1 before measuring. `none`: the request has no paging (errors).
 */
export type PageSpec = number | 'deepest' | 'none';

export interface Scenario {
  /** `<store>/<family>/<page>/<system>`: what --only globs match */
  id: string;
  /** the same request on other pages or systems shares it: ratios pair rows by it */
  family: string;
  /** the row's label in the table */
  title: string;
  store: Store;
  system: System;
  endpoint: string;
  /** the query without pagina (added from `page`) */
  query(ctx: ScenarioContext): Record<string, string>;
  page: PageSpec;
  /** `token`: a different bearer token on each request, in turn (the rate limit is per credential) */
  auth: 'token' | 'none';
  headers?(ctx: ScenarioContext): Record<string, string>;
  /**
   * The answer comes compressed with this encoding (asked by `headers`): the probe checks it, and
   * wrk checks the status only, since it cannot look inside a compressed body.
   */
  compressed?: 'gzip';
  /** every answer must have this status, or the run is invalid */
  expect: number;
  /** part of `--quick` */
  quick: boolean;
}

export const PAGE_SIZE = 50;

// ---------------------------------------------------------------------------------------
// Dates, computed here rather than imported so the harness survives moves in src/.

export function todayInSaoPaulo(now = new Date()): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/**
 * The longest period the API accepts that ends today: today − 12 months + 1 day (12 months,
 * both bounds inclusive; the month's last day when the day does not exist, as the API does).
 */
export function twelveMonthsTo(today: string): { data_inicio: string; data_fim: string } {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(y - 1, m, 0)).getUTCDate();
  const start = new Date(Date.UTC(y - 1, m - 1, Math.min(d, lastDay) + 1));
  return { data_inicio: start.toISOString().slice(0, 10), data_fim: today };
}

const window = (ctx: ScenarioContext) => ({ ...twelveMonthsTo(ctx.today), por_pagina: String(PAGE_SIZE) });
const plain = () => ({ por_pagina: String(PAGE_SIZE) });

// ---------------------------------------------------------------------------------------

interface ListSpec {
  name: string;
  endpoint: string;
  describe: string;
  query(ctx: ScenarioContext): Record<string, string>;
}

const CONTAS_RECEBER: ListSpec = {
  name: 'contas-receber',
  endpoint: '/v1/contas-receber',
  describe: 'contas-receber, 12 months',
  query: window,
};

/** Every other list endpoint: api-externa only, page 1 and the deepest full page. */
const OTHER_LISTS: ListSpec[] = [
  { name: 'ordens-servico', endpoint: '/v1/ordens-servico', describe: 'ordens-servico, 12 months', query: window },
  { name: 'contas-pagar', endpoint: '/v1/contas-pagar', describe: 'contas-pagar, 12 months', query: window },
  { name: 'boletos', endpoint: '/v1/boletos', describe: 'boletos, 12 months', query: window },
  { name: 'clientes', endpoint: '/v1/clientes', describe: 'clientes', query: plain },
  {
    name: 'clientes-silva',
    endpoint: '/v1/clientes',
    describe: 'clientes nome=silva',
    query: () => ({ nome: 'silva', por_pagina: String(PAGE_SIZE) }),
  },
  { name: 'produtos', endpoint: '/v1/produtos', describe: 'produtos', query: plain },
  { name: 'servicos', endpoint: '/v1/servicos', describe: 'servicos', query: plain },
];

const pageLabel = (page: PageSpec) => (page === 'deepest' ? 'deepest' : page === 'none' ? '-' : `page-${page}`);
const pageTitle = (page: PageSpec) => (page === 'deepest' ? 'deepest full page' : page === 'none' ? '' : `page ${page}`);

function list(store: Store, system: System, spec: ListSpec, page: PageSpec, quick: boolean): Scenario {
  const short = store === 'postgresql' ? 'pg' : 'embedded';
  return {
    id: `${short}/${spec.name}/${pageLabel(page)}/${system}`,
    family: spec.name,
    title: `${spec.describe}, ${pageTitle(page)}${store === 'embedded' ? ' (embedded store)' : ''}`,
    store,
    system,
    endpoint: spec.endpoint,
    query: spec.query,
    page,
    // The baseline has no authentication: it is told the company instead.
    auth: system === 'baseline' ? 'none' : 'token',
    ...(system === 'baseline' ? { headers: (ctx: ScenarioContext) => ({ 'x-bench-empresa': String(ctx.empresaId) }) } : {}),
    expect: 200,
    quick,
  };
}

export const SCENARIOS: readonly Scenario[] = [
  list('postgresql', 'baseline', CONTAS_RECEBER, 1, true),
  list('postgresql', 'api-externa', CONTAS_RECEBER, 1, true),
  list('postgresql', 'baseline', CONTAS_RECEBER, 300, true),
  list('postgresql', 'api-externa', CONTAS_RECEBER, 300, true),
  ...OTHER_LISTS.flatMap((spec) => [
    list('postgresql', 'api-externa', spec, 1, false),
    list('postgresql', 'api-externa', spec, 'deepest', false),
  ]),
  {
    id: 'pg/clientes-unknown-param/400/api-externa',
    family: 'clientes-unknown-param',
    title: '400 with a valid token (clientes?cor=azul, no data query)',
    store: 'postgresql',
    system: 'api-externa',
    endpoint: '/v1/clientes',
    query: () => ({ cor: 'azul' }),
    page: 'none',
    auth: 'token',
    expect: 400,
    quick: true,
  },
  {
    id: 'pg/clientes-no-token/401/api-externa',
    family: 'clientes-no-token',
    title: '401 without a token',
    store: 'postgresql',
    system: 'api-externa',
    endpoint: '/v1/clientes',
    query: plain,
    page: 'none',
    auth: 'none',
    expect: 401,
    quick: true,
  },
  // The same page with `Accept-Encoding: gzip`: what compression costs (or saves) per request.
  {
    ...list(
      'postgresql',
      'api-externa',
      { ...CONTAS_RECEBER, name: 'contas-receber-gzip', describe: 'contas-receber, 12 months, gzip' },
      1,
      false,
    ),
    headers: () => ({ 'accept-encoding': 'gzip' }),
    compressed: 'gzip',
  },
  list('embedded', 'api-externa', CONTAS_RECEBER, 1, true),
  list('embedded', 'api-externa', CONTAS_RECEBER, 300, false),
  // Issue 11: a change-feed page of 200 costs no more than a list page of 200 (ADR 0013). The feed
  // is read from the start (no cursor): any cursor reads the same kind of index range.
  list(
    'postgresql',
    'api-externa',
    {
      ...CONTAS_RECEBER,
      name: 'contas-receber-200',
      describe: 'contas-receber, 12 months, 200 per page',
      query: (ctx) => ({ ...window(ctx), por_pagina: '200' }),
    },
    1,
    false,
  ),
  {
    id: 'pg/feed-contas-receber-200/-/api-externa',
    family: 'feed-contas-receber-200',
    title: 'change feed of contas-receber, 200 per page, from the start',
    store: 'postgresql',
    system: 'api-externa',
    endpoint: '/v1/contas-receber/alteracoes',
    query: () => ({ por_pagina: '200' }),
    page: 'none',
    auth: 'token',
    expect: 200,
    quick: false,
  },
];

/** The path of a scenario's request for a given page number. */
export function pathOf(scenario: Scenario, ctx: ScenarioContext, page: number | null): string {
  const query = new URLSearchParams(scenario.query(ctx));
  if (page !== null) query.set('pagina', String(page));
  const text = query.toString();
  return text === '' ? scenario.endpoint : `${scenario.endpoint}?${text}`;
}

/** The same request on another system or page (baseline and page-1 counterparts of a row). */
export function counterpart(scenario: Scenario, change: { system?: System; page?: PageSpec }): Scenario | undefined {
  const system = change.system ?? scenario.system;
  const page = change.page ?? scenario.page;
  return SCENARIOS.find(
    (s) => s !== scenario && s.store === scenario.store && s.family === scenario.family && s.system === system && s.page === page,
  );
}

/** Globs over ids, `*` = any characters; several separated by commas. */
export function select(quick: boolean, only: string | undefined): Scenario[] {
  const patterns = (only ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const regexes = patterns.map(
    (p) =>
      new RegExp(
        `^${p
          .replace(/[.+^${}()|[\]\\]/g, '\\$&')
          .replace(/\*/g, '.*')
          .replace(/\?/g, '.')}$`,
      ),
  );
  return SCENARIOS.filter((s) => (regexes.length > 0 ? regexes.some((r) => r.test(s.id)) : !quick || s.quick));
}
