import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { Webhook } from 'standardwebhooks';
import { NOTIFIABLE_RESOURCES } from '../../src/domain/notification-resources.ts';
import { WEBHOOK_RETRY_DELAYS_SECONDS } from '../../src/domain/limits.ts';
import { retryDelaysText } from '../../src/contract/webhooks-openapi.ts';
import { webhookSignature } from '../../src/crypto/webhook-signature.ts';
import { apiDescription } from '../../src/routes.ts';
import { eventBody, newEventId, type EventType } from '../../src/webhooks/events.ts';

// The OpenAPI `webhooks` object describes what the notification sender posts: its body schema
// accepts the bodies src/webhooks/events.ts builds and refuses one without a field, validated as
// test/helpers/openapi-validator.ts validates responses (Ajv, JSON Schema 2020-12, the whole
// document added so `$ref`s resolve).

type Json = Record<string, unknown>;
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema: Json;
  example?: unknown;
}
interface WebhookOperation {
  operationId: string;
  tags: string[];
  security: unknown[];
  parameters: Parameter[];
  requestBody: { required: boolean; content: Record<string, { schema: { $ref: string }; example: Json }> };
  responses: Record<string, { description: string }>;
}

const DOC_ID = 'https://api-externa.test/openapi.json';
const doc = apiDescription() as Json & { webhooks: Record<string, { post: WebhookOperation }>; tags: { name: string }[] };
/** One webhook entry's operation. */
const webhook = (event: string): WebhookOperation => {
  const op = doc.webhooks[event]?.post;
  assert.ok(op, `webhooks has ${event}`);
  return op;
};
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema(doc, DOC_ID);

/** The body schema of one webhook entry, compiled by reference into the document. */
function bodySchema(event: string): ValidateFunction {
  const escaped = encodeURIComponent(event);
  return ajv.compile({ $ref: `${DOC_ID}#/webhooks/${escaped}/post/requestBody/content/application~1json/schema` });
}

const body = (tipo: EventType, recurso: string | null): Json =>
  JSON.parse(eventBody(newEventId(), tipo, new Date('2026-03-02T14:05:09.734Z'), recurso)) as Json;

/** The example secret docs/api.md gives to check a verifier with the example it shows. */
const EXAMPLE_SECRET = 'whsec_ZXhlbXBsby1kZS1zZWdyZWRvLWRlLTMyLWJ5dGVzISE=';

describe('OpenAPI webhooks', () => {
  test('describes both event types the server sends, as POST, under a declared tag, with no security', () => {
    assert.deepEqual(Object.keys(doc.webhooks).sort(), ['alteracoes.disponiveis', 'teste']);
    const tags = doc.tags.map((t) => t.name);
    for (const [name, item] of Object.entries(doc.webhooks)) {
      assert.deepEqual(Object.keys(item), ['post'], name);
      assert.ok(tags.includes(item.post.tags[0] ?? ''), `${name}: its tag is declared`);
      assert.deepEqual(item.post.security, [], `${name}: the receiver authenticates the sender by the signature`);
      assert.equal(item.post.requestBody.required, true);
      assert.deepEqual(Object.keys(item.post.requestBody.content), ['application/json']);
      assert.ok(
        Object.keys(item.post.responses).some((s) => /^2/.test(s)),
        `${name}: the expected 2xx`,
      );
    }
  });

  test('the Standard Webhooks headers are required header parameters', () => {
    for (const [name, item] of Object.entries(doc.webhooks)) {
      assert.deepEqual(
        item.post.parameters.map((p) => [p.name, p.in, p.required]),
        [
          ['webhook-id', 'header', true],
          ['webhook-timestamp', 'header', true],
          ['webhook-signature', 'header', true],
        ],
        name,
      );
    }
  });

  test('alteracoes.disponiveis: its schema accepts the body the sender builds, for every notifiable resource', () => {
    const validate = bodySchema('alteracoes.disponiveis');
    for (const { recurso } of NOTIFIABLE_RESOURCES) {
      const event = body('alteracoes.disponiveis', recurso);
      assert.ok(validate(event), `${recurso}: ${ajv.errorsText(validate.errors)}`);
    }
  });

  test('teste: its schema accepts the body the sender builds (no resource)', () => {
    const validate = bodySchema('teste');
    const event = body('teste', null);
    assert.deepEqual(event.dados, {});
    assert.ok(validate(event), ajv.errorsText(validate.errors));
  });

  test('a body without one of its fields, or of the other type, is refused', () => {
    const changes = bodySchema('alteracoes.disponiveis');
    const teste = bodySchema('teste');
    for (const [validate, event] of [
      [changes, body('alteracoes.disponiveis', 'clientes')],
      [teste, body('teste', null)],
    ] as const) {
      for (const field of ['id', 'tipo', 'criado_em', 'dados']) {
        const { [field]: _dropped, ...rest } = event;
        assert.equal(validate(rest), false, `without ${field}`);
      }
    }
    assert.equal(changes({ ...body('alteracoes.disponiveis', 'clientes'), dados: {} }), false, 'without dados.recurso');
    assert.equal(changes(body('teste', null)), false, 'a test event is not a change event');
    assert.equal(teste(body('alteracoes.disponiveis', 'boletos')), false, 'a change event is not a test event');
    assert.equal(changes(body('alteracoes.disponiveis', 'fornecedores')), false, 'a resource that cannot be followed');
    assert.equal(changes({ ...body('alteracoes.disponiveis', 'clientes'), criado_em: '2026-03-02T11:05:09-03:00' }), false, 'UTC only');
    // New fields may come: the schemas do not forbid them.
    assert.equal(changes({ ...body('alteracoes.disponiveis', 'clientes'), novo: 1 }), true);
  });

  test('the examples are real: bodies the sender builds, and the signature header signs the example body', () => {
    const changes = webhook('alteracoes.disponiveis');
    const example = changes.requestBody.content['application/json']?.example as Json;
    assert.ok(bodySchema('alteracoes.disponiveis')(example));
    const text = eventBody(String(example.id), 'alteracoes.disponiveis', new Date(String(example.criado_em)), 'contas-receber');
    assert.deepEqual(JSON.parse(text), example);
    const header = (name: string) => String(changes.parameters.find((p) => p.name === name)?.example);
    assert.equal(header('webhook-id'), example.id);
    const timestamp = Number(header('webhook-timestamp'));
    assert.equal(header('webhook-signature'), webhookSignature([EXAMPLE_SECRET], String(example.id), timestamp, text));
    // And as the specification's own library signs it.
    assert.equal(new Webhook(EXAMPLE_SECRET).sign(String(example.id), new Date(timestamp * 1000), text), header('webhook-signature'));
    const teste = webhook('teste').requestBody.content['application/json']?.example as Json;
    assert.ok(bodySchema('teste')(teste));
    assert.deepEqual(teste.dados, {});
  });

  test('the retry schedule is stated from the sender’s delays', () => {
    assert.equal(retryDelaysText(), '5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h');
    assert.equal(WEBHOOK_RETRY_DELAYS_SECONDS.length, 7);
    const failure = Object.values(webhook('alteracoes.disponiveis').responses)
      .map((r) => r.description)
      .join(' ');
    assert.match(failure, /5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h/);
    assert.match(failure, /desativado_por_falhas/);
    // A test event is tried once.
    const testFailure = Object.values(webhook('teste').responses)
      .map((r) => r.description)
      .join(' ');
    assert.doesNotMatch(testFailure, /5 min/);
    assert.match(testFailure, /não é tentado de novo/);
  });
});
