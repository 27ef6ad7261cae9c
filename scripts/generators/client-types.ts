import fs from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';

// The TypeScript client's types, generated from the OpenAPI description by openapi-typescript
// (pinned, so the output is the same everywhere). `npm run client:types` writes them; a test
// regenerates them in memory and fails when the committed file differs (architecture convention 7).

export const OPENAPI_PATH = 'docs/openapi.json';
export const CLIENT_TYPES_PATH = 'clients/typescript/src/openapi.ts';

const BANNER = `// Generated from ${OPENAPI_PATH} by openapi-typescript (npm run client:types). Do not edit.\n\n`;

export async function clientTypes(openapiPath = OPENAPI_PATH): Promise<string> {
  const doc = JSON.parse(fs.readFileSync(openapiPath, 'utf8')) as Parameters<typeof openapiTS>[0];
  return BANNER + astToString(await openapiTS(doc));
}
