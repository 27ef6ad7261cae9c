import { generateKeyPairSync } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TestApp, uniqueSourceIp } from '../helpers/test-app.ts';
import { addUser, Browser, errorOf, type CredentialJson } from './settings-client.ts';

let t: TestApp;
let empresa: number;
let outra: number;
let admin: Browser;
let clientId: string;

before(async () => {
  t = await TestApp.start();
  empresa = await t.company();
  outra = await t.company();
  admin = await Browser.signIn(t, await addUser(t, empresa));
  clientId = (await admin.create({ name: 'ERP', scopes: ['os:ler'], allowed_ips: [], expires: null })).clientId;
});
after(async () => t.close());

const PUBLIC_KEY = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'pem', type: 'spki' }).toString();

/** Every credentials route, with a body that would succeed for an allowed user. */
function credentialRoutes(id: string): { method: 'GET' | 'POST' | 'PATCH'; url: string; body?: unknown }[] {
  return [
    { method: 'GET', url: '/settings/api/credentials' },
    { method: 'POST', url: '/settings/api/credentials', body: { name: 'Outra', scopes: ['os:ler'], allowed_ips: [], expires: null } },
    { method: 'PATCH', url: `/settings/api/credentials/${id}`, body: { name: 'Novo nome' } },
    { method: 'POST', url: `/settings/api/credentials/${id}/rotate`, body: {} },
    { method: 'POST', url: `/settings/api/credentials/${id}/replace-key`, body: { public_key: PUBLIC_KEY } },
    { method: 'POST', url: `/settings/api/credentials/${id}/revoke`, body: {} },
    { method: 'GET', url: `/settings/api/credentials/${id}/audit` },
  ];
}

describe('permission api_externa', () => {
  test('a signed-in user without it gets 403 sem_permissao on every credentials route, and nothing changes', async () => {
    const user = await addUser(t, empresa, { permissoes: ['financeiro'] });
    const b = await Browser.signIn(t, user);
    for (const r of credentialRoutes(clientId)) {
      const res = await b.send(r.method, r.url, r.body);
      assert.equal(res.statusCode, 403, `${r.method} ${r.url}`);
      assert.equal(errorOf(res).codigo, 'sem_permissao');
      assert.match(errorOf(res).mensagem, /^Sem permissão/);
    }
    assert.equal((await b.get('/settings/api/session')).statusCode, 200, 'the session itself is fine');
    const list = (await admin.get('/settings/api/credentials')).json() as { credentials: CredentialJson[] };
    assert.deepEqual(
      list.credentials.map((c) => [c.name, c.status]),
      [['ERP', 'active']],
    );
  });

  test('taking the permission away applies on the very next request', async () => {
    const user = await addUser(t, empresa);
    const b = await Browser.signIn(t, user);
    assert.equal((await b.get('/settings/api/credentials')).statusCode, 200);
    await t.store.pool.query("UPDATE usuarios SET permissoes = '{}' WHERE id = $1", [user.id]);
    assert.equal(errorOf(await b.get('/settings/api/credentials')).codigo, 'sem_permissao');
  });

  test('without a session every credentials route is 401 nao_autenticado', async () => {
    for (const r of credentialRoutes(clientId)) {
      const res = await t.app.inject({ method: r.method, url: r.url, remoteAddress: uniqueSourceIp() });
      assert.equal(res.statusCode, 401, `${r.method} ${r.url}`);
      assert.equal(errorOf(res).codigo, 'nao_autenticado');
    }
  });
});

