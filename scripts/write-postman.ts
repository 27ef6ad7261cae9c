// Writes the Postman/Insomnia collection from docs/openapi.json (npm run postman); run it after
// `npm run openapi`. A test fails when the committed file differs from what this generates.
import fs from 'node:fs';
import { POSTMAN_PATH, postmanCollection } from './generators/postman.ts';

fs.writeFileSync(POSTMAN_PATH, await postmanCollection());
console.log(`wrote ${POSTMAN_PATH}`);
