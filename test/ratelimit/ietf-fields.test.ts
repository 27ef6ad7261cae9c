import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { MemoryLimiter } from '../../src/ratelimit/memory-limiter.ts';
import { TestApp, type TestCredential } from '../helpers/test-app.ts';

/**
 * The IETF rate-limit fields (D56, draft-ietf-httpapi-ratelimit-headers-11) on every kind of data
 * answer that carries `X-RateLimit-*` — 200, 304, 400, 403, 404, 429 — agreeing with them, on a
 * clock the test sets: 17.4 s into a minute, `t` is 43 and `X-RateLimit-Reset` the minute's end.
 */
const MINUTE_MS = 60_000;
const NOW_MS = 29_000_000 * MINUTE_MS + 17_400;
const RESET = (29_000_000 + 1) * 60;

let t: TestApp;
let cred: TestCredential;
let token: string;

before(async () => {
  t = await TestApp.start({ limiter: new MemoryLimiter(() => NOW_MS) });
  const empresa = await t.company();
  await t.load({ clientes: [{ id: 910, empresa_id: empresa, tipo_pessoa: 'fisica', nome: 'Cliente dos limites' }] });
  cred = await t.credential(empresa, { scopes: ['clientes:ler'] });
  token = await t.token(cred);
});
after(async () => {
  await t.close();
});

function fields(res: LightMyRequestResponse): { limit: string; remaining: string; reset: string; policy: string; ratelimit: string } {
  const header = (name: string) => {
    const value = res.headers[name];
    assert.equal(typeof value, 'string', `${name} on a ${res.statusCode}`);
    return value as string;
  };
  return {
    limit: header('x-ratelimit-limit'),
    remaining: header('x-ratelimit-remaining'),
    reset: header('x-ratelimit-reset'),
    policy: header('ratelimit-policy'),
    ratelimit: header('ratelimit'),
  };
}

/** The IETF fields of an answer say what its X-RateLimit-* say. */
function agree(res: LightMyRequestResponse, remaining: number): void {
  const f = fields(res);
  assert.deepEqual(f, {
    limit: '120',
    remaining: String(remaining),
    reset: String(RESET),
    policy: '"credencial";q=120;w=60',
    ratelimit: `"credencial";r=${remaining};t=43`,
  });
}

test('200, 304, 400, 403 and 404: the IETF fields agree with X-RateLimit-* on each', async () => {
  const list = await t.get('/v1/clientes', token);
  assert.equal(list.statusCode, 200);
  agree(list, 119);
  const etag = list.headers.etag;
  assert.equal(typeof etag, 'string');
  const notModified = await t.get('/v1/clientes', token, { 'if-none-match': etag as string });
  assert.equal(notModified.statusCode, 304);
  agree(notModified, 118);
  const bad = await t.get('/v1/clientes?por_pagina=0', token);
  assert.equal(bad.statusCode, 400);
  agree(bad, 117);
  const scope = await t.get('/v1/boletos', token);
  assert.equal(scope.statusCode, 403);
  agree(scope, 116);
  const missing = await t.get('/v1/clientes/999999', token);
  assert.equal(missing.statusCode, 404);
  agree(missing, 115);
});

test('429: r is 0, t the seconds Retry-After gives', async () => {
  for (let i = 0; i < 120; i++) await t.get('/v1/clientes', token);
  const limited = await t.get('/v1/clientes', token);
  assert.equal(limited.statusCode, 429);
  agree(limited, 0);
  assert.equal(limited.headers['retry-after'], '43');
});
