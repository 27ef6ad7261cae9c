import type { Direction, Page } from '../../domain/paging.ts';
import type { SqlPiece } from './sql-params.ts';

/** The tables a list reads, each with a version in `data_versions` (tenant migration 0004). */
export type ListTable = 'clientes' | 'ordens_servico' | 'contas_receber' | 'contas_pagar' | 'boletos' | 'produtos' | 'servicos';

/** A sort column of a list, other than the id tie-break. */
export interface SortColumn {
  /** the column of the row `r`, e.g. `r.vencimento` */
  column: string;
  /** its SQL type, to read a page mark (text) back as a value */
  type: 'date' | 'numeric' | 'text' | 'timestamptz';
  /**
   * D9: nulls sort last in both directions. A NOT NULL column gets no NULLS clause, so that a
   * descending sort can scan an ascending index backwards.
   */
  nullable: boolean;
}

/** D43: every list sorts by `atualizado_em` (NOT NULL, tenant migration 0006); no spec needs to name it. */
export const ATUALIZADO_EM_SORT: SortColumn = { column: 'r.atualizado_em', type: 'timestamptz', nullable: false };

/**
 * How a list endpoint reads its table (store/list/list-engine.ts): the sort columns it offers and
 * how one row is written as the API's JSON record. Filters come with each request.
 */
export interface ListSpec {
  table: ListTable;
  /** by API sort field; `id` is always the tie-break and needs no entry */
  sorts: Readonly<Record<string, SortColumn>>;
  /** the record, as JSON text, from the row `r` (the page's rows only) */
  record: SqlPiece;
  /** a value the record looks up in another table for each row, which an export reads once instead */
  lookup?: RecordLookup;
}

/**
 * The JSON an export's record holds where its looked-up value goes: a NUL, which no PostgreSQL
 * text can hold, so no string the record writes is ever it (a `json` value could: a record with a
 * lookup writes none before its looked-up value, so the first one in its line is the place).
 */
export const LOOKED_UP = '"\\u0000"';

/**
 * A value of the record that `record` looks up per row in another table (a cedente's name): an
 * export of a whole company reads every key's value once, in its snapshot, and writes it into each
 * record itself, instead of PostgreSQL looking it up for each of a million rows (ADR 0026).
 */
export interface RecordLookup {
  /** the record as `record` writes it, with the looked-up value as the JSON `LOOKED_UP` */
  record: SqlPiece;
  /** the key (text) of the row `r`'s value; NULL when its record holds its value itself */
  key: string;
  /** `SELECT k, v …` for the company `$1`: every key with its value as JSON text (v NULL for a JSON null) */
  values: string;
}

/** One page asked of a list. */
export interface ListQuery {
  empresaId: number;
  /** conditions on the row `r`, besides the company and `excluido` */
  conditions: readonly SqlPiece[];
  /**
   * What the conditions select, as text: with the sort it keys the cached page index, so two
   * requests with the same key must select the same rows from the same data.
   */
  filterKey: string;
  sort: { field: string; direction: Direction };
  page: Page;
  /**
   * D43: only rows with `atualizado_em` at or after this instant (a timestamptz literal, compared
   * to the second). Every list has it, so the engine applies it and keys the page index with it.
   */
  atualizadoDesde?: string;
}
