import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { addDays, todayInSaoPaulo } from '../../src/time/sao-paulo-date.ts';
import { requestToken, runCli, startServer, tempDataDir, type CliResult, type ServerProcess } from '../helpers/processes.ts';

// `--version`, `credentials update` and `credentials audit`, run as the operator runs them: a
// separate process beside a real server on the same embedded store, each change checked by the
// very next request to that server (D31).

let dataDir: string;
let env: Record<string, string>;
let server: ServerProcess;
let clientId = '';
let secret = '';
let bearer: Record<string, string> = {};

function json(res: CliResult): Record<string, unknown> {
  assert.equal(res.code, 0, res.stderr);
  const lines = res.stdout.trim().split('\n');
  assert.equal(lines.length, 1, `exactly one JSON document on stdout:\n${res.stdout}`);
  return JSON.parse(lines[0] ?? '') as Record<string, unknown>;
}

async function status(url: string): Promise<{ status: number; codigo?: string }> {
  const res = await fetch(`${server.url}${url}`, { headers: bearer });
  const body = (await res.json()) as { erro?: { codigo: string } };
  return { status: res.status, codigo: body.erro?.codigo };
}

before(async () => {
  dataDir = tempDataDir();
  env = { DATA_DIR: dataDir };
  server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'false' });
  json(await runCli(['import', path.resolve('examples/dataset.json'), '--json'], env));
  const created = json(
    await runCli(['credentials', 'create', '--company', '1', '--name', 'ERP', '--scopes', 'clientes:ler,os:ler', '--json'], env),
  );
  clientId = String(created.client_id);
  secret = String(created.client_secret);
  const res = await requestToken(server.url, { clientId, secret });
  assert.equal(res.status, 200);
  bearer = { authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}` };
});
after(async () => {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('--version', () => {
  test('prints the version of package.json, and nothing else', async () => {
    const { version } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string };
    for (const flag of ['--version', '-V']) {
      const res = await runCli([flag], env);
      assert.equal(res.code, 0, res.stderr);
      assert.equal(res.stdout, `${version}\n`);
    }
  });
});

describe('credentials update', () => {
  test('scopes: a removed scope stops working on the next request, with the same token', async () => {
    assert.equal((await status('/v1/ordens-servico')).status, 200);
    const doc = json(await runCli(['credentials', 'update', clientId, '--scopes', 'clientes:ler', '--json'], env));
    assert.equal(doc.client_id, clientId);
    assert.equal(doc.company, 1);
    assert.deepEqual(doc.scopes, ['clientes:ler']);
    assert.deepEqual(await status('/v1/ordens-servico'), { status: 403, codigo: 'escopo_insuficiente' });
    assert.equal((await status('/v1/clientes')).status, 200);
  });

  test('the operator adds a sensitive scope without any password (the page asks its users for one)', async () => {
    const doc = json(await runCli(['credentials', 'update', clientId, '--scopes', 'contas-receber:ler, clientes:ler', '--json'], env));
    assert.deepEqual(doc.scopes, ['clientes:ler', 'contas-receber:ler'], 'catalogue order');
  });

  test('allowed IPs: replaced by --allow-ip (repeatable), emptied by --no-allow-ip', async () => {
    const doc = json(
      await runCli(['credentials', 'update', clientId, '--allow-ip', '203.0.113.7', '--allow-ip', '2001:DB8::/32', '--json'], env),
    );
    assert.deepEqual(doc.allowed_ips, ['203.0.113.7', '2001:db8::/32'], 'stored in canonical form');
    assert.deepEqual(await status('/v1/clientes'), { status: 403, codigo: 'ip_nao_autorizado' });
    const cleared = json(await runCli(['credentials', 'update', clientId, '--no-allow-ip', '--json'], env));
    assert.deepEqual(cleared.allowed_ips, []);
    assert.equal((await status('/v1/clientes')).status, 200);
  });

  test('expiry: a past day expires the credential at once, --no-expires removes the date', async () => {
    const yesterday = addDays(todayInSaoPaulo(), -1);
    const expired = json(await runCli(['credentials', 'update', clientId, '--expires', yesterday, '--json'], env));
    assert.equal(expired.expires, yesterday);
    assert.equal(expired.status, 'expired');
    assert.deepEqual(await status('/v1/clientes'), { status: 401, codigo: 'token_invalido' });
    const open = json(await runCli(['credentials', 'update', clientId, '--no-expires', '--json'], env));
    assert.equal(open.expires, null);
    assert.equal(open.status, 'active');
    assert.equal((await status('/v1/clientes')).status, 200);
  });

  test('name, in readable text without --json; the secret never appears', async () => {
    const res = await runCli(['credentials', 'update', clientId, '--name', '  ERP da matriz  '], env);
    assert.equal(res.code, 0, res.stderr);
    assert.match(res.stdout, /"ERP da matriz", company 1\) now has:/);
    assert.match(res.stdout, /allowed IPs: \(any\)/);
    assert.match(res.stdout, /expires: {5}never/);
    assert.ok(!res.stdout.includes(secret));
  });

  test('bad input: a non-zero exit, the reason on stderr, nothing on stdout, nothing changed', async () => {
    const cases: [string[], RegExp][] = [
      [['credentials', 'update', clientId, '--json'], /nothing to change/],
      [['credentials', 'update', clientId, '--expires', '2030-01-01', '--no-expires'], /--expires and --no-expires contradict/],
      [['credentials', 'update', clientId, '--no-allow-ip', '--allow-ip', '10.0.0.1'], /--allow-ip and --no-allow-ip contradict/],
      [['credentials', 'update', clientId, '--scopes', 'tudo:ler'], /unknown scope/],
      [['credentials', 'update', clientId, '--scopes', ' , '], /at least one scope/],
      [['credentials', 'update', clientId, '--allow-ip', '192.168.010.001'], /not an IP address/],
      [['credentials', 'update', clientId, '--expires', '2030-02-30'], /expires/],
      [['credentials', 'update', clientId, '--name', ' '], /name must have/],
      [['credentials', 'update', 'ae_live_nope', '--name', 'x'], /no credential with client id ae_live_nope/],
      [['credentials', 'update', '--name', 'x'], /missing required argument 'client_id'/],
      [['credentials', 'update', clientId, '--expires'], /argument missing/],
    ];
    for (const [args, reason] of cases) {
      const res = await runCli(args, env);
      assert.notEqual(res.code, 0, args.join(' '));
      assert.match(res.stderr, reason, args.join(' '));
      assert.equal(res.stdout, '', args.join(' '));
    }
    const list = json(await runCli(['credentials', 'list', '--company', '1', '--json'], env));
    const mine = (list.credentials as Record<string, unknown>[]).find((c) => c.client_id === clientId);
    assert.deepEqual(
      { name: mine?.name, scopes: mine?.scopes, allowed_ips: mine?.allowed_ips, expires: mine?.expires },
      { name: 'ERP da matriz', scopes: ['clientes:ler', 'contas-receber:ler'], allowed_ips: [], expires: null },
    );
  });
});

describe('credentials audit', () => {
  test("the credential's trail, newest first, each change by the operator with what it changed", async () => {
    const doc = json(await runCli(['credentials', 'audit', clientId, '--json'], env));
    assert.equal(doc.client_id, clientId);
    assert.equal(doc.company, 1);
    const events = doc.events as { id: number; action: string; actor: unknown; ip: unknown; details: Record<string, unknown> }[];
    assert.deepEqual(
      events.map((e) => [e.action, Object.keys(e.details).sort().join()]),
      [
        ['credential.update', 'name'],
        ['credential.update', 'expires'],
        ['credential.update', 'expires'],
        ['credential.update', 'allowed_ips'],
        ['credential.update', 'allowed_ips'],
        ['credential.update', 'scopes'],
        ['credential.update', 'scopes'],
        ['credential.create', 'allowed_ips,expires,name,scopes'],
      ],
    );
    const ids = events.map((e) => e.id);
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => b - a),
      'newest first',
    );
    for (const e of events) {
      assert.deepEqual(e.actor, { type: 'operator', id: null, nome: null });
      assert.equal(e.ip, null);
    }
    assert.deepEqual(events[0]?.details, { name: { from: 'ERP', to: 'ERP da matriz' } });
    assert.deepEqual(events[6]?.details, { scopes: { from: ['clientes:ler', 'os:ler'], to: ['clientes:ler'] } });
    assert.ok(!JSON.stringify(doc).includes(secret), 'never a secret');
  });

  test('rotate and revoke are in the trail too; readable text without --json', async () => {
    json(await runCli(['credentials', 'rotate', clientId, '--json'], env));
    json(await runCli(['credentials', 'revoke', clientId, '--json'], env));
    const res = await runCli(['credentials', 'audit', clientId], env);
    assert.equal(res.code, 0, res.stderr);
    const lines = res.stdout.trim().split('\n');
    assert.match(lines[0] ?? '', /^Audit trail of ae_live_\S+ \("ERP da matriz", company 1\), newest first:$/);
    assert.match(lines[1] ?? '', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z {2}credential\.revoke {2}by the operator$/);
    assert.match(lines[2] ?? '', /credential\.rotate {2}by the operator$/);
    assert.match(lines.at(-1) ?? '', /credential\.create {2}by the operator {2}\{"/);
  });

  test('a revoked credential cannot be updated; an unknown client id has no trail', async () => {
    const revoked = await runCli(['credentials', 'update', clientId, '--name', 'x'], env);
    assert.notEqual(revoked.code, 0);
    assert.match(revoked.stderr, /a revoked credential cannot be changed/);
    for (const id of ['ae_live_nope', 'não é um id']) {
      const res = await runCli(['credentials', 'audit', id, '--json'], env);
      assert.notEqual(res.code, 0, id);
      assert.match(res.stderr, /no credential with client id/, id);
      assert.equal(res.stdout, '');
    }
  });
});
