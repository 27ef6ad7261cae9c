import { loadConfig } from '../config/config.ts';
import { migrate } from '../store/migrate.ts';
import { openStore, type Store } from '../store/store.ts';

export type WithStore = (work: (store: Store) => Promise<void>) => Promise<void>;

/**
 * Opens the store the server uses (DATA_DIR or DATABASE_URL) — through a running server's
 * socket when one holds the embedded store, so effects reach it at once (D31) — and makes sure
 * the schema exists.
 */
export const withStore: WithStore = async (work) => {
  const store = await openStore(loadConfig(), { embeddedRole: 'any', poolMax: 2 });
  try {
    await migrate(store.pool, ['central', 'tenant']);
    await work(store);
  } finally {
    await store.close();
  }
};
