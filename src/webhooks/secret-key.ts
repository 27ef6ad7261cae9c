import type pg from 'pg';
import { sharedKeyReader } from '../store/central-keys.ts';

/**
 * The key that encrypts notification signing secrets (ADR 0021): WEBHOOKS_SECRET_KEY when the
 * operator gives one (then a copy of the database alone reveals no secret), else one kept in the
 * central database (central migration 0004), created by the first process that asks.
 */
export function secretKeyReader(pool: pg.Pool, configured: Buffer | undefined): () => Promise<Buffer> {
  if (configured !== undefined) return () => Promise.resolve(configured);
  return sharedKeyReader(pool, 'webhook_secret_key');
}
