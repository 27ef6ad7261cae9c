import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../../src/config/config.ts';
import { SOCKET_NAME, socketPath } from '../../src/store/embedded.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { endpointOf, TcpProxy, through } from './tcp-proxy.ts';
import type { TestStore } from './test-store.ts';

export interface ProxiedStore {
  proxy: TcpProxy;
  /** the app's store, reaching `direct`'s database through the proxy */
  store: Store;
  config: Config;
  /** closes the store and the proxy and removes the proxy's socket directory */
  close(): Promise<void>;
}

/**
 * The app's store as the server opens it, with the default bounds, on `direct`'s database reached
 * through a TCP proxy the fault suites can make refuse, black-hole or slow down: in front of the
 * PostgreSQL port, or of the embedded store's socket (the app then connects to the proxy's socket
 * as the CLI connects to a running server's).
 */
export async function proxiedStore(direct: TestStore): Promise<ProxiedStore> {
  if (direct.config.databaseUrl === undefined) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ae-px-'));
    const proxy = new TcpProxy({ path: socketPath(direct.config.dataDir) }, path.join(dir, SOCKET_NAME));
    await proxy.open();
    const config = loadConfig({ DATA_DIR: dir });
    const store = await openStore(config, { embeddedRole: 'any', queryTimeoutMs: config.dbQueryTimeoutMs });
    return { proxy, store, config, close: () => closeAll(store, proxy, dir) };
  }
  const proxy = new TcpProxy(endpointOf(direct.config.databaseUrl, 5432));
  await proxy.open();
  const config = loadConfig({ DATABASE_URL: through(proxy, direct.config.databaseUrl) });
  const store = await openStore(config, {
    embeddedRole: 'host',
    statementTimeoutMs: config.dbStatementTimeoutMs,
    queryTimeoutMs: config.dbQueryTimeoutMs,
  });
  return { proxy, store, config, close: () => closeAll(store, proxy, null) };
}

async function closeAll(store: Store, proxy: TcpProxy, dir: string | null): Promise<void> {
  await store.close();
  await proxy.close();
  if (dir !== null) fs.rmSync(dir, { recursive: true, force: true });
}
