import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { TestApp } from '../helpers/test-app.ts';

let t: TestApp;
before(async () => {
  t = await TestApp.start();
});
after(async () => t.close());

test('docs/openapi.json is what the routes generate (run `npm run openapi` after changing a route)', async () => {
  const committed = JSON.parse(fs.readFileSync('docs/openapi.json', 'utf8'));
  assert.deepEqual(t.app.swagger(), committed);
});

test('GET /openapi.json serves it, and every data route documents its scope and error envelope', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
  assert.equal(res.statusCode, 200);
  const doc = res.json() as {
    paths: Record<string, Record<string, { security?: { oauth2?: string[] }[]; responses: Record<string, unknown> }>>;
  };
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (path === '/v1/oauth/token') continue;
    const get = methods.get;
    assert.ok(get, path);
    assert.equal(get.security?.[0]?.oauth2?.length, 1, `${path} names its scope`);
    for (const status of ['400', '401', '403', '404', '429']) assert.ok(get.responses[status], `${path} documents ${status}`);
  }
  assert.ok(doc.paths['/v1/clientes'] && doc.paths['/v1/clientes/{id}'] && doc.paths['/v1/oauth/token']);
});
