import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { hasIdParam } from '../../src/contract/data-route.ts';
import { DATA_ROUTES } from '../../src/routes.ts';
import { ADVERSARIAL_SEED, size, specHeaderProblems, UnlimitedLimiter } from '../helpers/adversarial.ts';
import { TestApp } from '../helpers/test-app.ts';
import { decodeForm, DETAIL_RULES, expectedProblems, LIST_RULES, rulesOf, UPCOMING, validId, type Rule } from './query-reference.ts';

/**
 * Query strings of every list endpoint of the route table, fuzzed with fast-check (fixed seed):
 * names and values from the route's parameters plus junk — unknown and case-changed names,
 * repeats, empty names and values, malformed %-escapes, huge integers, impossible dates, long
 * and control-character texts. Every answer: no 5xx, the six spec headers, and the same verdict
 * as the reference validator (query-reference.ts) — 200 when it accepts, 400 naming exactly the
 * fields it refuses. The detail routes too: fuzzed `{id}` texts (D6) with their queries (D8).
 * 300 requests per endpoint in npm test, 2,000 with ADVERSARIAL_LONG=1.
 */
const RUNS = size(300, 2000);
const CUSTOM_STATUS = 'Aguardando peça';
/** The paged lists (spec: "List endpoints accept pagina, por_pagina, ..."). */
const DETAILS = DATA_ROUTES.filter(hasIdParam);
const LISTS = DATA_ROUTES.filter((r) => !hasIdParam(r) && Object.hasOwn(r.params, 'pagina'));

let t: TestApp;
let token: string;
const totals = { queries: 0, accepted: 0, refused: 0 };

before(async () => {
  t = await TestApp.start({ limiter: new UnlimitedLimiter() });
  const empresa = await t.company([CUSTOM_STATUS]);
  await t.load({
    clientes: [{ id: 1, empresa_id: empresa, tipo_pessoa: 'fisica', nome: 'Ana', documento: '529.982.247-25' }],
    ordens_servico: [{ id: 1, empresa_id: empresa, status: CUSTOM_STATUS, cliente_id: 1, data_abertura: '2025-06-01' }],
  });
  token = await t.token(await t.credential(empresa));
});
after(async () => {
  console.log(
    `# query fuzz: ${totals.queries} requests over ${LISTS.length} lists and ${DETAILS.length} detail routes, ${totals.accepted} accepted, ${totals.refused} refused, 0 5xx`,
  );
  await t.close();
});

/** What a client's form encoder writes; `'` too, as HTTP clients escape it in a request target. */
const encode = (text: string) => encodeURIComponent(text).replace(/'/g, '%27').replace(/%20/g, '+');
/** Characters a request target carries as they are (what an HTTP client sends unescaped). */
const RAW_CHARS = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$()*+,;=:@/?%&'];
const rawJunk = fc.array(fc.constantFrom(...RAW_CHARS), { maxLength: 12 }).map((cs) => cs.join(''));
const ESCAPE_JUNK = ['%', '%z', '%zz', '%C3', '%E2%82', '%C3%A1', '%FF', '%00', '+', '%20%20', '%2B1', '%0A'];

const isoDate = fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true });
const dateText = fc.oneof(
  isoDate.map((d) => d.toISOString().slice(0, 10)),
  fc.constantFrom('2025-01-15', '2026-01-15', '2026-01-16', '2024-02-29', '2025-02-28', '2025-03-01', '2023-02-29', '2025-02-30'),
  fc.constantFrom(
    '0000-01-01',
    '9999-12-31',
    '0001-01-01',
    '2025-1-01',
    '20250101',
    '2025-13-01',
    '2025-00-10',
    '2025-01-32',
    ' 2025-01-01',
  ),
);

