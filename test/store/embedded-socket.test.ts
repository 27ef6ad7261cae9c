import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { hostEmbeddedStore, type EmbeddedHost } from '../../src/store/embedded.ts';
import { socketPath } from '../../src/store/embedded.ts';
import { wire, WireClient } from '../helpers/pg-wire.ts';
import { TestApp } from '../helpers/test-app.ts';

/**
 * The embedded store's socket (ADR 0001): many connections share PGlite's one session, and each
 * must still get its own answers and its own transactions. With a socket that queued single
 * protocol messages, concurrent extended-protocol queries bound each other's statements.
 */
let dataDir: string;
let host: EmbeddedHost;
let pool: pg.Pool;

before(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ae-'));
  host = await hostEmbeddedStore(dataDir);
  pool = new pg.Pool({ host: dataDir, user: 'postgres', database: 'postgres', max: 12 });
});

after(async () => {
  await pool.end();
  await host.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('concurrent parameterised queries on many connections each get their own rows', async () => {
  const answers = await Promise.all(
    Array.from({ length: 300 }, (_, i) => pool.query<{ n: number; t: string }>('SELECT $1::int AS n, $2::text AS t', [i, `q${i}`])),
  );
  answers.forEach((res, i) => assert.deepEqual(res.rows, [{ n: i, t: `q${i}` }]));
});

test("one connection's Parse and its Bind never straddle another connection's query", async () => {
  const a = await WireClient.connect(socketPath(dataDir));
  const b = await WireClient.connect(socketPath(dataDir));
  try {
    // A's Parse arrives alone; B's whole query arrives before A's Bind: a socket that runs single
    // messages as they come lets B's Parse replace A's unnamed statement.
    a.send(wire.parse('SELECT $1::int + 1 AS a'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    b.send(wire.parse("SELECT 'b:' || $1::text AS b"), wire.bind('from b'), wire.execute(), wire.sync());
    assert.deepEqual(await b.untilReady(), { values: ['b:from b'], errors: [] });
    a.send(wire.bind('41'), wire.execute(), wire.sync());
    assert.deepEqual(await a.untilReady(), { values: ['42'], errors: [] });
  } finally {
    a.close();
    b.close();
  }
});

test('concurrent queries of different shapes never swap statements', async () => {
  const answers = await Promise.all(
    Array.from({ length: 200 }, (_, i) =>
      i % 2 === 0
        ? pool.query<{ v: string }>('SELECT $1::text || $2::text AS v', [`a${i}`, 'b']).then((r) => r.rows[0]?.v)
        : pool.query<{ v: number }>('SELECT $1::int * 2 AS v', [i]).then((r) => r.rows[0]?.v),
    ),
  );
  answers.forEach((v, i) => assert.equal(v, i % 2 === 0 ? `a${i}b` : i * 2));
});

test("a transaction stays its connection's own while others query", async () => {
  await pool.query('CREATE TABLE IF NOT EXISTS socket_probe (id int PRIMARY KEY)');
  const a = await pool.connect();
  try {
    await a.query('BEGIN');
    await a.query('INSERT INTO socket_probe VALUES (1)');
    // Others are served only once the transaction ends; they must not see or join it.
    const others = Promise.all(Array.from({ length: 20 }, () => pool.query<{ c: string }>('SELECT count(*)::text AS c FROM socket_probe')));
    assert.deepEqual((await a.query('SELECT id FROM socket_probe')).rows, [{ id: 1 }]);
    await a.query('ROLLBACK');
    for (const res of await others) assert.equal(res.rows[0]?.c, '0');
  } finally {
    a.release();
  }
});

test('a connection that leaves in the middle of a transaction gives it up', async () => {
  const client = new pg.Client({ host: dataDir, user: 'postgres', database: 'postgres' });
  await client.connect();
  await client.query('BEGIN');
  await client.query('INSERT INTO socket_probe VALUES (2)');
  await client.end();
  const { rows } = await pool.query<{ c: string }>('SELECT count(*)::text AS c FROM socket_probe WHERE id = 2');
  assert.equal(rows[0]?.c, '0');
});

test('concurrent token requests on the embedded store are all answered right', async () => {
  const t = await TestApp.start();
  try {
    const creds = await Promise.all(Array.from({ length: 8 }, async () => t.credential(await t.company())));
    const answers = await Promise.all(creds.flatMap((cred) => Array.from({ length: 5 }, () => t.requestToken(cred))));
    assert.deepEqual(
      answers.map((r) => r.statusCode),
      answers.map(() => 200),
    );
  } finally {
    await t.close();
  }
});
