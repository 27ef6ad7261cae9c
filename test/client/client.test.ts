import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { ApiError, ApiExternaClient, OAuthError, type ClientOptions } from '../../clients/typescript/src/index.ts';
import { OPERATOR } from '../../src/credentials/audit.ts';
import { createKeyCredential } from '../../src/credentials/credentials.service.ts';
import { readPublicKey } from '../../src/credentials/public-key.ts';
import { buildDemoDataset } from '../../src/demo/demo-dataset/index.ts';
import type { Lease, Limiter, WindowState } from '../../src/ratelimit/limiter.ts';
import { MemoryLimiter } from '../../src/ratelimit/memory-limiter.ts';
import { todayInSaoPaulo } from '../../src/time/sao-paulo-date.ts';
import { recordingClient } from '../helpers/recording-client.ts';
import { TestApp, type TestCredential } from '../helpers/test-app.ts';

// The TypeScript client (clients/typescript) against the real server: the app on a store loaded
// with the demo data set, listening on a real port, reached with the platform's fetch.

/**
 * The memory limiter, except that the next data hits can be scripted: refused (429 with the
 * Retry-After asked) or failing as an unreachable store would (503). Every request of this file
 * comes from 127.0.0.1, so the per-IP token attempt limit (tested in test/oauth) is lifted here;
 * the per-credential one stays (each client below has a credential of its own).
 */
class ScriptedLimiter implements Limiter {
  private readonly inner = new MemoryLimiter();
  private script: ({ kind: 'refuse'; retryAfter: number } | { kind: 'unavailable' })[] = [];
  private tokenScript: { kind: 'refuse'; retryAfter: number }[] = [];

  next(...steps: ScriptedLimiter['script']): void {
    this.script.push(...steps);
  }

  /** The next token attempts (counted per client id) are refused: 429 temporarily_unavailable. */
  nextToken(...steps: ScriptedLimiter['tokenScript']): void {
    this.tokenScript.push(...steps);
  }

  async hit(key: string, limit: number): Promise<WindowState> {
    if (key.startsWith('token-ip:')) return this.inner.hit(key, Number.MAX_SAFE_INTEGER);
    const step = key.startsWith('data:') ? this.script.shift() : key.startsWith('token-client:') ? this.tokenScript.shift() : undefined;
    if (step?.kind === 'unavailable') throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const state = await this.inner.hit(key, limit);
    if (step?.kind === 'refuse') return { ...state, allowed: false, remaining: 0, count: limit + 1, retryAfter: step.retryAfter };
    return state;
  }

  refund(key: string, counted: WindowState): Promise<void> {
    return this.inner.refund(key, counted);
  }

  lease(key: string, ttlMs: number): Promise<Lease | null> {
    return this.inner.lease(key, ttlMs);
  }

  async close(): Promise<void> {
    await this.inner.close();
  }
}

const limiter = new ScriptedLimiter();
let t: TestApp;
let origin = '';
const ownCredential = () => t.credential(1);

before(async () => {
  t = await TestApp.start({ limiter });
  await t.load(buildDemoDataset({ today: todayInSaoPaulo() }));
  origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
after(async () => t.close());

/** A client of company 1 (by default on a credential of its own), counting the requests it sends by path. */
async function clientFor(options: Partial<ClientOptions> = {}, given?: TestCredential) {
  const credential = given ?? (await ownCredential());
  const { client, sent } = recordingClient(origin, credential, options);
  const tokenRequests = () => sent.filter((p) => p === '/v1/oauth/token').length;
  return { client, sent, tokenRequests };
}

async function rejectsWith<E extends Error>(promise: Promise<unknown>, type: new (...args: never[]) => E): Promise<E> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof type, `${String(err)} is a ${type.name}`);
    return err;
  }
  throw new assert.AssertionError({ message: `expected a ${type.name}` });
}

