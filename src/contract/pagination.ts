import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../domain/limits.ts';
import type { Direction } from '../domain/paging.ts';
import type { ParamSpec } from './params.ts';

/**
 * The paging and sorting parameters every list endpoint accepts (spec "Limits"). The sort
 * defaults live here, with the parameters (D9): the routes read them from `sortOf`.
 */
export function listParams<F extends string>(sortFields: readonly F[], defaultSort: F, defaultDirection: Direction) {
  return {
    atualizado_desde: {
      kind: 'instant',
      description:
        'Somente registros com `atualizado_em` igual ou posterior a este instante (comparado ao segundo): data e hora com `Z` ou ' +
        'deslocamento (`2026-03-01T12:00:00Z`, `2026-03-01T09:00:00-03:00`), ou uma data `AAAA-MM-DD` (00:00 em America/Sao_Paulo). ' +
        'Um filtro por horário pode perder uma alteração cuja transação terminou depois de outra já lida; ' +
        'para sincronizar sem perder nada, use o endpoint `alteracoes` do recurso.',
    },
    pagina: { kind: 'integer', min: 1, default: 1, description: 'Página, a partir de 1. Padrão 1.' },
    por_pagina: {
      kind: 'integer',
      min: 1,
      max: MAX_PAGE_SIZE,
      default: DEFAULT_PAGE_SIZE,
      description: `Registros por página, de 1 a ${MAX_PAGE_SIZE}. Padrão ${DEFAULT_PAGE_SIZE}.`,
    },
    ordenar_por: {
      kind: 'enum',
      values: sortFields,
      default: defaultSort,
      description: `Campo de ordenação. Padrão \`${defaultSort}\`. O desempate é sempre por \`id\`, na mesma direção, para que a paginação seja estável.`,
    },
    ordem: {
      kind: 'enum',
      values: ['asc', 'desc'] as const,
      default: defaultDirection,
      description:
        `Direção da ordenação: \`asc\` ou \`desc\`. Padrão \`${defaultDirection}\`, também quando só \`ordenar_por\` é informado; ` +
        '`ordem` sem `ordenar_por` se aplica ao campo padrão. Valores nulos do campo ficam por último nas duas direções.',
    },
  } satisfies Record<string, ParamSpec>;
}

type ListParamSpecs<F extends string> = ReturnType<typeof listParams<F>>;

/** The sort asked for, with the defaults of the route's own parameter definitions (D9). */
export function sortOf<F extends string>(
  specs: Pick<ListParamSpecs<F>, 'ordenar_por' | 'ordem'>,
  params: { ordenar_por?: F; ordem?: Direction },
): { field: F; direction: Direction } {
  return { field: params.ordenar_por ?? specs.ordenar_por.default, direction: params.ordem ?? specs.ordem.default };
}
