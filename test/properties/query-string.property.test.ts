import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { collectParams, type ParamSpecs } from '../../src/contract/params.ts';
import { formDecode, parsePairs } from '../../src/contract/query-string.ts';
import { fc } from './fixed-seed.ts';

/** The strict query parser (D6-D8, D37), against an encoder written here: what a client sends. */
const formEncode = (text: string): string => encodeURIComponent(text).replace(/%20/g, '+');
// Text a URL can carry: any well-formed Unicode (lone surrogates cannot be %-encoded as UTF-8).
const text = fc.string({ unit: 'grapheme', maxLength: 20 });
const name = text.filter((s) => s !== '');

describe('query strings (property)', () => {
  test('what a client form-encodes comes back as the same pairs, in order, repeats kept', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(name, text), { maxLength: 8 }), (pairs) => {
        const raw = pairs.map(([n, v]) => `${formEncode(n)}=${formEncode(v)}`).join('&');
        assert.deepEqual(parsePairs(raw), { pairs: pairs.map(([n, v]) => ({ name: n, value: v })), malformed: [], unnamed: [] });
      }),
    );
  });

  test('any raw query splits without throwing, and every non-empty segment is accounted for exactly once', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (raw) => {
        const { pairs, malformed, unnamed } = parsePairs(raw);
        const segments = raw.split('&').filter((s) => s !== '').length;
        assert.equal(pairs.length + malformed.length + unnamed.length, segments);
        assert.ok(pairs.every((p) => p.name !== ''));
      }),
    );
  });

  test('formDecode never throws: it decodes or says the escape is malformed', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (raw) => {
        const decoded = formDecode(raw);
        if (decoded !== null) assert.equal(typeof decoded, 'string');
      }),
    );
  });
});

const SPECS = {
  pagina: { kind: 'integer', min: 1, default: 1, description: '' },
  por_pagina: { kind: 'integer', min: 1, max: 200, default: 50, description: '' },
  ordem: { kind: 'enum', values: ['asc', 'desc'], default: 'asc', description: '' },
  ativo: { kind: 'flag', default: true, description: '' },
  nome: { kind: 'text', minLength: 2, maxLength: 100, description: '' },
  data_inicio: { kind: 'date', description: '' },
} as const satisfies ParamSpecs;

/** An independent statement of D6 for integers: digits only, no leading zero, within bounds. */
function referenceInteger(raw: string, min: number, max: number): number | null {
  if (raw.length === 0 || raw.length > 16) return null;
  for (const c of raw) if (c < '0' || c > '9') return null;
  if (raw.length > 1 && raw[0] === '0') return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= min && n <= max ? n : null;
}

const integerText = fc.oneof(
  fc.integer({ min: -5, max: 300 }).map(String),
  fc.stringMatching(/^[0-9 +.eE-]{0,5}$/),
  fc.constantFrom('01', '1.0', ' 1', '1e2', '+1', '9007199254740991', '9007199254740992', '00'),
);

describe('strict parameters (property)', () => {
  test('any query: no throw, every problem names a field that was sent, and each field once', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (raw) => {
        const { problems } = collectParams(raw, SPECS);
        const campos = problems.map((p) => p.campo);
        assert.equal(new Set(campos).size, campos.length, 'one item per field');
        for (const campo of campos) {
          assert.notEqual(campo, '');
          assert.ok(raw.includes(campo) || raw.includes(formEncode(campo)) || decodeURIComponentSafe(raw).includes(campo), campo);
        }
      }),
    );
  });

  test('integers are accepted exactly when the reference reading of D6 accepts them', () => {
    fc.assert(
      fc.property(integerText, (value) => {
        const { parsed, problems } = collectParams(`por_pagina=${encodeURIComponent(value)}`, SPECS);
        const expected = value === '' ? null : referenceInteger(value, 1, 200);
        if (expected === null)
          assert.deepEqual(
            problems.map((p) => p.campo),
            ['por_pagina'],
            JSON.stringify(value),
          );
        else assert.equal(parsed.por_pagina, expected);
      }),
    );
  });

  test('a parameter sent twice is refused even with equal values; an unknown one always; defaults fill the rest', () => {
    fc.assert(
      fc.property(fc.constantFrom('pagina=1', 'ordem=asc', 'ativo=0'), name, (pair, unknown) => {
        const repeated = collectParams(`${pair}&${pair}`, SPECS);
        assert.deepEqual(
          repeated.problems.map((p) => p.campo),
          [pair.split('=')[0]],
        );
        const extra = collectParams(`${formEncode(unknown)}=1`, SPECS);
        if (!Object.hasOwn(SPECS, unknown))
          assert.deepEqual(
            extra.problems.map((p) => p.campo),
            [unknown],
          );
        const empty = collectParams('', SPECS);
        assert.deepEqual(empty.parsed, { pagina: 1, por_pagina: 50, ordem: 'asc', ativo: true });
      }),
    );
  });
});

function decodeURIComponentSafe(raw: string): string {
  return raw
    .split('&')
    .map((segment) => segment.split('=')[0] ?? '')
    .map((segment) => formDecode(segment) ?? segment)
    .join('&');
}
