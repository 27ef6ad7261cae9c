import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Webhook } from 'standardwebhooks';
import { verifyWebhook, WebhookVerificationError } from '../../clients/typescript/src/index.ts';
import { newWebhookSecret, webhookSignature } from '../../src/crypto/webhook-signature.ts';

/**
 * The TypeScript client's `verifyWebhook`: what the specification's own signer (the
 * `standardwebhooks` package) signs, it accepts; what the server signs, too; anything changed,
 * too old or too new, it refuses with a stable `motivo`.
 */
const event = { id: 'evt_7', tipo: 'alteracoes.disponiveis', criado_em: '2026-11-27T12:00:00Z', dados: { recurso: 'boletos' } };
const body = JSON.stringify(event);
const at = new Date('2026-11-27T12:00:00Z');
const seconds = at.getTime() / 1000;

function signed(secret: string, when = at, id = event.id, text = body): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(when.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, when, text),
  };
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof WebhookVerificationError, String(err));
    return err.motivo;
  }
  assert.fail('accepted');
}

describe('verifyWebhook (TypeScript client)', () => {
  test('accepts what the Standard Webhooks signer signs, as text or bytes, with headers as an object or Headers', async () => {
    const secret = newWebhookSecret();
    const headers = signed(secret);
    assert.deepEqual(await verifyWebhook(secret, headers, body, { now: at }), event);
    assert.deepEqual(await verifyWebhook(secret, new Headers(headers), new TextEncoder().encode(body), { now: at }), event);
    const upper = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), [v]]));
    assert.deepEqual(await verifyWebhook(secret, upper, body, { now: at }), event, 'any case, array values (Node)');
  });

  test("accepts the server's signature, also when two secrets sign after a rotation", async () => {
    const [newer, older] = [newWebhookSecret(), newWebhookSecret()];
    const headers = {
      'webhook-id': event.id,
      'webhook-timestamp': String(seconds),
      'webhook-signature': webhookSignature([newer, older], event.id, seconds, body),
    };
    for (const secret of [newer, older]) assert.deepEqual(await verifyWebhook(secret, headers, body, { now: at }), event);
    assert.equal(await refusal(verifyWebhook(newWebhookSecret(), headers, body, { now: at })), 'assinatura_invalida');
  });

  test('refuses one changed byte of the body, another id, another timestamp, another secret', async () => {
    const secret = newWebhookSecret();
    const headers = signed(secret);
    assert.equal(await refusal(verifyWebhook(secret, headers, body.replace('boletos', 'boletoz'), { now: at })), 'assinatura_invalida');
    assert.equal(await refusal(verifyWebhook(secret, { ...headers, 'webhook-id': 'evt_8' }, body, { now: at })), 'assinatura_invalida');
    assert.equal(
      await refusal(verifyWebhook(secret, { ...headers, 'webhook-timestamp': String(seconds + 1) }, body, { now: at })),
      'assinatura_invalida',
    );
    assert.equal(await refusal(verifyWebhook(newWebhookSecret(), headers, body, { now: at })), 'assinatura_invalida');
    assert.equal(
      await refusal(verifyWebhook(secret, { ...headers, 'webhook-signature': 'v2,abc' }, body, { now: at })),
      'assinatura_invalida',
    );
  });

  test('a timestamp up to 5 minutes away either way is accepted; further is a replay', async () => {
    const secret = newWebhookSecret();
    for (const offset of [-300, 300]) {
      const when = new Date(at.getTime() + offset * 1000);
      assert.deepEqual(await verifyWebhook(secret, signed(secret, when), body, { now: at }), event, String(offset));
    }
    for (const offset of [-301, 301]) {
      const when = new Date(at.getTime() + offset * 1000);
      assert.equal(
        await refusal(verifyWebhook(secret, signed(secret, when), body, { now: at })),
        'timestamp_fora_da_tolerancia',
        String(offset),
      );
    }
    assert.equal(
      await refusal(verifyWebhook(secret, { ...signed(secret), 'webhook-timestamp': 'ontem' }, body, { now: at })),
      'timestamp_fora_da_tolerancia',
    );
  });

  test('a missing header or a secret that is not whsec_<base64>', async () => {
    const secret = newWebhookSecret();
    for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
      const headers: Record<string, string> = { ...signed(secret) };
      delete headers[name];
      assert.equal(await refusal(verifyWebhook(secret, headers, body, { now: at })), 'cabecalho_ausente', name);
    }
    assert.equal(await refusal(verifyWebhook('whsec_%%%', signed(secret), body, { now: at })), 'segredo_invalido');
  });
});
