import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { OPERATOR } from '../../src/credentials/audit.ts';
import { createCredential } from '../../src/credentials/credentials.service.ts';
import { SCOPES } from '../../src/domain/scopes.ts';
import { MemoryLimiter } from '../../src/ratelimit/memory-limiter.ts';
import { importDataset } from '../../src/store/import/import.ts';
import type { Store } from '../../src/store/store.ts';
import type { TcpProxy } from '../helpers/tcp-proxy.ts';
import { basicHeader, uniqueSourceIp } from '../helpers/test-app.ts';
import { proxiedStore, type ProxiedStore } from '../helpers/proxied-store.ts';
import { freshStore, type TestStore } from '../helpers/test-store.ts';

/**
 * An export while the store fails (D48): before the first byte it is the usual 503 envelope; once
 * records are flowing, the body ends without its `fim` line — never a `fim` after missing rows —
 * and the connection closes. The app's store is reached through a TCP proxy (the PostgreSQL port,
 * or the embedded store's socket), opened with the server's bounds, as in central-store.test.ts.
 */

const EMPRESA = 73;
/** ~45 MB of NDJSON: more than the sockets between the server and a reader that waits can hold. */
const RECORDS = 45_000;

let direct: TestStore;
let proxy: TcpProxy;
let proxied: ProxiedStore | undefined;
let store: Store;
let app: FastifyInstance;
let origin: string;

async function token(): Promise<string> {
  const cred = await createCredential(
    direct.store.central,
    { empresaId: EMPRESA, name: 'export faults', scopes: [...SCOPES], allowedIps: [], expires: null },
    OPERATOR,
  );
  const res = await app.inject({
    method: 'POST',
    url: '/v1/oauth/token',
    remoteAddress: uniqueSourceIp(),
    headers: { authorization: basicHeader(cred.client_id, cred.client_secret), 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'grant_type=client_credentials',
  });
  assert.equal(res.statusCode, 200, res.body);
  return (res.json() as { access_token: string }).access_token;
}

before(async () => {
  direct = await freshStore();
  await importDataset(direct.store.pool, { empresas: [{ id: EMPRESA, nome: 'Empresa das exportações' }] });
  await direct.store.pool.query(
    // The bulk in `documento` (served with incluir=contato): the name is indexed for search, it is not.
    `INSERT INTO clientes (id, empresa_id, tipo_pessoa, nome, sobrenome, documento)
     SELECT g, $1, 'fisica', 'Cliente', 'Grande', repeat('x', 950) FROM generate_series(1, $2) g`,
    [EMPRESA, RECORDS],
  );
  proxied = await proxiedStore(direct);
  ({ proxy, store } = proxied);
  app = await buildApp({ config: { trustProxy: [] }, store, limiter: new MemoryLimiter() });
  origin = await app.listen({ host: '127.0.0.1', port: 0 });
});

after(async () => {
  await app?.close();
  await proxied?.close();
  await direct?.close();
});

describe(`an export while the store fails (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'embedded store'})`, () => {
  test('before the first byte: 503 servico_indisponivel in the envelope, within 3 s', async () => {
    const bearer = await token();
    await proxy.setMode('refuse');
    try {
      const started = performance.now();
      const res = await fetch(`${origin}/v1/clientes/exportacao?incluir=contato`, { headers: { authorization: `Bearer ${bearer}` } });
      const ms = performance.now() - started;
      assert.equal(res.status, 503);
      assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
      assert.equal(((await res.json()) as { erro: { codigo: string } }).erro.codigo, 'servico_indisponivel');
      assert.ok(ms < 3000, `answered in ${Math.round(ms)} ms`);
    } finally {
      await proxy.setMode('pass');
    }
  });

  test('mid-stream: the body ends without fim and the connection closes; the next export is whole', async () => {
    const bearer = await token();
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get(`${origin}/v1/clientes/exportacao?incluir=contato`, { headers: { authorization: `Bearer ${bearer}` } }, (r) => {
          r.pause();
          resolve(r);
        })
        .on('error', reject);
    });
    assert.equal(res.statusCode, 200);
    // Nothing read for a moment: the sockets fill and the server waits to read its next batch.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await proxy.setMode('refuse');
    let text = '';
    const complete = await new Promise<boolean>((resolve) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.once('end', () => resolve(res.complete));
      res.once('error', () => resolve(false));
      res.once('aborted', () => resolve(false));
      res.resume();
    });
    await proxy.setMode('pass');
    assert.equal(complete, false, 'the server closed the connection before the end of the body');
    assert.doesNotMatch(text, /"fim":true/, 'no fim after missing rows');
    const records = text.split('\n').slice(0, -1).length;
    assert.ok(records > 0 && records < RECORDS, `${records} whole lines came before the failure`);
    // The store answers again: a new export (its lease was let go) comes whole.
    for (const deadline = Date.now() + 10_000; ;) {
      const again = await fetch(`${origin}/v1/clientes/exportacao?incluir=contato`, { headers: { authorization: `Bearer ${bearer}` } });
      const body = await again.text();
      if (again.status === 200) {
        assert.match(body, new RegExp(`\\{"fim":true,"total":${RECORDS},`));
        break;
      }
      assert.ok(Date.now() < deadline, `still ${again.status}: ${body.slice(0, 200)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
});
