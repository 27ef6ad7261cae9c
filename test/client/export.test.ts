import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, ApiExternaClient, type ClientOptions } from '../../clients/typescript/src/index.ts';
import { buildDemoDataset } from '../../src/demo/demo-dataset/index.ts';
import type { Lease, WindowState } from '../../src/ratelimit/limiter.ts';
import { MemoryLimiter } from '../../src/ratelimit/memory-limiter.ts';
import { todayInSaoPaulo } from '../../src/time/sao-paulo-date.ts';
import { recordingClient } from '../helpers/recording-client.ts';
import { TestApp, type TestCredential } from '../helpers/test-app.ts';

// `api.<recurso>.export()` of the TypeScript client (clients/typescript): against the real server
// (the app on a store loaded with the demo data set, on a real port, reached with the platform's
// fetch), and against a small local server that answers what the real one answers only when
// something breaks (a body without its `fim` line, cut mid-line, a wrong total, a silent socket).

/**
 * The memory limiter, except that the next export leases can be refused, as when another export
 * of the credential is running (429 limite_excedido, Retry-After 5). Every request of this file
 * comes from 127.0.0.1, so the per-IP token attempt limit (tested in test/oauth) is lifted here.
 */
class ScriptedLimiter extends MemoryLimiter {
  refusedLeases = 0;

  override hit(key: string, limit: number): Promise<WindowState> {
    return super.hit(key, key.startsWith('token-ip:') ? Number.MAX_SAFE_INTEGER : limit);
  }

  override lease(key: string, ttlMs: number): Promise<Lease | null> {
    if (key.startsWith('export:') && this.refusedLeases > 0) {
      this.refusedLeases--;
      return Promise.resolve(null);
    }
    return super.lease(key, ttlMs);
  }
}

const limiter = new ScriptedLimiter();
let t: TestApp;
let origin = '';
const sql = (text: string, values: unknown[] = []) => t.store.pool.query(text, values);

