import type { ParamSpec } from './params.ts';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

export type Direction = 'asc' | 'desc';

/** The paging and sorting parameters every list endpoint accepts (spec "Limits"). */
export function listParams<F extends string>(sortFields: readonly F[], defaultSort: F, defaultDirection: Direction) {
  return {
    pagina: { kind: 'integer', min: 1, description: 'Página, a partir de 1. Padrão 1.' },
    por_pagina: {
      kind: 'integer',
      min: 1,
      max: MAX_PAGE_SIZE,
      description: `Registros por página, de 1 a ${MAX_PAGE_SIZE}. Padrão ${DEFAULT_PAGE_SIZE}.`,
    },
    ordenar_por: {
      kind: 'enum',
      values: sortFields,
      description: `Campo de ordenação. Padrão \`${defaultSort}\`. O desempate é sempre por \`id\` na mesma direção (D9).`,
    },
    ordem: {
      kind: 'enum',
      values: ['asc', 'desc'] as const,
      description: `Direção da ordenação. Padrão \`${defaultDirection}\`, também quando só \`ordenar_por\` é informado (D9).`,
    },
  } satisfies Record<string, ParamSpec>;
}

export interface Page {
  pagina: number;
  porPagina: number;
  offset: number;
}

export function pageOf(params: { pagina?: number; por_pagina?: number }): Page {
  const pagina = params.pagina ?? 1;
  const porPagina = params.por_pagina ?? DEFAULT_PAGE_SIZE;
  return { pagina, porPagina, offset: (pagina - 1) * porPagina };
}

export interface ListMeta {
  pagina: number;
  por_pagina: number;
  total: number;
  total_paginas: number;
}

/** D10: a page past the end is still 200, with the true totals. */
export function listMeta(page: Page, total: number): ListMeta {
  return { pagina: page.pagina, por_pagina: page.porPagina, total, total_paginas: Math.ceil(total / page.porPagina) };
}
