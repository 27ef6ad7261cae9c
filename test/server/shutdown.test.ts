import { after, test } from 'node:test';
import assert from 'node:assert/strict';
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
    headers: { authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
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
