import pg from 'pg';
import { pgTypes } from './pg-types.ts';

/**
 * A `pg` pool with the shared type parsers (pg-types.ts). Used for the central store and for
 * every tenant database, so rows read the same whichever database holds them.
 */
export function makePool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool({ connectionTimeoutMillis: 5000, idleTimeoutMillis: 30_000, ...config, types: pgTypes });
  // An idle client's error (the database restarting) must not crash the process (D38).
  pool.on('error', () => undefined);
  // Nor may a checked-out client's: pg-pool listens for errors only while a client is idle, and
  // a connection that dies while a query runs (or just before one) emits 'error' on the client
  // besides failing the query, an uncaught exception without this listener. The query's own
  // error reaches the caller (503), and the pool discards the broken client on release.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}
