import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as oauth from 'oauth4webapi';
import { MemoryLimiter } from '../../src/ratelimit/memory-limiter.ts';
import { basicHeader, TestApp, uniqueSourceIp, type TestCredential } from '../helpers/test-app.ts';

/**
 * POST /v1/oauth/revoke (D58, RFC 7009): a client revokes its own token, which stops working on the
 * very next request, on this app and on a sibling app over the same store (another instance, with
 * its own memory of principals, ADR 0014); another client's token is left alone; the answer is the
 * same empty 200 in every case; errors in the OAuth shape; the token endpoint's attempt limits.
 */
const FORM = 'application/x-www-form-urlencoded';
let t: TestApp;
let sibling: TestApp;
let empresa: number;

before(async () => {
  t = await TestApp.start();
  sibling = await t.sibling();
  empresa = await t.company();
  await t.load({ clientes: [{ id: 4401, empresa_id: empresa, tipo_pessoa: 'fisica', nome: 'Cliente da revogação' }] });
});
after(async () => {
  await sibling.close();
  await t.close();
});

function revoke(cred: TestCredential, payload: string, headers: Record<string, string> = {}, via: TestApp = t) {
  return via.app.inject({
    method: 'POST',
    url: '/v1/oauth/revoke',
    remoteAddress: uniqueSourceIp(),
    headers: { 'content-type': FORM, authorization: basicHeader(cred.clientId, cred.secret), ...headers },
    payload,
  });
}

/** The token endpoint's attempt windows (D27) without their limit; every other window as it is. */
class UnlimitedTokenAttempts extends MemoryLimiter {
  override hit(key: string, limit: number) {
    return super.hit(key, key.startsWith('token-') ? Number.MAX_SAFE_INTEGER : limit);
  }
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

function assertOAuthError(res: { statusCode: number; json(): unknown }, status: number, error: string): void {
  assert.equal(res.statusCode, status);
  const body = res.json() as { error: string; error_description: string };
  assert.equal(body.error, error);
  assert.deepEqual(Object.keys(body).sort(), ['error', 'error_description']);
}

const data = (token: string, via: TestApp = t) => via.get('/v1/clientes', token).then((r) => r.statusCode);

describe('POST /v1/oauth/revoke', () => {
  test('its own token: 200 with an empty body, and the token is 401 on the very next request, on both instances', async () => {
    const cred = await t.credential(empresa, { scopes: ['clientes:ler'] });
    const token = await t.token(cred);
    const other = await t.token(cred);
    // Both instances have read the token (each remembers its principal, ADR 0014).
    assert.equal(await data(token), 200);
    assert.equal(await data(token, sibling), 200);
    const res = await revoke(cred, `token=${encodeURIComponent(token)}`);
    assert.equal(res.statusCode, 200);
    assert.equal(res.body, '');
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.equal(await data(token), 401);
    assert.equal(await data(token, sibling), 401);
    assert.equal(await data(other), 200, 'only the token named');
  });

  test("another client's token: the same 200, and that token keeps working", async () => {
    const mine = await t.credential(empresa, { scopes: ['clientes:ler'] });
    const theirs = await t.credential(await t.company(), { scopes: ['clientes:ler'] });
    const theirToken = await t.token(theirs);
    const res = await revoke(mine, `token=${encodeURIComponent(theirToken)}`);
    assert.equal(res.statusCode, 200);
    assert.equal(res.body, '');
    assert.equal((await t.get('/v1/clientes', theirToken)).statusCode, 200);
    // An unknown token and one already revoked: the same answer.
    assert.equal((await revoke(mine, 'token=ae_at_nao_existe')).statusCode, 200);
    const own = await t.token(mine);
    assert.equal((await revoke(mine, `token=${own}&token_type_hint=access_token`)).statusCode, 200);
    assert.equal((await revoke(mine, `token=${own}`)).statusCode, 200);
  });

  test('the client authenticates as on the token endpoint; errors in the OAuth shape', async () => {
    // A credential of its own per case: each counts in its client's window of 5 attempts a minute.
    const fresh = async () => {
      const cred = await t.credential(empresa, { scopes: ['clientes:ler'] });
      return { cred, token: await t.token(cred) };
    };
    const cases: [string, (c: TestCredential, token: string) => ReturnType<typeof revoke>, number, string][] = [
      ['a wrong secret', (c, token) => revoke({ ...c, secret: 'errado' }, `token=${token}`), 401, 'invalid_client'],
      [
        'no Basic header',
        (_c, token) =>
          t.app.inject({
            method: 'POST',
            url: '/v1/oauth/revoke',
            remoteAddress: uniqueSourceIp(),
            headers: { 'content-type': FORM },
            payload: `token=${token}`,
          }),
        401,
        'invalid_client',
      ],
      ['no token', (c) => revoke(c, ''), 400, 'invalid_request'],
      ['the secret in the body', (c, token) => revoke(c, `token=${token}&client_secret=${c.secret}`), 400, 'invalid_request'],
      ['a repeated parameter', (c, token) => revoke(c, `token=${token}&token=${token}`), 400, 'invalid_request'],
      ['a JSON body', (c, token) => revoke(c, JSON.stringify({ token }), { 'content-type': 'application/json' }), 415, 'invalid_request'],
    ];
    for (const [what, send, status, error] of cases) {
      const { cred, token } = await fresh();
      const res = await send(cred, token);
      assert.equal(res.statusCode, status, what);
      assertOAuthError(res, status, error);
      assert.equal(await data(token), 200, `${what}: nothing revoked`);
    }
    const revoked = await t.credential(empresa, { scopes: ['clientes:ler'] });
    const itsToken = await t.token(revoked);
    await t.revoke(revoked);
    assertOAuthError(await revoke(revoked, `token=${itsToken}`), 401, 'invalid_client');
    const get = await t.app.inject({ method: 'GET', url: '/v1/oauth/revoke' });
    assert.equal(get.statusCode, 405);
    assert.equal(get.headers.allow, 'POST');
  });

  test('a credential with an allowlist revokes only from an allowed address', async () => {
    const cred = await t.credential(empresa, { scopes: ['clientes:ler'], allowedIps: ['192.0.2.10'] });
    const token = await t.token(cred, undefined, '192.0.2.10');
    const outside = await t.app.inject({
      method: 'POST',
      url: '/v1/oauth/revoke',
      remoteAddress: '198.51.100.7',
      headers: { 'content-type': FORM, authorization: basicHeader(cred.clientId, cred.secret) },
      payload: `token=${token}`,
    });
    assertOAuthError(outside, 403, 'ip_nao_autorizado');
  });

  test('attempts count in the token endpoint windows: the 6th call of a client in a minute is 429', async () => {
    const limited = await TestApp.start({ limiter: new MemoryLimiter(() => 1_000 * 60_000 + 1_000) });
    try {
      const cred = await limited.credential(await limited.company(), { scopes: ['clientes:ler'] });
      const token = await limited.token(cred);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await revoke(cred, `token=${token}`, {}, limited)).statusCode);
      assert.deepEqual(statuses, [200, 200, 200, 200, 429], 'the token request counted first');
      const res = await revoke(cred, `token=${token}`, {}, limited);
      assertOAuthError(res, 429, 'temporarily_unavailable');
      assert.match(String(res.headers['retry-after']), /^[1-9]\d*$/);
    } finally {
      await limited.close();
    }
  });

