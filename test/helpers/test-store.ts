import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig, type Config } from '../../src/config/config.ts';
import { migrate } from '../../src/store/migrate.ts';
import { openStore, type Store } from '../../src/store/store.ts';

export interface TestStore {
  store: Store;
  config: Config;
  close(): Promise<void>;
}

/**
 * A fresh, migrated store for one test file: an embedded PGlite store in a new temp dir, or,
 * when TEST_DATABASE_URL is set, a new database created on that PostgreSQL server (dropped at
 * the end), so the same tests run on both (architecture convention 6).
 */
export async function freshStore(): Promise<TestStore> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return freshPostgres(serverUrl);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ae-'));
  // A copy of the migrated store the test runner made (scripts/run-tests.mjs): the same database a
  // new store migrates to, without paying PGlite's initdb again in every file.
  const template = process.env.TEST_EMBEDDED_TEMPLATE;
  if (template !== undefined) fs.cpSync(path.join(template, 'pgdata'), path.join(dataDir, 'pgdata'), { recursive: true });
  const config = loadConfig({ DATA_DIR: dataDir });
  const store = await openStore(config, { embeddedRole: 'host' });
  await migrate(store.pool, ['central', 'tenant']);
  return {
    store,
    config,
    async close() {
      await store.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function freshPostgres(serverUrl: string): Promise<TestStore> {
  const name = `ae_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const config = loadConfig({ DATABASE_URL: url.toString() });
  const store = await openStore(config, { embeddedRole: 'host' });
  await migrate(store.pool, ['central', 'tenant']);
  return {
    store,
    config,
    async close() {
      await store.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
