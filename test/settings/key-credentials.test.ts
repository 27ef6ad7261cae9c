import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { SignJWT, calculateJwkThumbprint, exportJWK } from 'jose';
import { TestApp, uniqueSourceIp } from '../helpers/test-app.ts';
import { addUser, Browser, errorOf, type CredentialJson } from './settings-client.ts';

/**
 * Key credentials through the settings API (D57): made by pasting a public key (PEM or JWK), they
 * have no secret to show; a private key, a short RSA key or text is refused beside the field with
 * what to paste instead; the key is replaced (with the password when the credential is sensitive)
 * and every earlier token stops working; rotate and replace-key apply each to its own kind only.
 */
const CREDENTIALS = '/settings/api/credentials';
const ASSERTION_TYPE = encodeURIComponent('urn:ietf:params:oauth:client-assertion-type:jwt-bearer');
let t: TestApp;
let admin: Browser;
let issuer: string;

before(async () => {
  t = await TestApp.start();
  const empresa = await t.company();
  admin = await Browser.signIn(t, await addUser(t, empresa));
  await t.load({ clientes: [{ id: 5801, empresa_id: empresa, tipo_pessoa: 'fisica', nome: 'Cliente' }] });
  issuer = ((await t.app.inject({ method: 'GET', url: '/.well-known/oauth-authorization-server/v1' })).json() as { issuer: string }).issuer;
});
after(async () => t.close());

const ecPair = () => generateKeyPairSync('ec', { namedCurve: 'P-256' });
const spki = (key: KeyObject) => key.export({ format: 'pem', type: 'spki' }).toString();