before(async () => {
  t = await TestApp.start({ limiter });
  await t.load(buildDemoDataset({ today: todayInSaoPaulo() }));
  origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
after(async () => t.close());

/** A client of company 1 on a credential of its own (by default), recording the requests it sends. */
async function clientFor(options: Partial<ClientOptions> = {}, given?: TestCredential) {
  const credential = given ?? (await t.credential(1));
  const { client, sent } = recordingClient(origin, credential, options);
  return { client, sent };
}

/** Every record of an export, and the error that ended it early (if one did). */
async function drain<R>(exp: AsyncIterable<R>): Promise<{ records: R[]; error: unknown }> {
  const records: R[] = [];
  try {
    for await (const record of exp) records.push(record);
  } catch (error) {
    return { records, error };
  }
  return { records, error: undefined };
}

function apiError(error: unknown): ApiError {
  assert.ok(error instanceof ApiError, `${String(error)} is an ApiError`);
  return error;
}

const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;

describe('against the server', () => {
  test('every resource: each record of the company once, by id, as the list serves it; then cursor and total', async () => {
    const { client } = await clientFor();
    const list = { ordenar_por: 'id', ordem: 'asc', por_pagina: 100 } as const;
    /** Every record a list serves: where it shows only the active ones by default, the inactive ones too. */
    const listed = async (...walks: AsyncIterable<{ id: number }>[]) => {
      const records: { id: number }[] = [];
      for (const walk of walks) for await (const record of walk) records.push(record);
      return records.sort(byId);
    };
    const resources = [
      ['clientes', client.clientes.export(), () => listed(client.clientes.all(list), client.clientes.all({ ...list, ativo: '0' }))],
      ['ordensServico', client.ordensServico.export(), () => listed(client.ordensServico.all(list))],
      ['contasReceber', client.contasReceber.export(), () => listed(client.contasReceber.all(list))],
      ['contasPagar', client.contasPagar.export(), () => listed(client.contasPagar.all(list))],
      ['boletos', client.boletos.export(), () => listed(client.boletos.all(list))],
      ['produtos', client.produtos.export(), () => listed(client.produtos.all(list), client.produtos.all({ ...list, ativo: '0' }))],
      ['servicos', client.servicos.export(), () => listed(client.servicos.all(list), client.servicos.all({ ...list, ativo: '0' }))],
    ] as const;
    for (const [name, exp, fromList] of resources) {
      const expected = await fromList();
      assert.ok(expected.length > 0, `${name}: the demo data set has records`);
      assert.equal(exp.cursor, undefined, `${name}: no cursor before the walk`);
      const exported: { id: number }[] = [];
      for await (const record of exp) {
        exported.push(record);
        assert.equal(exp.cursor, undefined, `${name}: no cursor before the fim line`);
        assert.equal(exp.total, undefined);
      }
      assert.deepEqual(
        exported.map((r) => r.id),
        expected.map((r) => r.id),
        `${name}: every record once, by id ascending`,
      );
      assert.deepEqual(exported, expected, `${name}: each record as the list serves it`);
      assert.equal(exp.total, exported.length, name);
      assert.match(exp.cursor ?? '', /^[\w-]+\.[\w-]+$/, `${name}: a feed cursor`);
    }
  });

  test('the answer a byte at a time: lines and UTF-8 characters split across reads come out whole', async () => {
    const whole = await clientFor();
    const expected = await drain(whole.client.clientes.export());
    assert.equal(expected.error, undefined);
    assert.ok(
      expected.records.some((c) => /[^ -~]/.test(JSON.stringify(c))),
      'some record has a multi-byte character (João, ...)',
    );

    // Every byte of the body becomes a piece of its own: each line, and each character of two or
    // more bytes, straddles reads.
    const { client } = await clientFor({
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        if (response.body === null || !new URL(String(input)).pathname.endsWith('/exportacao')) return response;
        const source = response.body.getReader();
        let pending: Uint8Array = new Uint8Array(0);
        const bytewise = new ReadableStream<Uint8Array>({
          async pull(controller) {
            while (pending.length === 0) {
              const next = await source.read();
              if (next.done) return controller.close();
              pending = next.value;
            }
            controller.enqueue(pending.slice(0, 1));
            pending = pending.subarray(1);
          },
          cancel: (reason) => source.cancel(reason),
        });
        return new Response(bytewise, { status: response.status, headers: response.headers });
      },
    });
    const exp = client.clientes.export();
    const split = await drain(exp);
    assert.equal(split.error, undefined);
    assert.deepEqual(split.records, expected.records);
    assert.equal(exp.total, expected.records.length);
  });

  test('a compressed answer (the platform fetch asks for gzip) is read the same', async () => {
    let encoding: string | null = null;
    const { client } = await clientFor({
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        if (new URL(String(input)).pathname.endsWith('/exportacao')) encoding = response.headers.get('content-encoding');
        return response;
      },
    });
    const exp = client.contasPagar.export();
    const { records, error } = await drain(exp);
    assert.equal(error, undefined);
    assert.ok(encoding === 'gzip' || encoding === 'br', `content-encoding ${encoding}`);
    assert.equal(exp.total, records.length);
    assert.ok(records.length > 0);
  });

  test('the cursor resumes the feed: changes({ cursor }) reads exactly a change made after the export', async () => {
    const { client } = await clientFor();
    const exp = client.clientes.export();
    const exported = (await drain(exp)).records;
    const cursor = exp.cursor;
    assert.ok(cursor);
    const target = exported[1];
    assert.ok(target);

    await sql('UPDATE clientes SET nome = $2 WHERE empresa_id = 1 AND id = $1', [target.id, 'Nome alterado depois da exportação']);

    // On a shared PostgreSQL, the feed serves a write once older transactions of the cluster have
    // ended: resume as an integrator would, from the last cursor, until the change arrives.
    const seen: { operacao: string; id: number; registro: unknown }[] = [];
    const arrived = () => seen.some((e) => e.id === target.id && e.operacao === 'alterado');
    let at: string | undefined = cursor;
    for (const deadline = Date.now() + 30_000; !arrived() && Date.now() < deadline;) {
      const feed = client.clientes.changes({ cursor: at });
      for await (const entry of feed) seen.push({ operacao: entry.operacao, id: entry.id, registro: entry.registro });
      at = feed.cursor;
      if (!arrived()) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const now = await client.clientes.get(target.id);
    assert.notDeepEqual(now, target, 'the record changed');
    assert.deepEqual(
      seen.filter((e) => e.id === target.id),
      [{ operacao: 'alterado', id: target.id, registro: now }],
      'the change, in its latest state',
    );
    // Anything else is a write the export already held, served again as it was (on PostgreSQL, one
    // written after the oldest transaction still open somewhere on the server when the export's
    // snapshot was taken): a record as exported, or the deletion of one the export did not hold.
    // Applying it again changes nothing.
    const byIdExported = new Map(exported.map((r) => [r.id, r]));
    for (const other of seen.filter((e) => e.id !== target.id)) {
      const held = byIdExported.get(other.id);
      const expected = held === undefined ? { operacao: 'excluido', registro: null } : { operacao: 'alterado', registro: held };
      assert.deepEqual(other, { id: other.id, ...expected }, `entry ${other.id}`);
    }
  });

  test("incluir: 'contato' on clientes: the contact fields, as the list serves them; without the scope, 403 before any record", async () => {
    const { client, sent } = await clientFor();
    const plain = (await drain(client.clientes.export())).records;
    const withContact = client.clientes.export({ incluir: 'contato' });
    const contact = (await drain(withContact)).records;
    assert.ok(sent.some((p) => p === '/v1/clientes/exportacao'));
    assert.equal(contact.length, plain.length);
    const joao = contact.find((c) => c.id === 1);
    assert.equal(joao?.documento, '529.982.247-25');
    assert.equal(plain.find((c) => c.id === 1)?.documento, undefined, 'no contact fields without incluir');
    const listed = [];
    for (const ativo of ['1', '0'] as const)
      for await (const c of client.clientes.all({ incluir: 'contato', ativo, ordenar_por: 'id', ordem: 'asc', por_pagina: 100 }))
        listed.push(c);
    assert.deepEqual(contact, listed.sort(byId), 'the records the list serves with incluir=contato, active or not');
    assert.equal(withContact.total, contact.length);

    const narrow = await clientFor({}, await t.credential(1, { scopes: ['clientes:ler'] }));
    const refused = await drain(narrow.client.clientes.export({ incluir: 'contato' }));
    assert.deepEqual(refused.records, []);
    const err = apiError(refused.error);
    assert.equal(err.status, 403);
    assert.equal(err.codigo, 'escopo_insuficiente');
  });

  test('429 before the first byte (another export of the credential running) is ApiError limite_excedido, or retried after Retry-After', async () => {
    const once = await clientFor({ maxRetries: 0 });
    limiter.refusedLeases = 1;
    const refused = await drain(once.client.boletos.export());
    assert.deepEqual(refused.records, []);
    const err = apiError(refused.error);
    assert.equal(err.status, 429);
    assert.equal(err.codigo, 'limite_excedido');
    assert.equal(err.retryAfter, 5);
    assert.deepEqual(once.sent, ['/v1/oauth/token', '/v1/boletos/exportacao']);

    const patient = await clientFor();
    limiter.refusedLeases = 1;
    const started = Date.now();
    const exp = patient.client.boletos.export();
    const { records, error } = await drain(exp);
    assert.equal(error, undefined);
    assert.ok(Date.now() - started >= 4900, `waited ${Date.now() - started} ms`);
    assert.equal(exp.total, records.length);
    assert.deepEqual(patient.sent, ['/v1/oauth/token', '/v1/boletos/exportacao', '/v1/boletos/exportacao']);
  });
});

/**
 * A stand-in for the API on a local port: a token for any credential, and `exportAnswer` for
 * every export request, so that a test can send what the real server sends only when it breaks.
 */
describe('against a server whose answer breaks', () => {
  let server: Server;
  let fakeOrigin = '';
  let exportAnswer: (res: ServerResponse, req: IncomingMessage) => void = (res) => res.end();
  const exportRequests: string[] = [];

  before(async () => {
    server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (req.method === 'POST' && path === '/v1/oauth/token') {
        req.resume();
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ access_token: 'token-falso', token_type: 'Bearer', expires_in: 3600, scope: 'clientes:ler' }));
        return;
      }
      exportRequests.push(path);
      exportAnswer(res, req);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fakeOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const fakeClient = (options: Partial<ClientOptions> = {}) =>
    new ApiExternaClient({ baseUrl: `${fakeOrigin}/v1`, clientId: 'id', clientSecret: 'segredo', ...options });
  const ndjson = (res: ServerResponse) =>
    res.writeHead(200, { 'content-type': 'application/x-ndjson; charset=utf-8', 'x-request-id': 'req-1' });
  const line = (value: unknown) => `${JSON.stringify(value)}\n`;
  const records = [
    { id: 1, nome: 'João da Silva' },
    { id: 2, nome: 'Maria Conceição' },
    { id: 3, nome: 'Açougue São Luís' },
  ];
  const fim = (total: number) => line({ fim: true, total, proximo_cursor: 'cursor-falso' });

  /** The export's records until it failed, its error (an ApiError of status 200), and the object. */
  async function brokenExport(answer: typeof exportAnswer, options: Partial<ClientOptions> = {}) {
    exportAnswer = answer;
    exportRequests.length = 0;
    const exp = fakeClient(options).clientes.export();
    const { records: got, error } = await drain(exp);
    const err = apiError(error);
    assert.equal(err.status, 200);
    assert.equal(exp.cursor, undefined, 'no cursor to resume from an incomplete copy');
    assert.equal(exp.total, undefined);
    assert.deepEqual(exportRequests, ['/v1/clientes/exportacao'], 'not retried once the answer has begun');
    return { got, err };
  }

  test('a complete answer (the control): every record, then cursor and total from fim', async () => {
    exportAnswer = (res) => {
      ndjson(res);
      res.end(records.map(line).join('') + fim(3));
    };
    const exp = fakeClient().clientes.export();
    const { records: got, error } = await drain(exp);
    assert.equal(error, undefined);
    assert.deepEqual(got, records);
    assert.equal(exp.cursor, 'cursor-falso');
    assert.equal(exp.total, 3);
  });

  test('a body that ends without the fim line: ApiError exportacao_incompleta, after the records it had', async () => {
    const { got, err } = await brokenExport((res) => {
      ndjson(res);
      res.end(records.map(line).join(''));
    });
    assert.deepEqual(got, records);
    assert.equal(err.codigo, 'exportacao_incompleta');
    assert.match(err.mensagem, /sem a linha de fim/);
    assert.equal(err.requestId, 'req-1');
  });

  test('a connection cut mid-line: ApiError exportacao_incompleta, the network error as its cause', async () => {
    const { got, err } = await brokenExport((res) => {
      ndjson(res);
      res.write(line(records[0]) + line(records[1]).slice(0, 12));
      setTimeout(() => res.socket?.destroy(), 20);
    });
    assert.deepEqual(got, [records[0]]);
    assert.equal(err.codigo, 'exportacao_incompleta');
    assert.ok(err.cause !== undefined);
  });

  test('a body that ends cleanly mid-line: ApiError exportacao_incompleta', async () => {
    const { got, err } = await brokenExport((res) => {
      ndjson(res);
      res.end(line(records[0]) + fim(1).slice(0, 20));
    });
    assert.deepEqual(got, [records[0]]);
    assert.equal(err.codigo, 'exportacao_incompleta');
    assert.match(err.mensagem, /no meio de uma linha/);
  });

  test('a fim whose total disagrees with the records sent: ApiError exportacao_incompleta', async () => {
    const { got, err } = await brokenExport((res) => {
      ndjson(res);
      res.end(records.map(line).join('') + fim(4));
    });
    assert.equal(got.length, 3);
    assert.equal(err.codigo, 'exportacao_incompleta');
    assert.match(err.mensagem, /informa 4 registros, mas vieram 3/);
  });

  test('a line that is not JSON: ApiError resposta_inesperada', async () => {
    const { got, err } = await brokenExport((res) => {
      ndjson(res);
      res.end(`${line(records[0])}<html>proxy</html>\n${fim(1)}`);
    });
    assert.deepEqual(got, [records[0]]);
    assert.equal(err.codigo, 'resposta_inesperada');
    assert.match(err.mensagem, /linha 2 da exportação não é JSON/);
  });

  test('an error envelope before the first byte is the usual ApiError', async () => {
    exportAnswer = (res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          erro: {
            codigo: 'requisicao_invalida',
            mensagem: 'Parâmetro desconhecido',
            detalhes: [{ campo: 'x', mensagem: 'não existe' }],
            request_id: 'r',
          },
        }),
      );
    };
    const { records: got, error } = await drain(fakeClient().clientes.export());
    assert.deepEqual(got, []);
    const err = apiError(error);
    assert.equal(err.status, 400);
    assert.equal(err.codigo, 'requisicao_invalida');
    assert.deepEqual(err.detalhes, [{ campo: 'x', mensagem: 'não existe' }]);
  });

  test('timeoutMs bounds each read of the body: a server gone silent is a TimeoutError, a slow consumer is not', async () => {
    exportAnswer = (res) => {
      ndjson(res);
      res.write(line(records[0]));
    };
    const started = Date.now();
    const silent = await drain(fakeClient({ timeoutMs: 200 }).clientes.export());
    assert.deepEqual(silent.records, [records[0]]);
    assert.equal((silent.error as Error).name, 'TimeoutError');
    assert.ok(Date.now() - started < 5000);

    exportAnswer = (res) => {
      ndjson(res);
      res.end(records.map(line).join('') + fim(3));
    };
    const exp = fakeClient({ timeoutMs: 200 }).clientes.export();
    const got = [];
    for await (const record of exp) {
      got.push(record);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    assert.deepEqual(got, records);
    assert.equal(exp.total, 3);
  });

  test('leaving the loop early closes the answer (which ends the export on the server)', async () => {
    let closed: Promise<void> | undefined;
    exportAnswer = (res, req) => {
      closed = new Promise((resolve) => req.socket.once('close', () => resolve()));
      ndjson(res);
      // The rest of the export never comes: only the client can end this answer.
      res.write(records.map(line).join(''));
    };
    const exp = fakeClient().clientes.export();
    for await (const record of exp) {
      assert.deepEqual(record, records[0]);
      break;
    }
    assert.ok(closed, 'the export was asked for');
    await Promise.race([
      closed,
      new Promise((_resolve, reject) => setTimeout(() => reject(new Error('the connection is still open')), 5000)),
    ]);
    assert.equal(exp.cursor, undefined);
  });
});
