import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type pg from 'pg';
import { SOCKET_NAME, socketPath } from '../../src/store/embedded.ts';
import { copyOut } from '../../src/store/export/copy-out.ts';
import { makePool, QueryTimeoutError } from '../../src/store/pool.ts';
import { isStoreUnavailable } from '../../src/store/unavailable.ts';
import { endpointOf, TcpProxy, through } from '../helpers/tcp-proxy.ts';
import { freshStore, type TestStore } from '../helpers/test-store.ts';

/**
 * The client-side statement bound of every server pool (store/pool.ts, D38): a statement the
 * database does not answer in time fails with a store-unavailable error, and its connection is
 * destroyed, never handed to the next statement — so an answer arriving late can never be read
 * as the answer to another statement. Through a proxy in front of PostgreSQL or of the embedded
 * store's socket.
 */

const BOUND_MS = 1000;
let direct: TestStore;
let proxy: TcpProxy;
let proxyDir: string | null = null;
let connection: pg.PoolConfig;

before(async () => {
  direct = await freshStore();
  if (direct.config.databaseUrl === undefined) {
    proxyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ae-qt-'));
    proxy = new TcpProxy({ path: socketPath(direct.config.dataDir) }, path.join(proxyDir, SOCKET_NAME));
    await proxy.open();
    connection = { host: proxyDir, user: 'postgres', database: 'postgres' };
  } else {
    proxy = new TcpProxy(endpointOf(direct.config.databaseUrl, 5432));
    await proxy.open();
    connection = { connectionString: through(proxy, direct.config.databaseUrl) };
  }
});

after(async () => {
  await proxy?.close();
  await direct?.close();
  if (proxyDir !== null) fs.rmSync(proxyDir, { recursive: true, force: true });
});

/** A one-connection pool with the bound, counting the connections it opens. */
function boundedPool(): { pool: pg.Pool; opened: () => number } {
  const pool = makePool({ ...connection, max: 1 }, { queryTimeoutMs: BOUND_MS });
  let opened = 0;
  pool.on('connect', () => opened++);
  return { pool, opened: () => opened };
}

describe('a statement the database does not answer in time', () => {
  test('fails within the bound as a store failure (503, D38), and its connection is destroyed', async () => {
    const { pool, opened } = boundedPool();
    try {
      assert.deepEqual((await pool.query('SELECT 1 AS n')).rows, [{ n: 1 }]);
      await proxy.setMode('blackhole');
      const started = performance.now();
      await assert.rejects(pool.query('SELECT 2 AS n'), (err: unknown) => {
        assert.ok(err instanceof QueryTimeoutError, String(err));
        assert.ok(isStoreUnavailable(err));
        return true;
      });
      const elapsed = performance.now() - started;
      assert.ok(elapsed >= BOUND_MS - 5 && elapsed < BOUND_MS + 500, `failed after ${Math.round(elapsed)} ms`);
      assert.equal(pool.totalCount, 0, 'the connection left the pool');
      await proxy.setMode('pass');
      assert.deepEqual((await pool.query('SELECT 3 AS n')).rows, [{ n: 3 }]);
      assert.equal(opened(), 2, 'a new connection served the next statement');
    } finally {
      await proxy.setMode('pass');
      await pool.end();
    }
  });

  test('a late answer is never read by the next statement (pool.query and Kysely alike)', async () => {
    const { pool, opened } = boundedPool();
    const db = new Kysely<Record<string, never>>({ dialect: new PostgresDialect({ pool }) });
    try {
      assert.deepEqual((await sql<{ which: string }>`SELECT 'warm' AS which`.execute(db)).rows, [{ which: 'warm' }]);
      // Every byte now arrives 1.5 s late: the answer to 'late' comes after the 1 s bound.
      await proxy.setMode('slow', { delayMs: 1500 });
      await assert.rejects(sql`SELECT 'late' AS which`.execute(db), QueryTimeoutError);
      await proxy.setMode('pass');
      // Kysely released the client without an error; it must not come back from the pool.
      assert.deepEqual((await sql<{ which: string }>`SELECT 'next' AS which`.execute(db)).rows, [{ which: 'next' }]);
      // Past the moment the late answer would have arrived, on the pool's callback path too.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      assert.deepEqual((await pool.query<{ which: string }>("SELECT 'after' AS which")).rows, [{ which: 'after' }]);
      await proxy.setMode('slow', { delayMs: 1500 });
      await assert.rejects(pool.query("SELECT 'late again' AS which"), QueryTimeoutError);
      await proxy.setMode('pass');
      assert.deepEqual((await pool.query<{ which: string }>("SELECT 'last' AS which")).rows, [{ which: 'last' }]);
      assert.equal(opened(), 3, 'each timed-out connection was replaced');
    } finally {
      await proxy.setMode('pass');
      await db.destroy();
    }
  });

  test("a COPY read as a stream (an export's batch, ADR 0027) is bounded the same way", { timeout: 15_000 }, async () => {
    const { pool, opened } = boundedPool();
    const copy = 'COPY (SELECT g FROM generate_series(1, 3) g) TO STDOUT';
    try {
      const client = await pool.connect();
      try {
        assert.equal((await copyOut(client, copy)).toString(), '1\n2\n3\n');
        await proxy.setMode('blackhole');
        const started = performance.now();
        await assert.rejects(copyOut(client, copy), QueryTimeoutError);
        const elapsed = performance.now() - started;
        assert.ok(elapsed >= BOUND_MS - 5 && elapsed < BOUND_MS + 500, `failed after ${Math.round(elapsed)} ms`);
      } finally {
        client.release(true);
      }
      await proxy.setMode('pass');
      const next = await pool.connect();
      try {
        assert.equal((await copyOut(next, copy)).toString(), '1\n2\n3\n', 'a new connection copies again');
      } finally {
        next.release();
      }
      assert.equal(opened(), 2);
    } finally {
      await proxy.setMode('pass');
      await pool.end();
    }
  });

  test('a statement that answers in time is unaffected, and a transaction keeps its connection', async () => {
    const { pool, opened } = boundedPool();
    try {
      await proxy.setMode('slow', { delayMs: 100 });
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('CREATE TEMP TABLE qt (n int) ON COMMIT DROP');
        await client.query('INSERT INTO qt VALUES (1), (2)');
        assert.deepEqual((await client.query('SELECT sum(n)::int AS s FROM qt')).rows, [{ s: 3 }]);
        await client.query('COMMIT');
      } finally {
        client.release();
      }
      assert.equal(opened(), 1);
    } finally {
      await proxy.setMode('pass');
      await pool.end();
    }
  });
});
