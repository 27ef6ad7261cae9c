import { hash } from 'node:crypto';
import type { PostgresCursor, PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/**
 * Statements prepared once per connection, named after their text. Planning is most of the
 * database's time for the short statements this server repeats: a list page (pgbench, simple vs
 * prepared: 0.86 vs 0.26 ms, ADR 0010), and the notification queue's claim (0.6 ms to plan,
 * 0.15 ms to run on a small queue, ADR 0020). Never on the embedded store: its connections share
 * PGlite's one session, where a name prepared by one connection already exists for the next.
 */

/**
 * Statement names by text. The texts are few (values are parameters), and hashing an ~2 KB text
 * on every request was ~1% of a list request's CPU. Bounded all the same: past the cap it starts
 * again (a name is the same for the same text, so a connection's earlier preparation still fits).
 */
const NAMES = new Map<string, string>();
const MAX_NAMES = 2_000;

export function statementName(text: string): string {
  let name = NAMES.get(text);
  if (name === undefined) {
    if (NAMES.size >= MAX_NAMES) NAMES.clear();
    name = `s-${hash('sha1', text, 'hex').slice(0, 20)}`;
    NAMES.set(text, name);
  }
  return name;
}

/** A statement prepared by name when the database allows it (the lists', the change feed's). */
export const named = (statement: { text: string; values: unknown[] }, prepared: boolean) =>
  prepared ? { ...statement, name: statementName(statement.text) } : statement;

/**
 * Opens a statement that `preparingPool` prepares (a comment: the text stays plain SQL). Opt-in,
 * because a prepared statement may get PostgreSQL's generic plan after five runs, which does not
 * know its parameters: for the queue's claim that plan is as good, while statements over
 * `unnest` of arrays of any length ran 10-100 times slower under it (bench:webhooks, ADR 0020).
 */
export const PREPARE = '/* prepare */';

/**
 * A PostgreSQL pool as Kysely's dialect takes it, whose clients prepare the statements that open
 * with PREPARE, once per connection; the others run as usual.
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      const query = (sqlOrCursor: string | PostgresCursor<unknown>, parameters: readonly unknown[] = []) => {
        if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor as never);
        if (!sqlOrCursor.startsWith(PREPARE)) return client.query(sqlOrCursor, [...parameters]);
        return client.query(named({ text: sqlOrCursor, values: [...parameters] }, true));
      };
      return { query: query as unknown as PostgresPoolClient['query'], release: () => client.release() };
    },
    end: () => pool.end(),
  };
}
