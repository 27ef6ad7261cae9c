/**
 * An independent reference validator of the data lists' query strings, written from the spec
 * ("Endpoints", "Limits") and the decisions (D6-D14, D16, D17, D24, D37) — it imports nothing of
 * src/, on purpose: the fuzzer (query-fuzz.test.ts) checks that the server and this reading of
 * the contract agree on every query. Two numbers the contract leaves to the reference page (the
 * length limits of `cidade` and `documento`) are taken from there.
 */

const PAGING = {
  pagina: { kind: 'integer', min: 1, max: Number.MAX_SAFE_INTEGER },
  por_pagina: { kind: 'integer', min: 1, max: 200 },
  ordem: { kind: 'enum', values: ['asc', 'desc'] },
} as const;

const OS_STATUS = [
  'aberta',
  'concluida',
  'cancelada',
  'em_analise',
  'aguardando_aprovacao',
  'aprovada',
  'reprovada',
  'em_execucao',
  'pausada',
  'aguardando_orcamento',
  'orcamento',
];
const BOLETO_STATUS = [
  'pendente',
  'vencido',
  'pago',
  'cancelado',
  'nao_autorizado',
  'nao_realizado',
  'rejeitado',
  'aguardando_confirmacao',
];
const CONTA_STATUS = ['aberto', 'pago', 'vencido'];
const CEDENTE_TIPOS = ['outro', 'fornecedor', 'cliente', 'usuario', 'pre_cliente'];

export type Rule =
  | { kind: 'integer'; min: number; max: number }
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'flag' }
  | { kind: 'date' }
  | { kind: 'text'; min: number; max: number }
  | { kind: 'os-status' }
  | { kind: 'instant' };

const ID = { kind: 'integer', min: 1, max: Number.MAX_SAFE_INTEGER } as const;
/** D43: every list filters by `atualizado_desde` and sorts by `atualizado_em`. */
const SYNC = { atualizado_desde: { kind: 'instant' } } as const;
const SYNC_SORT = 'atualizado_em';

/**
 * Parameters the decisions give every list that the route table may not serve yet (D43, work on
 * another branch): the reference knows them, and uses them only on routes that have them.
 */
export const UPCOMING = Object.keys(SYNC);
const PERIOD = { data_inicio: { kind: 'date' }, data_fim: { kind: 'date' } } as const;
const sorts = (...values: string[]) => ({ ordenar_por: { kind: 'enum', values } }) as const;
const catalogo = { nome: { kind: 'text', min: 2, max: 100 }, ativo: { kind: 'flag' }, ...sorts('id', 'nome'), ...PAGING, ...SYNC } as const;
const contas = {
  ...PERIOD,
  status: { kind: 'enum', values: CONTA_STATUS },
  cedente_tipo: { kind: 'enum', values: CEDENTE_TIPOS },
  cedente_id: ID,
  ...sorts('id', 'vencimento', 'valor', 'data_pagamento'),
  ...PAGING,
  ...SYNC,
} as const;

/** Each list endpoint's parameters and their rules, as the contract states them. */
export const LIST_RULES: Record<string, Record<string, Rule>> = {
  '/v1/clientes': {
    nome: { kind: 'text', min: 2, max: 100 },
    cidade: { kind: 'text', min: 1, max: 100 },
    ativo: { kind: 'flag' },
    documento: { kind: 'text', min: 1, max: 30 },
    incluir: { kind: 'enum', values: ['contato'] },
    ...sorts('id', 'nome', 'data_cadastro'),
    ...PAGING,
    ...SYNC,
  },
  '/v1/ordens-servico': {
    ...PERIOD,
    status: { kind: 'os-status' },
    cliente_id: ID,
    tecnico_id: ID,
    ...sorts('id', 'data_abertura', 'data_conclusao'),
    ...PAGING,
    ...SYNC,
  },
  '/v1/contas-receber': contas,
  '/v1/contas-pagar': contas,
  '/v1/boletos': {
    ...PERIOD,
    status: { kind: 'enum', values: BOLETO_STATUS },
    cliente_id: ID,
    ...sorts('id', 'emissao', 'vencimento', 'pagamento', 'valor'),
    ...PAGING,
    ...SYNC,
  },
  '/v1/produtos': catalogo,
  '/v1/servicos': catalogo,
};

/** D8: detail endpoints take no query parameter, but the customer detail takes `incluir` (D13). */
export const DETAIL_RULES: Record<string, Record<string, Rule>> = {
  '/v1/clientes/:id': { incluir: { kind: 'enum', values: ['contato'] } },
  '/v1/ordens-servico/:id': {},
  '/v1/produtos/:id': {},
  '/v1/servicos/:id': {},
};

/** D6: the `{id}` of a detail route is a positive integer written in plain decimal digits, at most 2^53-1. */
export const validId = (text: string): boolean => /^[1-9][0-9]{0,15}$/.test(text) && Number.isSafeInteger(Number(text));

/**
 * The rules of a list as served: the parameters the route has (`served`, its names only), with
 * `ordenar_por=atualizado_em` where it serves `atualizado_desde` (both come with D43).
 */
export function rulesOf(url: string, served: readonly string[]): Record<string, Rule> {
  const rules = LIST_RULES[url];
  if (rules === undefined) throw new Error(`no reference rules for ${url}`);
  const out: Record<string, Rule> = {};
  for (const name of served) {
    const rule = rules[name];
    if (rule !== undefined) out[name] = rule;
  }
  const sort = out.ordenar_por;
  if (served.includes('atualizado_desde') && sort?.kind === 'enum') out.ordenar_por = { kind: 'enum', values: [...sort.values, SYNC_SORT] };
  return out;
}