async function tokenWith(clientId: string, privateKey: KeyObject) {
  const jwt = await new SignJWT({ iss: clientId, sub: clientId, aud: issuer, jti: randomUUID(), exp: Math.floor(Date.now() / 1000) + 60 })
    .setProtectedHeader({ alg: 'ES256' })
    .sign(privateKey);
  return t.app.inject({
    method: 'POST',
    url: '/v1/oauth/token',
    remoteAddress: uniqueSourceIp(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `grant_type=client_credentials&client_assertion_type=${ASSERTION_TYPE}&client_assertion=${jwt}`,
  });
}

describe('key credentials in the settings API', () => {
  test('created with a pasted PEM: 201 with the credential, its method and thumbprint, and no secret; it gets tokens', async () => {
    const { privateKey, publicKey } = ecPair();
    const res = await admin.post(CREDENTIALS, { name: 'ERP com chave', scopes: ['clientes:ler'], public_key: spki(publicKey) });
    assert.equal(res.statusCode, 201, res.body);
    const body = res.json() as { credential: CredentialJson; client_secret?: string };
    assert.deepEqual(Object.keys(body), ['credential']);
    assert.equal(body.credential.auth_method, 'private_key_jwt');
    assert.equal(body.credential.key_thumbprint, await calculateJwkThumbprint(await exportJWK(publicKey)));
    assert.doesNotMatch(res.body, /ae_sk_|BEGIN PUBLIC KEY/);
    const token = await tokenWith(body.credential.client_id, privateKey);
    assert.equal(token.statusCode, 200, token.body);
    const list = (await admin.get(CREDENTIALS)).json() as { credentials: CredentialJson[] };
    const listed = list.credentials.find((c) => c.client_id === body.credential.client_id);
    assert.equal(listed?.auth_method, 'private_key_jwt');
    const audit = (await admin.get(`${CREDENTIALS}/${body.credential.client_id}/audit`)).json() as {
      events: { action: string; details: Record<string, unknown> }[];
    };
    assert.equal(audit.events[0]?.details.auth_method, 'private_key_jwt');
  });

  test('a JWK is accepted as well', async () => {
    const { publicKey } = ecPair();
    const res = await admin.post(CREDENTIALS, { name: 'JWK', scopes: ['os:ler'], public_key: JSON.stringify(await exportJWK(publicKey)) });
    assert.equal(res.statusCode, 201, res.body);
  });

  test('refused beside public_key, with what to paste instead: a private key, a short RSA key, text, empty', async () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const cases: [unknown, RegExp][] = [
      [rsa.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), /chave PRIVADA.*apenas a chave pública/],
      [spki(generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey), /RSA curta demais: use 2048 bits/],
      ['minha chave', /PEM \(-----BEGIN PUBLIC KEY-----\) ou em JWK/],
      ['', /Cole a chave pública/],
      [42, /Cole a chave pública/],
    ];
    const before = ((await admin.get(CREDENTIALS)).json() as { credentials: unknown[] }).credentials.length;
    for (const [publicKey, message] of cases) {
      const res = await admin.post(CREDENTIALS, { name: 'Recusada', scopes: ['os:ler'], public_key: publicKey });
      assert.equal(res.statusCode, 400, String(publicKey).slice(0, 40));
      const erro = errorOf(res);
      assert.equal(erro.codigo, 'dados_invalidos');
      assert.equal(erro.detalhes[0]?.campo, 'public_key');
      assert.match(erro.detalhes[0]?.mensagem ?? '', message);
      assert.doesNotMatch(res.body, /BEGIN PRIVATE KEY/, 'the key is not echoed');
    }
    const after = ((await admin.get(CREDENTIALS)).json() as { credentials: unknown[] }).credentials.length;
    assert.equal(after, before, 'nothing created');
  });

  test('replace-key: the old key and its tokens stop working at once; the new key gets tokens', async () => {
    const first = ecPair();
    const created = (
      await admin.post(CREDENTIALS, { name: 'Troca de chave', scopes: ['clientes:ler'], public_key: spki(first.publicKey) })
    ).json() as {
      credential: CredentialJson;
    };
    const clientId = created.credential.client_id;
    const token = ((await tokenWith(clientId, first.privateKey)).json() as { access_token: string }).access_token;
    assert.equal((await t.get('/v1/clientes', token)).statusCode, 200);
    const second = ecPair();
    const res = await admin.post(`${CREDENTIALS}/${clientId}/replace-key`, { public_key: spki(second.publicKey) });
    assert.equal(res.statusCode, 200, res.body);
    const credential = (res.json() as { credential: CredentialJson }).credential;
    assert.equal(credential.key_thumbprint, await calculateJwkThumbprint(await exportJWK(second.publicKey)));
    assert.equal((await t.get('/v1/clientes', token)).statusCode, 401, 'earlier token revoked');
    assert.equal((await tokenWith(clientId, first.privateKey)).statusCode, 401, 'old key refused');
    assert.equal((await tokenWith(clientId, second.privateKey)).statusCode, 200, 'new key works');
    const audit = (await admin.get(`${CREDENTIALS}/${clientId}/audit`)).json() as { events: { action: string }[] };
    assert.ok(audit.events.some((e) => e.action === 'credential.key_replace'));
  });

  test('a sensitive key credential asks for the password to replace its key', async () => {
    const { publicKey } = ecPair();
    const created = await admin.post(CREDENTIALS, {
      name: 'Sensível',
      scopes: ['boletos:ler'],
      public_key: spki(publicKey),
      senha_atual: admin.user.senha,
    });
    assert.equal(created.statusCode, 201, created.body);
    const clientId = (created.json() as { credential: CredentialJson }).credential.client_id;
    const next = spki(ecPair().publicKey);
    const missing = await admin.post(`${CREDENTIALS}/${clientId}/replace-key`, { public_key: next });
    assert.equal(missing.statusCode, 400);
    assert.equal(errorOf(missing).detalhes[0]?.campo, 'senha_atual');
    const given = await admin.post(`${CREDENTIALS}/${clientId}/replace-key`, { public_key: next, senha_atual: admin.user.senha });
    assert.equal(given.statusCode, 200, given.body);
  });

  test('rotate applies to secret credentials only, replace-key to key credentials only', async () => {
    const keyCred = (await admin.post(CREDENTIALS, { name: 'Chave', scopes: ['os:ler'], public_key: spki(ecPair().publicKey) })).json() as {
      credential: CredentialJson;
    };
    const rotate = await admin.post(`${CREDENTIALS}/${keyCred.credential.client_id}/rotate`, {});
    assert.equal(rotate.statusCode, 400);
    assert.match(errorOf(rotate).detalhes[0]?.mensagem ?? '', /usa chave pública e não tem segredo/);
    assert.doesNotMatch(rotate.body, /ae_sk_/);
    const secretCred = await admin.create({ name: 'Segredo', scopes: ['os:ler'] });
    const replace = await admin.post(`${CREDENTIALS}/${secretCred.clientId}/replace-key`, { public_key: spki(ecPair().publicKey) });
    assert.equal(replace.statusCode, 400);
    assert.match(errorOf(replace).detalhes[0]?.mensagem ?? '', /usa segredo, não chave pública/);
  });
});
