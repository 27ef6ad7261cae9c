import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { OPERATOR } from '../../src/credentials/audit.ts';
import { updateCredential } from '../../src/credentials/credentials.service.ts';
import { SCOPES, type Scope } from '../../src/domain/scopes.ts';
import { hasIdParam, type DataRoute } from '../../src/contract/data-route.ts';
import type { ParamSpec } from '../../src/contract/params.ts';
import { DATA_ROUTES } from '../../src/routes.ts';
import { assertSpecHeaders, CONTACT_FIELDS, keysDeep, UnlimitedLimiter } from '../helpers/adversarial.ts';
import { TestApp } from '../helpers/test-app.ts';
import { sideDataset, type Side } from '../helpers/two-companies.ts';

/**
 * Scopes, attacked (issue 12), generated from the route table:
 * - the matrix: every scope (alone, all, all but one) × every route variant (list, detail,
 *   `incluir=contato`, `documento`), with the exact status and `WWW-Authenticate` of D36/D13;
 * - property-level authorisation: without `clientes:contato:ler`, no answer anywhere carries a
 *   contact field or a contact value (D13), whatever the query, and however the scope went missing
 *   (never granted, not asked for in the token, taken from the credential after the token, D30).
 */
const CONTACT: Scope = 'clientes:contato:ler';
const CHALLENGE = 'Bearer realm="api-externa"';
const scopeChallenge = (scope: string) => `${CHALLENGE}, error="insufficient_scope", scope="${scope}"`;

let t: TestApp;
let side: Side;
const checked = { matrix: 0, contact: 0 };

before(async () => {
  t = await TestApp.start({ limiter: new UnlimitedLimiter() });
  const { dataset, side: s } = sideDataset(81, 0, 12, 'Empresa A');
  await t.load(dataset);
  side = s;
});
after(async () => {
  console.log(`# scopes: ${checked.matrix} matrix answers, ${checked.contact} answers without the contact scope`);
  await t.close();
});

const COLLECTION: Record<string, string> = {
  '/v1/clientes': 'clientes',
  '/v1/ordens-servico': 'ordens_servico',
  '/v1/produtos': 'produtos',
  '/v1/servicos': 'servicos',
};

/** The URL of a route for the test company: a detail route on one of its records. */
function urlOf(route: DataRoute): string {
  if (!hasIdParam(route)) return route.url;
  const collection = COLLECTION[route.url.replace('/:id', '')];
  assert.ok(collection, `${route.url}: add the collection of this detail route`);
  return route.url.replace(':id', String(side.ids[collection]?.[0]));
}

/** The variants of a route: itself, and each way of asking for contact data it accepts (D13). */
function variants(route: DataRoute): { name: string; query: string; needs: Scope[] }[] {
  const list: { name: string; query: string; needs: Scope[] }[] = [
    { name: hasIdParam(route) ? 'detail' : 'list', query: '', needs: [route.scope] },
  ];
  if (Object.hasOwn(route.params, 'incluir'))
    list.push({ name: 'incluir=contato', query: '?incluir=contato', needs: [route.scope, CONTACT] });
  if (Object.hasOwn(route.params, 'documento'))
    list.push({ name: 'documento', query: '?documento=00000000001', needs: [route.scope, CONTACT] });
  return list;
}

const tokenSets: { name: string; scopes: Scope[] }[] = [
  ...SCOPES.map((s) => ({ name: s, scopes: [s] })),
  { name: 'all', scopes: [...SCOPES] },
  ...SCOPES.map((s) => ({ name: `all but ${s}`, scopes: SCOPES.filter((x) => x !== s) })),
];

describe('the scope matrix: every scope set × every route variant', () => {
  test('status, error code and exact WWW-Authenticate as D36 and D13 say', async () => {
    for (const set of tokenSets) {
      const token = await t.token(await t.credential(side.empresaId, { scopes: set.scopes }));
      for (const route of DATA_ROUTES) {
        for (const v of variants(route)) {
          const url = urlOf(route) + v.query;
          const res = await t.get(url, token);
          const context = `${set.name} on ${url}`;
          assertSpecHeaders(res, context);
          // The route's own scope is checked first (the guard), then the contact scope (D13, D4).
          const missing = v.needs.find((s) => !set.scopes.includes(s));
          if (missing === undefined) {
            assert.equal(res.statusCode, 200, context);
            assert.equal(res.headers['www-authenticate'], undefined, context);
          } else {
            assert.equal(res.statusCode, 403, context);
            assert.equal((res.json() as { erro: { codigo: string } }).erro.codigo, 'escopo_insuficiente', context);
            assert.equal(res.headers['www-authenticate'], scopeChallenge(missing), context);
          }
          checked.matrix++;
        }
      }
    }
  });

  test('no credentials, another scheme, a bad token, a disallowed address: the challenges of D36 exactly', async () => {
    const token = await t.token(await t.credential(side.empresaId, { allowedIps: ['198.51.100.0/24'] }), undefined, '198.51.100.1');
    const cases: { name: string; headers: Record<string, string>; ip?: string; status: number; challenge: string | undefined }[] = [
      { name: 'no Authorization', headers: {}, status: 401, challenge: CHALLENGE },
      { name: 'Basic scheme', headers: { authorization: 'Basic YTpi' }, status: 401, challenge: CHALLENGE },
      { name: 'Bearer and nothing', headers: { authorization: 'Bearer' }, status: 401, challenge: `${CHALLENGE}, error="invalid_token"` },
      {
        name: 'Bearer, bad characters',
        headers: { authorization: 'Bearer a b' },
        status: 401,
        challenge: `${CHALLENGE}, error="invalid_token"`,
      },
      {
        name: 'unknown token',
        headers: { authorization: `Bearer ${token}x` },
        status: 401,
        challenge: `${CHALLENGE}, error="invalid_token"`,
      },
      { name: 'lower-case scheme', headers: { authorization: `bearer ${token}` }, ip: '198.51.100.7', status: 200, challenge: undefined },
      {
        name: 'outside the allowlist',
        headers: { authorization: `Bearer ${token}` },
        ip: '203.0.113.1',
        status: 403,
        challenge: undefined,
      },
    ];
    for (const route of DATA_ROUTES) {
      for (const c of cases) {
        const res = await t.app.inject({ method: 'GET', url: urlOf(route), headers: c.headers, remoteAddress: c.ip ?? '127.0.0.1' });
        const context = `${c.name} on ${route.url}`;
        assertSpecHeaders(res, context);
        assert.equal(res.statusCode, c.status, context);
        assert.equal(res.headers['www-authenticate'], c.challenge, context);
        checked.matrix++;
      }
    }
  });
});