describe('every operation', () => {
  test('revoke(): the held token is revoked on the server and forgotten; the next call gets a new one', async () => {
    const { client, sent, tokenRequests } = await clientFor();
    const first = (await client.token()).access_token;
    await client.revoke();
    assert.equal(sent.filter((p) => p === '/v1/oauth/revoke').length, 1);
    const refused = await fetch(`${origin}/v1/clientes`, { headers: { authorization: `Bearer ${first}` } });
    assert.equal(refused.status, 401, 'the revoked token no longer reads');
    await refused.arrayBuffer();
    assert.ok((await client.clientes.list({ por_pagina: 1 })).data.length > 0);
    assert.equal(tokenRequests(), 2, 'a new token for the next call');
    // A token named explicitly; another client's is left alone by the server.
    const other = await clientFor();
    const theirs = (await other.client.token()).access_token;
    await client.revoke(theirs);
    const still = await fetch(`${origin}/v1/clientes?por_pagina=1`, { headers: { authorization: `Bearer ${theirs}` } });
    assert.equal(still.status, 200);
    await still.arrayBuffer();
  });

  test('token, then lists and details of every resource with one cached token', async () => {
    const { client, tokenRequests } = await clientFor();
    const token = await client.token();
    assert.equal(token.token_type, 'Bearer');
    assert.equal(token.expires_in, 3600);

    const clientes = await client.clientes.list({ nome: 'joao', incluir: 'contato', por_pagina: 5 });
    assert.ok(clientes.data.some((c) => c.nome === 'João da Silva'));
    assert.equal(clientes.meta.por_pagina, 5);
    const joao = await client.clientes.get(1, { incluir: 'contato' });
    assert.equal(joao.documento, '529.982.247-25');

    const ordens = await client.ordensServico.list({ status: 'aberta', por_pagina: 3 });
    for (const o of ordens.data) assert.equal(o.status, 'aberta');
    assert.equal((await client.ordensServico.get(107)).cliente, null);

    const receber = await client.contasReceber.list({ cedente_tipo: 'usuario', cedente_id: 4 });
    assert.deepEqual(
      receber.data.map((c) => c.id).sort((a, b) => a - b),
      [469, 480],
    );
    const pagar = await client.contasPagar.list({ cedente_tipo: 'outro', por_pagina: 2 });
    for (const c of pagar.data) assert.equal(c.cedente.tipo, 'outro');
    const boletos = await client.boletos.list({ status: 'pago', por_pagina: 2 });
    for (const b of boletos.data) assert.equal(b.status, 'pago');

    const produtos = await client.produtos.list({ por_pagina: 1 });
    const produto = produtos.data[0];
    assert.ok(produto);
    assert.deepEqual(await client.produtos.get(produto.id), produto);
    const servicos = await client.servicos.list({ por_pagina: 1 });
    const servico = servicos.data[0];
    assert.ok(servico);
    assert.deepEqual(await client.servicos.get(servico.id), servico);

    assert.equal(tokenRequests(), 1, 'one token for all of it');
  });
});

describe('paging', () => {
  test('all() walks every page with the same filters: as many records as meta.total, each once, in order', async () => {
    const { client, sent } = await clientFor();
    const query = { cedente_tipo: 'cliente', ordenar_por: 'id', ordem: 'asc', por_pagina: 40 } as const;
    const first = await client.contasReceber.list(query);
    assert.ok(first.meta.total_paginas >= 3, `${first.meta.total_paginas} pages`);
    sent.length = 0;
    const ids: number[] = [];
    for await (const conta of client.contasReceber.all(query)) {
      assert.equal(conta.cedente.tipo, 'cliente');
      ids.push(conta.id);
    }
    assert.equal(ids.length, first.meta.total);
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => a - b),
    );
    assert.equal(new Set(ids).size, ids.length);
    assert.equal(sent.filter((p) => p === '/v1/contas-receber').length, first.meta.total_paginas);
  });

  test('pages() starts at the page asked for; an empty list is one page of nothing', async () => {
    const { client } = await clientFor();
    const pages = [];
    for await (const page of client.clientes.pages({ por_pagina: 100, pagina: 2 })) pages.push(page.meta.pagina);
    assert.equal(pages[0], 2);
    const none = [];
    for await (const c of client.clientes.all({ nome: 'ninguém com este nome' })) none.push(c);
    assert.deepEqual(none, []);
  });
});

