import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildApp } from '../../src/app.ts';
import { MemoryLimiter } from '../../src/ratelimit/memory-limiter.ts';
import type { Store } from '../../src/store/store.ts';
import { ResponseMismatch, ResponseValidator, validated, type ReceivedResponse } from '../helpers/openapi-validator.ts';
import { TestApp } from '../helpers/test-app.ts';

// The hook that checks every response of the suite against the OpenAPI description must be able
// to fail: these cases feed it responses the description refuses.

const validator = new ResponseValidator();
const REQUEST_ID = '0b6f2f4e-8d1c-4c47-9b7e-3f1a2d9c5e10';

const produto = {
  id: 3,
  codigo: null,
  nome: 'Cabo PP',
  descricao: null,
  unidade: 'M',
  valor: 4.5,
  ativo: true,
  data_cadastro: null,
  atualizado_em: '2026-01-05T12:00:00Z',
};
const ok = (over: Partial<ReceivedResponse> = {}): ReceivedResponse => ({
  method: 'GET',
  url: '/v1/produtos/3',
  status: 200,
  headers: {
    'content-type': 'application/json; charset=utf-8',
    'x-request-id': REQUEST_ID,
    'x-ratelimit-limit': '120',
    'x-ratelimit-remaining': '119',
    'x-ratelimit-reset': '1767225660',
    'ratelimit-policy': '"credencial";q=120;w=60',
    ratelimit: '"credencial";r=119;t=42',
    etag: '"abc"',
  },
  body: JSON.stringify({ data: produto }),
  ...over,
});

test('a response as documented passes', () => {
  assert.deepEqual(validator.check(ok()), []);
});

test('a body that breaks the schema is caught, naming the field', () => {
  const [problem, ...rest] = validator.check(ok({ body: JSON.stringify({ data: { ...produto, valor: '4.50' } }) }));
  assert.equal(rest.length, 0);
  assert.match(problem ?? '', /GET \/v1\/produtos\/3 -> 200 \(obterProduto\): body.*\/data\/valor must be number/);
});

test('a status the operation does not document is caught', () => {
  const problems = validator.check(ok({ url: '/v1/produtos?por_pagina=5', status: 404 }));
  assert.deepEqual(problems, ['GET /v1/produtos?por_pagina=5 -> 404 (listarProdutos): status 404 is not documented for listarProdutos']);
});

test('a required header that is missing, or of the wrong type, is caught', () => {
  const { 'x-ratelimit-remaining': _gone, ...headers } = ok().headers;
  assert.deepEqual(validator.check(ok({ headers })), [
    'GET /v1/produtos/3 -> 200 (obterProduto): header X-RateLimit-Remaining is declared required but missing',
  ]);
  const [typed] = validator.check(ok({ headers: { ...ok().headers, 'x-request-id': 'abc' } }));
  assert.match(typed ?? '', /header X-Request-ID: "abc" .*must match format "uuid"/);
  const unauthorized = { ...ok(), status: 401, headers: { 'content-type': 'application/json', 'x-request-id': REQUEST_ID } };
  const body = { erro: { codigo: 'token_invalido', mensagem: 'x', detalhes: [], request_id: REQUEST_ID } };
  assert.deepEqual(validator.check({ ...unauthorized, body: JSON.stringify(body) }), [
    'GET /v1/produtos/3 -> 401 (obterProduto): header WWW-Authenticate is declared required but missing',
  ]);
});

test('an error code the status does not document is caught', () => {
  const body = { erro: { codigo: 'limite_excedido', mensagem: 'x', detalhes: [], request_id: REQUEST_ID } };
  const [problem] = validator.check(ok({ status: 400, body: JSON.stringify(body) }));
  assert.match(problem ?? '', /body.*codigo must be equal to one of the allowed values/);
});

test('another method on a documented path must be its 405; paths outside the description are not checked', () => {
  const [problem] = validator.check(ok({ method: 'POST' }));
  assert.match(problem ?? '', /a method the path does not document must be 405/);
  assert.deepEqual(validator.check(ok({ url: '/settings/api/credenciais', status: 418, body: 'x' })), []);
  assert.deepEqual(validator.check(ok({ url: '/v1/produtos/3/', status: 404, body: 'x' })), [], 'a trailing slash is another path');
});

let t: TestApp;
before(async () => {
  t = await TestApp.start();
});
after(async () => t.close());

test('through app.inject: a response that disagrees with the description fails the request', async () => {
  const empresa = await t.company();
  const cred = await t.credential(empresa);
  // A store whose list pages hold a record the description refuses (an id that is text).
  const store: Store = { ...t.store, listPage: async () => ({ records: '{"id":"um"}', total: 1 }), close: async () => undefined };
  const app = validated(await buildApp({ config: { trustProxy: [] }, store, limiter: new MemoryLimiter() }));
  try {
    // Issued by another app: this one reads the token before the page, through listPage (ADR 0014).
    const bearer = await t.token(cred);
    await assert.rejects(
      app.inject({ method: 'GET', url: '/v1/produtos', headers: { authorization: `Bearer ${bearer}` } }),
      (err: unknown) => err instanceof ResponseMismatch && /listarProdutos.*\/data\/0\/id must be integer/s.test(err.message),
    );
  } finally {
    await app.close();
  }
});
