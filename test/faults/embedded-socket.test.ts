import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { hostEmbeddedStore, type EmbeddedHost } from '../../src/store/embedded.ts';
import { IDLE_OWNER_MS } from '../../src/store/embedded-socket.ts';
import { makePool, QueryTimeoutError } from '../../src/store/pool.ts';
import { isStoreUnavailable } from '../../src/store/unavailable.ts';
import { report } from '../helpers/faults.ts';

/**
 * The embedded store's own black hole (ADR 0001, D38, issue 12): PGlite is one session, so a
 * client that opens a transaction and then goes silent — a stopped or hung CLI process — holds
 * every other connection. The server's statements give up after the client bound (503), and the
 * socket closes the silent owner after IDLE_OWNER_MS once someone waits, rolling its transaction
 * back: the store serves again by itself, without a restart.
 */

let dataDir: string;
let host: EmbeddedHost;
const QUERY_TIMEOUT_MS = 2500;

before(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ae-es-'));
  host = await hostEmbeddedStore(dataDir);
});

after(async () => {
  await host.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function silentOwner(): Promise<pg.Client> {
  const client = new pg.Client({ host: dataDir, user: 'postgres', database: 'postgres' });
  client.on('error', () => undefined);
  await client.connect();
  await client.query('BEGIN');
  await client.query('CREATE TABLE left_open (n int)');
  return client;
}

describe('a connection that holds the embedded session and goes silent', () => {
  test("others' statements fail within the client bound, then the owner is cut and its transaction rolled back", async () => {
    const pool = makePool({ host: dataDir, user: 'postgres', database: 'postgres', max: 2 }, { queryTimeoutMs: QUERY_TIMEOUT_MS });
    await pool.query('SELECT 1 AS n'); // a connection already open, as the server's pool has
    const owner = await silentOwner();
    const silentSince = performance.now();
    try {
      const started = performance.now();
      await assert.rejects(pool.query('SELECT 1 AS n'), (err: unknown) => err instanceof QueryTimeoutError && isStoreUnavailable(err));
      const failedMs = performance.now() - started;
      assert.ok(failedMs < 3000, `a waiting statement failed after ${Math.round(failedMs)} ms`);
      // Someone waits again: the owner, silent for IDLE_OWNER_MS, is closed; this one is served.
      let served = false;
      let firstServedMs = Infinity;
      while (!served && performance.now() - silentSince < IDLE_OWNER_MS + 5000) {
        served = await pool.query('SELECT 1 AS n').then(
          () => true,
          () => false,
        );
        if (served) firstServedMs = performance.now() - silentSince;
      }
      assert.ok(served, 'the store serves again');
      assert.ok(firstServedMs >= IDLE_OWNER_MS - 50, `not before the owner had been silent ${IDLE_OWNER_MS} ms`);
      assert.deepEqual(
        (await pool.query("SELECT to_regclass('left_open')::text AS t")).rows,
        [{ t: null }],
        'its transaction was rolled back',
      );
      await assert.rejects(owner.query('SELECT 1'), 'the silent owner was disconnected');
      report('embedded silent owner', { waiting_statement_503_ms: failedMs, served_again_after_silence_ms: firstServedMs });
    } finally {
      await owner.end().catch(() => undefined);
      await pool.end();
    }
  });

  test('an owner silent with nobody waiting keeps its transaction', async () => {
    const owner = await silentOwner();
    try {
      await new Promise((resolve) => setTimeout(resolve, IDLE_OWNER_MS + 500));
      await owner.query('INSERT INTO left_open VALUES (1)');
      await owner.query('ROLLBACK');
    } finally {
      await owner.end();
    }
  });
});