describe('tokens', () => {
  test('a revoked token: one new token and the call is retried, once', async () => {
    const cred = await ownCredential();
    const { client, tokenRequests } = await clientFor({}, cred);
    await client.clientes.list({ por_pagina: 1 });
    await t.store.pool.query(
      'UPDATE access_tokens SET revoked_at = now() WHERE credential_id = (SELECT id FROM api_credentials WHERE client_id = $1)',
      [cred.clientId],
    );
    assert.equal((await client.clientes.list({ por_pagina: 1 })).data.length, 1);
    assert.equal(tokenRequests(), 2);
  });

  test('an expired token is replaced the same way', async () => {
    const cred = await ownCredential();
    const { client, tokenRequests } = await clientFor({}, cred);
    await client.produtos.list({ por_pagina: 1 });
    await t.store.pool.query(
      "UPDATE access_tokens SET expires_at = now() - interval '1 second' WHERE credential_id = (SELECT id FROM api_credentials WHERE client_id = $1)",
      [cred.clientId],
    );
    await client.produtos.list({ por_pagina: 1 });
    assert.equal(tokenRequests(), 2);
  });

  test('a 401 that persists is thrown after the one retry: ApiError token_invalido', async () => {
    const other = await t.credential(1);
    const revokeAll = () =>
      t.store.pool.query(
        'UPDATE access_tokens SET revoked_at = now() WHERE credential_id = (SELECT id FROM api_credentials WHERE client_id = $1)',
        [other.clientId],
      );
    // Every token of this credential is revoked just before each data call.
    const sent: string[] = [];
    const revoking = new ApiExternaClient({
      baseUrl: origin,
      clientId: other.clientId,
      clientSecret: other.secret,
      fetch: async (input, init) => {
        const path = new URL(String(input)).pathname;
        sent.push(path);
        if (path !== '/v1/oauth/token') await revokeAll();
        return fetch(input, init);
      },
    });
    const err = await rejectsWith(revoking.servicos.list(), ApiError);
    assert.equal(err.status, 401);
    assert.equal(err.codigo, 'token_invalido');
    assert.deepEqual(sent, ['/v1/oauth/token', '/v1/servicos', '/v1/oauth/token', '/v1/servicos']);
  });

  test('renewed before expiry: with a margin as long as the token, every call asks for a new one', async () => {
    const eager = await clientFor({ tokenRenewalMarginSeconds: 3600 });
    await eager.client.servicos.list({ por_pagina: 1 });
    await eager.client.servicos.list({ por_pagina: 1 });
    assert.equal(eager.tokenRequests(), 2);
    const usual = await clientFor();
    await usual.client.servicos.list({ por_pagina: 1 });
    await usual.client.servicos.list({ por_pagina: 1 });
    assert.equal(usual.tokenRequests(), 1);
  });

  test('concurrent first calls share one token request', async () => {
    const { client, tokenRequests } = await clientFor();
    await Promise.all([client.clientes.list(), client.produtos.list(), client.servicos.list()]);
    assert.equal(tokenRequests(), 1);
  });

  test('a caller that gives up on the shared token request does not take the others down', async () => {
    const { client, tokenRequests } = await clientFor();
    const impatient = new AbortController();
    const calls = [client.clientes.list({}, { signal: impatient.signal }), client.produtos.list()];
    impatient.abort(new Error('gave up'));
    const [first, second] = await Promise.allSettled(calls);
    assert.equal(first?.status, 'rejected');
    assert.equal(second?.status, 'fulfilled');
    assert.equal(tokenRequests(), 1);
  });

  test('the credentials go by Basic, each form-urlencoded first; a wrong secret is OAuthError invalid_client', async () => {
    const cred = await ownCredential();
    const { client } = await clientFor({ clientSecret: `${cred.secret}x` }, cred);
    const err = await rejectsWith(client.clientes.list(), OAuthError);
    assert.equal(err.status, 401);
    assert.equal(err.error, 'invalid_client');
    assert.match(err.requestId ?? '', /^[0-9a-f-]{36}$/);

    // RFC 6749 §2.3.1: id and secret each application/x-www-form-urlencoded, then Base64.
    let authorization = '';
    const odd = new ApiExternaClient({
      baseUrl: origin,
      clientId: 'id com espaço:e/dois',
      clientSecret: 'a+b=c&d*',
      fetch: async (input, init) => {
        authorization = new Headers(init?.headers).get('authorization') ?? '';
        return fetch(input, init);
      },
    });
    await rejectsWith(odd.token(), OAuthError);
    assert.equal(Buffer.from(authorization.replace(/^Basic /, ''), 'base64').toString(), 'id+com+espa%C3%A7o%3Ae%2Fdois:a%2Bb%3Dc%26d*');
  });

  test('a scope the credential lacks is OAuthError invalid_scope; a narrower token is refused by other routes', async () => {
    const narrow = await t.credential(1, { scopes: ['clientes:ler'] });
    const asking = await clientFor({ scope: ['boletos:ler'] }, narrow);
    assert.equal((await rejectsWith(asking.client.token(), OAuthError)).error, 'invalid_scope');
    const { client } = await clientFor({ scope: ['clientes:ler'] }, narrow);
    const err = await rejectsWith(client.boletos.list(), ApiError);
    assert.equal(err.status, 403);
    assert.equal(err.codigo, 'escopo_insuficiente');
  });
});

