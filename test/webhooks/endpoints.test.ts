import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { OPERATOR } from '../../src/credentials/audit.ts';
import { createCredential, revokeCredential } from '../../src/credentials/credentials.service.ts';
import { open, seal, SecretBoxError } from '../../src/crypto/secret-box.ts';
import { MAX_WEBHOOKS_PER_CREDENTIAL } from '../../src/domain/limits.ts';
import {
  createEndpoint,
  deleteEndpointById,
  deliveriesOf,
  listEndpointsOf,
  rotateEndpointSecret,
  sendTestEvent,
  updateEndpoint,
  WebhookError,
  WebhookNotFound,
  type WebhookContext,
} from '../../src/webhooks/endpoints.service.ts';
import { secretKeyReader } from '../../src/webhooks/secret-key.ts';
import { freshStore, type TestStore } from '../helpers/test-store.ts';

/**
 * D51's rules for notification endpoints, on a real store: who may have them, what they may
 * follow, which URLs are refused when saved (D55; the same addresses are refused again at every
 * connection, test/webhooks/sender.test.ts), company isolation, the audit trail, and secrets kept
 * only encrypted (ADR 0021).
 */
let ts: TestStore;
let ctx: WebhookContext;
let strict: WebhookContext;
let clientA: string;
let clientB: string;

const refusedField = (field: string, pattern: RegExp) => (err: unknown) =>
  err instanceof WebhookError && err.field === field && pattern.test(err.message);

before(async () => {
  ts = await freshStore();
  await ts.store.pool.query("INSERT INTO empresas (id, nome) VALUES (1, 'Empresa A'), (2, 'Empresa B')");
  const input = { name: 'ERP', scopes: ['clientes:ler', 'os:ler'], allowedIps: [], expires: null };
  clientA = (await createCredential(ts.store.central, { ...input, empresaId: 1 }, OPERATOR)).client_id;
  clientB = (await createCredential(ts.store.central, { ...input, empresaId: 2 }, OPERATOR)).client_id;
  const secretKey = secretKeyReader(ts.store.pool, undefined);
  ctx = { db: ts.store.central, secretKey, allowPrivate: true };
  strict = { ...ctx, allowPrivate: false };
});
after(() => ts.close());
beforeEach(() => ts.store.pool.query('DELETE FROM webhook_endpoints'));

const create = (c: WebhookContext, url: string, resources = ['clientes'], clientId = clientA, empresaId: number | null = 1) =>
  createEndpoint(c, { empresaId, clientId, url, resources }, OPERATOR);

