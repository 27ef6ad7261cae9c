import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { Webhook } from 'standardwebhooks';
import { verifyWebhook } from '../../clients/typescript/src/webhook.ts';
import { retryDelaysText } from '../../src/contract/webhooks-openapi.ts';
import { MAX_WEBHOOKS_PER_CREDENTIAL, WEBHOOK_DELIVERY_LOG_SIZE } from '../../src/domain/limits.ts';
import { apiDescription } from '../../src/routes.ts';

// docs/api.md, "Notificações (webhooks)": the section integrators read to receive notifications.
// Its example request is a real one (the body the server builds, signed with the secret the
// section gives), the same as the OpenAPI description's, and its figures are the server's.

type Json = Record<string, unknown>;
const GUIDE = fs.readFileSync('docs/api.md', 'utf8');
const start = GUIDE.indexOf('\n## Notificações (webhooks)\n');
const SECTION = GUIDE.slice(start, GUIDE.indexOf('\n## ', start + 1));
/** A decision id (D1–D99) or an ADR number, which integrators cannot look up. */
const INTERNAL_ID = /\bD\d{1,2}\b|\bADR\b/;

/** The section's example request: its headers and its body. */
function exampleRequest(): { headers: Record<string, string>; body: string } {
  const block = /```http\n(POST [^\n]*\n[\s\S]*?)\n```/.exec(SECTION)?.[1];
  assert.ok(block, 'the section shows an example request');
  const [head = '', body = ''] = block.split('\n\n');
  const headers = Object.fromEntries(
    head
      .split('\n')
      .slice(1)
      .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  return { headers, body };
}

describe('docs/api.md: Notificações (webhooks)', () => {
  test('the section is there, with its parts, and cites no internal id', () => {
    assert.ok(start > 0, 'the section exists');
    for (const heading of [
      'Cadastrar um endpoint',
      'O evento',
      'Verificar a assinatura',
      'Ao receber um aviso',
      'Novas tentativas e desativação',
      'Trocar o segredo',
    ]) {
      assert.ok(SECTION.includes(`\n### ${heading}\n`), heading);
    }
    assert.doesNotMatch(SECTION, INTERNAL_ID);
  });

  test('its example request is the OpenAPI example, and it verifies with the secret the section gives', async () => {
    const { headers, body } = exampleRequest();
    const secret = /`(whsec_[A-Za-z0-9+/=]+)`/.exec(SECTION)?.[1];
    assert.ok(secret, 'the section gives the example secret');
    const op = (apiDescription() as { webhooks: Record<string, { post: Json }> }).webhooks['alteracoes.disponiveis']?.post as {
      parameters: { name: string; example: string }[];
      requestBody: { content: { 'application/json': { example: Json } } };
    };
    assert.deepEqual(JSON.parse(body), op.requestBody.content['application/json'].example);
    for (const { name, example } of op.parameters) assert.equal(headers[name], example, name);
    assert.equal(headers['content-type'], 'application/json');
    // Verified as an integrator would: the client's verifyWebhook, at the instant the section names.
    const now = new Date(Number(headers['webhook-timestamp']) * 1000);
    const event = await verifyWebhook(secret, headers, body, { now });
    assert.deepEqual(event, JSON.parse(body));
    await assert.rejects(verifyWebhook(secret, headers, body.replace('contas-receber', 'contas-pagar'), { now }), /No signature/);
    // And the specification's own library computes the same signature.
    assert.equal(new Webhook(secret).sign(headers['webhook-id'] ?? '', now, body), headers['webhook-signature']);
  });

  test('its figures are the server’s: endpoints per credential, the delivery log, the retry schedule', () => {
    assert.match(SECTION, new RegExp(`até \\*\\*${MAX_WEBHOOKS_PER_CREDENTIAL} endpoints por credencial\\*\\*`));
    assert.match(SECTION, new RegExp(`últimas ${WEBHOOK_DELIVERY_LOG_SIZE} tentativas`));
    const schedule = retryDelaysText().replace(/, (?=[^,]*$)/, ' e ');
    assert.ok(SECTION.includes(`**${schedule}**`), schedule);
    assert.match(SECTION, /desativado_por_falhas/);
  });

  test('it shows how to verify in TypeScript, Node, Python, PHP and C#, with the Standard Webhooks libraries', () => {
    for (const [language, marker] of [
      ['ts', "import { verifyWebhook, WebhookVerificationError } from '@api-externa/client';"],
      ['js', "import { Webhook, WebhookVerificationError } from 'standardwebhooks';"],
      ['python', 'from standardwebhooks import Webhook, WebhookVerificationError'],
      ['php', 'new \\StandardWebhooks\\Webhook('],
      ['csharp', 'new StandardWebhook('],
    ] as const) {
      const blocks = [...SECTION.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1] ?? '');
      assert.ok(
        blocks.some((b) => b.includes(marker)),
        `${language}: ${marker}`,
      );
    }
  });
});