describe('retries', () => {
  test('429: waits Retry-After, then succeeds', async () => {
    const { client, sent } = await clientFor();
    await client.token();
    sent.length = 0;
    limiter.next({ kind: 'refuse', retryAfter: 1 });
    const started = Date.now();
    const page = await client.boletos.list({ por_pagina: 1 });
    assert.equal(page.data.length, 1);
    assert.ok(Date.now() - started >= 950, `waited ${Date.now() - started} ms`);
    assert.deepEqual(sent, ['/v1/boletos', '/v1/boletos']);
  });

  test('429 from the token endpoint (attempt limit): waits Retry-After, then gets the token', async () => {
    const { client, sent } = await clientFor();
    limiter.nextToken({ kind: 'refuse', retryAfter: 1 });
    const started = Date.now();
    assert.equal((await client.servicos.list({ por_pagina: 1 })).data.length, 1);
    assert.ok(Date.now() - started >= 950, `waited ${Date.now() - started} ms`);
    assert.deepEqual(sent, ['/v1/oauth/token', '/v1/oauth/token', '/v1/servicos']);
  });

  test('429 more often than maxRetries: ApiError limite_excedido with retryAfter', async () => {
    const { client, sent } = await clientFor({ maxRetries: 1 });
    await client.token();
    sent.length = 0;
    limiter.next({ kind: 'refuse', retryAfter: 1 }, { kind: 'refuse', retryAfter: 1 });
    const err = await rejectsWith(client.boletos.list(), ApiError);
    assert.equal(err.status, 429);
    assert.equal(err.codigo, 'limite_excedido');
    assert.equal(err.retryAfter, 1);
    assert.equal(sent.length, 2);
  });

  test('a Retry-After beyond maxRetryDelayMs is not slept: the error comes at once', async () => {
    const { client, sent } = await clientFor({ maxRetryDelayMs: 5000 });
    await client.token();
    sent.length = 0;
    limiter.next({ kind: 'refuse', retryAfter: 45 });
    const started = Date.now();
    const err = await rejectsWith(client.boletos.list(), ApiError);
    assert.equal(err.retryAfter, 45);
    assert.ok(Date.now() - started < 1000);
    assert.equal(sent.length, 1);
  });

  test('503 servico_indisponivel: retried after a backoff, then succeeds', async () => {
    const { client, sent } = await clientFor();
    await client.token();
    sent.length = 0;
    limiter.next({ kind: 'unavailable' });
    const page = await client.contasPagar.list({ por_pagina: 1 });
    assert.equal(page.data.length, 1);
    assert.deepEqual(sent, ['/v1/contas-pagar', '/v1/contas-pagar']);
  });

  test('maxRetries: 0 throws the 503 as ApiError servico_indisponivel', async () => {
    const { client } = await clientFor({ maxRetries: 0 });
    await client.token();
    limiter.next({ kind: 'unavailable' });
    const err = await rejectsWith(client.contasPagar.list(), ApiError);
    assert.equal(err.status, 503);
    assert.equal(err.codigo, 'servico_indisponivel');
  });
});

