import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Webhook } from 'standardwebhooks';
import { isWebhookSecret, newWebhookSecret, webhookSignature } from '../../src/crypto/webhook-signature.ts';

/**
 * D53: notifications are signed by the Standard Webhooks specification. The signatures are checked
 * by the specification's own verifier (the `standardwebhooks` npm package), not by our code.
 */
const body = JSON.stringify({
  id: 'evt_01JD6Q3K8Z',
  tipo: 'alteracoes.disponiveis',
  criado_em: '2026-11-27T12:00:00Z',
  dados: { recurso: 'contas-receber' },
});
const id = 'evt_01JD6Q3K8Z';
const now = () => Math.floor(Date.now() / 1000);

function headers(signature: string, timestamp: number): Record<string, string> {
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature };
}

describe('notification signatures (D53, Standard Webhooks)', () => {
  test('a secret is whsec_ and 32 random bytes in base64, new each time (D51)', () => {
    const a = newWebhookSecret();
    const b = newWebhookSecret();
    assert.match(a, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.equal(Buffer.from(a.slice('whsec_'.length), 'base64').length, 32);
    assert.notEqual(a, b);
    assert.ok(isWebhookSecret(a));
    for (const bad of ['whsec_', 'whsec_abc', a.slice('whsec_'.length), `${a}x`, `whsec-${a.slice(6)}`])
      assert.equal(isWebhookSecret(bad), false, bad);
  });

  test('the independent verifier accepts the signature, and it is the one the specification computes', () => {
    const secret = newWebhookSecret();
    const timestamp = now();
    const signature = webhookSignature([secret], id, timestamp, body);
    assert.match(signature, /^v1,[A-Za-z0-9+/]{43}=$/);
    assert.deepEqual(new Webhook(secret).verify(body, headers(signature, timestamp)), JSON.parse(body));
    assert.equal(signature, new Webhook(secret).sign(id, new Date(timestamp * 1000), body));
  });

  test('one byte of the body, the timestamp or the id changed: the verifier refuses it', () => {
    const secret = newWebhookSecret();
    const timestamp = now();
    const signature = webhookSignature([secret], id, timestamp, body);
    const verifier = new Webhook(secret);
    const oneByteOff = body.replace('contas-receber', 'contas-recebes');
    assert.throws(() => verifier.verify(oneByteOff, headers(signature, timestamp)), /signature/i);
    assert.throws(() => verifier.verify(body, headers(signature, timestamp - 1)), /signature/i);
    assert.throws(() => verifier.verify(body, { ...headers(signature, timestamp), 'webhook-id': `${id}x` }), /signature/i);
    assert.throws(() => new Webhook(newWebhookSecret()).verify(body, headers(signature, timestamp)), /signature/i, 'another secret');
  });

  test('after a rotation both secrets sign, space-separated, and a verifier holding either accepts', () => {
    const [newer, older] = [newWebhookSecret(), newWebhookSecret()];
    const timestamp = now();
    const signature = webhookSignature([newer, older], id, timestamp, body);
    assert.equal(signature.split(' ').length, 2);
    assert.ok(signature.split(' ').every((s) => s.startsWith('v1,')));
    for (const secret of [newer, older])
      assert.deepEqual(new Webhook(secret).verify(body, headers(signature, timestamp)), JSON.parse(body));
  });
});
