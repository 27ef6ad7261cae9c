import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SCOPES, type Scope } from '../../src/domain/scopes.ts';
import { OPERATOR } from '../../src/credentials/audit.ts';
import { revokeCredential, rotateSecret } from '../../src/credentials/credentials.service.ts';
import type { DataRoute } from '../../src/contract/data-route.ts';
import type { TestApp } from './test-app.ts';

/** Creates one record that the route serves, for the company, and returns its id. */
export type Seeder = (t: TestApp, empresaId: number) => Promise<number>;

/**
 * Where a fenced credential asks for its token from: inside its allowlist (198.51.100.0/24), a
 * different address each time, so that every route's case stays under the token endpoint's 20
 * attempts a minute per address (D27) however many routes the table has.
 */
let allowedSources = 0;
const allowedSource = (): string => `198.51.100.${10 + (allowedSources++ % 200)}`;

function errorCode(res: { json(): unknown }): string {
  return (res.json() as { erro: { codigo: string } }).erro.codigo;
}

/**
 * The security cases every data route must pass (architecture convention 5): no token, bad
 * token, revoked and rotated credentials, wrong scope, another company's record, disallowed IP.
 * Generated for each route of the route table (test/security/data-routes.test.ts), so a new
 * route gets them without anyone remembering to add them.
 */
export function securityCases(app: () => TestApp, route: Pick<DataRoute, 'url' | 'scope'>, seed: Seeder): void {
  const detail = route.url.includes('/:id');
  const listUrl = route.url.replace('/:id', '');

  describe(`security of GET ${route.url}`, () => {
    async function setup(scopes: readonly Scope[] = [route.scope], allowedIps: string[] = []) {
      const t = app();
      const empresa = await t.company();
      const id = await seed(t, empresa);
      const cred = await t.credential(empresa, { scopes, allowedIps });
      const token = await t.token(cred, undefined, allowedIps.length > 0 ? allowedSource() : undefined);
      return { t, id, cred, token, url: route.url.replace(':id', String(id)) };
    }

    test('no token: 401 token_invalido, WWW-Authenticate without error (D36)', async () => {
      const { t, url } = await setup();
      const res = await t.get(url);
      assert.equal(res.statusCode, 401);
      assert.equal(errorCode(res), 'token_invalido');
      assert.equal(res.headers['www-authenticate'], 'Bearer realm="api-externa"');
      assert.equal(res.headers['x-ratelimit-limit'], undefined, 'no window before the token check (D4)');
    });

    test('bad token: 401 with error="invalid_token" (D36)', async () => {
      const { t, url, token } = await setup();
      for (const bad of [`${token}x`, 'ae_at_forged', token.slice(0, -1)]) {
        const res = await t.get(url, bad);
        assert.equal(res.statusCode, 401);
        assert.equal(errorCode(res), 'token_invalido');
        assert.equal(res.headers['www-authenticate'], 'Bearer realm="api-externa", error="invalid_token"');
      }
    });

    test('revoked credential: its token is refused on the very next request (D31)', async () => {
      const { t, url, token, cred } = await setup();
      assert.equal((await t.get(url, token)).statusCode, 200);
      await revokeCredential(t.store.central, cred.clientId, OPERATOR);
      assert.equal((await t.get(url, token)).statusCode, 401);
    });

    test('rotated secret: earlier tokens are refused on the very next request', async () => {
      const { t, url, token, cred } = await setup();
      assert.equal((await t.get(url, token)).statusCode, 200);
      await rotateSecret(t.store.central, cred.clientId, OPERATOR);
      assert.equal((await t.get(url, token)).statusCode, 401);
    });

    test('wrong scope: 403 escopo_insuficiente naming the scope (D36)', async () => {
      const { t, url } = await setup();
      const token = await t.token(await t.credential(await t.company(), { scopes: SCOPES.filter((s) => s !== route.scope) }));
      const res = await t.get(url, token);
      assert.equal(res.statusCode, 403);
      assert.equal(errorCode(res), 'escopo_insuficiente');
      assert.equal(res.headers['www-authenticate'], `Bearer realm="api-externa", error="insufficient_scope", scope="${route.scope}"`);
      // The body names it too, for clients that log only the body.
      const { detalhes } = (res.json() as { erro: { detalhes: { campo: string; mensagem: string }[] } }).erro;
      assert.equal(detalhes.length, 1);
      assert.equal(detalhes[0]?.campo, 'scope');
      assert.ok(detalhes[0]?.mensagem.includes(`exige o escopo ${route.scope}.`), detalhes[0]?.mensagem);
    });

    test(detail ? "another company's record: 404, exactly like a missing id" : "another company's records never appear", async () => {
      const { t, id, url } = await setup();
      const other = await t.company();
      const otherId = await seed(t, other);
      const token = await t.token(await t.credential(other, { scopes: [route.scope] }));
      if (detail) {
        const res = await t.get(url, token);
        assert.equal(res.statusCode, 404);
        assert.equal(errorCode(res), 'recurso_nao_encontrado');
        assert.equal((await t.get(route.url.replace(':id', String(otherId)), token)).statusCode, 200, 'its own record is found');
      } else {
        const read = async () => {
          // An export takes no page size: its records are the NDJSON lines before `fim` (D48).
          const exported = listUrl.endsWith('/exportacao');
          const list = await t.get(exported ? listUrl : `${listUrl}?por_pagina=200`, token);
          assert.equal(list.statusCode, 200);
          if (exported)
            return list.body
              .split('\n')
              .slice(0, -2)
              .map((line) => (JSON.parse(line) as { id: number }).id);
          return (list.json() as { data: { id: number }[] }).data.map((r) => r.id);
        };
        let ids = await read();
        // A change feed serves a write once the cluster's older transactions have ended (ADR 0013);
        // on a PostgreSQL server other test files share, that may take a moment.
        for (const deadline = Date.now() + 15_000; listUrl.endsWith('/alteracoes') && !ids.includes(otherId) && Date.now() < deadline;) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          ids = await read();
        }
        assert.ok(ids.includes(otherId), 'the other company sees its own record');
        assert.ok(!ids.includes(id), "the first company's record never appears");
      }
    });

    test('disallowed IP: 403 ip_nao_autorizado, allowed IP: 200 (D33)', async () => {
      const { t, url, token } = await setup([route.scope], ['198.51.100.0/24']);
      const refused = await t.get(url, token, {}, '203.0.113.9');
      assert.equal(refused.statusCode, 403);
      assert.equal(errorCode(refused), 'ip_nao_autorizado');
      assert.equal((await t.get(url, token, {}, '198.51.100.20')).statusCode, 200);
    });
  });
}
