import { sql, type RawBuilder } from 'kysely';

/**
 * A timestamptz expression as RFC 3339 UTC with second precision (D18), whatever the session time
 * zone: the one way every datetime the API, the settings area and the CLI show is written.
 * `expression` is SQL written by the code (a column), never a value.
 */
export function utcText(expression: string): string {
  return `to_char(${expression} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
}

/** utcText for a Kysely query; `T` is `string` for a NOT NULL column. */
export function utcDateTime<T extends string | null = string | null>(column: string): RawBuilder<T> {
  return sql<T>`${sql.raw(utcText(column))}`;
}

/** A business date as `YYYY-MM-DD`, never shifted by a time zone (D18). */
export function dateText(expression: string): string {
  return `to_char(${expression}, 'YYYY-MM-DD')`;
}

/** Escapes LIKE wildcards so a search term matches literally. */
export function likeContains(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}
