import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';
import { startServer, tempDataDir } from '../helpers/processes.ts';

/**
 * SHUTDOWN_GRACE_MS: a stop waits for in-flight requests that long, then cuts them; a request
 * stuck on a database that never answers does not keep the process alive.
 */
const dir = tempDataDir();
after(() => fs.rmSync(dir, { recursive: true, force: true }));

test('a request stuck past the grace period is cut and the process exits', async () => {
  const server = await startServer({ DATA_DIR: dir, SHUTDOWN_GRACE_MS: '1000' });
  const clientId = /client_id:\s+(\S+)/.exec(server.output())?.[1] ?? '';
  const secret = /client_secret:\s+(\S+)/.exec(server.output())?.[1] ?? '';
  const granted = await fetch(`${server.url}/v1/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  const { access_token: token } = (await granted.json()) as { access_token: string };

  // An open transaction holds the embedded store's only session: the server's next query waits.
  const blocker = new pg.Client({ host: dir, user: 'postgres', database: 'postgres' });
  blocker.on('error', () => undefined);
  await blocker.connect();
  await blocker.query('BEGIN');
  await blocker.query('SELECT 1');
  const inflight = fetch(`${server.url}/v1/clientes`, { headers: { authorization: `Bearer ${token}` } }).then(
    (res) => res.status,
    () => 'cut',
  );
  await new Promise((resolve) => setTimeout(resolve, 300));

  const started = Date.now();
  const code = await server.stop('SIGTERM');
  const elapsed = Date.now() - started;
  assert.equal(await inflight, 'cut', 'the stuck request was cut, not answered');
  assert.ok(elapsed >= 1000, `waited the grace period (${elapsed} ms)`);
  assert.notEqual(code, null, 'the process exited by itself');
  assert.match(server.output(), /grace period over/);
  await blocker.end().catch(() => undefined);
});

test('SIGTERM to `npm start` (the pid an operator or supervisor holds) stops the server itself, no orphan left serving', async () => {
  const dataDir = tempDataDir();
  let out = '';
  try {
    // package.json's start script `exec`s node: otherwise npm's `sh -c` dies and node keeps serving.
    const npm = spawn('npm', ['start'], {
      env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info', SEED_DEMO: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    npm.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    npm.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`npm start did not listen:\n${out}`)), 60_000);
      npm.stdout.on('data', () => {
        const line = out.split('\n').find((l) => l.includes('"msg":"listening"'));
        if (line) {
          clearTimeout(timer);
          resolve((JSON.parse(line) as { url: string }).url);
        }
      });
    });
    assert.equal((await fetch(`${url}/healthz`)).status, 200);
    const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
    npm.kill('SIGTERM');
    assert.equal(await exited, 0, out);
    assert.match(out, /"msg":"stopped"/);
    await assert.rejects(fetch(`${url}/healthz`), 'nothing answers on the port any more');
  } finally {
    // Should the server outlive npm (the bug this test guards against), stop it by the pid it logged.
    const serverPid = (JSON.parse(out.split('\n').find((l) => l.includes('"msg":"listening"')) ?? '{}') as { pid?: number }).pid;
    if (serverPid !== undefined) {
      try {
        process.kill(serverPid, 'SIGTERM');
      } catch {
        // already gone, as it should be
      }
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
