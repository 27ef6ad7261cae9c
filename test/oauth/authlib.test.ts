import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { OPERATOR } from '../../src/credentials/audit.ts';
import { createKeyCredential } from '../../src/credentials/credentials.service.ts';
import { readPublicKey } from '../../src/credentials/public-key.ts';
import { TestApp } from '../helpers/test-app.ts';

/**
 * Python's Authlib (Debian's python3-authlib) gets tokens with private_key_jwt (D57), RS256 and
 * ES256, from a real listening server: the assertion it builds (aud = the token endpoint, its own
 * jti and exp) is accepted, and the token reads data. `.ci/run` installs python3-authlib; on a
 * machine without it the test says so and is skipped.
 */
const PYTHON = '/usr/bin/python3';
const SCRIPT = path.resolve('test/oauth/authlib_token.py');
const probe = spawnSync(PYTHON, ['-c', 'import authlib.oauth2.rfc7523, requests'], { encoding: 'utf8' });
const skip =
  probe.status === 0
    ? false
    : `Debian's python3-authlib and python3-requests are not installed (${PYTHON}): apt-get install python3-authlib`;

let t: TestApp;
let origin: string;
let empresa: number;
let dir: string;

before(async () => {
  t = await TestApp.start();
  empresa = await t.company();
  await t.load({ clientes: [{ id: 5901, empresa_id: empresa, tipo_pessoa: 'juridica', nome: 'Cliente do Authlib' }] });
  ({ origin } = await t.listen());
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ae-authlib-'));
});
after(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

for (const alg of ['RS256', 'ES256'] as const) {
  test(`Authlib's PrivateKeyJWT gets a token with an ${alg} key, and the token reads /v1/clientes`, { skip }, async () => {
    const { privateKey, publicKey } =
      alg === 'ES256' ? generateKeyPairSync('ec', { namedCurve: 'P-256' }) : generateKeyPairSync('rsa', { modulusLength: 2048 });
    const key = await readPublicKey(publicKey.export({ format: 'pem', type: 'spki' }).toString());
    if ('problem' in key) throw new Error(key.problem);
    const input = { empresaId: empresa, name: `Authlib ${alg}`, scopes: ['clientes:ler'], allowedIps: [], expires: null };
    const row = await createKeyCredential(t.store.central, input, key, OPERATOR);
    const keyFile = path.join(dir, `${alg}.pem`);
    fs.writeFileSync(keyFile, privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600 });

    const { stdout } = await promisify(execFile)(PYTHON, [SCRIPT, row.client_id, keyFile, `${origin}/v1/oauth/token`, alg], {
      timeout: 30_000,
    });
    const token = JSON.parse(stdout) as { access_token: string; token_type: string };
    assert.equal(token.token_type, 'Bearer');
    const res = await fetch(`${origin}/v1/clientes`, { headers: { authorization: `Bearer ${token.access_token}` } });
    assert.equal(res.status, 200);
    const body = (await res.json()) as { data: { id: number }[] };
    assert.deepEqual(
      body.data.map((c) => c.id),
      [5901],
    );
  });
}
