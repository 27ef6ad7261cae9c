/**
 * How often each service-order status shows up in generated data. The statuses themselves are the
 * domain's (domain/ordem-servico.ts); this adds only what a repair business's data looks like.
 */
import { STANDARD_OS_STATUS } from '../../domain/ordem-servico.ts';

type StandardOsStatus = (typeof STANDARD_OS_STATUS)[number];

/** Most orders are concluded, some open, a few cancelled; the steps in between are rarer. */
const STANDARD_WEIGHTS: Readonly<Record<StandardOsStatus, number>> = {
  aberta: 12,
  concluida: 35,
  cancelada: 6,
  em_analise: 5,
  aguardando_aprovacao: 5,
  aprovada: 5,
  reprovada: 3,
  em_execucao: 8,
  pausada: 3,
  aguardando_orcamento: 4,
  orcamento: 4,
};

/** The statuses a repair business adds to its catalogue (`empresas.status_personalizados`, D14). */
export const CUSTOM_OS_STATUSES = ['aguardando_peca', 'em_garantia'] as const;
export type CustomOsStatus = (typeof CUSTOM_OS_STATUSES)[number];

/**
 * The weights Random.weighted takes: the standard statuses in the domain's order, then the
 * company's own statuses with the weights the caller gives them (each data set its own).
 */
export function osStatusWeights(custom: readonly (readonly [string, number])[]): (readonly [string, number])[] {
  return [...STANDARD_OS_STATUS.map((status) => [status, STANDARD_WEIGHTS[status]] as const), ...custom];
}