/** Values for a parameter of the given rule: valid ones and near misses, decoded (the segment encodes them). */
function values(rule: Rule): fc.Arbitrary<string> {
  switch (rule.kind) {
    case 'integer':
      return fc.oneof(
        fc.integer({ min: 1, max: 250 }).map(String),
        fc.bigInt({ min: 0n, max: 10n ** 20n }).map(String),
        fc.constantFrom('0', '01', '+1', '-1', '1.0', '1e2', ' 1', '9007199254740991', '9007199254740992', '', '１'),
      );
    case 'enum':
      return fc.oneof(fc.constantFrom(...rule.values), fc.constantFrom('', 'ASC', 'x', ` ${rule.values[0]}`, `${rule.values[0]}\u0000`));
    case 'flag':
      return fc.constantFrom('0', '1', '2', 'true', '', ' 1', '00');
    case 'date':
      return dateText;
    case 'instant':
      // Clear-cut values only: the edges RFC 3339 leaves to readers (lower-case t/z, :60) are not the reference's to settle.
      return fc.oneof(
        isoDate.map((d) => d.toISOString().slice(0, 10)),
        isoDate.map((d) => d.toISOString().slice(0, 19) + 'Z'),
        fc.constantFrom(
          '2026-03-01T12:00:00Z',
          '2026-03-01T09:00:00-03:00',
          '2026-03-01T12:00:00.5Z',
          '2026-13-01',
          'ontem',
          '2026-03-01T25:00:00Z',
        ),
        fc.constantFrom('2026-03-01 12:00:00', '2026-03-01T12:00:00', '2026-02-30', '', '1'),
      );
    case 'os-status':
      return fc.constantFrom('aberta', 'concluida', 'orcamento', CUSTOM_STATUS, 'Aberta', ' aberta', 'aguardando peça', '', 'outra');
    case 'text':
      return fc.oneof(
        fc.string({ unit: 'grapheme', maxLength: 12 }),
        fc.string({ unit: 'grapheme-ascii', minLength: 95, maxLength: 110 }),
        fc.constantFrom(
          'a',
          ' a ',
          'ab',
          'Ana',
          'ção',
          'a\u0301gua',
          '%_',
          'a\tb',
          'ab\u0000',
          '529.982.247-25',
          '52998224725',
          '12.345.678/0001-95',
        ),
      );
  }
}

/** One `&`-separated segment of a query for the endpoint: a parameter, a pair of bounds or junk. */
function segment(rules: Record<string, Rule>): fc.Arbitrary<string> {
  const named = Object.entries(rules).map(([name, rule]) =>
    fc.oneof(
      { weight: 4, arbitrary: values(rule).map((v) => `${name}=${encode(v)}`) },
      fc.constantFrom(`${name}=`, name, ...ESCAPE_JUNK.map((e) => `${name}=${e}`)),
    ),
  );
  const junk = fc.oneof(
    fc.constantFrom(
      'cor=azul',
      'Pagina=1',
      'PAGINA=1',
      '=x',
      '=%zz',
      '=',
      '%zz=1',
      '%=1',
      'pagina%00=1',
      'x',
      '',
      'pagina[]=1',
      'p%C3%A1gina=1',
    ),
    rawJunk,
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }).map((n) => `${encode(n)}=1`),
  );
  const period = 'data_inicio' in rules ? [fc.tuple(dateText, dateText).map(([a, b]) => `data_inicio=${a}&data_fim=${b}`)] : [];
  return fc.oneof(
    ...(named.length > 0 ? [{ weight: 6, arbitrary: fc.oneof(...named) }] : []),
    { weight: 2, arbitrary: junk },
    ...period.map((p) => ({ weight: 2, arbitrary: p })),
  );
}

/** A query: up to 7 segments, sometimes with one of them repeated. */
const query = (rules: Record<string, Rule>) =>
  fc
    .tuple(fc.array(segment(rules), { maxLength: 7 }), fc.nat(), fc.boolean())
    .map(([segments, at, repeat]) => (repeat && segments.length > 0 ? [...segments, segments[at % segments.length]] : segments).join('&'));

test('the reference validator knows every list endpoint of the route table, and exactly its parameters', () => {
  for (const route of LISTS) {
    const rules = LIST_RULES[route.url];
    assert.ok(rules, `${route.url}: add its rules to query-reference.ts`);
    const unknown = Object.keys(route.params).filter((name) => !Object.hasOwn(rules, name));
    assert.deepEqual(unknown, [], `${route.url}: add these parameters' rules to query-reference.ts`);
    // The reference also knows parameters decided but not yet served (D43); no others.
    const ahead = Object.keys(rules).filter((name) => !Object.hasOwn(route.params, name));
    assert.ok(
      ahead.every((name) => UPCOMING.includes(name)),
      `${route.url}: the reference has ${ahead.join(', ')} the route lacks`,
    );
  }
});

