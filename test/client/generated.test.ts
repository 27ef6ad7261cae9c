import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { CLIENT_TYPES_PATH, clientTypes } from '../../scripts/generators/client-types.ts';
import { POSTMAN_PATH, postmanCollection } from '../../scripts/generators/postman.ts';

// Files generated from docs/openapi.json are committed; regenerated here in memory, they must be
// byte for byte what is committed (architecture convention 7), so they never drift from the API.

interface Doc {
  paths: Record<string, Record<string, { summary?: string }>>;
}

const doc = JSON.parse(fs.readFileSync('docs/openapi.json', 'utf8')) as Doc;
const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.keys(methods)
    .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
    .map((method) => `${method.toUpperCase()} ${path}`),
);

test('the client types are what openapi-typescript makes of docs/openapi.json (run `npm run client:types`)', async () => {
  assert.equal(fs.readFileSync(CLIENT_TYPES_PATH, 'utf8'), await clientTypes());
});

test('the Postman collection is what the generator makes of docs/openapi.json (run `npm run postman`)', async () => {
  assert.equal(fs.readFileSync(POSTMAN_PATH, 'utf8'), await postmanCollection());
});

interface Item {
  name: string;
  item?: Item[];
  request?: { method: string; url: { path: string[] }; auth?: { type: string } };
}

const requestsOf = (items: Item[]): Item[] => items.flatMap((i) => (i.item ? requestsOf(i.item) : i.request ? [i] : []));

test('the collection holds one request per operation, on {{baseUrl}}, under the collection-level OAuth2 client-credentials auth', () => {
  const collection = JSON.parse(fs.readFileSync(POSTMAN_PATH, 'utf8')) as {
    item: Item[];
    auth: { type: string; oauth2: { key: string; value: string }[] };
    variable: { key: string }[];
  };
  const requests = requestsOf(collection.item);
  const asOperations = requests.map((r) => {
    const path = (r.request?.url.path ?? []).map((p) => p.replace(/^:(\w+)$/, '{$1}')).join('/');
    return `${r.request?.method} /${path}`;
  });
  assert.deepEqual(asOperations.sort(), [...operations].sort());

  const auth = Object.fromEntries(collection.auth.oauth2.map((e) => [e.key, e.value]));
  assert.equal(collection.auth.type, 'oauth2');
  assert.equal(auth.grant_type, 'client_credentials');
  assert.equal(auth.accessTokenUrl, '{{baseUrl}}/v1/oauth/token');
  assert.equal(auth.client_authentication, 'header', 'id and secret by Basic, as the token endpoint requires');
  assert.deepEqual(collection.variable.map((v) => v.key).sort(), ['baseUrl', 'clientId', 'clientSecret']);
  for (const r of requests) {
    if (r.request?.method === 'POST') assert.equal(r.request.auth?.type, 'basic', 'the token request itself');
    else assert.equal(r.request?.auth, undefined, `${r.name} inherits the collection's auth`);
  }
});