describe('errors', () => {
  test('400 requisicao_invalida with detalhes and the request id', async () => {
    const { client } = await clientFor();
    const err = await rejectsWith(client.clientes.list({ nome: 'a' }), ApiError);
    assert.equal(err.status, 400);
    assert.equal(err.codigo, 'requisicao_invalida');
    assert.deepEqual(
      err.detalhes.map((d) => d.campo),
      ['nome'],
    );
    assert.match(err.requestId ?? '', /^[0-9a-f-]{36}$/);
    assert.ok(err.mensagem.length > 0);
    assert.match(err.message, /^400 requisicao_invalida: /);
  });

  test('404 recurso_nao_encontrado for a record of another company', async () => {
    const { client } = await clientFor();
    const err = await rejectsWith(client.clientes.get(1001), ApiError);
    assert.equal(err.status, 404);
    assert.equal(err.codigo, 'recurso_nao_encontrado');
    assert.deepEqual(err.detalhes, []);
  });

  test('timeoutMs aborts a request that does not answer', async () => {
    const { client } = await clientFor({
      timeoutMs: 100,
      fetch: (_input, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true })),
    });
    await assert.rejects(client.token(), (err: Error) => err.name === 'TimeoutError');
  });

  test('a caller signal cancels a wait for Retry-After', async () => {
    const { client } = await clientFor();
    await client.token();
    limiter.next({ kind: 'refuse', retryAfter: 30 });
    const started = Date.now();
    await assert.rejects(client.boletos.list({}, { signal: AbortSignal.timeout(200) }), (err: Error) => err.name === 'TimeoutError');
    assert.ok(Date.now() - started < 5000);
  });
});

