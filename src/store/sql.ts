import { sql, type RawBuilder } from 'kysely';

/**
 * A timestamptz column as RFC 3339 UTC with second precision (D18), whatever the session time
 * zone: the one way every datetime the API, the settings area and the CLI show is written.
 * `T` is `string` for a NOT NULL column.
 */
export function utcDateTime<T extends string | null = string | null>(column: string): RawBuilder<T> {
  return sql<T>`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
}

/** Escapes LIKE wildcards so a search term matches literally. */
export function likeContains(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}
