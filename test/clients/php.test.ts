import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
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
import { TestApp } from '../helpers/test-app.ts';

// The PHP client (clients/php) against the real server (the app on a store loaded with the demo
// data set, on a real port) and against a tiny fake server for what the real one answers only when
// something breaks. The checks themselves are plain PHP assertions in clients/php/tests/run.php,
// run here in one php process per phase; this file gives them addresses, credentials and the
// expected data through the environment, and makes a change between the two phases.

/** The interpreter: `php` on the PATH, or the one PHP_BINARY names. */
const php = process.env.PHP_BINARY ?? 'php';
const probe = spawnSync(php, [
  '-r',
  "exit(extension_loaded('curl') && extension_loaded('json') ? (extension_loaded('openssl') ? 0 : 4) : 3);",
]);
const skip =
  probe.error !== undefined
    ? 'php is not installed (Debian: php-cli php-curl)'
    : probe.status === 3
      ? 'php has no curl extension (Debian: php-curl)'
      : probe.status === 4
        ? 'php has no openssl extension, which signing with a private key needs'
        : probe.status !== 0
          ? `php failed: ${probe.stderr?.toString()}`
          : false;

/** Key credentials of company 1 (reading clientes), made by the server's own service, with their private keys as PEM. */
async function keyCredentials(): Promise<{ alg: string; client_id: string; private_key: string }[]> {
  const keys = [
    { alg: 'RS256', pair: generateKeyPairSync('rsa', { modulusLength: 2048 }), type: 'pkcs8' },
    // SEC1 ("BEGIN EC PRIVATE KEY", as `openssl ecparam -genkey` writes it) is read as well as PKCS#8.
    { alg: 'ES256', pair: generateKeyPairSync('ec', { namedCurve: 'P-256' }), type: 'sec1' },
  ] as const;
  const credentials = [];
  for (const { alg, pair, type } of keys) {
    const key = await readPublicKey(pair.publicKey.export({ format: 'pem', type: 'spki' }).toString());
    if ('problem' in key) throw new Error(key.problem);
    const input = { empresaId: 1, name: `cliente PHP ${alg}`, scopes: ['clientes:ler'], allowedIps: [], expires: null };
    const row = await createKeyCredential(t.store.central, input, key, OPERATOR);
    credentials.push({ alg, client_id: row.client_id, private_key: pair.privateKey.export({ format: 'pem', type }).toString() });
  }
  return credentials;
}

let t: TestApp;
let origin = '';
let fake: Server;
let fakeOrigin = '';
const cursorFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ae-php-')), 'cursor');

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': 'fake-request', ...headers });
  res.end(JSON.stringify(body));
}
const erro = (codigo: string) => ({ erro: { codigo, mensagem: codigo, detalhes: [], request_id: 'fake-request' } });

/** A server answering as the API does when things break: tokens that expire in 61 s, 429, 503, 401, exports cut short. */
function fakeServer(): Server {
  const issued = new Map<string, number>();
  const current = new Map<string, string>();
  const hits = new Map<string, number>();
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    req.resume();
    if (req.method === 'POST' && url.pathname === '/v1/oauth/token') {
      const basic = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
      const clientId = decodeURIComponent(basic.split(':')[0] ?? '');
      const n = (issued.get(clientId) ?? 0) + 1;
      issued.set(clientId, n);
      current.set(clientId, `tok-${clientId}-${n}`);
      return json(res, 200, { access_token: `tok-${clientId}-${n}`, token_type: 'Bearer', expires_in: 61, scope: '' });
    }
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const clientId = /^tok-(.+)-\d+$/.exec(token)?.[1] ?? '';
    if (current.get(clientId) !== token) return json(res, 401, erro('token_invalido'));
    const key = `${clientId} ${url.pathname}`;
    const hit = (hits.get(key) ?? 0) + 1;
    hits.set(key, hit);
    const page = (meta: Record<string, unknown>) => ({
      data: [],
      meta: { pagina: 1, por_pagina: 50, total: 0, total_paginas: 0, ...meta },
    });
    switch (url.pathname) {
      case '/v1/clientes/exportacao':
      case '/v1/boletos/exportacao':
        res.writeHead(200, { 'content-type': 'application/x-ndjson', 'x-request-id': 'fake-export' });
        res.write('{"id":1,"nome":"Um"}\n{"id":2,"nome":"Dois"}\n');
        return res.end(url.pathname.startsWith('/v1/boletos') ? '{"fim":true,"total":3,"proximo_cursor":"a.b"}\n' : undefined);
      case '/v1/contas-receber':
        return hit === 1 ? json(res, 429, erro('limite_excedido'), { 'retry-after': '1' }) : json(res, 200, page({ tentativa: hit }));
      case '/v1/contas-pagar':
        return hit === 1 ? json(res, 503, erro('servico_indisponivel')) : json(res, 200, page({ tentativa: hit }));
      case '/v1/boletos':
        return json(res, 503, erro('servico_indisponivel'), { 'retry-after': '5' });
      case '/v1/servicos':
        return json(res, 429, erro('limite_excedido'), { 'retry-after': '3600' });
      case '/v1/ordens-servico':
        if (hit === 1 || url.searchParams.has('sempre')) {
          current.delete(clientId); // revoked, as a rotated secret does
          return json(res, 401, erro('token_invalido'));
        }
        return json(res, 200, page({ tokens: issued.get(clientId) }));
      default:
        return json(res, 200, page({ tokens: issued.get(clientId) }));
    }
  });
}

