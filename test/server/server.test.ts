import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { printedCredential, requestToken, runCli, startServer, tempDataDir, type ServerProcess } from '../helpers/processes.ts';

/** The real process, as `npm start` runs it, on a never-initialised embedded store. */
let dataDir: string;
let server: ServerProcess;
/** the demo credential of the first start's banner */
let firstBanner = { clientId: '', secret: '' };

async function token(url: string, clientId: string, secret: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await requestToken(url, { clientId, secret });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

function bannerCredential(output: string): { clientId: string; secret: string; curl: string } {
  const { clientId, secret } = printedCredential(output) ?? {};
  const curl = output
    .split('\n')
    .find((l) => l.trim().startsWith('curl -u '))
    ?.trim();
  assert.ok(clientId && secret && curl, `the banner names a credential:\n${output}`);
  return { clientId, secret, curl };
}

/** The human lines come after the JSON listening line the start waits for. */
async function waitForOutput(process: ServerProcess, text: string): Promise<void> {
  for (let i = 0; i < 100 && !process.output().includes(text); i++) await new Promise((r) => setTimeout(r, 50));
  assert.ok(process.output().includes(text), `"${text}" never printed:\n${process.output()}`);
}

before(async () => {
  dataDir = tempDataDir();
  server = await startServer({ DATA_DIR: dataDir });
});
after(async () => {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('first start on a never-initialised embedded store', () => {
  test('logs one JSON "listening" line with the url, and prints a demo credential with a ready curl line', async () => {
    const out = server.output();
    const listening = out.split('\n').filter((l) => l.includes('"msg":"listening"'));
    assert.equal(listening.length, 1);
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    const { clientId, secret, curl } = bannerCredential(out);
    assert.equal(curl, `curl -u ${clientId}:${secret} -d grant_type=client_credentials ${server.url}/v1/oauth/token`);
    assert.ok(out.includes(`${server.url}/settings`), 'the settings URL');
    assert.ok(out.includes(`API reference:  ${server.url}/docs`), 'the docs URL');
    assert.ok(out.includes(`DATA_DIR=${dataDir} npm run -s cli -- credentials rotate ${clientId}`), 'how to get a new secret');
    assert.match(out, /ana@modelo\.com\.br \/ troque-esta-senha {2}\(administrator/, 'the demo administrator and password');
    const granted = await token(server.url, clientId, secret);
    assert.equal(granted.status, 200);
    const list = await fetch(`${server.url}/v1/clientes?por_pagina=5`, {
      headers: { authorization: `Bearer ${String(granted.body.access_token)}` },
    });
    assert.equal(list.status, 200);
    const body = (await list.json()) as { data: unknown[]; meta: { total: number } };
    assert.equal(body.data.length, 5);
    assert.ok(body.meta.total > 100, 'a few hundred demo customers, so paging is visible');
  });

  test('the secret never reaches a log line', async () => {
    const { secret } = bannerCredential(server.output());
    const logLines = server
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'));
    assert.ok(logLines.length > 2);
    for (const line of logLines) assert.ok(!line.includes(secret), line);
  });

  test('healthz and readyz answer 200', async () => {
    assert.equal((await fetch(`${server.url}/healthz`)).status, 200);
    assert.equal((await fetch(`${server.url}/readyz`)).status, 200);
  });
});

describe('the CLI while the server holds the embedded store', () => {
  test('credentials create/list/rotate/revoke act on the running server at once (D31)', async () => {
    const env = { DATA_DIR: dataDir };
    const created = await runCli(
      [
        'credentials',
        'create',
        '--company',
        '1',
        '--name',
        'ERP',
        '--scopes',
        'clientes:ler,os:ler',
        '--allow-ip',
        '127.0.0.0/8',
        '--json',
      ],
      env,
    );
    assert.equal(created.code, 0, created.stderr);
    const doc = JSON.parse(created.stdout) as { client_id: string; client_secret: string; scopes: string[]; allowed_ips: string[] };
    assert.deepEqual(doc.scopes, ['clientes:ler', 'os:ler']);
    assert.deepEqual(doc.allowed_ips, ['127.0.0.0/8']);
    const first = await token(server.url, doc.client_id, doc.client_secret);
    assert.equal(first.status, 200);
    const bearer = { authorization: `Bearer ${String(first.body.access_token)}` };
    assert.equal((await fetch(`${server.url}/v1/clientes`, { headers: bearer })).status, 200);

    const listed = await runCli(['credentials', 'list', '--company', '1', '--json'], env);
    assert.equal(listed.code, 0, listed.stderr);
    const credentials = (JSON.parse(listed.stdout) as { credentials: Record<string, unknown>[] }).credentials;
    const mine = credentials.find((c) => c.client_id === doc.client_id);
    assert.ok(mine);
    for (const key of ['client_id', 'name', 'scopes', 'allowed_ips', 'expires', 'status', 'created_at', 'last_used_at'])
      assert.ok(key in mine, key);
    assert.equal(mine.status, 'active');
    assert.ok(!listed.stdout.includes(doc.client_secret), 'list never shows a secret');

    const rotated = await runCli(['credentials', 'rotate', doc.client_id, '--json'], env);
    assert.equal(rotated.code, 0, rotated.stderr);
    const newSecret = (JSON.parse(rotated.stdout) as { client_secret: string }).client_secret;
    assert.notEqual(newSecret, doc.client_secret);
    assert.equal((await fetch(`${server.url}/v1/clientes`, { headers: bearer })).status, 401, 'earlier tokens revoked at once');
    assert.equal((await token(server.url, doc.client_id, newSecret)).status, 200);

    const revoked = await runCli(['credentials', 'revoke', doc.client_id, '--json'], env);
    assert.equal(revoked.code, 0, revoked.stderr);
    assert.deepEqual(JSON.parse(revoked.stdout), { client_id: doc.client_id, status: 'revoked' });
    const after = await token(server.url, doc.client_id, newSecret);
    assert.equal(after.status, 401);
    assert.equal(after.body.error, 'invalid_client');
  });
});

describe('restart and shutdown', () => {
  test('SIGTERM drains and exits 0; a later start serves the same store and prints no secret', async () => {
    const { clientId, secret } = (firstBanner = bannerCredential(server.output()));
    assert.equal(await server.stop('SIGTERM'), 0);
    server = await startServer({ DATA_DIR: dataDir });
    assert.ok(!server.output().includes('client_secret'), server.output());
    assert.ok(!server.output().includes(secret), server.output());
    assert.equal((await token(server.url, clientId, secret)).status, 200, 'same store, same credential');
  });

  test('a later start prints the API, settings and docs URLs and the command that gives the demo credential a new secret', async () => {
    const { clientId, secret } = firstBanner;
    await waitForOutput(server, 'credentials rotate');
    const out = server.output();
    assert.equal(out.split('\n').filter((l) => l.includes('"msg":"listening"')).length, 1, 'still one JSON listening line');
    assert.match(out, new RegExp(`^API: +${server.url}/v1 +\\(tokens: POST ${server.url}/v1/oauth/token\\)$`, 'm'));
    assert.match(out, new RegExp(`^Settings area: +${server.url}/settings `, 'm'));
    assert.match(out, new RegExp(`^API reference: +${server.url}/docs$`, 'm'));
    // The command as printed, run as printed: DATA_DIR=<dir> npm run -s cli -- <args>.
    const line =
      out
        .split('\n')
        .find((l) => l.includes('credentials rotate'))
        ?.trim() ?? '';
    const printed = /^DATA_DIR=(\S+) npm run -s cli -- (credentials rotate (\S+))$/.exec(line);
    assert.ok(printed, line);
    assert.equal(printed[1], dataDir);
    assert.equal(printed[3], clientId, 'the demo credential, found by its name');
    const rotated = await runCli([...(printed[2] ?? '').split(' '), '--json'], { DATA_DIR: printed[1] ?? '' });
    assert.equal(rotated.code, 0, rotated.stderr);
    const newSecret = (JSON.parse(rotated.stdout) as { client_secret: string }).client_secret;
    assert.equal((await token(server.url, clientId, newSecret)).status, 200, 'the new secret works at once');
    assert.equal((await token(server.url, clientId, secret)).status, 401, 'the lost one no longer does');
  });

  test('the listening line is written whatever LOG_LEVEL says (outside tools wait for it)', async () => {
    const quiet = await startServer({ DATA_DIR: tempDataDir(), LOG_LEVEL: 'warn', SEED_DEMO: 'false' });
    assert.equal((await fetch(`${quiet.url}/healthz`)).status, 200);
    await waitForOutput(quiet, 'API reference:');
    assert.ok(!quiet.output().includes('credentials rotate'), 'no demo credential, no hint');
    assert.equal(
      quiet
        .output()
        .split('\n')
        .filter((l) => l.startsWith('{')).length,
      1,
      'nothing else at info',
    );
    assert.equal(await quiet.stop(), 0);
  });

  test('migrations at start run without the request bounds (D38): a first start with 50 ms bounds migrates and serves', async () => {
    // A migration on a large store may rightly take minutes; each of its statements here takes
    // longer than 50 ms, which would fail the start if it ran with the bounds requests have.
    const bounded = await startServer({
      DATA_DIR: tempDataDir(),
      SEED_DEMO: 'false',
      DB_QUERY_TIMEOUT_MS: '50',
      DB_STATEMENT_TIMEOUT_MS: '40',
    });
    try {
      assert.match(bounded.output(), /"msg":"migrations applied"/);
      assert.equal((await fetch(`${bounded.url}/healthz`)).status, 200);
    } finally {
      assert.equal(await bounded.stop(), 0);
    }
  });

  test('a bad environment variable stops the start with its name', async () => {
    await assert.rejects(startServer({ DATA_DIR: tempDataDir(), PORT: 'abc' }), /PORT/);
    await assert.rejects(startServer({ DATA_DIR: tempDataDir(), DATABASE_URL: 'mysql://x' }), /DATABASE_URL/);
  });
});

describe('npm start: the server built to plain JavaScript (ADR 0011)', () => {
  test('scripts/build-server.mjs builds a server that starts, serves, and loads the Redis client only when REDIS_URL is set', async () => {
    const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { encoding: 'utf8' });
    assert.equal(build.status, 0, build.stderr);
    assert.ok(fs.existsSync('.build/src/server.js'), 'the entry point npm start runs');
    // Redis named but not answering: the limiter starts on windows of its own, and says so.
    const built = await startServer({ DATA_DIR: tempDataDir(), SEED_DEMO: 'false', REDIS_URL: 'redis://127.0.0.1:1' }, { built: true });
    try {
      assert.equal((await fetch(`${built.url}/healthz`)).status, 200);
      // Assets beside the code (migrations ran; the page and its files are copied).
      assert.equal((await fetch(`${built.url}/docs`)).status, 200);
      const metrics = await (await fetch(`${built.url}/metrics`)).text();
      assert.match(metrics, /^api_externa_rate_limit_fallback 1$/m);
    } finally {
      assert.equal(await built.stop(), 0);
    }
    // Without REDIS_URL there is no shared store to fall back from: no such gauge.
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    assert.ok(metrics.includes('api_externa_'), 'metrics are served');
    assert.doesNotMatch(metrics, /api_externa_rate_limit_fallback/);
  });
});
