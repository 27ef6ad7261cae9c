import { randomBytes } from 'node:crypto';
import type pg from 'pg';

/**
 * The cursor signing key of the central database (central migration 0003): created by the first
 * instance that asks, the same for every instance after (the insert of a second one loses the race
 * and reads the winner's). Kept for the life of the process once read.
 */
export function cursorKeyReader(pool: pg.Pool): () => Promise<Buffer> {
  let key: Promise<Buffer> | null = null;
  async function read(): Promise<Buffer> {
    await pool.query('INSERT INTO feed_cursor_key (id, chave) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [randomBytes(32)]);
    const { rows } = await pool.query<{ chave: Buffer }>('SELECT chave FROM feed_cursor_key WHERE id = 1');
    const chave = rows[0]?.chave;
    if (chave === undefined) throw new Error('feed_cursor_key has no key');
    return chave;
  }
  return () => {
    // A failed read (database down) is not kept: the next request tries again.
    key ??= read().catch((err: unknown) => {
      key = null;
      throw err;
    });
    return key;
  };
}
