import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createPublicKey, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { SignJWT, UnsecuredJWT, exportJWK, exportSPKI, generateKeyPair } from 'jose';
import * as oauth from 'oauth4webapi';
import * as client from 'openid-client';
import { OPERATOR } from '../../src/credentials/audit.ts';
import { createKeyCredential, replaceCredentialKey } from '../../src/credentials/credentials.service.ts';
import { readPublicKey, type ClientKey } from '../../src/credentials/public-key.ts';
import { MemoryLimiter } from '../../src/ratelimit/memory-limiter.ts';
import { basicHeader, TestApp, uniqueSourceIp } from '../helpers/test-app.ts';

/**
 * Key-based client authentication (D57, RFC 7523 §2.2): a credential made with a public key gets
 * tokens with JWTs signed by its private half — from our own requests and from two OAuth client
 * libraries nobody here wrote — and every assertion that is not exactly right is `invalid_client`
 * with no token: expired, too far ahead, wrong audience, `iss` ≠ `sub`, a replay (on this instance
 * and on another over the same store), `alg: none`, HS256 keyed with the public key, a key the
 * credential does not hold, a revoked or expired credential. A key replacement revokes tokens.
 */
const FORM = 'application/x-www-form-urlencoded';
const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
type Alg = 'RS256' | 'PS256' | 'ES256';

let t: TestApp;
let sibling: TestApp;
let empresa: number;
let issuer: string;
let tokenEndpoint: string;

before(async () => {
  t = await TestApp.start();
  sibling = await t.sibling();
  empresa = await t.company();
  await t.load({ clientes: [{ id: 5701, empresa_id: empresa, tipo_pessoa: 'fisica', nome: 'Cliente da chave' }] });
  // The audiences an assertion may name are those of the address the client reached: read them
  // from the metadata the app serves at the address inject uses.
  const metadata = (await t.app.inject({ method: 'GET', url: '/.well-known/oauth-authorization-server/v1' })).json() as {
    issuer: string;
    token_endpoint: string;
  };
  issuer = metadata.issuer;
  tokenEndpoint = metadata.token_endpoint;
});
after(async () => {
  await sibling.close();
  await t.close();
});

function keyPair(alg: Alg): { privateKey: KeyObject; publicKey: KeyObject } {
  return alg === 'ES256' ? generateKeyPairSync('ec', { namedCurve: 'P-256' }) : generateKeyPairSync('rsa', { modulusLength: 2048 });
}

interface KeyCredential {
  clientId: string;
  privateKey: KeyObject;
  alg: Alg;
}

async function clientKey(publicKey: KeyObject | CryptoKey): Promise<ClientKey> {
  const key = await readPublicKey(await exportSPKI(publicKey));
  if ('problem' in key) throw new Error(key.problem);
  return key;
}

async function keyCredential(alg: Alg = 'ES256', options: { expires?: string; scopes?: string[] } = {}): Promise<KeyCredential> {
  const { privateKey, publicKey } = keyPair(alg);
  const input = {
    empresaId: empresa,
    name: `chave ${alg}`,
    scopes: options.scopes ?? ['clientes:ler'],
    allowedIps: [],
    expires: options.expires ?? null,
  };
  const row = await createKeyCredential(t.store.central, input, await clientKey(publicKey), OPERATOR);
  return { clientId: row.client_id, privateKey, alg };
}

const now = () => Math.floor(Date.now() / 1000);

function assertion(cred: KeyCredential, claims: Record<string, unknown> = {}, header: Record<string, unknown> = {}): Promise<string> {
  const payload = { iss: cred.clientId, sub: cred.clientId, aud: issuer, jti: randomUUID(), exp: now() + 120, iat: now(), ...claims };
  return new SignJWT(payload).setProtectedHeader({ alg: cred.alg, ...header }).sign(cred.privateKey);
}

function tokenRequest(jwt: string, extra: { body?: string; headers?: Record<string, string>; via?: TestApp; url?: string } = {}) {
  const body =
    extra.body ?? `grant_type=client_credentials&client_assertion_type=${encodeURIComponent(ASSERTION_TYPE)}&client_assertion=${jwt}`;
  return (extra.via ?? t).app.inject({
    method: 'POST',
    url: extra.url ?? '/v1/oauth/token',
    remoteAddress: uniqueSourceIp(),
    headers: { 'content-type': FORM, ...extra.headers },
    payload: body,
  });
}

