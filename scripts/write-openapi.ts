// Writes docs/openapi.json from the route definitions (npm run openapi), with the default server
// (the address of `npm start`); the server serves the same document at /openapi.json on its own
// address (ADR 0012). A test fails when the committed file differs from what the routes generate
// (architecture convention 7).
import fs from 'node:fs';
import { apiDescription } from '../src/routes.ts';

export const OPENAPI_PATH = 'docs/openapi.json';

fs.writeFileSync(OPENAPI_PATH, `${JSON.stringify(apiDescription(), null, 2)}\n`);
console.log(`wrote ${OPENAPI_PATH}`);
