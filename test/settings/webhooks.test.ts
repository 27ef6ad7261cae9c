import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type net from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { Webhook } from 'standardwebhooks';
import { buildApp } from '../../src/app.ts';
import { MAX_WEBHOOKS_PER_CREDENTIAL } from '../../src/domain/limits.ts';
import { Dispatcher } from '../../src/webhooks/dispatcher.ts';
import { secretKeyReader } from '../../src/webhooks/secret-key.ts';
import { NotificationSender } from '../../src/webhooks/sender.ts';
import { TestApp } from '../helpers/test-app.ts';
import { addUser, Browser, errorOf, type AuditEventJson, type TestUser } from './settings-client.ts';

/**
 * The settings API of notification endpoints (docs/settings-api.md, "Notifications (webhooks)";
 * D51-D55), over HTTP against a real app on a real store (embedded, or PostgreSQL with
 * TEST_DATABASE_URL): the lifecycle, the password asked on create and on a URL change, the bodies
 * refused field by field, company and credential isolation, access and CSRF, the cap, the audit
 * trail without any secret, and a test event delivered by a running worker that the API wakes.
 */
interface WebhookJson {
  id: number;
  client_id: string;
  url: string;
  resources: string[];
  status: 'ativo' | 'pausado' | 'desativado_por_falhas';
  reason: string | null;
  created_at: string;
  updated_at: string;
}

interface DeliveryJson {
  at: string;
  event_id: string;
  tipo: string;
  attempt: number;
  http_status: number | null;
  error: string | null;
  duration_ms: number;
}

let t: TestApp;
let empresa: number;
let outra: number;
/** a credential of `empresa` reading clientes and ordens de serviço (no produtos) */
let clientId: string;

before(async () => {
  t = await TestApp.start();
  empresa = await t.company();
  outra = await t.company();
  clientId = (await t.credential(empresa, { scopes: ['clientes:ler', 'os:ler'] })).clientId;
});
after(async () => t.close());
// Each test starts with no endpoint (a credential holds at most 5), its events and logs going with them.
beforeEach(() => t.store.pool.query('DELETE FROM webhook_endpoints'));

const hooksUrl = (client: string) => `/settings/api/credentials/${client}/webhooks`;
const hookUrl = (client: string, id: number | string) => `${hooksUrl(client)}/${id}`;
/** One call of each route on an endpoint (its URL), with a body each accepts: who may reach the endpoint is checked on all. */
const endpointCalls = (url: string) =>
  [
    ['PATCH', url, { active: false }],
    ['POST', `${url}/rotate-secret`, {}],
    ['POST', `${url}/test`, {}],
    ['GET', `${url}/deliveries`, undefined],
    ['DELETE', url, undefined],
  ] as const;
const PUBLIC_URL = 'https://erp.example.com.br/notificacoes';

/** A user of the company with `api_externa`, signed in: `senha_atual` checks are limited per user, so each test has its own. */
async function admin(company = empresa): Promise<{ user: TestUser; b: Browser }> {
  const user = await addUser(t, company);
  return { user, b: await Browser.signIn(t, user) };
}

async function create(
  b: Browser,
  body: Record<string, unknown>,
  client = clientId,
): Promise<{ webhook: WebhookJson; secret: string; res: LightMyRequestResponse }> {
  const res = await b.post(hooksUrl(client), body);
  assert.equal(res.statusCode, 201, res.body);
  return { ...(res.json() as { webhook: WebhookJson; secret: string }), res };
}

async function listed(b: Browser, client = clientId): Promise<{ body: string; webhooks: WebhookJson[]; resources: string[] }> {
  const res = await b.get(hooksUrl(client));
  assert.equal(res.statusCode, 200, res.body);
  return { body: res.body, ...(res.json() as { webhooks: WebhookJson[]; resources: string[] }) };
}

async function pendingEvents(endpointId: number): Promise<{ evento_id: string; tipo: string; recurso: string | null }[]> {
  const { rows } = await t.store.pool.query<{ evento_id: string; tipo: string; recurso: string | null }>(
    'SELECT evento_id, tipo, recurso FROM webhook_events WHERE endpoint_id = $1 ORDER BY id',
    [endpointId],
  );
  return rows;
}