/** Runs clients/php/tests/run.php with `env`; its output, and whether it passed. */
function runPhp(env: Record<string, string>): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    execFile(php, ['clients/php/tests/run.php'], { env: { ...process.env, ...env }, timeout: 120_000 }, (error, stdout, stderr) =>
      resolve({ ok: error === null, output: `${stdout}${stderr}` }),
    );
  });
}

const checks = (output: string) => output.split('\n').filter((line) => line.startsWith('ok: ')).length;

describe('the PHP client (clients/php)', () => {
  before(async () => {
    if (skip !== false) return;
    t = await TestApp.start({ limiter: limiterLifting(['token-ip:']) });
    await t.load(buildDemoDataset({ today: todayInSaoPaulo() }));
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    fake = fakeServer();
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    fakeOrigin = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  });
  after(async () => {
    fake?.close();
    await t?.close();
    fs.rmSync(path.dirname(cursorFile), { recursive: true, force: true });
  });

  test(
    'lists, details, pages, errors, the feed, exports, retries, tokens, revocation, private_key_jwt and webhooks; then the feed from a stored cursor',
    { skip },
    async (context) => {
      const cred = await t.credential(1);
      const scoped = await t.credential(1, { scopes: ['produtos:ler'] });
      const revoking = await t.credential(1);
      const token = await t.token(await t.credential(1));
      const total = async (url: string) => ((await t.get(url, token)).json() as { meta: { total: number } }).meta.total;

      const secret = newWebhookSecret();
      const now = Math.floor(Date.now() / 1000);
      const body = JSON.stringify({
        id: 'evt_9',
        tipo: 'alteracoes.disponiveis',
        criado_em: '2026-11-27T12:00:00Z',
        dados: { recurso: 'boletos' },
      });
      const env = {
        API_BASE_URL: origin,
        API_CLIENT_ID: cred.clientId,
        API_CLIENT_SECRET: cred.secret,
        SCOPED_CLIENT_ID: scoped.clientId,
        SCOPED_CLIENT_SECRET: scoped.secret,
        REVOKE_CLIENT_ID: revoking.clientId,
        REVOKE_CLIENT_SECRET: revoking.secret,
        KEY_CREDENTIALS: JSON.stringify(await keyCredentials()),
        FAKE_BASE_URL: fakeOrigin,
        CURSOR_FILE: cursorFile,
        EXPECT_CLIENTES_TOTAL: String((await total('/v1/clientes?por_pagina=1')) + (await total('/v1/clientes?por_pagina=1&ativo=0'))),
        EXPECT_RECEBER_CLIENTE: String(await total('/v1/contas-receber?por_pagina=1&cedente_tipo=cliente')),
        EXPECT_RECEBER_TOTAL: String(await total('/v1/contas-receber?por_pagina=1')),
        WH_SECRET: secret,
        WH_OTHER_SECRET: newWebhookSecret(),
        WH_ID: 'evt_9',
        WH_TS: String(now),
        // after a rotation two secrets sign, the newest first: the one verified is the second
        WH_SIG: webhookSignature([newWebhookSecret(), secret], 'evt_9', now, body),
        WH_OLD_TS: String(now - 600),
        WH_OLD_SIG: webhookSignature([secret], 'evt_9', now - 600, body),
        WH_BODY: body,
      };

      const first = await runPhp({ ...env, PHASE: '1' });
      assert.ok(first.ok, first.output);
      assert.match(first.output, /fase 1 concluída/);
      assert.ok(checks(first.output) >= 40, `${checks(first.output)} checks\n${first.output}`);
      assert.match(fs.readFileSync(cursorFile, 'utf8'), /^[\w-]+\.[\w-]+$/);

      const name = 'Nome alterado entre as duas fases';
      await t.store.pool.query('UPDATE clientes SET nome = $2 WHERE empresa_id = 1 AND id = $1', [1, name]);

      const second = await runPhp({ ...env, PHASE: '2', CHANGED_ID: '1', CHANGED_NAME: name });
      assert.ok(second.ok, second.output);
      assert.match(second.output, /fase 2 concluída/);
      context.diagnostic(`php checks passed: ${checks(first.output)} in phase 1, ${checks(second.output)} in phase 2`);
    },
  );
});
