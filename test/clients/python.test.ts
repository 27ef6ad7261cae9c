import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateKeyPairSync } from 'node:crypto';
import { OPERATOR } from '../../src/credentials/audit.ts';
import { createKeyCredential } from '../../src/credentials/credentials.service.ts';
import { readPublicKey } from '../../src/credentials/public-key.ts';
import { buildDemoDataset } from '../../src/demo/demo-dataset/index.ts';
import { newWebhookSecret, webhookSignature } from '../../src/crypto/webhook-signature.ts';
import { todayInSaoPaulo } from '../../src/time/sao-paulo-date.ts';
import { limiterLifting } from '../helpers/lifted-limiter.ts';
import { runProcess, type ProcessRun } from '../helpers/processes.ts';
import { TestApp, type TestCredential } from '../helpers/test-app.ts';

// The Python client (clients/python) against the real server: the app on a store loaded with the
// demo data set, listening on a real port. Its own unittest suite (clients/python/tests) runs in
// two python processes: phase 1 reads everything and stores the feed's cursors in a file; this
// file then changes the data through SQL and an import; phase 2 resumes from those cursors and must
// see exactly that change. The suite's offline tests (a local fake server: retries, tokens, broken
// exports) and the webhook tests (against a signature of the server's own signer) run in phase 1.

const PACKAGE = path.join('clients', 'python');
const python = spawnSync('python3', ['--version'], { encoding: 'utf8' });
const skip = python.status === 0 ? false : 'python3 is not installed: the Python client is not tested';
// Authenticating with a private key needs the `cryptography` package, which the `python3` on the
// PATH (a pyenv one, say) may lack while Debian's python3-cryptography is there: the first that has it.
const keyPython = ['python3', '/usr/bin/python3'].find(
  (candidate) => spawnSync(candidate, ['-c', 'import cryptography'], { stdio: 'ignore' }).status === 0,
);
const keySkip =
  skip !== false ? skip : keyPython === undefined ? 'no python3 here imports cryptography (Debian: python3-cryptography)' : false;

let t: TestApp;
let origin = '';
let full: TestCredential;
let narrow: TestCredential;
let work = '';

/** A python process (warnings as errors), with the package on its path. */
function runPython(args: string[], env: Record<string, string>, cwd = process.cwd(), interpreter = 'python3'): Promise<ProcessRun> {
  return runProcess(
    interpreter,
    ['-W', 'error', ...args],
    { PYTHONPATH: path.resolve(PACKAGE, 'src'), PYTHONDONTWRITEBYTECODE: '1', NO_PROXY: '127.0.0.1', no_proxy: '127.0.0.1', ...env },
    cwd,
  );
}

const unittest = (pattern: string, env: Record<string, string>) =>
  runPython(['-m', 'unittest', 'discover', '-v', '-s', path.join(PACKAGE, 'tests'), '-p', pattern], env);

const sql = (text: string, values: unknown[] = []) => t.store.pool.query(text, values);

async function liveServicos(): Promise<number[]> {
  const { rows } = await sql('SELECT id FROM servicos WHERE empresa_id = 1 AND NOT excluido ORDER BY id');
  return rows.map((r) => Number((r as { id: string }).id));
}

async function tokensOf(cred: TestCredential): Promise<number> {
  const { rows } = await sql(
    'SELECT count(*) AS n FROM access_tokens WHERE credential_id = (SELECT id FROM api_credentials WHERE client_id = $1)',
    [cred.clientId],
  );
  return Number((rows[0] as { n: string }).n);
}