describe('CSRF', () => {
  test('a state-changing request without the token, or with a wrong one, is 403 csrf_invalido and changes nothing', async () => {
    const b = await Browser.signIn(t, await addUser(t, empresa));
    const other = await Browser.signIn(t, await addUser(t, empresa));
    for (const r of credentialRoutes(clientId).filter((x) => x.method !== 'GET')) {
      for (const token of ['', 'x', b.csrf.slice(0, -1), other.csrf]) {
        const res = await b.send(r.method, r.url, r.body, { 'x-csrf-token': token });
        assert.equal(res.statusCode, 403, `${r.method} ${r.url} with "${token}"`);
        assert.equal(errorOf(res).codigo, 'csrf_invalido');
      }
    }
    const list = (await admin.get('/settings/api/credentials')).json() as { credentials: CredentialJson[] };
    assert.deepEqual(
      list.credentials.map((c) => [c.name, c.status]),
      [['ERP', 'active']],
    );
  });

  test('a foreign Origin is 403 csrf_invalido even with the right token; the own origin passes', async () => {
    const b = await Browser.signIn(t, await addUser(t, empresa));
    const body = { name: 'Com origem', scopes: ['os:ler'] };
    for (const origin of ['https://evil.example', 'http://localhost:8080', 'https://localhost', 'null']) {
      const res = await b.post('/settings/api/credentials', body, { origin });
      assert.equal(res.statusCode, 403, origin);
      assert.equal(errorOf(res).codigo, 'csrf_invalido');
    }
    assert.equal((await b.post('/settings/api/credentials', body, { origin: 'http://localhost' })).statusCode, 201);
  });

  test('reading needs no token', async () => {
    const b = await Browser.signIn(t, await addUser(t, empresa));
    assert.equal((await b.send('GET', '/settings/api/credentials', undefined, { 'x-csrf-token': '' })).statusCode, 200);
  });

  test('credential bodies must be JSON objects: other types are 400 dados_invalidos', async () => {
    const b = await Browser.signIn(t, await addUser(t, empresa));
    const form = await b.send('POST', '/settings/api/credentials', undefined, { 'content-type': 'application/x-www-form-urlencoded' });
    assert.equal(errorOf(form).codigo, 'dados_invalidos');
    const text = await t.app.inject({
      method: 'POST',
      url: '/settings/api/credentials',
      remoteAddress: b.ip,
      headers: { cookie: `ae_session=${b.sessionId}`, 'x-csrf-token': b.csrf, 'content-type': 'text/plain' },
      payload: '{"name":"x","scopes":["os:ler"]}',
    });
    assert.equal(text.statusCode, 400);
    assert.equal(errorOf(text).codigo, 'dados_invalidos');
  });
});

describe('company isolation', () => {
  test("another company's admin gets 404 for this company's client ids on every route, and never sees them listed", async () => {
    const stranger = await Browser.signIn(t, await addUser(t, outra));
    for (const r of credentialRoutes(clientId).slice(2)) {
      const res = await stranger.send(r.method, r.url, r.body);
      assert.equal(res.statusCode, 404, `${r.method} ${r.url}`);
      assert.equal(errorOf(res).codigo, 'recurso_nao_encontrado');
    }
    const withoutId = (res: Parameters<typeof errorOf>[0]) => ({ ...errorOf(res), request_id: null });
    const unknown = await stranger.get('/settings/api/credentials/ae_live_naoexiste/audit');
    assert.deepEqual(
      withoutId(unknown),
      withoutId(await stranger.get(`/settings/api/credentials/${clientId}/audit`)),
      'same as an unknown id',
    );
    const list = await stranger.get('/settings/api/credentials');
    assert.equal(list.statusCode, 200);
    assert.ok(!list.body.includes(clientId));
    assert.deepEqual((list.json() as { credentials: unknown[] }).credentials, []);
    // Untouched: same name, still active, no event from the stranger.
    const mine = (await admin.get('/settings/api/credentials')).json() as { credentials: CredentialJson[] };
    assert.deepEqual(mine.credentials.find((c) => c.client_id === clientId)?.status, 'active');
    const audit = (await admin.get(`/settings/api/credentials/${clientId}/audit`)).json() as { events: { action: string }[] };
    assert.deepEqual(
      audit.events.map((e) => e.action),
      ['credential.create'],
    );
  });
});

describe('routes', () => {
  test('an unknown settings path is 404 recurso_nao_encontrado in the envelope', async () => {
    const res = await admin.get('/settings/api/nada');
    assert.equal(res.statusCode, 404);
    assert.equal(errorOf(res).codigo, 'recurso_nao_encontrado');
  });
});