function assertOAuthError(res: { statusCode: number; body: string }, status: number, error: string, why: string): void {
  assert.equal(res.statusCode, status, `${why}: ${res.body}`);
  const body = JSON.parse(res.body) as Record<string, unknown>;
  assert.equal(body.error, error, why);
  assert.equal(body.access_token, undefined, why);
}

const data = async (token: string, via: TestApp = t) => (await via.get('/v1/clientes', token)).statusCode;

describe('private_key_jwt at the token endpoint', () => {
  test('the metadata lists the method and its algorithms, for tokens and revocation', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.well-known/oauth-authorization-server/v1' });
    const metadata = res.json() as Record<string, string[]>;
    assert.deepEqual(metadata.token_endpoint_auth_methods_supported, ['client_secret_basic', 'private_key_jwt']);
    assert.deepEqual(metadata.token_endpoint_auth_signing_alg_values_supported, ['RS256', 'PS256', 'ES256']);
    assert.deepEqual(metadata.revocation_endpoint_auth_methods_supported, ['client_secret_basic', 'private_key_jwt']);
  });

  for (const alg of ['RS256', 'PS256', 'ES256'] as const) {
    test(`${alg}: a signed assertion gets a token that reads data; aud may be the issuer or the token endpoint`, async () => {
      const cred = await keyCredential(alg);
      for (const aud of [issuer, tokenEndpoint, [tokenEndpoint, 'https://outro.example']]) {
        const res = await tokenRequest(await assertion(cred, { aud }));
        assert.equal(res.statusCode, 200, res.body);
        const body = res.json() as { access_token: string; token_type: string; scope: string };
        assert.equal(body.token_type, 'Bearer');
        assert.equal(body.scope, 'clientes:ler');
        assert.equal(await data(body.access_token), 200);
      }
    });
  }

  test('client_id in the body is accepted when it names the assertion’s client, refused when it names another', async () => {
    const cred = await keyCredential();
    const other = await keyCredential();
    const jwt = await assertion(cred);
    const type = encodeURIComponent(ASSERTION_TYPE);
    const same = await tokenRequest('', {
      body: `grant_type=client_credentials&client_id=${cred.clientId}&client_assertion_type=${type}&client_assertion=${jwt}`,
    });
    assert.equal(same.statusCode, 200, same.body);
    const differs = await tokenRequest('', {
      body: `grant_type=client_credentials&client_id=${other.clientId}&client_assertion_type=${type}&client_assertion=${await assertion(cred)}`,
    });
    assertOAuthError(differs, 401, 'invalid_client', 'client_id of another client: its key does not verify, and iss is not it');
  });

  test('refused with invalid_client and no token: each way an assertion can be wrong', async () => {
    // Each case with a credential of its own: a client has 5 attempts a minute (D27).
    const { privateKey: strangerKey } = keyPair('RS256');
    const cases: [string, (cred: KeyCredential) => Promise<string>][] = [
      ['expired', (cred) => assertion(cred, { exp: now() - 120, iat: now() - 400 })],
      ['exp more than 5 minutes ahead', (cred) => assertion(cred, { exp: now() + 6 * 60 })],
      [
        'no exp',
        async (cred) =>
          new SignJWT({ iss: cred.clientId, sub: cred.clientId, aud: issuer, jti: randomUUID() })
            .setProtectedHeader({ alg: 'RS256' })
            .sign(cred.privateKey),
      ],
      ['no jti', (cred) => assertion(cred, { jti: undefined })],
      ['wrong aud', (cred) => assertion(cred, { aud: 'https://outro-servidor.example/v1' })],
      ['iss differs from sub', (cred) => assertion(cred, { sub: 'ae_live_outro' })],
      [
        'alg none',
        async (cred) =>
          new UnsecuredJWT({ iss: cred.clientId, sub: cred.clientId, aud: issuer, jti: randomUUID(), exp: now() + 60 }).encode(),
      ],
      [
        'HS256 signed with the public key as the secret (algorithm confusion)',
        async (cred) =>
          new SignJWT({ iss: cred.clientId, sub: cred.clientId, aud: issuer, jti: randomUUID(), exp: now() + 60 })
            .setProtectedHeader({ alg: 'HS256' })
            .sign(new TextEncoder().encode(await exportSPKI(createPublicKey(cred.privateKey)))),
      ],
      ['signed by a key the credential does not hold', (cred) => assertion({ ...cred, privateKey: strangerKey })],
      ['signed with an algorithm not accepted (RS512, by the right key)', (cred) => assertion(cred, {}, { alg: 'RS512' })],
      ['not a JWT', async () => 'isto-nao-e-um-jwt'],
    ];
    for (const [why, make] of cases) {
      const cred = await keyCredential('RS256');
      assertOAuthError(await tokenRequest(await make(cred)), 401, 'invalid_client', why);
      // The credential itself is fine: a correct assertion still works after the refusal.
      assert.equal((await tokenRequest(await assertion(cred))).statusCode, 200, `${why}: then a good one`);
    }
  });

  test('a replayed jti is refused, on this instance and on another over the same store', async () => {
    const cred = await keyCredential();
    const jwt = await assertion(cred);
    assert.equal((await tokenRequest(jwt)).statusCode, 200);
    assertOAuthError(await tokenRequest(jwt), 401, 'invalid_client', 'replay, same instance');
    assertOAuthError(await tokenRequest(jwt, { via: sibling }), 401, 'invalid_client', 'replay, other instance');
    // A fresh jti in a new assertion is not a replay.
    assert.equal((await tokenRequest(await assertion(cred), { via: sibling })).statusCode, 200);
    // The same assertion sent to both instances at once: exactly one token (a credential of its own:
    // the instances share the attempt windows when Redis is set, 5 a minute per client).
    const twin = await assertion(await keyCredential());
    const statuses = (await Promise.all([tokenRequest(twin), tokenRequest(twin, { via: sibling })])).map((r) => r.statusCode).sort();
    assert.deepEqual(statuses, [200, 401]);
  });

  test('a revoked or expired credential’s assertion is refused', async () => {
    const revoked = await keyCredential();
    await t.revoke({ clientId: revoked.clientId, secret: '', empresaId: empresa });
    assertOAuthError(await tokenRequest(await assertion(revoked)), 401, 'invalid_client', 'revoked');
    const expired = await keyCredential('ES256', { expires: '2020-01-01' });
    assertOAuthError(await tokenRequest(await assertion(expired)), 401, 'invalid_client', 'expired');
  });

  test('one method per credential: Basic for a key credential and an assertion for a secret credential are invalid_client; both at once invalid_request', async () => {
    const keyCred = await keyCredential();
    const secretCred = await t.credential(empresa, { scopes: ['clientes:ler'] });
    // A key credential's stored hash is of a value never shown: no text authenticates it by Basic.
    const basicForKey = await t.requestToken({ clientId: keyCred.clientId, secret: 'qualquer', empresaId: empresa });
    assertOAuthError(basicForKey, 401, 'invalid_client', 'Basic for a key credential');
    const asSecretClient: KeyCredential = { ...keyCred, clientId: secretCred.clientId };
    assertOAuthError(await tokenRequest(await assertion(asSecretClient)), 401, 'invalid_client', 'assertion for a secret credential');
    const both = await tokenRequest(await assertion(keyCred), {
      headers: { authorization: basicHeader(secretCred.clientId, secretCred.secret) },
    });
    assertOAuthError(both, 400, 'invalid_request', 'Basic and an assertion at once');
    const typeMissing = await tokenRequest('', { body: `grant_type=client_credentials&client_assertion=${await assertion(keyCred)}` });
    assertOAuthError(typeMissing, 400, 'invalid_request', 'assertion without its type');
    const otherType = await tokenRequest('', {
      body: `grant_type=client_credentials&client_assertion_type=urn%3Aexemplo%3Asaml&client_assertion=${await assertion(keyCred)}`,
    });
    assertOAuthError(otherType, 401, 'invalid_client', 'an assertion type not supported');
  });

  test('attempts of an assertion client count in its client window: the 6th in a minute is 429', async () => {
    const limited = await TestApp.start({ limiter: new MemoryLimiter(() => 1_000 * 60_000 + 1_000) });
    try {
      const { privateKey, publicKey } = keyPair('ES256');
      const input = { empresaId: await limited.company(), name: 'limitada', scopes: ['clientes:ler'], allowedIps: [], expires: null };
      const row = await createKeyCredential(limited.store.central, input, await clientKey(publicKey), OPERATOR);
      const cred: KeyCredential = { clientId: row.client_id, privateKey, alg: 'ES256' };
      const aud = (
        (await limited.app.inject({ method: 'GET', url: '/.well-known/oauth-authorization-server/v1' })).json() as { issuer: string }
      ).issuer;
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await tokenRequest(await assertion(cred, { aud }), { via: limited })).statusCode);
      assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  test('replacing the key revokes the tokens at once on every instance; the old key signs nothing more', async () => {
    const cred = await keyCredential('RS256');
    const token = await tokenOf(cred);
    assert.equal(await data(token), 200);
    assert.equal(await data(token, sibling), 200);
    const next = keyPair('RS256');
    await replaceCredentialKey(t.store.central, cred.clientId, await clientKey(next.publicKey), OPERATOR);
    assert.equal(await data(token), 401);
    assert.equal(await data(token, sibling), 401);
    assertOAuthError(await tokenRequest(await assertion(cred)), 401, 'invalid_client', 'old key after replacement');
    assert.equal((await tokenRequest(await assertion({ ...cred, privateKey: next.privateKey }))).statusCode, 200);
  });

  test('POST /v1/oauth/revoke authenticates a key client the same way', async () => {
    const cred = await keyCredential();
    const token = await tokenOf(cred);
    const type = encodeURIComponent(ASSERTION_TYPE);
    const res = await tokenRequest('', {
      url: '/v1/oauth/revoke',
      body: `token=${token}&client_assertion_type=${type}&client_assertion=${await assertion(cred)}`,
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.body, '');
    assert.equal(await data(token), 401);
    const replay = await tokenRequest('', {
      url: '/v1/oauth/revoke',
      body: `token=${token}&client_assertion_type=${type}&client_assertion=${await assertion(cred, { jti: 'mesmo' })}`,
    });
    assert.equal(replay.statusCode, 200);
    const again = await tokenRequest('', {
      url: '/v1/oauth/revoke',
      body: `token=${token}&client_assertion_type=${type}&client_assertion=${await assertion(cred, { jti: 'mesmo' })}`,
    });
    assertOAuthError(again, 401, 'invalid_client', 'replayed jti at the revocation endpoint');
  });
});

describe('OAuth client libraries nobody here wrote', () => {
  let origin: string;
  before(async () => {
    ({ origin } = await t.listen());
  });

  for (const alg of ['RS256', 'ES256'] as const) {
    test(`openid-client (PrivateKeyJwt) and oauth4webapi get tokens with an ${alg} key, by discovery`, async () => {
      // The libraries sign with WebCrypto keys, as an integrator's code would hold them.
      const pair = await generateKeyPair(alg, { extractable: true });
      const input = { empresaId: empresa, name: `biblioteca ${alg}`, scopes: ['clientes:ler'], allowedIps: [], expires: null };
      const row = await createKeyCredential(t.store.central, input, await clientKey(pair.publicKey), OPERATOR);
      const cred = { clientId: row.client_id };
      const server = new URL(`${origin}/v1`);

      const config = await client.discovery(
        server,
        cred.clientId,
        { token_endpoint_auth_signing_alg: alg },
        client.PrivateKeyJwt(pair.privateKey),
        {
          execute: [client.allowInsecureRequests],
          algorithm: 'oauth2',
        },
      );
      const viaOpenid = await client.clientCredentialsGrant(config, { scope: 'clientes:ler' });
      assert.equal(viaOpenid.token_type.toLowerCase(), 'bearer');
      assert.equal((await fetch(`${origin}/v1/clientes`, { headers: { authorization: `Bearer ${viaOpenid.access_token}` } })).status, 200);

      const options = { [oauth.allowInsecureRequests]: true };
      const as = await oauth.processDiscoveryResponse(server, await oauth.discoveryRequest(server, { algorithm: 'oauth2', ...options }));
      const auth = oauth.PrivateKeyJwt(pair.privateKey);
      const response = await oauth.clientCredentialsGrantRequest(
        as,
        { client_id: cred.clientId, token_endpoint_auth_signing_alg: alg },
        auth,
        new URLSearchParams({ scope: 'clientes:ler' }),
        options,
      );
      const viaOauth = await oauth.processClientCredentialsResponse(as, { client_id: cred.clientId }, response);
      assert.equal((await fetch(`${origin}/v1/clientes`, { headers: { authorization: `Bearer ${viaOauth.access_token}` } })).status, 200);
    });
  }
});

describe('public keys a credential is made with', () => {
  test('PEM (SPKI and PKCS#1), JWK and a JWK Set of one key are read; the thumbprint is the same for the same key', async () => {
    const { publicKey } = keyPair('RS256');
    const forms = [
      await exportSPKI(publicKey),
      publicKey.export({ format: 'pem', type: 'pkcs1' }).toString(),
      JSON.stringify(await exportJWK(publicKey)),
      JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k1', use: 'sig' }] }),
    ];
    const read = await Promise.all(forms.map((text) => readPublicKey(text)));
    const thumbprints = new Set(read.map((k) => ('problem' in k ? k.problem : k.thumbprint)));
    assert.equal(thumbprints.size, 1, JSON.stringify(read));
    const first = read[0] as ClientKey;
    assert.deepEqual(first.algorithms, ['RS256', 'PS256']);
    assert.deepEqual(Object.keys(first.jwk).sort(), ['e', 'kty', 'n'], 'only the public members are kept');
    const es = await readPublicKey(JSON.stringify({ ...(await exportJWK(keyPair('ES256').publicKey)), alg: 'ES256' }));
    assert.ok(!('problem' in es) && es.algorithms.join() === 'ES256');
    const pssOnly = await readPublicKey(JSON.stringify({ ...(await exportJWK(publicKey)), alg: 'PS256' }));
    assert.ok(!('problem' in pssOnly) && pssOnly.algorithms.join() === 'PS256', 'a JWK alg narrows the key');
  });

  test('refused, each with its reason: a private key, a short RSA key, P-384, Ed25519, a symmetric key, two keys, text', async () => {
    const rsa = keyPair('RS256');
    const cases: [string, string][] = [
      [rsa.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), 'private'],
      [JSON.stringify(rsa.privateKey.export({ format: 'jwk' })), 'private'],
      [await exportSPKI(generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey), 'short-rsa'],
      [await exportSPKI(generateKeyPairSync('ec', { namedCurve: 'P-384' }).publicKey), 'unsupported-curve'],
      [await exportSPKI(generateKeyPairSync('ed25519').publicKey), 'unsupported-type'],
      [JSON.stringify({ kty: 'oct', k: 'c2VncmVkbw' }), 'unsupported-type'],
      [JSON.stringify({ ...(await exportJWK(rsa.publicKey)), alg: 'ES256' }), 'alg-mismatch'],
      [JSON.stringify({ ...(await exportJWK(rsa.publicKey)), alg: 'RS512' }), 'unsupported-alg'],
      [JSON.stringify({ keys: [await exportJWK(rsa.publicKey), await exportJWK(keyPair('ES256').publicKey)] }), 'several'],
      ['-----BEGIN PUBLIC KEY-----\nnada\n-----END PUBLIC KEY-----', 'unreadable'],
      ['   ', 'empty'],
    ];
    for (const [text, problem] of cases) {
      assert.deepEqual(await readPublicKey(text), { problem }, text.slice(0, 60));
    }
  });
});

async function tokenOf(cred: KeyCredential): Promise<string> {
  const res = await tokenRequest(await assertion(cred));
  assert.equal(res.statusCode, 200, res.body);
  return (res.json() as { access_token: string }).access_token;
}
