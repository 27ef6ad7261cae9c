import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCli, tempDataDir } from '../helpers/processes.ts';

/** The operator CLI as a separate process on its own embedded store (no server running). */
let dataDir: string;
let env: Record<string, string>;

before(() => {
  dataDir = tempDataDir();
  env = { DATA_DIR: dataDir };
});
after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function json(stdout: string): Record<string, unknown> {
  const lines = stdout.trim().split('\n');
  assert.equal(lines.length, 1, `exactly one JSON document on stdout:\n${stdout}`);
  return JSON.parse(lines[0] ?? '') as Record<string, unknown>;
}

describe('migrate', () => {
  test('applies the migrations once, then nothing', async () => {
    const first = await runCli(['migrate', '--json'], env);
    assert.equal(first.code, 0, first.stderr);
    const applied = json(first.stdout).applied as string[];
    assert.ok(applied.includes('central/0001_central') && applied.includes('tenant/0001_tenant'), applied.join());
    assert.deepEqual(applied, [...applied].sort(), 'in name order');
    const again = await runCli(['migrate', '--json'], env);
    assert.deepEqual(json(again.stdout), { applied: [] });
  });
});

describe('import', () => {
  test('loads the example data set and prints the counts per collection', async () => {
    const res = await runCli(['import', path.resolve('examples/dataset.json'), '--json'], env);
    assert.equal(res.code, 0, res.stderr);
    const imported = json(res.stdout).imported as Record<string, number>;
    assert.equal(imported.clientes, 5);
    assert.equal(imported.empresas, 2);
    assert.equal(imported.ordens_servico, 2);
  });

  test('a file with one invalid record imports nothing, and the error names collection, index and field', async () => {
    const file = path.join(dataDir, 'bad.json');
    fs.writeFileSync(
      file,
      JSON.stringify({
        empresas: [{ id: 50, nome: 'Nova' }],
        clientes: [
          { id: 501, empresa_id: 50, tipo_pessoa: 'fisica', nome: 'Ok' },
          { id: 502, empresa_id: 50, tipo_pessoa: 'alien', nome: 'Bad' },
        ],
      }),
    );
    const res = await runCli(['import', file, '--json'], env);
    assert.notEqual(res.code, 0);
    assert.equal(res.stdout, '');
    assert.match(res.stderr, /clientes\[1\]\.tipo_pessoa/);
    const list = await runCli(['credentials', 'create', '--company', '50', '--name', 'x', '--scopes', 'clientes:ler', '--json'], env);
    assert.notEqual(list.code, 0, 'company 50 was not imported either');
    assert.match(list.stderr, /company 50 does not exist/);
  });

  test('unreadable or non-JSON files are clear errors', async () => {
    const missing = await runCli(['import', '/nonexistent/file.json'], env);
    assert.notEqual(missing.code, 0);
    assert.match(missing.stderr, /cannot read/);
    const notJson = path.join(dataDir, 'x.json');
    fs.writeFileSync(notJson, '{nope');
    const bad = await runCli(['import', notJson], env);
    assert.notEqual(bad.code, 0);
    assert.match(bad.stderr, /not valid JSON/);
  });
});

describe('credentials', () => {
  test('create prints the documented JSON, once with the secret; list never does', async () => {
    const res = await runCli(
      [
        'credentials',
        'create',
        '--company',
        '1',
        '--name',
        'Contabilidade',
        '--scopes',
        'contas-receber:ler,clientes:ler',
        '--allow-ip',
        '10.0.0.1',
        '--allow-ip',
        '192.168.0.0/16',
        '--expires',
        '2030-12-31',
        '--json',
      ],
      env,
    );
    assert.equal(res.code, 0, res.stderr);
    const doc = json(res.stdout);
    assert.match(String(doc.client_id), /^ae_live_[A-Za-z0-9_-]+$/);
    assert.match(String(doc.client_secret), /^[A-Za-z0-9_-]{43,}$/);
    assert.deepEqual(doc.scopes, ['clientes:ler', 'contas-receber:ler']);
    assert.deepEqual(doc.allowed_ips, ['10.0.0.1', '192.168.0.0/16']);
    assert.equal(doc.expires, '2030-12-31');
    assert.equal(doc.status, 'active');
    const list = await runCli(['credentials', 'list', '--company', '1', '--json'], env);
    assert.ok(!list.stdout.includes(String(doc.client_secret)));
    const text = await runCli(['credentials', 'list', '--company', '1'], env);
    assert.match(text.stdout, new RegExp(String(doc.client_id)));
  });

  test('bad input is a non-zero exit with the reason on stderr', async () => {
    const cases: [string[], RegExp][] = [
      [['credentials', 'create', '--company', '1', '--name', 'x', '--scopes', 'tudo:ler'], /unknown scope/],
      [['credentials', 'create', '--company', '1', '--name', 'x', '--scopes', 'os:ler', '--allow-ip', '300.1.1.1'], /not an IP address/],
      [['credentials', 'create', '--company', '1', '--name', 'x', '--scopes', 'os:ler', '--expires', '2030-02-30'], /expires/],
      [['credentials', 'create', '--company', 'um', '--name', 'x', '--scopes', 'os:ler'], /--company/],
      [['credentials', 'rotate', 'ae_live_nope'], /no credential/],
      [['credentials', 'create', '--company', '1', '--scopes', 'os:ler'], /--name/],
    ];
    for (const [args, reason] of cases) {
      const res = await runCli(args, env);
      assert.notEqual(res.code, 0, args.join(' '));
      assert.match(res.stderr, reason, args.join(' '));
      assert.equal(res.stdout, '');
    }
  });
});