/** Valid values of a parameter, by its kind: the queries a well-behaved caller would send. */
function sampleValues(name: string, spec: ParamSpec): string[] {
  switch (spec.kind) {
    case 'integer':
      return name.endsWith('_id') ? [String(side.ids.clientes?.[0])] : ['1', '2'];
    case 'enum':
      return [...spec.values];
    case 'flag':
      return ['0', '1'];
    case 'date':
      return [];
    case 'instant':
      return ['2025-01-01', '2025-01-01T03:00:00Z'];
    case 'text':
      // A feed's cursor comes from an earlier answer: none is valid before the first.
      if (name === 'cursor') return [];
      return name === 'status' ? ['aberta'] : name === 'documento' ? ['00000000001'] : ['Empresa'];
  }
}

/** Queries built from the route's own parameters: each valid value alone, and each with `incluir=contato` where it exists. */
function queries(route: DataRoute): string[] {
  const single = Object.entries(route.params).flatMap(([name, spec]) => sampleValues(name, spec).map((v) => `${name}=${v}`));
  if (Object.hasOwn(route.params, 'data_inicio')) single.push('data_inicio=2025-01-01&data_fim=2025-12-31');
  if (Object.hasOwn(route.params, 'cedente_id')) single.push('cedente_tipo=cliente&cedente_id=1');
  const all = ['', ...single];
  if (Object.hasOwn(route.params, 'incluir')) all.push(...single.map((q) => `${q}&incluir=contato`), 'incluir=contato');
  return all.map((q) => (q === '' ? '' : `?${q.replace(/^&/, '')}`));
}

/** Fails when an answer carries a contact field or value (D13). */
function assertNoContact(body: string, context: string): void {
  // An export's 200 is NDJSON (D48): every line is a JSON value of its own.
  const ndjson = /\/exportacao(?:\?|$)/.test(context) && body.startsWith('{') && body.endsWith('\n');
  const keys = keysDeep(
    ndjson
      ? body
          .trimEnd()
          .split('\n')
          .map((line) => JSON.parse(line) as unknown)
      : JSON.parse(body),
  );
  assert.deepEqual(
    CONTACT_FIELDS.filter((f) => keys.has(f)),
    [],
    context,
  );
  for (const canary of ['@canario-', 'Rua Canário', '+55 11 9', 'Cidade Empresa'])
    assert.ok(!body.includes(canary), `${context}: ${canary}`);
}

describe('property-level authorisation: contact fields only with clientes:contato:ler', () => {
  async function everyAnswer(token: string): Promise<void> {
    for (const route of DATA_ROUTES) {
      for (const q of queries(route)) {
        const url = urlOf(route) + q;
        const res = await t.get(url, token);
        assert.ok(res.statusCode === 200 || res.statusCode === 400 || res.statusCode === 403, `${url}: ${res.statusCode}`);
        assertNoContact(res.body, url);
        checked.contact++;
      }
    }
  }

  test('a control: with the scope, incluir=contato does bring the contact fields and values', async () => {
    const token = await t.token(await t.credential(side.empresaId));
    const res = await t.get(`/v1/clientes/${side.ids.clientes?.[0]}?incluir=contato`, token);
    assert.equal(res.statusCode, 200);
    const keys = keysDeep(res.json());
    assert.deepEqual(
      CONTACT_FIELDS.filter((f) => !keys.has(f)),
      [],
    );
    assert.ok(res.body.includes('@canario-') && res.body.includes('Rua Canário'));
  });

  test('a credential without the scope: no answer carries contact data', async () => {
    await everyAnswer(await t.token(await t.credential(side.empresaId, { scopes: SCOPES.filter((s) => s !== CONTACT) })));
  });

  test('a credential with the scope, a token that did not ask for it: no answer carries contact data', async () => {
    const cred = await t.credential(side.empresaId);
    await everyAnswer(await t.token(cred, SCOPES.filter((s) => s !== CONTACT).join(' ')));
  });

  test('the scope taken from the credential after the token was issued: from the next request, none (D30)', async () => {
    const cred = await t.credential(side.empresaId);
    const token = await t.token(cred);
    assert.equal((await t.get('/v1/clientes?incluir=contato', token)).statusCode, 200);
    await updateCredential(t.store.central, cred.clientId, { scopes: SCOPES.filter((s) => s !== CONTACT) }, OPERATOR);
    await everyAnswer(token);
  });
});
