import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import * as oidc from 'openid-client';
import { basicHeader, TestApp } from '../helpers/test-app.ts';

/** Real sockets: the server listens, clients connect from chosen loopback source addresses. */
let t: TestApp;
let port: number;
let empresa: number;

function call(options: { path: string; method?: string; from: string; headers?: Record<string, string>; body?: string }) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: options.path,
        method: options.method ?? 'GET',
        localAddress: options.from,
        headers: options.headers,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

before(async () => {
  t = await TestApp.start();
  // '::' accepts IPv4 connections as IPv4-mapped IPv6 peers (::ffff:127.0.0.2), as many deployments do.
  await t.app.listen({ host: '::', port: 0 });
  const address = t.app.server.address();
  port = typeof address === 'object' && address !== null ? address.port : 0;
  empresa = await t.company();
  await t.load({ clientes: [{ id: 77, empresa_id: empresa, tipo_pessoa: 'juridica', razao_social: 'Oficina Real Ltda' }] });
});
after(async () => t.close());

describe('IP allowlist over real sockets (D33)', () => {
  test('single addresses and a CIDR, with IPv4-mapped peers matching IPv4 entries', async () => {
    const cred = await t.credential(empresa, { scopes: ['clientes:ler'], allowedIps: ['127.0.0.2', '127.0.0.8/29'] });
    const form = { authorization: basicHeader(cred.clientId, cred.secret), 'content-type': 'application/x-www-form-urlencoded' };
    const tokenFrom = (from: string) =>
      call({ path: '/v1/oauth/token', method: 'POST', from, headers: form, body: 'grant_type=client_credentials' });

    const granted = await tokenFrom('127.0.0.2');
    assert.equal(granted.status, 200, granted.body);
    const refusedToken = await tokenFrom('127.0.0.3');
    assert.equal(refusedToken.status, 403);
    assert.equal(JSON.parse(refusedToken.body).error, 'ip_nao_autorizado');

    const token = JSON.parse(granted.body).access_token as string;
    const bearer = { authorization: `Bearer ${token}` };
    const expectations: [string, number][] = [
      ['127.0.0.2', 200],
      ['127.0.0.3', 403],
      ['127.0.0.8', 200],
      ['127.0.0.15', 200],
      ['127.0.0.16', 403],
      ['127.0.0.7', 403],
    ];
    for (const [from, status] of expectations) {
      const res = await call({ path: '/v1/clientes', from, headers: bearer });
      assert.equal(res.status, status, `from ${from}`);
      if (status === 403) assert.equal(JSON.parse(res.body).erro.codigo, 'ip_nao_autorizado');
    }
  });
});

describe('interoperability with a client library nobody here wrote', () => {
  test('openid-client gets a token with client_secret_basic and calls /v1/clientes', async () => {
    const cred = await t.credential(empresa, { scopes: ['clientes:ler', 'os:ler'] });
    const issuer = `http://127.0.0.1:${port}`;
    const config = new oidc.Configuration(
      { issuer, token_endpoint: `${issuer}/v1/oauth/token` },
      cred.clientId,
      cred.secret,
      oidc.ClientSecretBasic(cred.secret),
    );
    oidc.allowInsecureRequests(config);
    const tokens = await oidc.clientCredentialsGrant(config, { scope: 'clientes:ler' });
    assert.equal(tokens.token_type.toLowerCase(), 'bearer');
    assert.equal(tokens.expires_in, 3600);
    assert.equal(tokens.scope, 'clientes:ler');
    const res = await oidc.fetchProtectedResource(config, tokens.access_token, new URL(`${issuer}/v1/clientes`), 'GET');
    assert.equal(res.status, 200);
    const body = (await res.json()) as { data: { id: number; nome: string }[] };
    assert.deepEqual(
      body.data.map((c) => [c.id, c.nome]),
      [[77, 'Oficina Real Ltda']],
    );
  });
});
