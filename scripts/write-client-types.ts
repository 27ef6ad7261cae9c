// Writes the TypeScript client's types from docs/openapi.json (npm run client:types); run it after
// `npm run openapi`. A test fails when the committed file differs from what this generates.
import fs from 'node:fs';
import { CLIENT_TYPES_PATH, clientTypes } from './generators/client-types.ts';

fs.writeFileSync(CLIENT_TYPES_PATH, await clientTypes());
console.log(`wrote ${CLIENT_TYPES_PATH}`);