describe('credentials with a public key (private_key_jwt)', () => {
  test('create --public-key prints auth_method and the thumbprint and no secret; replace-key changes the key; rotate refuses', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ae-cli-key-'));
    const first = path.join(dir, 'primeira.pem');
    const second = path.join(dir, 'segunda.jwk');
    fs.writeFileSync(first, generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'pem', type: 'spki' }));
    const secondKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
    fs.writeFileSync(second, JSON.stringify(secondKey.export({ format: 'jwk' })));
    const args = ['credentials', 'create', '--company', '1', '--name', 'Chave', '--scopes', 'os:ler', '--public-key', first, '--json'];
    const res = await runCli(args, env);
    assert.equal(res.code, 0, res.stderr);
    const doc = json(res.stdout);
    assert.equal(doc.auth_method, 'private_key_jwt');
    assert.equal('client_secret' in doc, false);
    assert.match(String(doc.key_thumbprint), /^[A-Za-z0-9_-]{43}$/);
    const replaced = await runCli(['credentials', 'replace-key', String(doc.client_id), '--public-key', second, '--json'], env);
    assert.equal(replaced.code, 0, replaced.stderr);
    const after = json(replaced.stdout);
    assert.equal(after.auth_method, 'private_key_jwt');
    assert.notEqual(after.key_thumbprint, doc.key_thumbprint);
    const rotate = await runCli(['credentials', 'rotate', String(doc.client_id)], env);
    assert.notEqual(rotate.code, 0);
    assert.match(rotate.stderr, /authenticates with a key and has no secret/);
    const list = json((await runCli(['credentials', 'list', '--company', '1', '--json'], env)).stdout) as {
      credentials: Record<string, unknown>[];
    };
    assert.equal(list.credentials.find((c) => c.client_id === doc.client_id)?.auth_method, 'private_key_jwt');
  });

  test('a private key file, an unreadable path and text are refused with the reason', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ae-cli-key-'));
    const privatePem = path.join(dir, 'privada.pem');
    fs.writeFileSync(privatePem, generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' }));
    const text = path.join(dir, 'texto.pem');
    fs.writeFileSync(text, 'não é uma chave');
    const base = ['credentials', 'create', '--company', '1', '--name', 'x', '--scopes', 'os:ler', '--public-key'];
    for (const [file, reason] of [
      [privatePem, /PRIVATE key: give only the public key/],
      [path.join(dir, 'nao-existe.pem'), /cannot read .*ENOENT/],
      [text, /not a public key in PEM/],
    ] as const) {
      const res = await runCli([...base, file], env);
      assert.notEqual(res.code, 0, file);
      assert.match(res.stderr, reason, file);
      assert.doesNotMatch(res.stderr, /BEGIN PRIVATE KEY/);
    }
  });
});

describe('seed demo and help', () => {
  test('seed demo loads the demo data set', async () => {
    const res = await runCli(['seed', 'demo', '--json'], env);
    assert.equal(res.code, 0, res.stderr);
    const imported = json(res.stdout).imported as Record<string, number>;
    assert.ok((imported.clientes ?? 0) > 300);
    assert.ok((imported.contas_receber ?? 0) > 300);
  });

  test('--help lists the commands', async () => {
    const res = await runCli(['--help'], env);
    assert.equal(res.code, 0);
    for (const command of ['migrate', 'import', 'credentials', 'seed']) assert.match(res.stdout, new RegExp(command));
  });
});
