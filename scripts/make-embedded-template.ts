// Makes the migrated embedded store that test files copy instead of creating their own
// (scripts/run-tests.mjs, test/helpers/test-store.ts): PGlite's initdb and the migrations cost
// about 5 s of CPU per store, and a test pass creates some eighty of them. Usage: <dir>.
import { loadConfig } from '../src/config/config.ts';
import { migrate } from '../src/store/migrate.ts';
import { openStore } from '../src/store/store.ts';

const dir = process.argv[2];
if (dir === undefined) {
  console.error('usage: make-embedded-template.ts <dir>');
  process.exit(2);
}
const store = await openStore(loadConfig({ DATA_DIR: dir }), { embeddedRole: 'host' });
try {
  await migrate(store.pool, ['central', 'tenant']);
} finally {
  // A clean shutdown: the copies open a database with nothing to recover.
  await store.close();
}
