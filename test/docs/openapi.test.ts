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

/** Every string of a JSON document, with where it is. */
function* strings(value: unknown, at = '$'): Generator<[string, string]> {
  if (typeof value === 'string') yield [at, value];
  else if (Array.isArray(value)) for (const [i, item] of value.entries()) yield* strings(item, `${at}[${i}]`);
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) yield* strings(v, `${at}.${k}`);
}

// The project's decision ids (D1..D46) are for its own code and docs (docs/decisions.md);
// integrators are told the rule itself.
const DECISION_ID = /\bD\d{1,2}\b/;

test('what integrators read cites no decision id: the OpenAPI texts, the reference page, the error messages', async () => {
  const cited = [...strings(t.app.swagger())].filter(([, text]) => DECISION_ID.test(text));
  assert.deepEqual(cited, []);
  for (const file of ['src/docs-page/index.html', 'src/docs-page/docs.js']) {
    const texts = fs.readFileSync(file, 'utf8').match(/(['"`])(?:(?!\1).)*\1|>[^<]+</g) ?? [];
    assert.deepEqual(
      texts.filter((text) => DECISION_ID.test(text)),
      [],
      file,
    );
  }
  const { CATALOGUE, CONNECTION_ERRORS } = await import('../../src/errors/catalogue.ts');
  const messages = [...Object.values(CATALOGUE), ...Object.values(CONNECTION_ERRORS)].map((e) => e.mensagem);
  assert.deepEqual(
    messages.filter((m) => DECISION_ID.test(m)),
    [],
  );
});