describe('notification endpoints (D51, D55)', () => {
  test('created with its secret shown once; listed without it; resources in catalogue order', async () => {
    const created = await create(strict, 'https://erp.example.com.br/hooks?conta=7', ['ordens-servico', 'clientes', 'clientes']);
    assert.match(created.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.equal(created.status, 'ativo');
    assert.deepEqual(created.resources, ['clientes', 'ordens-servico']);
    const listed = await listEndpointsOf(strict, 1, clientA);
    assert.equal(listed.length, 1);
    assert.equal(JSON.stringify(listed).includes('whsec_'), false);
    assert.deepEqual(Object.keys(listed[0] ?? {}).sort(), [
      'client_id',
      'created_at',
      'id',
      'reason',
      'resources',
      'status',
      'updated_at',
      'url',
    ]);
  });

  test('URLs D55 refuses when saved: http://, credentials, fragments, localhost and non-public literal addresses', async () => {
    for (const [url, pattern] of [
      ['http://erp.example.com.br/h', /https:\/\//],
      ['ftp://erp.example.com.br/h', /https:\/\//],
      ['https://user:pw@erp.example.com.br/h', /user name or password/],
      ['https://erp.example.com.br/h#x', /fragment/],
      ['https://localhost:8443/h', /localhost/],
      ['https://127.0.0.1/h', /public address/],
      ['https://10.0.0.1/h', /public address/],
      ['https://169.254.169.254/latest/meta-data', /public address/],
      ['https://[::1]/h', /public address/],
      ['https://[fd00::1]/h', /public address/],
      ['https://[::ffff:192.168.0.1]/h', /public address/],
      ['não é url', /valid URL/],
      [`https://erp.example.com.br/${'a'.repeat(2100)}`, /at most 2048/],
    ] as const) {
      await assert.rejects(create(strict, url), refusedField('url', pattern), url);
    }
    assert.equal((await listEndpointsOf(strict, 1, clientA)).length, 0);
    // With WEBHOOKS_ALLOW_PRIVATE (development and tests) http:// and loopback are accepted.
    assert.equal((await create(ctx, 'http://127.0.0.1:9999/h')).url, 'http://127.0.0.1:9999/h');
  });

  test("resources: known ones, readable with the credential's scopes, at least one", async () => {
    await assert.rejects(
      create(ctx, 'https://a.example/h', ['clientes', 'tarefas']),
      refusedField('resources', /unknown resource\(s\): tarefas/),
    );
    await assert.rejects(
      create(ctx, 'https://a.example/h', ['contas-receber']),
      refusedField('resources', /do not read: contas-receber \(it may follow: clientes, ordens-servico\)/),
    );
    await assert.rejects(create(ctx, 'https://a.example/h', []), refusedField('resources', /at least one/));
  });

  test(`at most ${MAX_WEBHOOKS_PER_CREDENTIAL} per credential, also when created at once`, async () => {
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => create(ctx, `https://a.example/${i}`)));
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, MAX_WEBHOOKS_PER_CREDENTIAL);
    for (const r of results.filter((x) => x.status === 'rejected')) assert.ok(refusedField('client_id', /at most 5/)(r.reason));
  });

  test("a company sees and changes only its own endpoints; another's look like none", async () => {
    const a = await create(ctx, 'https://a.example/h');
    await assert.rejects(create(ctx, 'https://b.example/h', ['clientes'], clientA, 2), WebhookNotFound);
    await assert.rejects(listEndpointsOf(ctx, 2, clientA), WebhookNotFound);
    await assert.rejects(updateEndpoint(ctx, 2, a.id, { active: false }, OPERATOR), WebhookNotFound);
    await assert.rejects(rotateEndpointSecret(ctx, 2, a.id, OPERATOR), WebhookNotFound);
    await assert.rejects(sendTestEvent(ctx, 2, a.id, OPERATOR), WebhookNotFound);
    await assert.rejects(deliveriesOf(ctx, 2, a.id, 10), WebhookNotFound);
    await assert.rejects(deleteEndpointById(ctx, 2, a.id, OPERATOR), WebhookNotFound);
    assert.equal((await listEndpointsOf(ctx, 2, clientB)).length, 0);
    assert.equal((await listEndpointsOf(ctx, 1, clientA))[0]?.status, 'ativo', 'unchanged');
  });

  test('a revoked credential gets no new endpoint and cannot be re-enabled; its endpoints are kept', async () => {
    const credential = await createCredential(
      ts.store.central,
      { empresaId: 1, name: 'Curta', scopes: ['clientes:ler'], allowedIps: [], expires: null },
      OPERATOR,
    );
    const kept = await create(ctx, 'https://a.example/h', ['clientes'], credential.client_id);
    await updateEndpoint(ctx, 1, kept.id, { active: false }, OPERATOR);
    await revokeCredential(ts.store.central, credential.client_id, OPERATOR);
    await assert.rejects(create(ctx, 'https://a.example/2', ['clientes'], credential.client_id), refusedField('client_id', /revoked/));
    await assert.rejects(updateEndpoint(ctx, 1, kept.id, { active: true }, OPERATOR), refusedField('active', /revoked/));
    assert.equal((await listEndpointsOf(ctx, 1, credential.client_id)).length, 1);
  });

  test('pausing drops what was queued; a paused endpoint takes no test event', async () => {
    const e = await create(ctx, 'https://a.example/h');
    await sendTestEvent(ctx, 1, e.id, OPERATOR);
    const paused = await updateEndpoint(ctx, 1, e.id, { active: false }, OPERATOR);
    assert.equal(paused.status, 'pausado');
    const { rows } = await ts.store.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_events');
    assert.equal(rows[0]?.n, 0);
    await assert.rejects(sendTestEvent(ctx, 1, e.id, OPERATOR), refusedField('status', /pausado/));
  });

  test('every change is in the audit trail, and no secret is', async () => {
    const e = await create(ctx, 'https://a.example/h');
    await updateEndpoint(ctx, 1, e.id, { url: 'https://b.example/h', resources: ['clientes', 'ordens-servico'] }, OPERATOR);
    const rotated = await rotateEndpointSecret(ctx, 1, e.id, OPERATOR);
    await sendTestEvent(ctx, 1, e.id, OPERATOR);
    await deleteEndpointById(ctx, 1, e.id, OPERATOR);
    const { rows } = await ts.store.pool.query<{ action: string; details: Record<string, unknown> }>(
      "SELECT action, details FROM audit_events WHERE action LIKE 'webhook.%' AND (details->>'webhook_id')::bigint = $1 ORDER BY id",
      [e.id],
    );
    assert.deepEqual(
      rows.map((r) => r.action),
      ['webhook.create', 'webhook.update', 'webhook.rotate_secret', 'webhook.test', 'webhook.delete'],
    );
    assert.deepEqual(rows[1]?.details.url, { from: 'https://a.example/h', to: 'https://b.example/h' });
    const text = JSON.stringify(rows);
    assert.equal(text.includes(e.secret) || text.includes(rotated.secret) || text.includes('whsec_'), false);
  });

  test('secrets are stored only encrypted; a box opens only with its key and refuses any change', async () => {
    const e = await create(ctx, 'https://a.example/h');
    const { rows } = await ts.store.pool.query<{ segredo: Buffer }>('SELECT segredo FROM webhook_endpoints WHERE id = $1', [e.id]);
    const stored = rows[0]?.segredo;
    assert.ok(stored);
    const raw = e.secret.slice('whsec_'.length);
    assert.equal(stored.includes(Buffer.from(e.secret)) || stored.includes(Buffer.from(raw, 'base64')), false);
    const key = await ctx.secretKey();
    assert.equal(open(key, stored), e.secret);
    assert.throws(
      () => open(randomBytes(32), stored),
      (err: unknown) => err instanceof SecretBoxError && err.reason === 'outra_chave',
    );
    const damaged = Buffer.from(stored);
    damaged[damaged.length - 1] = (damaged.at(-1) ?? 0) ^ 1;
    assert.throws(
      () => open(key, damaged),
      (err: unknown) => err instanceof SecretBoxError && err.reason === 'corrompido',
    );
    const sealed = seal(key, 'x');
    assert.notDeepEqual(seal(key, 'x'), sealed, 'a new nonce each time');
  });
});
