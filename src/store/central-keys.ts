import { randomBytes } from 'node:crypto';
import type pg from 'pg';

/** The one-row tables of the central database that each hold a key every instance shares. */
type KeyTable = 'feed_cursor_key' | 'webhook_secret_key';

/**
 * Reads a key shared by every instance from its one-row table: created by the first process that
 * asks, the same for every process after (the insert of a second one loses the race and reads the
 * winner's). Kept for the life of the process once read; a failed read (database down) is not
 * kept, so the next call tries again.
 */
export function sharedKeyReader(pool: pg.Pool, table: KeyTable): () => Promise<Buffer> {
  let key: Promise<Buffer> | null = null;
  async function read(): Promise<Buffer> {
    await pool.query(`INSERT INTO ${table} (id, chave) VALUES (1, $1) ON CONFLICT (id) DO NOTHING`, [randomBytes(32)]);
    const { rows } = await pool.query<{ chave: Buffer }>(`SELECT chave FROM ${table} WHERE id = 1`);
    const chave = rows[0]?.chave;
    if (chave === undefined) throw new Error(`${table} has no key`);
    return chave;
  }
  return () => {
    key ??= read().catch((err: unknown) => {
      key = null;
      throw err;
    });
    return key;
  };
}