describe('the Python client (clients/python)', { skip }, () => {
  before(async () => {
    t = await TestApp.start({ limiter: limiterLifting(['token-ip:']) });
    await t.load(buildDemoDataset({ today: todayInSaoPaulo() }));
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    full = await t.credential(1);
    narrow = await t.credential(1, { scopes: ['clientes:ler'] });
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'ae-python-'));
  });
  after(async () => {
    await t?.close();
    if (work !== '') fs.rmSync(work, { recursive: true, force: true });
  });

  test('its unittest suite passes against the server, before and after a change of the data', async () => {
    const secrets = [newWebhookSecret(), newWebhookSecret()];
    const event = { id: 'evt_py', tipo: 'alteracoes.disponiveis', criado_em: new Date().toISOString(), dados: { recurso: 'servicos' } };
    const body = JSON.stringify(event);
    const timestamp = Math.floor(Date.now() / 1000);
    const ids = await liveServicos();
    const env = {
      AE_BASE_URL: `${origin}/v1`,
      AE_CLIENT_ID: full.clientId,
      AE_CLIENT_SECRET: full.secret,
      AE_NARROW_CLIENT_ID: narrow.clientId,
      AE_NARROW_CLIENT_SECRET: narrow.secret,
      ...(await t.credential(1).then((own) => ({ AE_REVOKE_CLIENT_ID: own.clientId, AE_REVOKE_CLIENT_SECRET: own.secret }))),
      AE_STATE_FILE: path.join(work, 'state.json'),
      AE_EXPECTED: JSON.stringify({ servicos_ids: ids }),
      AE_WEBHOOK_SAMPLE: JSON.stringify({
        secrets,
        body,
        headers: {
          'webhook-id': event.id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': webhookSignature(secrets, event.id, timestamp, body),
        },
      }),
    };

    const first = await unittest('test_*.py', { ...env, AE_PHASE: '1' });
    assert.equal(first.code, 0, first.output);
    assert.match(first.output, /\nOK \(skipped=1\)\n?$/, 'only the phase-2 test is skipped');
    assert.doesNotMatch(first.output, /\(test_(live|offline|webhook)\.[^\n]*\.\.\. skipped/, first.output);
    assert.match(first.output, /test_export_then_feed_from_the_start_then_store_the_cursors \(test_live\.[^\n]*\.\.\. ok/);
    assert.equal(await tokensOf(full), 1, 'one token for every call of phase 1');
    // -W error turns warnings into failures, except those raised in a finaliser (an unclosed response), which are only printed.
    assert.doesNotMatch(first.output, /ResourceWarning|Exception ignored/, first.output);

    const [changed, deleted] = ids;
    await sql('UPDATE servicos SET valor = 999.99 WHERE empresa_id = 1 AND id = $1', [changed]);
    await sql('UPDATE servicos SET excluido = true WHERE empresa_id = 1 AND id = $1', [deleted]);
    await t.load({ servicos: [{ id: 90_001, empresa_id: 1, nome: 'Serviço novo (cliente Python)', valor: 10, ativo: true }] });

    const second = await unittest('test_resume.py', {
      ...env,
      AE_PHASE: '2',
      AE_CHANGES: JSON.stringify({ changed, deleted, created: 90_001 }),
    });
    assert.equal(second.code, 0, second.output);
    assert.match(second.output, /Ran 1 test[\s\S]*\nOK\n?$/, second.output);
    assert.doesNotMatch(second.output, /ResourceWarning|Exception ignored/, second.output);
  });

  test("the README's first example runs as written: a first copy, then only what changed", async () => {
    const readme = fs.readFileSync(path.join(PACKAGE, 'README.md'), 'utf8');
    const example = /```python\n([\s\S]*?)```/.exec(readme)?.[1];
    assert.ok(example, 'a python block');
    fs.writeFileSync(path.join(work, 'sincronizar.py'), example);
    // A credential of its own: each run of the script asks for a token (5 per minute per credential).
    const own = await t.credential(1);
    const env = { API_BASE_URL: `${origin}/v1`, API_CLIENT_ID: own.clientId, API_CLIENT_SECRET: own.secret };
    const dir = fs.mkdtempSync(path.join(work, 'readme-'));
    const first = await runPython([path.join(work, 'sincronizar.py')], env, dir);
    assert.equal(first.code, 0, first.output);
    const copy = JSON.parse(fs.readFileSync(path.join(dir, 'produtos.json'), 'utf8')) as {
      cursor: string;
      registros: Record<string, unknown>;
    };
    const { rows } = await sql('SELECT count(*) AS n FROM produtos WHERE empresa_id = 1 AND NOT excluido');
    assert.equal(Object.keys(copy.registros).length, Number((rows[0] as { n: string }).n));
    assert.ok(copy.cursor);

    const { rows: some } = await sql('SELECT id FROM produtos WHERE empresa_id = 1 AND NOT excluido ORDER BY id LIMIT 1');
    const gone = Number((some[0] as { id: string }).id);
    await sql('UPDATE produtos SET excluido = true WHERE empresa_id = 1 AND id = $1', [gone]);
    let registros = copy.registros;
    for (let run = 0; String(gone) in registros && run < 4; run++) {
      // On a shared PostgreSQL the feed serves a write once older transactions have ended: run it again later, as cron would.
      if (run > 0) await new Promise((resolve) => setTimeout(resolve, 1000));
      const again = await runPython([path.join(work, 'sincronizar.py')], env, dir);
      assert.equal(again.code, 0, again.output);
      registros = (JSON.parse(fs.readFileSync(path.join(dir, 'produtos.json'), 'utf8')) as typeof copy).registros;
    }
    assert.ok(!(String(gone) in registros), 'the deletion reached the copy');
    assert.equal(Object.keys(registros).length, Object.keys(copy.registros).length - 1);
  });

  test('private_key_jwt: with an RS256, a PS256 and an ES256 key, a token, data and the revocation', { skip: keySkip }, async () => {
    const keys = [
      { alg: 'RS256', pair: generateKeyPairSync('rsa', { modulusLength: 2048 }), type: 'pkcs8' },
      { alg: 'PS256', pair: generateKeyPairSync('rsa', { modulusLength: 2048 }), type: 'pkcs1' },
      // SEC1 ("BEGIN EC PRIVATE KEY", as `openssl ecparam -genkey` writes it) is read as well as PKCS#8.
      { alg: 'ES256', pair: generateKeyPairSync('ec', { namedCurve: 'P-256' }), type: 'sec1' },
    ] as const;
    const credentials = [];
    for (const { alg, pair, type } of keys) {
      const key = await readPublicKey(pair.publicKey.export({ format: 'pem', type: 'spki' }).toString());
      if ('problem' in key) throw new Error(key.problem);
      const input = { empresaId: 1, name: `cliente Python ${alg}`, scopes: ['clientes:ler'], allowedIps: [], expires: null };
      const row = await createKeyCredential(t.store.central, input, key, OPERATOR);
      credentials.push({ alg, client_id: row.client_id, private_key: pair.privateKey.export({ format: 'pem', type }).toString() });
    }
    const env = { AE_BASE_URL: `${origin}/v1`, AE_KEY_CREDENTIALS: JSON.stringify(credentials) };
    const args = ['-m', 'unittest', 'discover', '-v', '-s', path.join(PACKAGE, 'tests'), '-p', 'private_key_*.py'];
    const run = await runPython(args, env, process.cwd(), keyPython);
    assert.equal(run.code, 0, run.output);
    assert.match(run.output, /\nOK\n?$/, `nothing skipped:\n${run.output}`);
    assert.match(run.output, /test_token_data_and_revocation_with_each_key \(private_key_tests\.[^\n]*\.\.\. ok/);
    assert.doesNotMatch(run.output, /ResourceWarning|Exception ignored/, run.output);
  });
});
