import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ipAllowed, normaliseAllowEntry, parseAllowEntry } from '../../src/domain/ip-allowlist.ts';
import { fc } from './fixed-seed.ts';

/** IP allowlists (D33), against bit arithmetic written here. */
const octets = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255));
const dotted = (o: readonly number[]): string => o.join('.');
const toInt = (o: readonly number[]): number => o.reduce((n, x) => n * 256 + x, 0);
const fromInt = (n: number): number[] => [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256);
/** The network of `n` bits that holds the address, as the reference computes it. */
const networkOf = (address: number, bits: number): number => address - (address % 2 ** (32 - bits));

describe('IP allowlist (property)', () => {
  test('an IPv4 address allows itself, and its IPv4-mapped IPv6 form, and nothing else', () => {
    fc.assert(
      fc.property(octets, octets, (a, b) => {
        assert.equal(ipAllowed(dotted(a), [dotted(a)]), true);
        assert.equal(ipAllowed(`::ffff:${dotted(a)}`, [dotted(a)]), true);
        assert.equal(ipAllowed(dotted(b), [dotted(a)]), toInt(a) === toInt(b));
      }),
    );
  });

  test('a CIDR network allows exactly the addresses that share its first bits', () => {
    fc.assert(
      fc.property(octets, fc.integer({ min: 0, max: 32 }), octets, (base, bits, source) => {
        const network = fromInt(networkOf(toInt(base), bits));
        const entry = `${dotted(network)}/${bits}`;
        assert.notEqual(parseAllowEntry(entry), null, entry);
        const expected = networkOf(toInt(source), bits) === networkOf(toInt(base), bits);
        assert.equal(ipAllowed(dotted(source), [entry]), expected, `${dotted(source)} in ${entry}`);
      }),
    );
  });

  test('host bits set, leading zeros and legacy forms are refused, never reinterpreted', () => {
    fc.assert(
      fc.property(octets, fc.integer({ min: 0, max: 31 }), fc.integer({ min: 0, max: 3 }), (o, bits, which) => {
        const address = toInt(o);
        if (networkOf(address, bits) !== address) assert.equal(parseAllowEntry(`${dotted(o)}/${bits}`), null);
        const padded = o.map((x, i) => (i === which ? `0${x}` : String(x))).join('.');
        assert.equal(parseAllowEntry(padded), null, padded);
        assert.equal(parseAllowEntry(o.slice(0, 3).join('.')), null);
      }),
    );
  });

  test('normalising is idempotent and keeps what the entry allows', () => {
    fc.assert(
      fc.property(octets, fc.integer({ min: 0, max: 32 }), octets, (base, bits, source) => {
        const entry = `${dotted(fromInt(networkOf(toInt(base), bits)))}/${bits}`;
        const normal = normaliseAllowEntry(entry);
        assert.ok(normal !== null);
        assert.equal(normaliseAllowEntry(normal), normal);
        assert.equal(ipAllowed(dotted(source), [normal]), ipAllowed(dotted(source), [entry]));
      }),
    );
  });
});
