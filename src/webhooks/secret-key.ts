import { randomBytes } from 'node:crypto';
import type pg from 'pg';

/**
 * The key that encrypts notification signing secrets (ADR 0021): WEBHOOKS_SECRET_KEY when the
 * operator gives one (then a copy of the database alone reveals no secret), else one kept in the
 * central database (central migration 0004), created by the first process that asks. Kept for the
 * life of the process once read; a failed read is not kept.
 */
export function secretKeyReader(pool: pg.Pool, configured: Buffer | undefined): () => Promise<Buffer> {
  if (configured !== undefined) return () => Promise.resolve(configured);
  let key: Promise<Buffer> | null = null;
  async function read(): Promise<Buffer> {
    await pool.query('INSERT INTO webhook_secret_key (id, chave) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [randomBytes(32)]);
    const { rows } = await pool.query<{ chave: Buffer }>('SELECT chave FROM webhook_secret_key WHERE id = 1');
    const chave = rows[0]?.chave;
    if (chave === undefined) throw new Error('webhook_secret_key has no key');
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
