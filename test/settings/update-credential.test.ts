import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { OPERATOR } from '../../src/credentials/audit.ts';
import {
  CredentialError,
  createCredential,
  findCompanyCredential,
  revokeCredential,
  updateCredential,
} from '../../src/credentials/credentials.service.ts';
import { TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let empresa: number;

before(async () => {
  t = await TestApp.start();
  empresa = await t.company();
});
after(async () => t.close());

async function fresh(): Promise<string> {
  const created = await createCredential(
    t.store.central,
    { empresaId: empresa, name: 'Serviço', scopes: ['os:ler'], allowedIps: ['10.0.0.0/8'], expires: null },
    OPERATOR,
  );
  return created.client_id;
}

async function lastEvent(clientId: string): Promise<{ action: string; details: unknown } | undefined> {
  const { rows } = await t.store.pool.query<{ action: string; details: unknown }>(
    `SELECT a.action, a.details FROM audit_events a JOIN api_credentials c ON c.id = a.credential_id
     WHERE c.client_id = $1 ORDER BY a.id DESC LIMIT 1`,
    [clientId],
  );
  return rows[0];
}

describe('updateCredential (service)', () => {
  test('normalises like create and records a {field: {from, to}} diff of what changed', async () => {
    const clientId = await fresh();
    const row = await updateCredential(
      t.store.central,
      clientId,
      { name: ' Novo ', scopes: ['produtos:ler', 'os:ler', 'os:ler'], allowedIps: ['10.0.0.0/8'], expires: '2031-05-31' },
      OPERATOR,
    );
    assert.deepEqual(
      [row.name, row.scopes, row.allowed_ips, row.expires],
      ['Novo', ['os:ler', 'produtos:ler'], ['10.0.0.0/8'], '2031-05-31'],
    );
    assert.deepEqual(await lastEvent(clientId), {
      action: 'credential.update',
      details: {
        name: { from: 'Serviço', to: 'Novo' },
        scopes: { from: ['os:ler'], to: ['os:ler', 'produtos:ler'] },
        expires: { from: null, to: '2031-05-31' },
      },
    });
  });

  test('an absent field stays; expires null removes the expiry', async () => {
    const clientId = await fresh();
    await updateCredential(t.store.central, clientId, { expires: '2031-01-01' }, OPERATOR);
    const row = await updateCredential(t.store.central, clientId, { expires: null }, OPERATOR);
    assert.deepEqual([row.name, row.scopes, row.allowed_ips, row.expires], ['Serviço', ['os:ler'], ['10.0.0.0/8'], null]);
  });

  test('refuses what create refuses, naming the field, and changes nothing', async () => {
    const clientId = await fresh();
    const cases: [Parameters<typeof updateCredential>[2], string][] = [
      [{ name: '' }, 'name'],
      [{ scopes: [] }, 'scopes'],
      [{ scopes: ['tudo:ler'] }, 'scopes'],
      [{ allowedIps: ['10.0.0.1/8'] }, 'allowed_ips'],
      [{ expires: '2031-02-30' }, 'expires'],
    ];
    for (const [changes, field] of cases) {
      await assert.rejects(
        updateCredential(t.store.central, clientId, changes, OPERATOR),
        (err: unknown) => err instanceof CredentialError && err.field === field,
      );
    }
    assert.equal((await lastEvent(clientId))?.action, 'credential.create');
  });

  test('a revoked credential cannot be changed; an unknown one is refused', async () => {
    const clientId = await fresh();
    await revokeCredential(t.store.central, clientId, OPERATOR);
    await assert.rejects(updateCredential(t.store.central, clientId, { name: 'x' }, OPERATOR), CredentialError);
    await assert.rejects(updateCredential(t.store.central, 'ae_live_nada', { name: 'x' }, OPERATOR), CredentialError);
  });

  test('findCompanyCredential: another company sees null', async () => {
    const clientId = await fresh();
    const other = await t.company();
    assert.equal((await findCompanyCredential(t.store.central, empresa, clientId))?.client_id, clientId);
    assert.equal(await findCompanyCredential(t.store.central, other, clientId), null);
  });
});
