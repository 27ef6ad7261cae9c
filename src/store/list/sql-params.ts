/**
 * Positional parameters of one hand-written statement: `add` appends a value and returns its
 * placeholder, cast where PostgreSQL cannot infer the type. Values never enter the SQL text.
 */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown, cast?: string): string {
    this.values.push(value);
    return cast === undefined ? `$${this.values.length}` : `$${this.values.length}::${cast}`;
  }
}

/** A piece of SQL that may need parameters. */
export type SqlPiece = (params: SqlParams) => string;