/** The stored row as it is: what a refused request must leave untouched. */
async function storedRow(endpointId: number): Promise<Record<string, unknown> | undefined> {
  const { rows } = await t.store.pool.query('SELECT * FROM webhook_endpoints WHERE id = $1', [endpointId]);
  return rows[0] as Record<string, unknown> | undefined;
}

function assertFields(res: LightMyRequestResponse, campos: string[], label = ''): { campo: string; mensagem: string }[] {
  assert.equal(res.statusCode, 400, `${label} ${res.body}`);
  const erro = errorOf(res);
  assert.equal(erro.codigo, 'dados_invalidos', label);
  assert.deepEqual(
    erro.detalhes.map((d) => d.campo),
    campos,
    label,
  );
  return erro.detalhes;
}

const WEBHOOK_KEYS = ['client_id', 'created_at', 'id', 'reason', 'resources', 'status', 'updated_at', 'url'];

describe('the lifecycle of a notification endpoint', () => {
  test('create (password), list, update, URL change (password), pause, resume, re-enable, rotate, test, deliveries, delete; never a secret but once', async () => {
    const { user, b } = await admin();
    assert.deepEqual(await listed(b).then(({ webhooks, resources }) => ({ webhooks, resources })), {
      webhooks: [],
      resources: ['clientes', 'ordens-servico'],
    });

    const created = await create(b, { url: PUBLIC_URL, resources: ['ordens-servico', 'clientes'], senha_atual: user.senha });
    assert.deepEqual(Object.keys(created.res.json() as object).sort(), ['secret', 'webhook']);
    assert.match(created.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    const w = created.webhook;
    assert.deepEqual(Object.keys(w).sort(), WEBHOOK_KEYS);
    assert.deepEqual(
      { client_id: w.client_id, url: w.url, resources: w.resources, status: w.status, reason: w.reason },
      { client_id: clientId, url: PUBLIC_URL, resources: ['clientes', 'ordens-servico'], status: 'ativo', reason: null },
    );
    assert.match(w.created_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);

    const afterCreate = await listed(b);
    assert.deepEqual(afterCreate.webhooks, [w]);
    assert.equal(afterCreate.body.includes('whsec_'), false);

    const url = hookUrl(clientId, w.id);
    const narrowed = await b.patch(url, { resources: ['clientes'] });
    assert.equal(narrowed.statusCode, 200, narrowed.body);
    assert.deepEqual(Object.keys(narrowed.json() as object), ['webhook']);
    assert.deepEqual((narrowed.json() as { webhook: WebhookJson }).webhook.resources, ['clientes']);
    assert.equal(narrowed.body.includes('whsec_'), false);

    // A new URL asks for the password: missing is a field error, wrong is senha_incorreta; neither changes anything.
    const NEW_URL = 'https://erp.example.com.br/outra-rota';
    const before = await storedRow(w.id);
    const noPassword = await b.patch(url, { url: NEW_URL });
    assert.match(assertFields(noPassword, ['senha_atual'])[0]?.mensagem ?? '', /senha atual/);
    const wrong = await b.patch(url, { url: NEW_URL, senha_atual: 'nao-e-a-senha' });
    assert.equal(wrong.statusCode, 403);
    assert.equal(errorOf(wrong).codigo, 'senha_incorreta');
    assert.deepEqual(await storedRow(w.id), before);
    // The saved URL sent again (a form that sends every field) is no change: no password.
    const same = await b.patch(url, { url: PUBLIC_URL, resources: ['clientes'] });
    assert.equal(same.statusCode, 200, same.body);
    const moved = await b.patch(url, { url: NEW_URL, senha_atual: user.senha });
    assert.equal(moved.statusCode, 200, moved.body);
    assert.equal((moved.json() as { webhook: WebhookJson }).webhook.url, NEW_URL);

    // Pause drops what was queued; a paused endpoint takes no test event; resume queues one event per resource.
    const paused = await b.patch(url, { active: false });
    assert.equal((paused.json() as { webhook: WebhookJson }).webhook.status, 'pausado');
    assert.deepEqual(await pendingEvents(w.id), []);
    const testWhilePaused = await b.post(`${url}/test`);
    assert.match(assertFields(testWhilePaused, ['status'])[0]?.mensagem ?? '', /não está ativa/);
    const resumed = await b.patch(url, { active: true });
    assert.equal((resumed.json() as { webhook: WebhookJson }).webhook.status, 'ativo');
    assert.deepEqual(
      (await pendingEvents(w.id)).map((e) => [e.tipo, e.recurso]),
      [['alteracoes.disponiveis', 'clientes']],
    );

    // Disabled after failures (D54): re-enabling clears the reason.
    await t.store.pool.query("UPDATE webhook_endpoints SET estado = 'desativado_por_falhas', motivo = 'HTTP 500' WHERE id = $1", [w.id]);
    const disabled = (await listed(b)).webhooks[0];
    assert.deepEqual([disabled?.status, disabled?.reason], ['desativado_por_falhas', 'HTTP 500']);
    const reenabled = (await b.patch(url, { active: true })).json() as { webhook: WebhookJson };
    assert.deepEqual([reenabled.webhook.status, reenabled.webhook.reason], ['ativo', null]);

    // Rotation: a new secret, shown once; the previous one kept to sign for 24 h. With no body at all.
    const rotatedRes = await b.send('POST', `${url}/rotate-secret`);
    assert.equal(rotatedRes.statusCode, 200, rotatedRes.body);
    const rotated = rotatedRes.json() as { id: number; secret: string; previous_valid_until: string };
    assert.deepEqual(Object.keys(rotated).sort(), ['id', 'previous_valid_until', 'secret']);
    const signsUntil = Date.parse(rotated.previous_valid_until) - Date.now();
    assert.ok(signsUntil > 23.9 * 3600_000 && signsUntil <= 24 * 3600_000, rotated.previous_valid_until);
    assert.equal(rotated.id, w.id);
    assert.match(rotated.secret, /^whsec_/);
    assert.notEqual(rotated.secret, created.secret);
    const row = await storedRow(w.id);
    assert.ok(row?.segredo_anterior !== null && row?.segredo_anterior_ate !== null, 'the previous secret still signs');

    const tested = await b.post(`${url}/test`);
    assert.equal(tested.statusCode, 202, tested.body);
    const { event_id } = tested.json() as { event_id: string };
    assert.match(event_id, /^evt_/);
    assert.ok((await pendingEvents(w.id)).some((e) => e.evento_id === event_id && e.tipo === 'teste'));

    const deliveries = await b.get(`${url}/deliveries`);
    assert.equal(deliveries.statusCode, 200);
    assert.deepEqual(deliveries.json(), { deliveries: [] }, 'no worker runs in this app: nothing attempted yet');

    const deleted = await b.send('DELETE', url);
    assert.equal(deleted.statusCode, 200, deleted.body);
    assert.deepEqual(deleted.json(), { id: w.id, deleted: true });
    assert.deepEqual((await listed(b)).webhooks, []);
    assert.deepEqual(await pendingEvents(w.id), []);
    for (const [method, path, body] of endpointCalls(url)) {
      const res = await b.send(method, path, body);
      assert.equal(res.statusCode, 404, `${method} ${path}`);
      assert.equal(errorOf(res).codigo, 'recurso_nao_encontrado');
    }

    // The audit trail: every step, by this user from this address, and no secret anywhere.
    const trailRes = await b.get(`/settings/api/credentials/${clientId}/audit`);
    const events = (trailRes.json() as { events: AuditEventJson[] }).events.filter((e) => e.action.startsWith('webhook.'));
    assert.deepEqual(
      events.map((e) => e.action),
      [
        'webhook.delete',
        'webhook.test',
        'webhook.rotate_secret',
        'webhook.update',
        'webhook.update',
        'webhook.update',
        'webhook.update',
        'webhook.update',
        'webhook.update',
        'webhook.create',
      ],
    );
    for (const e of events) {
      assert.deepEqual(e.actor, { type: 'usuario', id: user.id, nome: user.nome });
      assert.equal(e.ip, b.ip);
    }
    assert.deepEqual(events.at(-1)?.details, { webhook_id: w.id, url: PUBLIC_URL, resources: ['clientes', 'ordens-servico'] });
    assert.deepEqual(events.at(-2)?.details, { webhook_id: w.id, resources: { from: ['clientes', 'ordens-servico'], to: ['clientes'] } });
    assert.deepEqual(events.at(-4)?.details, { webhook_id: w.id, url: { from: PUBLIC_URL, to: NEW_URL } });
    for (const secret of [created.secret, rotated.secret, 'whsec_']) assert.equal(trailRes.body.includes(secret), false);
  });
});

describe('a test event through a running worker', () => {
  test('POST .../test wakes the worker of the process: the receiver gets one signed `teste` event, and the delivery log shows it', async () => {
    const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
    const receiver = http.createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const receiverUrl = `http://127.0.0.1:${(receiver.address() as net.AddressInfo).port}/hook`;
    // Only this test's events: the endpoints of the other tests point at addresses that must not be tried.
    await t.store.pool.query('DELETE FROM webhook_events');
    const sender = new NotificationSender({ allowPrivate: true });
    // A poll far longer than the test: only the API's wake can make the attempt in time.
    const dispatcher = new Dispatcher({
      db: t.store.central,
      sender,
      secretKey: secretKeyReader(t.store.pool, undefined),
      log: pino({ level: 'silent' }),
      pollMs: 600_000,
    });
    // The server's wiring: WEBHOOKS_ALLOW_PRIVATE on (D55: development and tests), the worker woken by the settings API.
    let app: FastifyInstance | null = null;
    try {
      app = await buildApp({
        config: { trustProxy: [], webhooksAllowPrivate: true },
        store: t.store,
        limiter: t.limiter,
        notificationQueued: () => dispatcher.wake(),
      });
      dispatcher.start();
      const { user, b } = await admin();
      const inject = (method: 'GET' | 'POST', url: string, body?: unknown) =>
        app!.inject({
          method,
          url,
          remoteAddress: b.ip,
          headers: {
            cookie: `ae_session=${b.sessionId}`,
            ...(method === 'POST' ? { 'x-csrf-token': b.csrf, 'content-type': 'application/json' } : {}),
          },
          ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
        });
      const createdRes = await inject('POST', hooksUrl(clientId), { url: receiverUrl, resources: ['clientes'], senha_atual: user.senha });
      assert.equal(createdRes.statusCode, 201, createdRes.body);
      const created = createdRes.json() as { webhook: WebhookJson; secret: string };
      const url = hookUrl(clientId, created.webhook.id);

      const started = Date.now();
      const tested = await inject('POST', `${url}/test`, {});
      assert.equal(tested.statusCode, 202, tested.body);
      const { event_id } = tested.json() as { event_id: string };
      let log: DeliveryJson[] = [];
      while (log.length === 0 && Date.now() - started < 10_000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        log = ((await inject('GET', `${url}/deliveries`)).json() as { deliveries: DeliveryJson[] }).deliveries;
      }
      assert.ok(Date.now() - started < 10_000, 'delivered without waiting for the poll');
      assert.equal(received.length, 1);
      const got = received[0]!;
      assert.equal(got.headers['webhook-id'], event_id);
      const verified = new Webhook(created.secret).verify(got.body, {
        'webhook-id': String(got.headers['webhook-id']),
        'webhook-timestamp': String(got.headers['webhook-timestamp']),
        'webhook-signature': String(got.headers['webhook-signature']),
      }) as { id: string; tipo: string };
      assert.deepEqual([verified.id, verified.tipo], [event_id, 'teste']);
      assert.equal(log.length, 1);
      const line = log[0]!;
      assert.deepEqual(Object.keys(line).sort(), ['at', 'attempt', 'duration_ms', 'error', 'event_id', 'http_status', 'tipo']);
      assert.deepEqual(
        { event_id: line.event_id, tipo: line.tipo, attempt: line.attempt, http_status: line.http_status, error: line.error },
        { event_id, tipo: 'teste', attempt: 1, http_status: 200, error: null },
      );
      assert.match(line.at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      assert.equal(typeof line.duration_ms, 'number');
    } finally {
      await dispatcher.stop();
      sender.close();
      await app?.close();
      receiver.closeAllConnections();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});

describe('bodies refused field by field (400 dados_invalidos)', () => {
  test('create: every bad field named at once, before the password is looked at', async () => {
    const { b } = await admin();
    const cases: [unknown, string[]][] = [
      [{ url: 123, resources: 'clientes', senha_atual: 5, active: true }, ['active', 'url', 'resources', 'senha_atual']],
      [{ url: PUBLIC_URL, resources: ['clientes', 'nada'] }, ['resources[1]', 'senha_atual']],
      [{ url: PUBLIC_URL, resources: [], senha_atual: 'x' }, ['resources']],
      [{ resources: ['clientes'], senha_atual: 'x' }, ['url']],
      [{ url: 'erp.example.com.br', resources: ['clientes'], senha_atual: 'x' }, ['url']],
      [{ url: 'https://eu:segredo@erp.example.com.br/h', resources: ['clientes'], senha_atual: 'x' }, ['url']],
      [{ url: 'https://erp.example.com.br/h#x', resources: ['clientes'], senha_atual: 'x' }, ['url']],
      [{ url: 'ftp://erp.example.com.br/h', resources: ['clientes'], senha_atual: 'x' }, ['url']],
      [{ url: `https://erp.example.com.br/${'a'.repeat(2048)}`, resources: ['clientes'], senha_atual: 'x' }, ['url']],
      [{ url: PUBLIC_URL, resources: [1], senha_atual: 'x' }, ['resources[0]']],
    ];
    for (const [body, campos] of cases) assertFields(await b.post(hooksUrl(clientId), body), campos, JSON.stringify(body).slice(0, 80));
    const unknown = assertFields(await b.post(hooksUrl(clientId), { url: PUBLIC_URL, resources: ['nada'], senha_atual: 'x' }), [
      'resources[0]',
    ]);
    assert.match(unknown[0]?.mensagem ?? '', /Recurso desconhecido: "nada"/);
    assert.deepEqual((await listed(b)).webhooks, [], 'nothing created');
  });

  test('create: http://, a non-public address (D55, the switch off) and a resource the scopes do not read are named by the rules', async () => {
    const { user, b } = await admin();
    const senha_atual = user.senha;
    const http = assertFields(
      await b.post(hooksUrl(clientId), { url: 'http://erp.example.com.br/h', resources: ['clientes'], senha_atual }),
      ['url'],
    );
    assert.match(http[0]?.mensagem ?? '', /https:\/\//);
    for (const url of ['https://127.0.0.1/h', 'https://localhost/h', 'https://10.1.2.3/h', 'https://[::1]/h', 'https://169.254.169.254/']) {
      const refused = assertFields(await b.post(hooksUrl(clientId), { url, resources: ['clientes'], senha_atual }), ['url'], url);
      assert.match(refused[0]?.mensagem ?? '', /endereço público/, url);
    }
    const unreadable = assertFields(
      await b.post(hooksUrl(clientId), { url: PUBLIC_URL, resources: ['clientes', 'produtos'], senha_atual }),
      ['resources'],
    );
    assert.match(unreadable[0]?.mensagem ?? '', /não leem: produtos\. Ela pode acompanhar: clientes, ordens-servico/);
    assert.deepEqual((await listed(b)).webhooks, [], 'nothing created');
  });

  test('change, rotate, test and delete: unknown fields, wrong types, an empty change', async () => {
    const { user, b } = await admin();
    const { webhook } = await create(b, { url: PUBLIC_URL, resources: ['clientes'], senha_atual: user.senha });
    const url = hookUrl(clientId, webhook.id);
    const before = await storedRow(webhook.id);
    assertFields(await b.patch(url, {}), ['corpo']);
    assertFields(await b.patch(url, { active: 'sim' }), ['active']);
    assertFields(await b.patch(url, { resources: [] }), ['resources']);
    assertFields(await b.patch(url, { resources: ['clientes'], status: 'pausado' }), ['status']);
    assertFields(await b.patch(url, { url: 'http://erp.example.com.br/h#x', active: 1 }), ['url', 'active']);
    assertFields(await b.patch(url, { resources: ['produtos'] }), ['resources']);
    assertFields(await b.post(`${url}/rotate-secret`, { senha_atual: user.senha }), ['senha_atual']);
    assertFields(await b.post(`${url}/test`, { agora: true }), ['agora']);
    assertFields(await b.send('DELETE', url, { id: webhook.id }), ['id']);
    assert.deepEqual(await storedRow(webhook.id), before, 'nothing changed');
    assert.deepEqual(await pendingEvents(webhook.id), []);
  });
});

describe('isolation: another company, another credential, ids that name nothing (404 recurso_nao_encontrado)', () => {
  test('a user of another company reaches neither the credential nor its endpoints, and nothing changes', async () => {
    const { user: a, b: browserA } = await admin();
    const { webhook } = await create(browserA, { url: PUBLIC_URL, resources: ['clientes'], senha_atual: a.senha });
    const before = await storedRow(webhook.id);
    const { user: other, b } = await admin(outra);
    const ownClient = (await t.credential(outra, { scopes: ['clientes:ler'] })).clientId;
    const calls: (readonly ['GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown])[] = [
      ['GET', hooksUrl(clientId), undefined],
      ['POST', hooksUrl(clientId), { url: PUBLIC_URL, resources: ['clientes'], senha_atual: other.senha }],
      ['POST', hooksUrl(clientId), { url: 7 }],
    ];
    // Through A's credential, and through B's own credential with A's endpoint id.
    for (const client of [clientId, ownClient]) {
      const url = hookUrl(client, webhook.id);
      calls.push(['PATCH', url, { url: 'https://intruso.example.com/h', senha_atual: other.senha }], ...endpointCalls(url));
    }
    for (const [method, url, body] of calls) {
      const res = await b.send(method, url, body);
      assert.equal(res.statusCode, 404, `${method} ${url} ${res.body}`);
      assert.equal(errorOf(res).codigo, 'recurso_nao_encontrado');
    }
    assert.deepEqual(await storedRow(webhook.id), before);
    assert.deepEqual(await pendingEvents(webhook.id), []);
    assert.deepEqual((await listed(b, ownClient)).webhooks, []);
  });

  test("another credential of the same company does not reach this credential's endpoints", async () => {
    const { user, b } = await admin();
    const { webhook } = await create(b, { url: PUBLIC_URL, resources: ['clientes'], senha_atual: user.senha });
    const sibling = (await t.credential(empresa, { scopes: ['clientes:ler'] })).clientId;
    const before = await storedRow(webhook.id);
    const url = hookUrl(sibling, webhook.id);
    for (const [method, path, body] of endpointCalls(url)) {
      const res = await b.send(method, path, body);
      assert.equal(res.statusCode, 404, `${method} ${path}`);
      assert.equal(errorOf(res).codigo, 'recurso_nao_encontrado');
    }
    assert.deepEqual(await storedRow(webhook.id), before);
    assert.deepEqual((await listed(b, sibling)).webhooks, []);
  });

  test('an endpoint id that is no positive integer, or a client id that names nothing, is 404, never 500', async () => {
    const { b } = await admin();
    for (const id of ['0', '-1', 'abc', '1.5', '1e3', '01x', '99999999999999999999', '%20', '9007199254740993']) {
      const url = hookUrl(clientId, id);
      for (const [method, path, body] of endpointCalls(url)) {
        const res = await b.send(method, path, body);
        assert.equal(res.statusCode, 404, `${method} ${path} ${res.body}`);
        assert.equal(errorOf(res).codigo, 'recurso_nao_encontrado');
      }
    }
    for (const client of ['ae_live_naoexiste', 'x', '%00']) {
      const res = await b.get(hooksUrl(client));
      assert.equal(res.statusCode, 404, client);
      assert.equal(errorOf(res).codigo, 'recurso_nao_encontrado');
    }
  });
});

describe('access', () => {
  test('without the api_externa permission every route is 403 sem_permissao, and nothing changes', async () => {
    const { user, b: owner } = await admin();
    const { webhook } = await create(owner, { url: PUBLIC_URL, resources: ['clientes'], senha_atual: user.senha });
    const before = await storedRow(webhook.id);
    const plain = await addUser(t, empresa, { permissoes: ['financeiro'] });
    const b = await Browser.signIn(t, plain);
    const url = hookUrl(clientId, webhook.id);
    for (const [method, path, body] of [
      ['GET', hooksUrl(clientId), undefined],
      ['POST', hooksUrl(clientId), { url: PUBLIC_URL, resources: ['clientes'], senha_atual: plain.senha }],
      ...endpointCalls(url),
    ] as const) {
      const res = await b.send(method, path, body);
      assert.equal(res.statusCode, 403, `${method} ${path}`);
      assert.equal(errorOf(res).codigo, 'sem_permissao');
    }
    assert.deepEqual(await storedRow(webhook.id), before);
    assert.equal((await listed(owner)).webhooks.length, 1);
  });

  test('a state-changing request without the CSRF token is 403 csrf_invalido and changes nothing; without a session 401', async () => {
    const { user, b } = await admin();
    const { webhook } = await create(b, { url: PUBLIC_URL, resources: ['clientes'], senha_atual: user.senha });
    const before = await storedRow(webhook.id);
    const url = hookUrl(clientId, webhook.id);
    const changing = [
      ['POST', hooksUrl(clientId), { url: PUBLIC_URL, resources: ['clientes'], senha_atual: user.senha }],
      ['PATCH', url, { active: false }],
      ['POST', `${url}/rotate-secret`, {}],
      ['POST', `${url}/test`, {}],
      ['DELETE', url, undefined],
    ] as const;
    for (const [method, path, body] of changing) {
      const res = await b.send(method, path, body, { 'x-csrf-token': '' });
      assert.equal(res.statusCode, 403, `${method} ${path}`);
      assert.equal(errorOf(res).codigo, 'csrf_invalido');
      const noSession = await t.app.inject({ method, url: path, headers: { 'content-type': 'application/json' }, payload: '{}' });
      assert.equal(noSession.statusCode, 401, `${method} ${path}`);
      assert.equal(errorOf(noSession).codigo, 'nao_autenticado');
    }
    assert.deepEqual(await storedRow(webhook.id), before);
    assert.equal((await listed(b)).webhooks.length, 1);
    assert.deepEqual(await pendingEvents(webhook.id), []);
  });
});

describe('limits and credential state', () => {
  test(`the ${MAX_WEBHOOKS_PER_CREDENTIAL + 1}th endpoint of a credential is refused, naming the cap; another credential still has room`, async () => {
    const { user, b } = await admin();
    const full = (await t.credential(empresa, { scopes: ['clientes:ler'] })).clientId;
    const body = { url: PUBLIC_URL, resources: ['clientes'], senha_atual: user.senha };
    for (let i = 0; i < MAX_WEBHOOKS_PER_CREDENTIAL; i++) await create(b, { ...body, url: `${PUBLIC_URL}/${i}` }, full);
    const refused = assertFields(await b.post(hooksUrl(full), body), ['client_id']);
    assert.match(refused[0]?.mensagem ?? '', new RegExp(`já tem ${MAX_WEBHOOKS_PER_CREDENTIAL} notificações, o máximo permitido`));
    assert.equal((await listed(b, full)).webhooks.length, MAX_WEBHOOKS_PER_CREDENTIAL);
    await create(b, body);
  });

  test('a revoked credential gets no new endpoint and cannot re-enable one; its endpoints stay listed', async () => {
    const { user, b } = await admin();
    const cred = await t.credential(empresa, { scopes: ['clientes:ler'] });
    const { webhook } = await create(b, { url: PUBLIC_URL, resources: ['clientes'], senha_atual: user.senha }, cred.clientId);
    await b.patch(hookUrl(cred.clientId, webhook.id), { active: false });
    await t.revoke(cred);
    const refused = assertFields(
      await b.post(hooksUrl(cred.clientId), { url: PUBLIC_URL, resources: ['clientes'], senha_atual: user.senha }),
      ['client_id'],
    );
    assert.match(refused[0]?.mensagem ?? '', /revogada/);
    assert.match(
      assertFields(await b.patch(hookUrl(cred.clientId, webhook.id), { active: true }), ['active'])[0]?.mensagem ?? '',
      /revogada/,
    );
    assert.deepEqual(
      (await listed(b, cred.clientId)).webhooks.map((w) => w.status),
      ['pausado'],
    );
  });
});
