import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readBasic } from '../../src/oauth/basic-auth.ts';
import { basicHeader } from '../helpers/test-app.ts';
import { fc } from './fixed-seed.ts';

/** The token endpoint's Basic header (D25), against the encoding RFC 6749 2.3.1 tells clients to use. */
const credential = fc.string({ unit: 'grapheme', maxLength: 40 });
const scheme = fc.constantFrom('Basic', 'basic', 'BASIC', 'bAsIc');

describe('HTTP Basic client credentials (property)', () => {
  test('what a client form-encodes then Base64-encodes comes back as the same id and secret, whatever the scheme case', () => {
    fc.assert(
      fc.property(credential, credential, scheme, (clientId, secret, name) => {
        const header = basicHeader(clientId, secret).replace(/^Basic/, name);
        assert.deepEqual(readBasic(header), { kind: 'ok', clientId, secret });
      }),
    );
  });

  test('decoded text without a colon is malformed, never absent and never a credential', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 40 }).filter((s) => !s.includes(':')),
        (text) => {
          assert.equal(readBasic(`Basic ${Buffer.from(text).toString('base64')}`).kind, 'malformed');
        },
      ),
    );
  });

  test('any header: never throws; another scheme is absent', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (header) => {
        const result = readBasic(header);
        if (!/^\s*basic(\s|$)/i.test(header)) assert.equal(result.kind, 'absent');
      }),
    );
  });
});
