import { DEFAULT_PAGE_SIZE } from './limits.ts';

export type Direction = 'asc' | 'desc';

export interface Page {
  pagina: number;
  porPagina: number;
  offset: number;
}

/** The page asked for (`pagina` from 1, `por_pagina` 1-200, both already validated). */
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

/** D10: a page past the end is still a page, with the true totals; `total_paginas` is 0 when nothing matches. */
export function listMeta(page: Page, total: number): ListMeta {
  return { pagina: page.pagina, por_pagina: page.porPagina, total, total_paginas: Math.ceil(total / page.porPagina) };
}