  test("another client's token, an unknown one and an already revoked one: the same answer in the same time order (medians of 25, within 3×); its own token the same answer", async () => {
    // Attempt limits aside (a client has 5 a minute): this measures the endpoint, not the windows.
    // D58: what revocation must not tell a client is anything about tokens that are not its own —
    // another client's valid token, an unknown one, one already revoked all change no row and
    // cost the same. Its own valid token is revoked: that commit waits for the write to be flushed
    // (milliseconds more on PostgreSQL under load), and tells the client only about its own token.
    const unlimited = await TestApp.start({ limiter: new UnlimitedTokenAttempts() });
    try {
      const company = await unlimited.company();
      const mine = await unlimited.credential(company, { scopes: ['clientes:ler'] });
      const theirs = await unlimited.credential(await unlimited.company(), { scopes: ['clientes:ler'] });
      const theirToken = await unlimited.token(theirs);
      const revokedToken = await unlimited.token(mine);
      const send = async (token: string): Promise<number> => {
        const start = process.hrtime.bigint();
        const res = await revoke(mine, `token=${encodeURIComponent(token)}`, {}, unlimited);
        const took = Number(process.hrtime.bigint() - start) / 1e6;
        assert.equal(res.statusCode, 200);
        assert.equal(res.body, '');
        return took;
      };
      await send(revokedToken);
      assert.equal((await unlimited.get('/v1/clientes', revokedToken)).statusCode, 401, 'its own token is revoked');
      const times = { other: [] as number[], unknown: [] as number[], revoked: [] as number[] };
      for (let i = 0; i < 25; i++) {
        // Alternated, so that a slow spell of the machine falls on every kind alike.
        times.other.push(await send(theirToken));
        times.unknown.push(await send(`ae_at_${i}_${'x'.repeat(theirToken.length - 8)}`));
        times.revoked.push(await send(revokedToken));
      }
      const medians = Object.fromEntries(Object.entries(times).map(([kind, t]) => [kind, median(t)]));
      const shown = Object.entries(medians)
        .map(([kind, ms]) => `${kind} ${ms.toFixed(2)} ms`)
        .join(', ');
      for (const kind of ['unknown', 'revoked'] as const) {
        const ratio = (medians[kind] ?? 0) / (medians.other ?? 1);
        assert.ok(ratio > 1 / 3 && ratio < 3, shown);
      }
      assert.equal((await unlimited.get('/v1/clientes', theirToken)).statusCode, 200, 'their token still works');
    } finally {
      await unlimited.close();
    }
  });

  test('oauth4webapi revokes by the metadata it discovers, and the token is refused after', async () => {
    const { origin } = await t.listen();
    const issuer = new URL(`${origin}/v1`);
    const options = { [oauth.allowInsecureRequests]: true };
    const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...options }));
    assert.equal(as.revocation_endpoint, `${origin}/v1/oauth/revoke`);
    const cred = await t.credential(empresa, { scopes: ['clientes:ler'] });
    const token = await t.token(cred);
    assert.equal(await data(token), 200);
    const client: oauth.Client = { client_id: cred.clientId };
    const response = await oauth.revocationRequest(as, client, oauth.ClientSecretBasic(cred.secret), token, options);
    await oauth.processRevocationResponse(response);
    assert.equal(await data(token), 401);
  });
});
