import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
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
 * The guide's script (docs/exemplos/token-com-chave.sh) gets a token for a key credential with
 * nothing but openssl and curl, RS256 and ES256, from a real listening server; run twice, its
 * second assertion is a new one (a fresh jti), not a replay.
 */
const SCRIPT = path.resolve('docs/exemplos/token-com-chave.sh');
let t: TestApp;
let origin: string;
let empresa: number;
let dir: string;

before(async () => {
  t = await TestApp.start();
  empresa = await t.company();
  ({ origin } = await t.listen());
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ae-key-script-'));
});
after(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

for (const kind of ['rsa', 'ec'] as const) {
  test(`token-com-chave.sh gets a token with an ${kind === 'ec' ? 'EC P-256 (ES256)' : 'RSA (RS256)'} key, twice`, async () => {
    const { privateKey, publicKey } =
      kind === 'ec' ? generateKeyPairSync('ec', { namedCurve: 'P-256' }) : generateKeyPairSync('rsa', { modulusLength: 2048 });
    const key = await readPublicKey(publicKey.export({ format: 'pem', type: 'spki' }).toString());
    if ('problem' in key) throw new Error(key.problem);
    const input = { empresaId: empresa, name: `script ${kind}`, scopes: ['clientes:ler', 'os:ler'], allowedIps: [], expires: null };
    const row = await createKeyCredential(t.store.central, input, key, OPERATOR);
    const keyFile = path.join(dir, `${kind}.pem`);
    fs.writeFileSync(keyFile, privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600 });
    for (let run = 0; run < 2; run++) {
      const { stdout } = await promisify(execFile)('bash', [SCRIPT, keyFile, origin, 'os:ler'], {
        env: { ...process.env, CLIENT_ID: row.client_id },
        timeout: 30_000,
      });
      const token = JSON.parse(stdout) as { access_token?: string; scope?: string; error?: string };
      assert.equal(token.error, undefined, stdout);
      assert.equal(token.scope, 'os:ler');
      const res = await fetch(`${origin}/v1/ordens-servico`, { headers: { authorization: `Bearer ${token.access_token}` } });
      assert.equal(res.status, 200);
    }
  });
}