describe('change feeds', () => {
  const sql = (text: string, values: unknown[] = []) => t.store.pool.query(text, values);

  test('for await over a full sync, then a resume from feed.cursor: exactly the changes made since, through SQL and import, deletion included', async () => {
    const { client } = await clientFor();
    const copy = new Map<number, { nome: string | null; valor: number | null }>();
    const alterados: number[] = [];
    const full = client.servicos.changes({ por_pagina: 7 });
    assert.equal(full.cursor, undefined, 'a walk from the beginning');
    for await (const entry of full) {
      if (entry.operacao === 'excluido') copy.delete(entry.id);
      else if (entry.registro !== null) {
        copy.set(entry.id, entry.registro);
        alterados.push(entry.id);
      }
    }
    assert.ok(full.cursor, 'where to resume');
    const live = await sql('SELECT id FROM servicos WHERE empresa_id = 1 AND NOT excluido ORDER BY id');
    assert.deepEqual(
      [...copy.keys()].sort((a, b) => a - b),
      live.rows.map((r: { id: string }) => Number(r.id)),
      'the copy holds every live service of the company',
    );
    assert.equal(alterados.length, copy.size, 'each record once');

    const [changed, deleted] = [...copy.keys()];
    await sql('UPDATE servicos SET valor = 999.99 WHERE empresa_id = 1 AND id = $1', [changed]);
    await sql('UPDATE servicos SET excluido = true WHERE empresa_id = 1 AND id = $1', [deleted]);
    await t.load({ servicos: [{ id: 90_001, empresa_id: 1, nome: 'Serviço novo da sincronização', valor: 10, ativo: true }] });

    // On a shared PostgreSQL, the feed serves a write once older transactions of the cluster have
    // ended (D44): resume as an integrator would, from the last cursor, until the three arrive.
    let cursor: string | undefined = full.cursor;
    const seen: { operacao: string; id: number; valor?: number | null }[] = [];
    for (const deadline = Date.now() + 30_000; seen.length < 3 && Date.now() < deadline;) {
      const resumed = client.servicos.changes({ cursor });
      for await (const entry of resumed) seen.push({ operacao: entry.operacao, id: entry.id, valor: entry.registro?.valor });
      cursor = resumed.cursor;
      if (seen.length < 3) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    assert.deepEqual(
      [...seen].sort((a, b) => a.id - b.id),
      [
        { operacao: 'alterado', id: changed, valor: 999.99 },
        { operacao: 'excluido', id: deleted, valor: undefined },
        { operacao: 'alterado', id: 90_001, valor: 10 },
      ].sort((a, b) => (a.id ?? 0) - (b.id ?? 0)),
    );
    const again = client.servicos.changes({ cursor });
    const after: unknown[] = [];
    for await (const entry of again) after.push(entry);
    assert.deepEqual(after, [], 'nothing twice');
    assert.ok(again.cursor, 'a cursor to resume from again');
  });

  test('cursorNow(): the end of the feed now; changes() from it reads only what changes afterwards', async () => {
    const { client } = await clientFor();
    const cursor = await client.boletos.cursorNow();
    const nothing = client.boletos.changes({ cursor });
    const before: unknown[] = [];
    for await (const entry of nothing) before.push(entry);
    assert.deepEqual(before, [], 'what was there before is not read again');
    const { rows } = await sql('SELECT id FROM boletos WHERE empresa_id = 1 AND NOT excluido ORDER BY id LIMIT 1');
    const id = Number((rows[0] as { id: string }).id);
    await sql('UPDATE boletos SET excluido = true WHERE empresa_id = 1 AND id = $1', [id]);
    const seen: { operacao: string; id: number }[] = [];
    let at: string | undefined = cursor;
    for (const deadline = Date.now() + 30_000; seen.length < 1 && Date.now() < deadline;) {
      const resumed = client.boletos.changes({ cursor: at });
      for await (const entry of resumed) seen.push({ operacao: entry.operacao, id: entry.id });
      at = resumed.cursor;
      if (seen.length < 1) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    assert.deepEqual(seen, [{ operacao: 'excluido', id }]);
  });

  test('a walk stopped mid-page keeps the cursor at that page: resuming repeats it rather than skipping', async () => {
    const { client } = await clientFor();
    const feed = client.produtos.changes({ por_pagina: 3 });
    let first: number | undefined;
    for await (const entry of feed) {
      first = entry.id;
      break;
    }
    assert.equal(feed.cursor, undefined, 'no page was finished');
    const again = client.produtos.changes({ por_pagina: 3 });
    for await (const entry of again) {
      assert.equal(entry.id, first, 'the same first entry');
      break;
    }
  });
});

describe('private_key_jwt: a credential made with a public key', () => {
  type Alg = 'RS256' | 'PS256' | 'ES256';
  const keyPair = (alg: Alg) =>
    alg === 'ES256' ? generateKeyPairSync('ec', { namedCurve: 'P-256' }) : generateKeyPairSync('rsa', { modulusLength: 2048 });

  /** A key credential of company 1 (reading clientes) made by the server's own service, and its private key. */
  async function keyCredential(alg: Alg): Promise<{ clientId: string; privateKey: KeyObject }> {
    const { privateKey, publicKey } = keyPair(alg);
    const key = await readPublicKey(publicKey.export({ format: 'pem', type: 'spki' }).toString());
    if ('problem' in key) throw new Error(key.problem);
    const input = { empresaId: 1, name: `cliente TS ${alg}`, scopes: ['clientes:ler'], allowedIps: [], expires: null };
    const row = await createKeyCredential(t.store.central, input, key, OPERATOR);
    return { clientId: row.client_id, privateKey };
  }

  /** A client on that key, recording each request to the OAuth endpoints: path, Authorization header and form. */
  function keyClient(clientId: string, privateKey: ClientOptions['privateKey'], algorithm?: Alg) {
    const oauth: { path: string; authorization: string | null; form: URLSearchParams }[] = [];
    const client = new ApiExternaClient({
      baseUrl: `${origin}/v1`,
      clientId,
      privateKey,
      ...(algorithm === undefined ? {} : { algorithm }),
      fetch: async (input, init) => {
        const path = new URL(String(input)).pathname;
        if (path.startsWith('/v1/oauth/')) {
          oauth.push({
            path,
            authorization: new Headers(init?.headers).get('authorization'),
            form: new URLSearchParams(String(init?.body)),
          });
        }
        return fetch(input, init);
      },
    });
    return { client, oauth };
  }

  const part = (jwt: string, i: number) => JSON.parse(Buffer.from(jwt.split('.')[i]!, 'base64url').toString()) as Record<string, unknown>;

  // Each key form once: PEM text, a KeyObject and a Web Crypto key; the algorithm asked for or the key's default.
  const cases: { alg: Alg; form: string; key: (k: KeyObject) => Promise<ClientOptions['privateKey']>; algorithm?: Alg }[] = [
    {
      alg: 'ES256',
      form: 'PKCS#8 PEM text, algorithm from the key',
      key: async (k) => k.export({ format: 'pem', type: 'pkcs8' }).toString(),
    },
    { alg: 'RS256', form: 'a node:crypto KeyObject, algorithm from the key', key: async (k) => k },
    {
      alg: 'PS256',
      form: 'PEM text with algorithm PS256',
      key: async (k) => k.export({ format: 'pem', type: 'pkcs8' }).toString(),
      algorithm: 'PS256',
    },
    {
      alg: 'ES256',
      form: 'a Web Crypto CryptoKey',
      key: (k) =>
        crypto.subtle.importKey('pkcs8', k.export({ format: 'der', type: 'pkcs8' }), { name: 'ECDSA', namedCurve: 'P-256' }, false, [
          'sign',
        ]),
    },
  ];
  for (const { alg, form, key, algorithm } of cases) {
    test(`${alg}, ${form}: a token with no Authorization header, data read, the token revoked; each assertion with a fresh jti`, async () => {
      const cred = await keyCredential(alg);
      const { client, oauth } = keyClient(cred.clientId, await key(cred.privateKey), algorithm);
      const first = await client.token();
      assert.equal(first.scope, 'clientes:ler');
      assert.ok((await client.clientes.list({ por_pagina: 1 })).data.length > 0);
      await client.revoke();
      const refused = await fetch(`${origin}/v1/clientes`, { headers: { authorization: `Bearer ${first.access_token}` } });
      assert.equal(refused.status, 401, 'the revoked token no longer reads');
      await refused.arrayBuffer();
      assert.ok((await client.clientes.list({ por_pagina: 1 })).data.length > 0, 'a new token for the next call');

      assert.deepEqual(
        oauth.map((r) => r.path),
        ['/v1/oauth/token', '/v1/oauth/revoke', '/v1/oauth/token'],
      );
      for (const request of oauth) {
        assert.equal(request.authorization, null, 'no Basic: the assertion authenticates');
        assert.equal(request.form.get('client_assertion_type'), 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer');
      }
      assert.equal(oauth[1]?.form.get('token'), first.access_token);
      const jwts = oauth.map((r) => r.form.get('client_assertion') ?? '');
      assert.deepEqual(part(jwts[0]!, 0), { alg, typ: 'JWT' });
      const claims = part(jwts[0]!, 1);
      assert.equal(claims.iss, cred.clientId);
      assert.equal(claims.sub, cred.clientId);
      assert.equal(claims.aud, `${origin}/v1/oauth/token`);
      assert.equal((claims.exp as number) - (claims.iat as number), 60);
      assert.ok(Math.abs((claims.iat as number) - Date.now() / 1000) < 5);
      assert.equal(new Set(jwts.map((jwt) => part(jwt, 1).jti)).size, 3, 'a new jti each time');
    });
  }

  test('a retried token request (429) carries a new assertion: the retry is not a replay', async () => {
    const cred = await keyCredential('ES256');
    const { client, oauth } = keyClient(cred.clientId, cred.privateKey);
    limiter.nextToken({ kind: 'refuse', retryAfter: 1 });
    assert.ok((await client.clientes.list({ por_pagina: 1 })).data.length > 0);
    assert.equal(oauth.length, 2);
    const [a, b] = oauth.map((r) => r.form.get('client_assertion'));
    assert.notEqual(a, b);
  });

  test('refused before any request: a secret and a key at once, or neither; a key the algorithm does not fit; a PEM that is not PKCS#8', async () => {
    const cred = await keyCredential('RS256');
    assert.throws(
      () => new ApiExternaClient({ baseUrl: origin, clientId: cred.clientId, clientSecret: 's', privateKey: cred.privateKey }),
      TypeError,
    );
    assert.throws(() => new ApiExternaClient({ baseUrl: origin, clientId: cred.clientId }), TypeError);
    const wrongAlg = keyClient(cred.clientId, cred.privateKey, 'ES256');
    await assert.rejects(wrongAlg.client.token(), { name: 'TypeError', message: /RS256 ou PS256/ });
    const sec1 = keyPair('ES256').privateKey.export({ format: 'pem', type: 'sec1' }).toString();
    const legacy = keyClient(cred.clientId, sec1);
    await assert.rejects(legacy.client.token(), { name: 'TypeError', message: /openssl pkcs8 -topk8/ });
    assert.equal(wrongAlg.oauth.length + legacy.oauth.length, 0);
  });

  test('a key the credential does not hold: OAuthError invalid_client', async () => {
    const cred = await keyCredential('ES256');
    const { client } = keyClient(cred.clientId, keyPair('ES256').privateKey);
    const err = await rejectsWith(client.token(), OAuthError);
    assert.equal(err.status, 401);
    assert.equal(err.error, 'invalid_client');
  });
});
