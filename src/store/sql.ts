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

/**
 * JSON written by joining text, for a record PostgreSQL writes for every row of an export (ADR
 * 0026): half the work of `row_to_json` over a sub-select started for every row, and the same
 * bytes, since `row_to_json` writes each value with the same output function (`to_json` escapes a
 * string as it does; numbers and dates print as their text). Each takes SQL written by the code
 * (columns and expressions), never a value, and gives JSON text, never NULL.
 */
export const jsonText = {
  /** an object with these keys (plain words, written as they are) in this order; the values are JSON text */
  object: (fields: readonly (readonly [key: string, value: string])[]): string =>
    `(${fields.map(([key, value], i) => `'${i === 0 ? '{' : ','}"${key}":' || ${value}`).join(' || ')} || '}')`,
  /** a string, or null */
  string: (expression: string): string => `coalesce(to_json(${expression})::text, 'null')`,
  /** a number (integer or float8: its shortest text that reads back the same, as a JSON number is written), or null */
  number: (expression: string): string => `coalesce((${expression})::text, 'null')`,
  /** a date as `YYYY-MM-DD`, or null */
  date: (expression: string): string => `coalesce('"' || ${dateText(expression)} || '"', 'null')`,
  /** an instant as `utcText` writes it, or null */
  instant: (expression: string): string => `coalesce('"' || ${utcText(expression)} || '"', 'null')`,
};