/** application/x-www-form-urlencoded decoding (D8): `+` is a space, `%XX` a byte of UTF-8; null when malformed. */
export function decodeForm(text: string): string | null {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '%') {
      const hex = text.slice(i + 1, i + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return null;
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else if (c === '+') bytes.push(0x20);
    else bytes.push(...Buffer.from(c, 'utf8'));
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bytes));
  } catch {
    return null;
  }
}

const daysIn = (y: number, m: number) =>
  [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1] ?? 0;

/** D17: `YYYY-MM-DD`, a date that exists, from 0001-01-01 to 9999-12-31. */
function dateOf(text: string): [number, number, number] | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return y >= 1 && mo >= 1 && mo <= 12 && d >= 1 && d <= daysIn(y, mo) ? [y, mo, d] : null;
}

const key = ([y, m, d]: [number, number, number]) => y * 10_000 + m * 100 + d;

// eslint-disable-next-line no-control-regex -- D11: control characters are refused
const CONTROL = /[\u0000-\u001f\u007f]/;

function valid(rule: Rule, value: string, customStatuses: readonly string[]): boolean {
  switch (rule.kind) {
    case 'integer': {
      // D6: digits only, no sign, no leading zero, at most 2^53-1, within bounds.
      if (!/^(0|[1-9][0-9]*)$/.test(value) || value.length > 16) return false;
      const n = Number(value);
      return Number.isSafeInteger(n) && n >= rule.min && n <= rule.max;
    }
    case 'enum':
      return rule.values.includes(value);
    case 'flag':
      return value === '0' || value === '1';
    case 'date':
      return dateOf(value) !== null;
    case 'instant': {
      // D43: a plain date, or an RFC 3339 timestamp ending in Z or a numeric offset.
      const m = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:Z|[+-](\d{2}):(\d{2})))?$/.exec(value);
      if (!m || dateOf(m[1] ?? '') === null) return false;
      const [h, mi, sec, oh, om] = [m[2], m[3], m[4], m[5], m[6]].map((x) => Number(x ?? 0));
      return (h ?? 0) < 24 && (mi ?? 0) < 60 && (sec ?? 0) < 60 && (oh ?? 0) < 24 && (om ?? 0) < 60;
    }
    case 'os-status':
      // D14: compared exactly as sent, with the standard values and the company's own.
      return OS_STATUS.includes(value) || customStatuses.includes(value);
    case 'text': {
      // D11: trimmed, read in NFC, no control characters, length in characters.
      const text = value.trim().normalize('NFC');
      const length = [...text].length;
      return !CONTROL.test(text) && length >= rule.min && length <= rule.max;
    }
  }
}

/**
 * The fields a query must be refused for (D37: each offending field once), empty when it is to
 * be accepted. An empty name is reported by the segment as sent, the name the caller wrote.
 */
export function expectedProblems(rules: Record<string, Rule>, raw: string, customStatuses: readonly string[] = []): Set<string> {
  const bad = new Set<string>();
  const values = new Map<string, string>();
  const sent = new Set<string>();
  for (const segment of raw.split('&')) {
    if (segment === '') continue; // D7: empty segments carry nothing
    const eq = segment.indexOf('=');
    const rawName = eq === -1 ? segment : segment.slice(0, eq);
    const name = decodeForm(rawName);
    const value = decodeForm(eq === -1 ? '' : segment.slice(eq + 1));
    if (name === '') bad.add(segment);
    else if (name === null || value === null) {
      bad.add(name ?? rawName);
      if (name !== null) sent.add(name);
    } else {
      if (!Object.hasOwn(rules, name) || values.has(name)) bad.add(name);
      values.set(name, value);
      sent.add(name);
    }
  }
  const parsed = new Map<string, string>();
  for (const [name, value] of values) {
    const rule = rules[name];
    if (rule === undefined || bad.has(name)) continue;
    if (value === '' || !valid(rule, value, customStatuses)) bad.add(name);
    else parsed.set(name, rule.kind === 'text' ? value.trim().normalize('NFC') : value);
  }
  const flag = (name: string) => bad.add(name);
  // D17, D16: both bounds or neither; start not after end; at most 12 calendar months.
  if ('data_inicio' in rules && (sent.has('data_inicio') || sent.has('data_fim'))) {
    if (!sent.has('data_inicio')) flag('data_inicio');
    else if (!sent.has('data_fim')) flag('data_fim');
    else {
      const inicio = dateOf(parsed.get('data_inicio') ?? '');
      const fim = dateOf(parsed.get('data_fim') ?? '');
      if (inicio && fim) {
        const [y, m, d] = inicio;
        if (key(inicio) > key(fim)) flag('data_inicio');
        else if (key(fim) > key([y + 1, m, Math.min(d, daysIn(y + 1, m))])) flag('data_fim');
      }
    }
  }
  // `cedente_id` requires a `cedente_tipo` that has ids (spec, GET /contas-receber).
  if (parsed.has('cedente_id') && (parsed.get('cedente_tipo') ?? 'outro') === 'outro') flag('cedente_id');
  // D12: a CPF or CNPJ, punctuated or not: 11 or 14 digits once dots, hyphens, slashes and spaces go.
  const documento = parsed.get('documento');
  if (documento !== undefined && !/^(\d{11}|\d{14})$/.test(documento.replace(/[.\-/\s]/g, ''))) flag('documento');
  return bad;
}
