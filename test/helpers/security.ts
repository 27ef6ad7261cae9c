import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SCOPES, type Scope } from '../../src/domain/scopes.ts';
import { OPERATOR } from '../../src/credentials/audit.ts';
import { revokeCredential, rotateSecret } from '../../src/credentials/credentials.service.ts';
import type { TestApp } from './test-app.ts';

export interface SecuredResource {
  /** list route, e.g. /v1/clientes */
  list: string;
  /** detail route with `:id`, e.g. /v1/clientes/:id; absent for list-only resources (contas) */
  detail?: string;
  scope: Scope;
  /** creates one record of the resource for the company, returning its id */
  seed(t: TestApp, empresaId: number): Promise<number>;
}

const ALLOWED_SOURCE = '198.51.100.10';

function errorCode(res: { json(): unknown }): string {
  return (res.json() as { erro: { codigo: string } }).erro.codigo;
}

/**
 * The security cases every data route must pass (architecture convention 5): no token, bad
 * token, revoked and rotated credentials, wrong scope, another company's record, disallowed IP.
 * One call per resource generates them for its list and detail routes.
 */
export function securityCases(app: () => TestApp, resource: SecuredResource): void {
  const { detail } = resource;
  describe(detail === undefined ? `security of ${resource.list}` : `security of ${resource.list} and ${detail}`, () => {
    async function setup(scopes: readonly Scope[] = [resource.scope], allowedIps: string[] = []) {
      const t = app();
      const empresa = await t.company();
      const id = await resource.seed(t, empresa);
      const cred = await t.credential(empresa, { scopes, allowedIps });
      const token = await t.token(cred, undefined, allowedIps.length > 0 ? ALLOWED_SOURCE : undefined);
      const urls = detail === undefined ? [resource.list] : [resource.list, detail.replace(':id', String(id))];
      return { t, empresa, id, cred, token, urls };
    }

    test('no token: 401 token_invalido, WWW-Authenticate without error (D36)', async () => {
      const { t, urls } = await setup();
      for (const url of urls) {
        const res = await t.get(url);
        assert.equal(res.statusCode, 401, url);
        assert.equal(errorCode(res), 'token_invalido');
        assert.equal(res.headers['www-authenticate'], 'Bearer realm="api-externa"');
        assert.equal(res.headers['x-ratelimit-limit'], undefined, 'no window before the token check (D4)');
      }
    });

    test('bad token: 401 with error="invalid_token" (D36)', async () => {
      const { t, urls, token } = await setup();
      for (const url of urls) {
        for (const bad of [`${token}x`, 'ae_at_forged', token.slice(0, -1)]) {
          const res = await t.get(url, bad);
          assert.equal(res.statusCode, 401, url);
          assert.equal(errorCode(res), 'token_invalido');
          assert.equal(res.headers['www-authenticate'], 'Bearer realm="api-externa", error="invalid_token"');
        }
      }
    });

    test('revoked credential: its token is refused on the very next request (D31)', async () => {
      const { t, urls, token, cred } = await setup();
      assert.equal((await t.get(urls[0] ?? '', token)).statusCode, 200);
      await revokeCredential(t.store.central, cred.clientId, OPERATOR);
      for (const url of urls) assert.equal((await t.get(url, token)).statusCode, 401, url);
    });

    test('rotated secret: earlier tokens are refused on the very next request', async () => {
      const { t, urls, token, cred } = await setup();
      assert.equal((await t.get(urls.at(-1) ?? '', token)).statusCode, 200);
      await rotateSecret(t.store.central, cred.clientId, OPERATOR);
      for (const url of urls) assert.equal((await t.get(url, token)).statusCode, 401, url);
    });

    test('wrong scope: 403 escopo_insuficiente naming the scope (D36)', async () => {
      const { t, urls } = await setup();
      const cred = await t.credential(await t.company(), { scopes: SCOPES.filter((s) => s !== resource.scope) });
      const token = await t.token(cred);
      for (const url of urls) {
        const res = await t.get(url, token);
        assert.equal(res.statusCode, 403, url);
        assert.equal(errorCode(res), 'escopo_insuficiente');
        assert.equal(res.headers['www-authenticate'], `Bearer realm="api-externa", error="insufficient_scope", scope="${resource.scope}"`);
      }
    });

    test("another company's record: 404 on detail, absent from the list", async () => {
      const { t, id } = await setup();
      const other = await t.company();
      await resource.seed(t, other);
      const token = await t.token(await t.credential(other, { scopes: [resource.scope] }));
      if (detail !== undefined) {
        const res = await t.get(detail.replace(':id', String(id)), token);
        assert.equal(res.statusCode, 404);
        assert.equal(errorCode(res), 'recurso_nao_encontrado');
      }
      const list = await t.get(`${resource.list}?por_pagina=200`, token);
      assert.equal(list.statusCode, 200);
      const ids = (list.json() as { data: { id: number }[] }).data.map((r) => r.id);
      assert.ok(ids.length > 0, 'the other company sees its own record');
      assert.ok(!ids.includes(id), "the first company's record never appears");
    });

    test('disallowed IP: 403 ip_nao_autorizado, allowed IP: 200 (D33)', async () => {
      const { t, urls, token } = await setup([resource.scope], ['198.51.100.0/24']);
      assert.ok(token.length > 0);
      for (const url of urls) {
        const refused = await t.get(url, token, {}, '203.0.113.9');
        assert.equal(refused.statusCode, 403, url);
        assert.equal(errorCode(refused), 'ip_nao_autorizado');
        assert.equal((await t.get(url, token, {}, '198.51.100.20')).statusCode, 200, url);
      }
    });
  });
}
