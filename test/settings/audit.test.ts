import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { OPERATOR } from '../../src/credentials/audit.ts';
import { createCredential, rotateSecret } from '../../src/credentials/credentials.service.ts';
import { TestApp } from '../helpers/test-app.ts';
import { addUser, Browser, errorOf, type AuditEventJson, type CredentialJson, type TestUser } from './settings-client.ts';

let t: TestApp;
let empresa: number;
let user: TestUser;
let b: Browser;

before(async () => {
  t = await TestApp.start();
  empresa = await t.company();
  user = await addUser(t, empresa);
  b = await Browser.signIn(t, user);
});
after(async () => t.close());

const CREDENTIALS = '/settings/api/credentials';

async function trail(clientId: string): Promise<{ body: string; events: AuditEventJson[] }> {
  const res = await b.get(`${CREDENTIALS}/${clientId}/audit`);
  assert.equal(res.statusCode, 200);
  return { body: res.body, events: (res.json() as { events: AuditEventJson[] }).events };
}

describe('audit trail per credential', () => {
  test('create, change, rotate and revoke: who, from where, what changed, newest first, never a secret', async () => {
    const created = await b.create({ name: 'Auditada', scopes: ['os:ler'], allowed_ips: ['192.0.2.1'], expires: null });
    const url = `${CREDENTIALS}/${created.clientId}`;
    await b.patch(url, { name: 'Auditada 2', scopes: ['os:ler', 'boletos:ler'], allowed_ips: ['192.0.2.1'], senha_atual: user.senha });
    const rotated = (await b.post(`${url}/rotate`, { senha_atual: user.senha })).json() as { client_secret: string };
    await b.post(`${url}/revoke`);
    const { body, events } = await trail(created.clientId);
    const me = { type: 'usuario', id: user.id, nome: user.nome };
    assert.deepEqual(
      events.map((e) => ({ action: e.action, actor: e.actor, ip: e.ip, details: e.details })),
      [
        { action: 'credential.revoke', actor: me, ip: b.ip, details: {} },
        { action: 'credential.rotate', actor: me, ip: b.ip, details: {} },
        {
          action: 'credential.update',
          actor: me,
          ip: b.ip,
          // only what changed: allowed_ips was sent unchanged
          details: { name: { from: 'Auditada', to: 'Auditada 2' }, scopes: { from: ['os:ler'], to: ['os:ler', 'boletos:ler'] } },
        },
        {
          action: 'credential.create',
          actor: me,
          ip: b.ip,
          details: { name: 'Auditada', scopes: ['os:ler'], allowed_ips: ['192.0.2.1'], expires: null },
        },
      ],
    );
    for (const e of events) {
      assert.match(e.created_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      assert.equal(typeof e.id, 'number');
    }
    assert.ok(events[0] && events[1] && events[0].id > events[1].id);
    for (const secret of [created.secret, rotated.client_secret, user.senha]) assert.ok(!body.includes(secret));
  });

  test('a change that changes nothing writes no event', async () => {
    const created = await b.create({ name: 'Igual', scopes: ['os:ler'] });
    const res = await b.patch(`${CREDENTIALS}/${created.clientId}`, { name: ' Igual ', scopes: ['os:ler'] });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(
      (await trail(created.clientId)).events.map((e) => e.action),
      ['credential.create'],
    );
  });

  test("the CLI's operator actions land in the same trail, as operator", async () => {
    // What `credentials create` and `credentials rotate` run, with the operator as actor.
    const created = await createCredential(
      t.store.central,
      { empresaId: empresa, name: 'Via CLI', scopes: ['os:ler'], allowedIps: [], expires: null },
      OPERATOR,
    );
    await rotateSecret(t.store.central, created.client_id, OPERATOR);
    await b.patch(`${CREDENTIALS}/${created.client_id}`, { name: 'Via CLI, renomeada' });
    const { events, body } = await trail(created.client_id);
    assert.deepEqual(
      events.map((e) => [e.action, e.actor, e.ip]),
      [
        ['credential.update', { type: 'usuario', id: user.id, nome: user.nome }, b.ip],
        ['credential.rotate', { type: 'operator', id: null, nome: null }, null],
        ['credential.create', { type: 'operator', id: null, nome: null }, null],
      ],
    );
    assert.ok(!body.includes(created.client_secret));
    const listed = ((await b.get(CREDENTIALS)).json() as { credentials: CredentialJson[] }).credentials.find(
      (c) => c.client_id === created.client_id,
    );
    assert.equal(listed?.created_by, null, 'created by the operator');
  });

  test('an unknown client id has no trail (404)', async () => {
    const res = await b.get(`${CREDENTIALS}/ae_live_desconhecida/audit`);
    assert.equal(res.statusCode, 404);
    assert.equal(errorOf(res).codigo, 'recurso_nao_encontrado');
  });
});
