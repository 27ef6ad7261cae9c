import { sql, type RawBuilder } from 'kysely';

/** RFC 3339 UTC with second precision (D18), whatever the session time zone. */
export function utcDateTime(column: string): RawBuilder<string | null> {
  return sql<string | null>`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
}

/** Escapes LIKE wildcards so a search term matches literally. */
export function likeContains(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}
