// Writes docs/openapi.json from the route schemas (npm run openapi). A test fails when the
// committed file differs from what the routes generate (architecture convention 7).
import fs from 'node:fs';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/config.ts';
import { MemoryLimiter } from '../src/ratelimit/memory-limiter.ts';
import { openStore } from '../src/store/store.ts';

export const OPENAPI_PATH = 'docs/openapi.json';

// pg pools connect lazily: building the routes needs a store object, never a query.
const store = await openStore(loadConfig({ DATABASE_URL: 'postgres://openapi@127.0.0.1:1/none' }), { embeddedRole: 'host' });
const app = await buildApp({ config: { trustProxy: [] }, store, limiter: new MemoryLimiter() });
fs.writeFileSync(OPENAPI_PATH, `${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
await store.close();
console.log(`wrote ${OPENAPI_PATH}`);
