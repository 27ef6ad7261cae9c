import { EventEmitter } from 'node:events';
import type net from 'node:net';
import pg from 'pg';
import { DEFAULT_CONNECT_TIMEOUT_MS } from '../config/config.ts';
import { pgTypes } from './pg-types.ts';

/**
 * TCP keepalive probes start after a connection has been silent this long, so a pooled connection
 * to a host that died without a word (no FIN, no RST) is found dead and dropped while it idles,
 * instead of failing the next request that picks it.
 */
const KEEPALIVE_DELAY_MS = 10_000;

export interface PoolBounds {
  /**
   * Client-side bound of each statement, in ms (absent or 0: none). The statement timeout is
   * enforced by the server, so it cannot help when the server is unreachable but the socket is
   * still open (a dead host behind a live load balancer, a partition): this one can (D38).
   */
  queryTimeoutMs?: number;
}

/** What every pool of a store is opened with (the central one and each tenant database's). */
export interface ServerPoolOptions {
  config: Pick<pg.PoolConfig, 'statement_timeout' | 'connectionTimeoutMillis'>;
  bounds: PoolBounds;
}

/**
 * Raised in every statement of a connection that was destroyed because one of them did not answer
 * in time. `ETIMEDOUT` makes it a store-unavailable failure (unavailable.ts: 503, D38).
 */
export class QueryTimeoutError extends Error {
  readonly code = 'ETIMEDOUT';
  constructor(ms: number) {
    super(`the database did not answer within ${ms} ms`);
  }
}

/**
 * A `pg` pool with the shared type parsers (pg-types.ts). Used for the central store and for
 * every tenant database, so rows read the same whichever database holds them — and bounded the
 * same way: connecting within the connect timeout, each statement within `queryTimeoutMs`, dead
 * idle peers found by TCP keepalive.
 */
export function makePool(config: pg.PoolConfig, bounds: PoolBounds = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionTimeoutMillis: DEFAULT_CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
    ...config,
    types: pgTypes,
  });
  // An idle client's error (the database restarting) must not crash the process (D38).
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    // Nor may a checked-out client's: pg-pool listens for errors only while a client is idle, and
    // a connection that dies while a query runs (or just before one) emits 'error' on the client
    // besides failing the query, an uncaught exception without this listener. The query's own
    // error reaches the caller (503), and the pool discards the broken client on release.
    client.on('error', () => undefined);
    if (bounds.queryTimeoutMs) boundStatements(client, bounds.queryTimeoutMs);
  });
  return pool;
}

type Callback = (...results: unknown[]) => void;
interface RawClient {
  query: (...args: unknown[]) => unknown;
  connection: { stream: net.Socket };
}

/**
 * Every statement of `client` fails within `ms`: past it, the connection itself is destroyed.
 * Not pg's own `query_timeout`: that one fails the query but keeps the connection, with the
 * unanswered statement still in flight, and returns it to the pool — the next statement on it
 * would queue behind one that may never end. A destroyed socket cannot deliver a late answer to
 * anyone; pg fails the statement (and any queued behind it) with our error and marks the client
 * unusable, so the pool drops it on release and opens a fresh connection for the next statement.
 */
function boundStatements(client: pg.PoolClient, ms: number): void {
  const raw = client as unknown as RawClient;
  const query = raw.query.bind(raw);
  raw.query = (...args: unknown[]) => {
    const timer = setTimeout(() => raw.connection.stream.destroy(new QueryTimeoutError(ms)), ms);
    const done = () => clearTimeout(timer);
    // pg-pool's pool.query passes a callback; Kysely awaits the returned promise.
    const at = args.findIndex((a) => typeof a === 'function');
    if (at !== -1) {
      const callback = args[at] as Callback;
      args[at] = (...results: unknown[]) => {
        done();
        callback(...results);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) result.then(done, done);
    else if (result instanceof EventEmitter) {
      // A stream (an export's COPY, read at once to its end): bounded until it ends or fails.
      result.once('end', done);
      result.once('error', done);
      result.once('close', done);
    } else done();
    return result;
  };
}
