import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { OPERATOR } from '../../src/credentials/audit.ts';
import { createCredential, revokeCredential } from '../../src/credentials/credentials.service.ts';
import { MAX_ACTIVE_CREDENTIALS } from '../../src/domain/limits.ts';
import { importDataset } from '../../src/store/import/import.ts';
import { runCli } from '../helpers/processes.ts';
import { TestApp } from '../helpers/test-app.ts';
import { freshStore, type TestStore } from '../helpers/test-store.ts';
import { addUser, Browser, errorOf } from './settings-client.ts';

/**
 * D47: a company holds at most MAX_ACTIVE_CREDENTIALS active credentials. Revoked and expired
 * ones do not count; the settings API answers 409 limite_de_credenciais past the cap, the CLI
 * exits 1 with the reason; two creations racing for the last place: one wins.
 */

const CREDENTIALS = '/settings/api/credentials';
const body = (name: string) => ({ name, scopes: ['clientes:ler'], allowed_ips: [], expires: null });

describe('the cap through the settings API', () => {
  let t: TestApp;

  before(async () => {
    t = await TestApp.start();
  });
  after(async () => t.close());

  /** A company with `active` active credentials, plus one revoked and one expired that do not count. */
  async function companyWith(active: number): Promise<{ empresa: number; b: Browser; clientIds: string[] }> {
    const empresa = await t.company();
    const revoked = await t.credential(empresa, { scopes: ['clientes:ler'] });
    await revokeCredential(t.store.central, revoked.clientId, OPERATOR);
    await t.credential(empresa, { scopes: ['clientes:ler'], expires: '2020-01-31' });
    const clientIds: string[] = [];
    for (let i = 0; i < active; i++) clientIds.push((await t.credential(empresa, { scopes: ['clientes:ler'] })).clientId);
    const b = await Browser.signIn(t, await addUser(t, empresa));
    return { empresa, b, clientIds };
  }

  test(`the ${MAX_ACTIVE_CREDENTIALS}th is created, the next is 409 limite_de_credenciais; revoking one makes room`, async () => {
    const { b, clientIds } = await companyWith(MAX_ACTIVE_CREDENTIALS - 1);
    const last = await b.post(CREDENTIALS, body('a última'));
    assert.equal(last.statusCode, 201, last.body);
    const refused = await b.post(CREDENTIALS, body('uma a mais'));
    assert.equal(refused.statusCode, 409, refused.body);
    const erro = errorOf(refused);
    assert.equal(erro.codigo, 'limite_de_credenciais');
    assert.equal(
      erro.mensagem,
      `A empresa já tem ${MAX_ACTIVE_CREDENTIALS} credenciais ativas, o máximo permitido. Revogue uma credencial que não esteja mais em uso para criar outra.`,
    );
    assert.deepEqual(erro.detalhes, []);
    const listed = (await b.get(CREDENTIALS)).json() as { credentials: { name: string; status: string }[] };
    assert.equal(listed.credentials.filter((c) => c.status === 'active').length, MAX_ACTIVE_CREDENTIALS);
    assert.ok(!listed.credentials.some((c) => c.name === 'uma a mais'), 'nothing was created');

    const revoked = await b.post(`${CREDENTIALS}/${clientIds[0]}/revoke`);
    assert.equal(revoked.statusCode, 200, revoked.body);
    assert.equal((await b.post(CREDENTIALS, body('no lugar da revogada'))).statusCode, 201);
  });

  test('concurrent creations racing for the last place: exactly one is created', async () => {
    const { b } = await companyWith(MAX_ACTIVE_CREDENTIALS - 1);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => b.post(CREDENTIALS, body(`corrida ${i}`))));
    const statuses = answers.map((a) => a.statusCode).sort();
    assert.deepEqual(statuses, [201, 409, 409, 409, 409, 409, 409, 409], answers.map((a) => a.body).join('\n'));
    const listed = (await b.get(CREDENTIALS)).json() as { credentials: { status: string }[] };
    assert.equal(listed.credentials.filter((c) => c.status === 'active').length, MAX_ACTIVE_CREDENTIALS);
  });

  test('a new expiry that would make an expired credential active again counts: 409 at the cap', async () => {
    const { empresa, b } = await companyWith(MAX_ACTIVE_CREDENTIALS);
    const listed = (await b.get(CREDENTIALS)).json() as { credentials: { client_id: string; status: string }[] };
    const expired = listed.credentials.find((c) => c.status === 'expired');
    assert.ok(expired);
    const res = await b.patch(`${CREDENTIALS}/${expired.client_id}`, { expires: null });
    assert.equal(res.statusCode, 409, res.body);
    assert.equal(errorOf(res).codigo, 'limite_de_credenciais');
    const after = (await b.get(CREDENTIALS)).json() as { credentials: { client_id: string; status: string }[] };
    assert.equal(after.credentials.find((c) => c.client_id === expired.client_id)?.status, 'expired', 'unchanged');
    // Another company is not affected by this one's cap.
    const other = await t.company();
    assert.ok(
      (
        await createCredential(
          t.store.central,
          { empresaId: other, name: 'x', scopes: ['clientes:ler'], allowedIps: [], expires: null },
          OPERATOR,
        )
      ).client_id,
    );
    assert.ok(empresa !== other);
  });
});

describe('the cap through the CLI', () => {
  let s: TestStore;
  let env: Record<string, string>;
  const EMPRESA = 4701;

  before(async () => {
    s = await freshStore();
    env = s.config.databaseUrl === undefined ? { DATA_DIR: s.config.dataDir } : { DATABASE_URL: s.config.databaseUrl };
    await importDataset(s.store.pool, { empresas: [{ id: EMPRESA, nome: 'Empresa no limite' }] });
    for (let i = 0; i < MAX_ACTIVE_CREDENTIALS - 1; i++)
      await createCredential(
        s.store.central,
        { empresaId: EMPRESA, name: `c${i}`, scopes: ['os:ler'], allowedIps: [], expires: null },
        OPERATOR,
      );
  });
  after(async () => s?.close());

  test('credentials create at the cap exits 1 with the reason on stderr and nothing on stdout', async () => {
    const args = ['credentials', 'create', '--company', String(EMPRESA), '--name', 'ERP', '--scopes', 'os:ler', '--json'];
    const last = await runCli(args, env);
    assert.equal(last.code, 0, last.stderr);
    const refused = await runCli(args, env);
    assert.equal(refused.code, 1);
    assert.equal(refused.stdout, '');
    assert.equal(
      refused.stderr.trim(),
      `error: company ${EMPRESA} already has ${MAX_ACTIVE_CREDENTIALS} active credentials, the most allowed: revoke one that is no longer used first`,
    );
    const listed = await runCli(['credentials', 'list', '--company', String(EMPRESA), '--json'], env);
    assert.equal((JSON.parse(listed.stdout) as { credentials: unknown[] }).credentials.length, MAX_ACTIVE_CREDENTIALS);
  });
});