for (const route of LISTS) {
  test(`GET ${route.url}: ${RUNS} fuzzed queries agree with the reference, never 5xx, six headers on each`, async () => {
    const rules = rulesOf(route.url, Object.keys(route.params));
    await fc.assert(
      fc.asyncProperty(query(rules), async (raw) => {
        const res = await t.get(`${route.url}?${raw}`, token);
        totals.queries++;
        assert.ok(res.statusCode < 500, `${raw}: ${res.statusCode} ${res.body}`);
        assert.deepEqual(specHeaderProblems(res.headers), [], raw);
        const expected = expectedProblems(rules, raw, [CUSTOM_STATUS]);
        if (expected.size === 0) {
          assert.equal(res.statusCode, 200, `${raw}: the reference accepts it; ${res.body}`);
          totals.accepted++;
          return;
        }
        assert.equal(res.statusCode, 400, `${raw}: the reference refuses ${[...expected].join(', ')}; ${res.body}`);
        const erro = (res.json() as { erro: { codigo: string; detalhes: { campo: string }[] } }).erro;
        assert.equal(erro.codigo, 'requisicao_invalida');
        const campos = erro.detalhes.map((d) => d.campo);
        assert.equal(new Set(campos).size, campos.length, `${raw}: each field once`);
        assert.deepEqual(new Set(campos), expected, raw);
        // Said without the reference: each field is a name that was sent (decoded or, when it does
        // not decode, as written), a segment with no name as sent, or a documented parameter of the
        // route (the missing bound of a period, D17).
        const segments = raw.split('&');
        const names = segments.flatMap((seg) => {
          const rawName = seg.split('=')[0] ?? '';
          return [rawName, decodeForm(rawName) ?? rawName];
        });
        for (const campo of campos) {
          const real = names.includes(campo) || segments.includes(campo) || Object.hasOwn(route.params, campo);
          assert.ok(campo !== '' && real, `${raw}: campo ${campo}`);
        }
        totals.refused++;
      }),
      { seed: ADVERSARIAL_SEED, numRuns: RUNS, endOnFailure: true },
    );
  });
}

/** `{id}` texts: valid ids (1 exists for customers and orders), and what D6 refuses; no `.`, whose dot-segments clients resolve before sending. */
const idText = fc.oneof(
  fc.integer({ min: 1, max: 3 }).map(String),
  fc.bigInt({ min: 0n, max: 10n ** 17n }).map(String),
  fc.constantFrom('0', '01', '+1', '-1', '1.0', '1e2', '9007199254740991', '9007199254740992', 'abc', '1a', '0x1', '%31', '%20%31'),
  fc.array(fc.constantFrom(...'0123456789abcXYZ-_~+'), { minLength: 1, maxLength: 20 }).map((cs) => cs.join('')),
);

for (const route of DETAILS) {
  test(`GET ${route.url}: ${RUNS} fuzzed ids and queries agree with the reference (D6, D8, D37)`, async () => {
    const rules = DETAIL_RULES[route.url];
    assert.ok(rules, `${route.url}: add its rules to query-reference.ts`);
    assert.deepEqual(Object.keys(route.params).sort(), Object.keys(rules).sort(), route.url);
    await fc.assert(
      fc.asyncProperty(idText, fc.oneof(fc.constant(''), query(rules)), async (id, raw) => {
        const url = route.url.replace(':id', id) + (raw === '' ? '' : `?${raw}`);
        const res = await t.get(url, token);
        totals.queries++;
        assert.ok(res.statusCode < 500, `${url}: ${res.statusCode} ${res.body}`);
        assert.deepEqual(specHeaderProblems(res.headers), [], url);
        // The path is percent-decoded before routing (D2): `%31` is the id 1.
        const decoded = decodeForm(id.replace(/\+/g, '%2B'));
        const expected = expectedProblems(rules, raw);
        if (decoded === null || !validId(decoded)) expected.add('id');
        if (expected.size === 0) {
          assert.ok(res.statusCode === 200 || res.statusCode === 404, `${url}: the reference accepts it; ${res.statusCode} ${res.body}`);
          totals.accepted++;
          return;
        }
        assert.equal(res.statusCode, 400, `${url}: the reference refuses ${[...expected].join(', ')}; ${res.body}`);
        const campos = (res.json() as { erro: { detalhes: { campo: string }[] } }).erro.detalhes.map((d) => d.campo);
        assert.deepEqual(new Set(campos), expected, url);
        totals.refused++;
      }),
      { seed: ADVERSARIAL_SEED, numRuns: RUNS, endOnFailure: true },
    );
  });
}
