import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { touchCredential } from '../../src/auth/token.query.ts';
import { OPERATOR } from '../../src/credentials/audit.ts';
import { createCredential } from '../../src/credentials/credentials.service.ts';
import { importDataset } from '../../src/store/import/import.ts';
import { freshStore, type TestStore } from '../helpers/test-store.ts';

/**
 * The data guard's note of a credential's use (token.query.ts) commits without waiting for the WAL
 * flush: `synchronous_commit` off for its own transaction only. Proved on one connection held for
 * the test: the note is written, and the connection's next statements are durable again — a
 * setting left on a pooled connection would make the next import on it lose its commit in a crash.
 */
let t: TestStore;
let credentialId: number;

before(async () => {
  t = await freshStore();
  await importDataset(t.store.pool, { empresas: [{ id: 1, nome: 'Empresa do uso' }] });
  const created = await createCredential(
    t.store.central,
    { empresaId: 1, name: 'Usada', scopes: ['os:ler'], allowedIps: [], expires: null },
    OPERATOR,
  );
  const row = await t.store.central
    .selectFrom('api_credentials')
    .select('id')
    .where('client_id', '=', created.client_id)
    .executeTakeFirstOrThrow();
  credentialId = Number(row.id);
});
after(() => t?.close());

test('the use is noted, and synchronous_commit is back on for the connection right after', async () => {
  await t.store.central.connection().execute(async (db) => {
    const before = await sql<{ s: string }>`SELECT current_setting('synchronous_commit') AS s`.execute(db);
    assert.equal(before.rows[0]?.s, 'on', 'the store commits synchronously by default');
    await touchCredential(db, credentialId, '192.0.2.9');
    const noted = await db
      .selectFrom('api_credentials')
      .select(['last_used_ip', 'last_used_at'])
      .where('id', '=', credentialId)
      .executeTakeFirstOrThrow();
    assert.equal(noted.last_used_ip, '192.0.2.9');
    assert.notEqual(noted.last_used_at, null);
    const after = await sql<{ s: string }>`SELECT current_setting('synchronous_commit') AS s`.execute(db);
    assert.equal(after.rows[0]?.s, 'on', 'the setting did not outlive the note’s own transaction');
  });
});

test('a use noted less than a minute ago is not written again', async () => {
  await t.store.pool.query(
    `UPDATE api_credentials SET last_used_at = now() - interval '10 seconds', last_used_ip = '192.0.2.1' WHERE id = $1`,
    [credentialId],
  );
  await touchCredential(t.store.central, credentialId, '192.0.2.2');
  const { rows } = await t.store.pool.query<{ last_used_ip: string }>('SELECT last_used_ip FROM api_credentials WHERE id = $1', [
    credentialId,
  ]);
  assert.equal(rows[0]?.last_used_ip, '192.0.2.1');
});
