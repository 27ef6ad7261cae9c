import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { COMPRESSION_THRESHOLD } from '../../src/http/compression.ts';
import { TestApp, basicHeader, uniqueSourceIp } from '../helpers/test-app.ts';

// JSON answers are compressed when the client accepts gzip or br and they are worth it
// (over COMPRESSION_THRESHOLD); the token response never is; the spec's headers stay.

let t: TestApp;
let token = '';
let empresa = 0;

before(async () => {
  t = await TestApp.start();
  empresa = await t.company();
  await t.load({
    clientes: Array.from({ length: 60 }, (_, i) => ({
      id: i + 1,
      empresa_id: empresa,
      tipo_pessoa: 'fisica' as const,
      nome: `Cliente número ${i + 1}`,
      sobrenome: 'da Silva Compressível',
      data_cadastro: '2025-01-02T03:04:05Z',
    })),
  });
  token = await t.token(await t.credential(empresa));
});
after(async () => t.close());

const LIST = '/v1/clientes?por_pagina=50';

function assertSpecHeaders(headers: Record<string, unknown>): void {
  assert.equal(headers['content-type'], 'application/json; charset=utf-8');
  assert.equal(headers['cache-control'], 'no-store');
  assert.equal(headers.pragma, 'no-cache');
  assert.equal(headers['x-content-type-options'], 'nosniff');
  assert.equal(headers['referrer-policy'], 'no-referrer');
  assert.match(String(headers['x-request-id']), /^[0-9a-f-]{36}$/);
  assert.equal(headers['x-ratelimit-limit'], '120');
}

describe('compression of JSON responses', () => {
  test('a list asked with Accept-Encoding: gzip comes back gzipped, and decodes to the same JSON', async () => {
    const plain = await t.get(LIST, token);
    assert.ok(plain.rawPayload.length > COMPRESSION_THRESHOLD, `the page is ${plain.rawPayload.length} bytes`);
    assert.equal(plain.headers['content-encoding'], undefined, 'not compressed unless asked');

    const zipped = await t.get(LIST, token, { 'accept-encoding': 'gzip' });
    assert.equal(zipped.statusCode, 200);
    assert.equal(zipped.headers['content-encoding'], 'gzip');
    assert.match(String(zipped.headers.vary), /accept-encoding/i);
    assertSpecHeaders(zipped.headers);
    const decoded = gunzipSync(zipped.rawPayload);
    assert.ok(zipped.rawPayload.length < decoded.length / 3, `${zipped.rawPayload.length} of ${decoded.length} bytes`);
    assert.deepEqual(JSON.parse(decoded.toString('utf8')), plain.json());
  });

  test('a compressed answer carries the same ETag as the plain one, and If-None-Match gives a 304 whatever the encoding (D46)', async () => {
    const plain = await t.get(LIST, token);
    const etag = plain.headers.etag;
    assert.match(String(etag), /^"[\w-]+"$/);
    const zipped = await t.get(LIST, token, { 'accept-encoding': 'gzip' });
    assert.equal(zipped.headers['content-encoding'], 'gzip');
    assert.equal(zipped.headers.etag, etag, 'the tag is of the body as written, before compression');
    const notModified = await t.get(LIST, token, { 'accept-encoding': 'gzip', 'if-none-match': String(etag) });
    assert.equal(notModified.statusCode, 304);
    assert.equal(notModified.rawPayload.length, 0);
    assert.equal(notModified.headers.etag, etag);
    assertSpecHeaders(notModified.headers);
  });

  test('br is preferred when the client accepts both', async () => {
    const res = await t.get(LIST, token, { 'accept-encoding': 'gzip, deflate, br' });
    assert.equal(res.headers['content-encoding'], 'br');
    const body = JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8')) as { data: unknown[] };
    assert.equal(body.data.length, 50);
  });

  test('small responses (a detail, an error) are sent as they are', async () => {
    for (const url of [`/v1/clientes/1`, '/v1/clientes?cor=azul', '/v1/nada']) {
      const res = await t.get(url, token, { 'accept-encoding': 'gzip, br' });
      assert.ok(res.rawPayload.length < COMPRESSION_THRESHOLD, url);
      assert.equal(res.headers['content-encoding'], undefined, url);
      assert.equal(res.headers['cache-control'], 'no-store', url);
      res.json();
    }
  });

  test('the token response is never compressed', async () => {
    const cred = await t.credential(empresa);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/oauth/token',
      remoteAddress: uniqueSourceIp(),
      headers: {
        authorization: basicHeader(cred.clientId, cred.secret),
        'content-type': 'application/x-www-form-urlencoded',
        'accept-encoding': 'gzip, br',
      },
      payload: 'grant_type=client_credentials',
    });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-encoding'], undefined);
    assert.equal((res.json() as { token_type: string }).token_type, 'Bearer');
  });

  test('a request body with Content-Encoding is not inflated by the server: 415, whatever it holds', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/oauth/token',
      remoteAddress: uniqueSourceIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-encoding': 'gzip' },
      payload: 'grant_type=client_credentials',
    });
    assert.equal(res.statusCode, 415, 'refused, never inflated: a Content-Encoding other than identity');
    assert.equal((res.json() as { error: string }).error, 'invalid_request');
  });
});
