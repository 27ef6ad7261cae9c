import { MAX_PERIOD_MONTHS } from '../domain/limits.ts';
import type { Period } from '../domain/period.ts';
import { badRequest, type Detalhe } from '../errors/coded-error.ts';
import { addMonthsTo, dateKey, formatDate, parseDate, partsOf } from '../time/calendar.ts';
import type { ParamSpec } from './params.ts';

/**
 * The `data_inicio`/`data_fim` period of orders, receivables, payables and bank slips (spec
 * "Limits", D15-D17): both or neither, real dates, start not after end, at most 12 months,
 * bounds inclusive. Dates are business dates, compared as they are (never shifted, D18).
 */
export function periodParams(field: string) {
  return {
    data_inicio: {
      kind: 'date',
      description:
        `Início do período sobre \`${field}\`, AAAA-MM-DD, inclusivo. Informe junto com \`data_fim\` (os dois ou nenhum). ` +
        `O período vai de 1 dia a ${MAX_PERIOD_MONTHS} meses de calendário: \`data_fim\` no máximo no mesmo dia, ${MAX_PERIOD_MONTHS} meses depois ` +
        '(de um dia 29 a 31 que o mês final não tem, o último dia desse mês).',
    },
    data_fim: {
      kind: 'date',
      description: `Fim do período sobre \`${field}\`, AAAA-MM-DD, inclusivo; não anterior a \`data_inicio\`. Datas inexistentes (30 de fevereiro) são recusadas.`,
    },
  } satisfies Record<string, ParamSpec>;
}

/**
 * D16: the same day N months later; from a day the target month lacks (29-31), its last day
 * (2024-02-29 + 12 months = 2025-02-28).
 */
export function addMonths(date: string, months: number): string {
  return formatDate(addMonthsTo(partsOf(date), months));
}

type PeriodParams = { data_inicio?: string; data_fim?: string };

/**
 * What is wrong with the period, one item per offending field (D17, D37); empty when it is valid
 * or absent. `sent` names the parameters present in the query, valid or not: a bound that was
 * sent but did not parse still counts as given, so `data_inicio=2025-02-30` alone is reported
 * by the parser for data_inicio and here for the missing data_fim.
 */
export function periodProblems(params: PeriodParams, sent: ReadonlySet<string> = new Set()): Detalhe[] {
  const given = (name: keyof PeriodParams) => params[name] !== undefined || sent.has(name);
  if (!given('data_inicio') && !given('data_fim')) return [];
  if (!given('data_inicio')) return [{ campo: 'data_inicio', mensagem: 'Informe data_inicio junto com data_fim.' }];
  if (!given('data_fim')) return [{ campo: 'data_fim', mensagem: 'Informe data_fim junto com data_inicio.' }];
  // A bound that did not parse is already reported by the parser; there is nothing to compare.
  const inicio = params.data_inicio === undefined ? null : parseDate(params.data_inicio);
  const fim = params.data_fim === undefined ? null : parseDate(params.data_fim);
  if (inicio === null || fim === null) return [];
  if (dateKey(inicio) > dateKey(fim)) return [{ campo: 'data_inicio', mensagem: 'data_inicio não pode ser posterior a data_fim.' }];
  // Compared as integers: 9999-01-01 + 12 months is in year 10000, which text would misorder.
  if (dateKey(fim) > dateKey(addMonthsTo(inicio, MAX_PERIOD_MONTHS))) {
    return [{ campo: 'data_fim', mensagem: `O período pode ter no máximo ${MAX_PERIOD_MONTHS} meses.` }];
  }
  return [];
}

/** The period asked for, null when neither bound is given; 400 naming the field otherwise. */
export function periodOf(params: PeriodParams): Period | null {
  const problems = periodProblems(params);
  if (problems.length > 0) throw badRequest(problems);
  const { data_inicio: inicio, data_fim: fim } = params;
  return inicio === undefined || fim === undefined ? null : { inicio, fim };
}
