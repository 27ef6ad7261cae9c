import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { open, seal, SecretBoxError } from '../../src/crypto/secret-box.ts';
import { OpenedSecrets } from '../../src/webhooks/opened-secrets.ts';

/** ADR 0021: an endpoint's secret is opened once, then found again by the very bytes of its box. */
describe('opened notification secrets', () => {
  const key = randomBytes(32);
  const counting = () => {
    let calls = 0;
    const secrets = new OpenedSecrets(3, (k, box) => {
      calls++;
      return open(k, box);
    });
    return { secrets, calls: () => calls };
  };

  test('a box is opened once; its secret comes back for the same bytes, also from another Buffer', () => {
    const { secrets, calls } = counting();
    const box = seal(key, 'whsec_um');
    assert.equal(secrets.secret(key, box), 'whsec_um');
    assert.equal(secrets.secret(key, Buffer.from(box)), 'whsec_um');
    assert.equal(secrets.secret(Buffer.from(key), box), 'whsec_um');
    assert.equal(calls(), 1);
  });

  test('a rotated secret is a new box: opened afresh, and the previous one is still found while it signs', () => {
    const { secrets, calls } = counting();
    const before = seal(key, 'whsec_antes');
    const after = seal(key, 'whsec_depois');
    assert.equal(secrets.secret(key, before), 'whsec_antes');
    assert.equal(secrets.secret(key, after), 'whsec_depois');
    assert.equal(secrets.secret(key, before), 'whsec_antes');
    assert.equal(calls(), 2);
  });

  test('another key is refused even for a box already opened, and a damaged box is never taken for its original', () => {
    const { secrets } = counting();
    const box = seal(key, 'whsec_um');
    secrets.secret(key, box);
    assert.throws(
      () => secrets.secret(randomBytes(32), box),
      (err: unknown) => err instanceof SecretBoxError && err.reason === 'outra_chave',
    );
    const damaged = Buffer.from(box);
    damaged[damaged.length - 1] = (damaged.at(-1) ?? 0) ^ 1;
    assert.throws(
      () => secrets.secret(key, damaged),
      (err: unknown) => err instanceof SecretBoxError && err.reason === 'corrompido',
    );
  });

  test('past its size the least recently used is forgotten, and opened again when it comes back', () => {
    const { secrets, calls } = counting();
    const boxes = ['a', 'b', 'c', 'd'].map((s) => seal(key, `whsec_${s}`));
    const [a, b, c, d] = boxes as [Buffer, Buffer, Buffer, Buffer];
    secrets.secret(key, a);
    secrets.secret(key, b);
    secrets.secret(key, c);
    secrets.secret(key, a); // a used again: b is now the oldest
    secrets.secret(key, d); // four: b goes
    assert.equal(calls(), 4);
    secrets.secret(key, a);
    secrets.secret(key, c);
    assert.equal(calls(), 4, 'a and c were kept');
    assert.equal(secrets.secret(key, b), 'whsec_b');
    assert.equal(calls(), 5, 'b was opened again');
  });

  test('clear forgets every secret', () => {
    const { secrets, calls } = counting();
    const box = seal(key, 'whsec_um');
    secrets.secret(key, box);
    secrets.clear();
    secrets.secret(key, box);
    assert.equal(calls(), 2);
  });
});
