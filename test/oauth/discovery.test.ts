import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as oauth from 'oauth4webapi';
import * as openid from 'openid-client';
import { SCOPES } from '../../src/domain/scopes.ts';
import { TestApp, type TestCredential } from '../helpers/test-app.ts';

// RFC 8414 discovery by two widely used libraries against a real listening server, then the
// client-credentials grant they configured themselves from it, then a data call with the token.

let t: TestApp;
let origin = '';
let cred: TestCredential;

before(async () => {
  t = await TestApp.start();
  origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  cred = await t.credential(await t.company(), { scopes: ['clientes:ler', 'os:ler'] });
});
after(async () => t.close());

async function dataCall(token: string): Promise<number> {
  const res = await fetch(`${origin}/v1/clientes`, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  return res.status;
}

describe('authorization-server metadata (RFC 8414)', () => {
  for (const [path, issuerPath] of [
    ['/.well-known/oauth-authorization-server/v1', '/v1'],
    ['/.well-known/oauth-authorization-server', ''],
  ] as const) {
    test(`${path}: issuer {origin}${issuerPath} (the URL it is found at), token endpoint, Basic or a signed key assertion, every scope`, async () => {
      const res = await fetch(`${origin}${path}`);
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /^application\/json; charset=utf-8/);
      assert.equal(res.headers.get('cache-control'), 'no-store');
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
      assert.match(res.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
      assert.deepEqual(await res.json(), {
        issuer: `${origin}${issuerPath}`,
        token_endpoint: `${origin}/v1/oauth/token`,
        grant_types_supported: ['client_credentials'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'private_key_jwt'],
        token_endpoint_auth_signing_alg_values_supported: ['RS256', 'PS256', 'ES256'],
        revocation_endpoint: `${origin}/v1/oauth/revoke`,
        revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'private_key_jwt'],
        revocation_endpoint_auth_signing_alg_values_supported: ['RS256', 'PS256', 'ES256'],
        scopes_supported: [...SCOPES],
        response_types_supported: [],
        service_documentation: `${origin}/docs`,
      });
    });

    test(`${path}: another method is 405 with Allow: GET`, async () => {
      const res = await t.app.inject({ method: 'POST', url: path });
      assert.equal(res.statusCode, 405);
      assert.equal(res.headers.allow, 'GET');
      assert.equal((res.json() as { erro: { codigo: string } }).erro.codigo, 'metodo_nao_permitido');
    });
  }

  test('the issuer follows the Host the client used (and X-Forwarded-* only from trusted proxies)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/.well-known/oauth-authorization-server/v1',
      headers: { host: 'api.example.com:8443' },
    });
    assert.equal((res.json() as { issuer: string }).issuer, 'http://api.example.com:8443/v1');
    const forwarded = await t.app.inject({
      method: 'GET',
      url: '/.well-known/oauth-authorization-server/v1',
      headers: { host: 'internal:3000', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'api.example.com' },
    });
    assert.equal((forwarded.json() as { issuer: string }).issuer, 'http://internal:3000/v1', 'no proxy is trusted by default');

    const behindProxy = await t.sibling({ trustProxy: ['127.0.0.1'] });
    try {
      const res = await behindProxy.app.inject({
        method: 'GET',
        url: '/.well-known/oauth-authorization-server/v1',
        remoteAddress: '127.0.0.1',
        headers: { host: 'api.example.com', 'x-forwarded-proto': 'https' },
      });
      assert.deepEqual(
        (({ issuer, token_endpoint }) => ({ issuer, token_endpoint }))(res.json() as { issuer: string; token_endpoint: string }),
        { issuer: 'https://api.example.com/v1', token_endpoint: 'https://api.example.com/v1/oauth/token' },
      );
    } finally {
      await behindProxy.close();
    }
  });
});

describe('discovery, then the grant, by OAuth libraries', () => {
  test('openid-client 6: discovery of issuer {origin}/v1, client_credentials, the token reads /v1', async () => {
    const config = await openid.discovery(new URL(`${origin}/v1`), cred.clientId, undefined, openid.ClientSecretBasic(cred.secret), {
      algorithm: 'oauth2',
      execute: [openid.allowInsecureRequests],
    });
    assert.equal(config.serverMetadata().token_endpoint, `${origin}/v1/oauth/token`);
    const tokens = await openid.clientCredentialsGrant(config, { scope: 'clientes:ler' });
    assert.equal(tokens.token_type, 'bearer');
    assert.equal(tokens.scope, 'clientes:ler');
    assert.equal(await dataCall(tokens.access_token), 200);
  });

  test('openid-client 6: discovery from the bare origin (the root form)', async () => {
    const config = await openid.discovery(new URL(origin), cred.clientId, undefined, openid.ClientSecretBasic(cred.secret), {
      algorithm: 'oauth2',
      execute: [openid.allowInsecureRequests],
    });
    const tokens = await openid.clientCredentialsGrant(config);
    assert.equal(await dataCall(tokens.access_token), 200);
  });

  test('oauth4webapi 3: discovery of issuer {origin}/v1, client_credentials, the token reads /v1', async () => {
    const issuer = new URL(`${origin}/v1`);
    const options = { algorithm: 'oauth2' as const, [oauth.allowInsecureRequests]: true };
    const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, options));
    assert.deepEqual(as.token_endpoint_auth_methods_supported, ['client_secret_basic', 'private_key_jwt']);
    const client: oauth.Client = { client_id: cred.clientId };
    const response = await oauth.clientCredentialsGrantRequest(as, client, oauth.ClientSecretBasic(cred.secret), new URLSearchParams(), {
      [oauth.allowInsecureRequests]: true,
    });
    const tokens = await oauth.processClientCredentialsResponse(as, client, response);
    assert.equal(tokens.expires_in, 3600);
    assert.equal(await dataCall(tokens.access_token), 200);
  });
});
