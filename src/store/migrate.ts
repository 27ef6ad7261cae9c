import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any constant works: it only serialises concurrent `migrate` runs on one database.
const MIGRATION_LOCK = 7_430_001;

export type MigrationSet = 'central' | 'tenant';

function migrationNames(set: MigrationSet): string[] {
  return fs
    .readdirSync(path.join(MIGRATIONS_DIR, set))
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => `${set}/${f.replace(/\.sql$/, '')}`);
}

/**
 * Applies, in name order, the migrations of the given sets not yet recorded in
 * `schema_migrations`, all in ONE transaction under an advisory lock: either every pending
 * migration is applied and recorded, or none is (a failure rolls all of them back). Returns the
 * names applied now.
 */
export async function migrate(pool: pg.Pool, sets: MigrationSet[]): Promise<string[]> {
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set((await client.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name));
    for (const name of sets.flatMap(migrationNames)) {
      if (done.has(name)) continue;
      await client.query(fs.readFileSync(path.join(MIGRATIONS_DIR, `${name}.sql`), 'utf8'));
      await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      applied.push(name);
    }
    await client.query('COMMIT');
    return applied;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** Whether the schema was ever created here (a never-initialised store gets the demo data). */
export async function isInitialised(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query<{ t: string | null }>("SELECT to_regclass('public.schema_migrations')::text AS t");
  return rows[0]?.t !== null && rows[0]?.t !== undefined;
}
