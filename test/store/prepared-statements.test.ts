import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PREPARE, preparingPool, statementName } from '../../src/store/prepared-statements.ts';

/**
 * The pool under the notification worker's Kysely (ADR 0020): the statements opening with
 * PREPARE are prepared once per connection, under a name derived from their text, and every
 * other statement runs as before. PostgreSQL only: the embedded store never prepares (its
 * connections share one session), and its worker is the requests' Kysely.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe('statements prepared by choice (PostgreSQL)', { skip: serverUrl ? false : 'TEST_DATABASE_URL not set' }, () => {
  let pool: pg.Pool;
  let db: Kysely<Record<string, never>>;
  /** The statements prepared on the only connection of the pool, by the texts they were prepared from. */
  const prepared = async () => {
    const { rows } = await sql<{
      name: string;
      statement: string;
    }>`SELECT name, statement FROM pg_prepared_statements ORDER BY name`.execute(db);
    return rows;
  };

  before(() => {
    pool = new pg.Pool({ connectionString: serverUrl, max: 1 });
    db = new Kysely({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  });
  after(async () => {
    await db.destroy();
  });

  test('a statement opening with PREPARE is prepared once under its name; it answers as unprepared; others are not prepared', async () => {
    const marked = (n: number) => sql<{ dobro: number }>`${sql.raw(PREPARE)} SELECT ${n}::int * 2 AS dobro`;
    assert.deepEqual(await prepared(), []);
    assert.deepEqual((await marked(21).execute(db)).rows, [{ dobro: 42 }]);
    assert.deepEqual((await sql<{ dobro: number }>`SELECT ${21}::int * 2 AS dobro`.execute(db)).rows, [{ dobro: 42 }]);
    for (let n = 0; n < 8; n++) assert.deepEqual((await marked(n).execute(db)).rows, [{ dobro: 2 * n }]);
    const text = marked(0).compile(db).sql;
    assert.deepEqual(await prepared(), [{ name: statementName(text), statement: text }], 'one statement prepared, the marked one');
  });

  test('transactions and statements without parameters go through as they are', async () => {
    const value = await db.transaction().execute(async (trx) => {
      await sql`CREATE TEMPORARY TABLE t (v int) ON COMMIT DROP`.execute(trx);
      await sql`${sql.raw(PREPARE)} INSERT INTO t VALUES (${7})`.execute(trx);
      return (await sql<{ v: number }>`SELECT v FROM t`.execute(trx)).rows[0]?.v;
    });
    assert.equal(value, 7);
    assert.equal((await prepared()).length, 2, 'the marked insert joined the prepared statements; BEGIN, COMMIT and the rest did not');
  });
});
