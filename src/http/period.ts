import { badRequest, type Detalhe } from '../errors/api-error.ts';
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
      description: `Início do período (AAAA-MM-DD, inclusivo) sobre \`${field}\`. Informe junto com \`data_fim\`; período máximo de 12 meses (D16, D17).`,
    },
    data_fim: { kind: 'date', description: `Fim do período (AAAA-MM-DD, inclusivo) sobre \`${field}\`.` },
  } satisfies Record<string, ParamSpec>;
}

export interface Period {
  inicio: string;
  fim: string;
}

export const MAX_PERIOD_MONTHS = 12;

/**
 * D16: the same day N months later; from a day the target month lacks (29-31), its last day
 * (2024-02-29 + 12 months = 2025-02-28).
 */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const monthIndex = m - 1 + months;
  const year = y + Math.floor(monthIndex / 12);
  const month = ((monthIndex % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(year, 4)}-${pad(month + 1)}-${pad(Math.min(d, lastDay))}`;
}

/** What is wrong with the period, one item naming the field (empty when it is valid or absent). */
export function periodProblems(params: { data_inicio?: string; data_fim?: string }): Detalhe[] {
  const { data_inicio: inicio, data_fim: fim } = params;
  if (inicio === undefined && fim === undefined) return [];
  if (inicio === undefined) return [{ campo: 'data_inicio', mensagem: 'Informe data_inicio junto com data_fim.' }];
  if (fim === undefined) return [{ campo: 'data_fim', mensagem: 'Informe data_fim junto com data_inicio.' }];
  // ISO dates compare correctly as text.
  if (inicio > fim) return [{ campo: 'data_inicio', mensagem: 'data_inicio não pode ser posterior a data_fim.' }];
  if (fim > addMonths(inicio, MAX_PERIOD_MONTHS)) {
    return [{ campo: 'data_fim', mensagem: `O período pode ter no máximo ${MAX_PERIOD_MONTHS} meses.` }];
  }
  return [];
}

/** The period asked for, null when neither bound is given; 400 naming the field otherwise. */
export function periodOf(params: { data_inicio?: string; data_fim?: string }): Period | null {
  const problems = periodProblems(params);
  if (problems.length > 0) throw badRequest(problems);
  const { data_inicio: inicio, data_fim: fim } = params;
  return inicio === undefined || fim === undefined ? null : { inicio, fim };
}
