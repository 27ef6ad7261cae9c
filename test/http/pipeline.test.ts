import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryLimiter } from '../../src/ratelimit/memory-limiter.ts';
import { TestApp, type TestCredential } from '../helpers/test-app.ts';

let t: TestApp;
let cred: TestCredential;
let token: string;

before(async () => {
  t = await TestApp.start();
  const empresa = await t.company();
  await t.load({ clientes: [{ id: 1, empresa_id: empresa, tipo_pessoa: 'fisica', nome: 'Ana', sobrenome: 'Lima' }] });
  cred = await t.credential(empresa);
  token = await t.token(cred);
});
after(async () => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function assertCommonHeaders(res: { headers: Record<string, unknown>; json(): unknown; statusCode: number }, what: string): void {
  assert.equal(res.headers['content-type'], 'application/json; charset=utf-8', what);
  assert.equal(res.headers['cache-control'], 'no-store', what);
  assert.equal(res.headers.pragma, 'no-cache', what);
  assert.equal(res.headers['x-content-type-options'], 'nosniff', what);
  assert.equal(res.headers['referrer-policy'], 'no-referrer', what);
  assert.match(String(res.headers['x-request-id']), UUID, what);
  if (res.statusCode >= 400 && !what.startsWith('token')) {
    assert.equal((res.json() as { erro: { request_id: string } }).erro.request_id, res.headers['x-request-id'], what);
  }
}

describe('headers on every response', () => {
  test('data 200, 400, 401, 404, 405 and token responses carry the common headers', async () => {
    assertCommonHeaders(await t.get('/v1/clientes', token), 'data 200');
    assertCommonHeaders(await t.get('/v1/clientes?x=1', token), 'data 400');
    assertCommonHeaders(await t.get('/v1/clientes'), 'data 401');
    assertCommonHeaders(await t.get('/v1/nada'), 'unknown route 404');
    assertCommonHeaders(await t.app.inject({ method: 'DELETE', url: '/v1/clientes' }), 'data 405');
    assertCommonHeaders(await t.requestToken(cred), 'token 200');
  });

  test('authenticated responses carry X-RateLimit-* whatever their status (D4)', async () => {
    for (const url of ['/v1/clientes', '/v1/clientes?x=1', '/v1/clientes/999999']) {
      const res = await t.get(url, token);
      assert.equal(res.headers['x-ratelimit-limit'], '120', url);
      assert.match(String(res.headers['x-ratelimit-remaining']), /^\d+$/, url);
      assert.equal(Number(res.headers['x-ratelimit-reset']) % 60, 0, 'the reset is a clock minute (D35)');
    }
  });
});

describe('X-Request-ID (D34)', () => {
  test('a valid UUID is echoed, in any case; anything else is replaced', async () => {
    const sent = '3F2504E0-4F89-11D3-9A0C-0305E82C3301';
    assert.equal((await t.get('/v1/clientes', token, { 'x-request-id': sent })).headers['x-request-id'], sent);
    const lower = 'f47ac10b-58cc-4372-a567-0e02b2c3d479';
    const res404 = await t.get('/v1/nada', undefined, { 'x-request-id': lower });
    assert.equal(res404.headers['x-request-id'], lower);
    assert.equal((res404.json() as { erro: { request_id: string } }).erro.request_id, lower);
    for (const bad of ['abc', 'f47ac10b58cc4372a5670e02b2c3d479', '{f47ac10b-58cc-4372-a567-0e02b2c3d479}', `${lower} `]) {
      const id = (await t.get('/v1/clientes', token, { 'x-request-id': bad })).headers['x-request-id'];
      assert.notEqual(id, bad);
      assert.match(String(id), UUID);
    }
  });
});

describe('routes and methods (D2, D3)', () => {
  test('unknown routes are 404 recurso_nao_encontrado without authentication; a trailing slash is another route', async () => {
    for (const url of ['/v1/nada', '/v1/clientes/', '/v2/clientes', '/', '/v1']) {
      const res = await t.get(url);
      assert.equal(res.statusCode, 404, url);
      assert.equal((res.json() as { erro: { codigo: string; detalhes: unknown[] } }).erro.codigo, 'recurso_nao_encontrado');
    }
  });

  test('another method on a known route is 405 with Allow: GET, before authentication', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const) {
      for (const url of ['/v1/clientes', '/v1/clientes/1']) {
        const res = await t.app.inject({ method, url });
        assert.equal(res.statusCode, 405, `${method} ${url}`);
        assert.equal(res.headers.allow, 'GET');
        if (method !== 'HEAD') assert.equal((res.json() as { erro: { codigo: string } }).erro.codigo, 'metodo_nao_permitido');
      }
    }
  });
});

describe('percent-encoded paths are the routes the router finds (D2)', () => {
  test('another method on a percent-encoded known path is 405 with Allow, before authentication', async () => {
    // The router decodes /v1/%63lientes to /v1/clientes: GET reaches the route (401 without a token).
    assert.equal((await t.get('/v1/%63lientes')).statusCode, 401);
    const cases: [string, string, string][] = [
      ['POST', '/v1/%63lientes', 'GET'],
      ['DELETE', '/v1/%63lientes?pagina=1', 'GET'],
      ['PUT', '/v1/clientes/%31', 'GET'],
      ['HEAD', '/v1/%6Frdens-servico', 'GET'],
      ['GET', '/v1/oauth/%74oken', 'POST'],
    ];
    for (const [method, url, allow] of cases) {
      const res = await t.app.inject({ method: method as 'GET', url });
      assert.equal(res.statusCode, 405, `${method} ${url}`);
      assert.equal(res.headers.allow, allow, `${method} ${url}`);
      if (method !== 'HEAD') assert.equal((res.json() as { erro: { codigo: string } }).erro.codigo, 'metodo_nao_permitido');
    }
  });

  test('escapes the router keeps encoded name no route: 404 for any method', async () => {
    // %2F does not split a segment and %25 is a literal percent sign, in the router as here.
    for (const url of ['/v1/clientes%2F1', '/v1/%2563lientes']) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await t.app.inject({ method, url });
        assert.equal(res.statusCode, 404, `${method} ${url}`);
        assert.equal(res.headers.allow, undefined);
      }
    }
  });
});

describe('a path the router cannot decode (D2, D34)', () => {
  test('a malformed %-escape in the path is 404 recurso_nao_encontrado in the envelope, with every common header', async () => {
    const urls = [
      '/v1/%zz',
      '/v1/clientes/%zz',
      '/v1/clientes/1%',
      '/v1/oauth/%zz',
      '/v1/clientes/%ED%A0%80',
      '/%zz',
      '/settings/api/credentials/%zz/audit',
    ];
    for (const url of urls) {
      for (const method of ['GET', 'POST', 'HEAD'] as const) {
        const res = await t.app.inject({ method, url });
        assert.equal(res.statusCode, 404, `${method} ${url}`);
        assert.equal(res.headers.allow, undefined);
        if (method === 'HEAD') continue;
        assertCommonHeaders(res, `${method} ${url}`);
        const erro = (res.json() as { erro: { codigo: string; detalhes: unknown[] } }).erro;
        assert.equal(erro.codigo, 'recurso_nao_encontrado');
        assert.deepEqual(erro.detalhes, []);
      }
    }
  });

  test('a valid incoming X-Request-ID is echoed there too', async () => {
    const sent = 'f47ac10b-58cc-4372-a567-0e02b2c3d479';
    const res = await t.get('/v1/clientes/%zz', undefined, { 'x-request-id': sent });
    assert.equal(res.headers['x-request-id'], sent);
    assert.equal((res.json() as { erro: { request_id: string } }).erro.request_id, sent);
  });

  test('a very long {id} is judged by the route, in order: 401 without a token, 400 naming id with one (D4, D6)', async () => {
    const url = `/v1/clientes/${'1'.repeat(300)}`;
    assert.equal((await t.get(url)).statusCode, 401);
    const res = await t.get(url, token);
    assert.equal(res.statusCode, 400);
    assert.deepEqual(
      (res.json() as { erro: { detalhes: { campo: string }[] } }).erro.detalhes.map((d) => d.campo),
      ['id'],
    );
  });
});

describe('strict parameters (D6-D8)', () => {
  function detalhes(res: { json(): unknown }): { campo: string; mensagem: string }[] {
    return (res.json() as { erro: { detalhes: { campo: string; mensagem: string }[] } }).erro.detalhes;
  }

  test('integers are plain decimal digits within bounds (D6)', async () => {
    for (const bad of ['01', '+1', '-1', '1.0', '%201', '1e2', '0', '9007199254740992', 'abc', '0x10']) {
      const res = await t.get(`/v1/clientes?pagina=${bad}`, token);
      assert.equal(res.statusCode, 400, bad);
      assert.deepEqual(
        detalhes(res).map((d) => d.campo),
        ['pagina'],
        bad,
      );
    }
    for (const bad of ['0', '201']) assert.equal((await t.get(`/v1/clientes?por_pagina=${bad}`, token)).statusCode, 400, bad);
    assert.equal((await t.get('/v1/clientes?pagina=9007199254740991', token)).statusCode, 200);
    for (const id of ['0', '01', '-1', 'abc', '1.5', '9007199254740992']) {
      const res = await t.get(`/v1/clientes/${id}`, token);
      assert.equal(res.statusCode, 400, id);
      assert.deepEqual(
        detalhes(res).map((d) => d.campo),
        ['id'],
      );
    }
  });

  test('an empty value is invalid, not absent (D7)', async () => {
    const res = await t.get('/v1/clientes?nome=', token);
    assert.equal(res.statusCode, 400);
    assert.deepEqual(
      detalhes(res).map((d) => d.campo),
      ['nome'],
    );
    assert.equal((await t.get('/v1/clientes?ativo', token)).statusCode, 400);
  });

  test('repeated (even equal), unknown and wrongly-cased names are 400, one item per field (D8, D37)', async () => {
    const res = await t.get('/v1/clientes?pagina=1&pagina=1&Pagina=2&foo=bar&ordem=up', token);
    assert.equal(res.statusCode, 400);
    assert.deepEqual(
      detalhes(res)
        .map((d) => d.campo)
        .sort(),
      ['Pagina', 'foo', 'ordem', 'pagina'],
    );
    for (const d of detalhes(res)) assert.ok(d.mensagem.length > 0);
    assert.equal((await t.get('/v1/clientes/1?pagina=1', token)).statusCode, 400, 'detail routes accept only incluir');
  });

  test('a malformed %-escape is 400', async () => {
    assert.equal((await t.get('/v1/clientes?nome=%E0%A4%A', token)).statusCode, 400);
  });

  test('a NUL or an encoded lone surrogate in a text parameter is 400 naming it, never a 500', async () => {
    // %ED%A0%80 is U+D800 in (invalid) UTF-8: no text at all, so it never reaches SQL either.
    for (const query of ['nome=ab%00c', 'cidade=%00', 'nome=ab%ED%A0%80', 'cidade=x%ED%B0%80']) {
      const res = await t.get(`/v1/clientes?${query}`, token);
      assert.equal(res.statusCode, 400, query);
      assert.deepEqual(
        detalhes(res).map((d) => d.campo),
        [query.split('=')[0]],
        query,
      );
    }
  });
});

describe('rate limit: 120 per credential per clock minute (D35)', () => {
  test('the 121st request in a window is 429 limite_excedido with Retry-After; every status counts', async () => {
    const start = Math.floor(Date.now() / 60_000) * 60_000 + 45_000;
    let now = start;
    const limited = await t.sibling({ limiter: new MemoryLimiter(() => now) });
    const c = await t.credential(cred.empresaId);
    const tk = await limited.token(c);
    const statuses: number[] = [];
    for (let i = 1; i <= 120; i++) {
      // a mix of 200, 400 and 404: all of them count (D4)
      const url = i % 3 === 0 ? '/v1/clientes?bad=1' : i % 3 === 1 ? '/v1/clientes' : '/v1/clientes/424242';
      const res = await limited.get(url, tk);
      statuses.push(res.statusCode);
      assert.equal(res.headers['x-ratelimit-remaining'], String(120 - i));
      assert.equal(res.headers['x-ratelimit-reset'], String((start - 45_000 + 60_000) / 1000));
    }
    assert.ok(statuses.includes(200) && statuses.includes(400) && statuses.includes(404));
    const over = await limited.get('/v1/clientes', tk);
    assert.equal(over.statusCode, 429);
    assert.equal((over.json() as { erro: { codigo: string } }).erro.codigo, 'limite_excedido');
    assert.equal(over.headers['retry-after'], '15');
    assert.equal(over.headers['x-ratelimit-remaining'], '0');
    // Another credential has its own window.
    const other = await limited.token(await t.credential(cred.empresaId));
    assert.equal((await limited.get('/v1/clientes', other)).statusCode, 200);
    // The next clock minute opens a new window.
    now = start + 15_000;
    const next = await limited.get('/v1/clientes', tk);
    assert.equal(next.statusCode, 200);
    assert.equal(next.headers['x-ratelimit-remaining'], '119');
    await limited.app.close();
  });

  test('unauthenticated floods are bounded per source IP (D5)', async () => {
    const start = Math.floor(Date.now() / 60_000) * 60_000;
    const limited = await t.sibling({ limiter: new MemoryLimiter(() => start) });
    let last = 0;
    for (let i = 0; i < 601; i++) last = (await limited.get('/v1/clientes', i % 2 ? 'forged' : undefined, {}, '192.0.2.1')).statusCode;
    assert.equal(last, 429);
    assert.equal((await limited.get('/v1/clientes', undefined, {}, '192.0.2.2')).statusCode, 401, 'other sources are unaffected');
    await limited.app.close();
  });
});

describe('client address (D33)', () => {
  test('X-Forwarded-For is ignored by default and believed only from a configured proxy', async () => {
    const c = await t.credential(cred.empresaId, { allowedIps: ['198.51.100.0/24'] });
    const tk = await t.token(c, undefined, '198.51.100.1');
    const spoofed = { 'x-forwarded-for': '198.51.100.20' };
    assert.equal((await t.get('/v1/clientes', tk, spoofed, '203.0.113.5')).statusCode, 403, 'no trusted proxy: the peer address counts');
    const behindProxy = await t.sibling({ trustProxy: ['203.0.113.5'] });
    assert.equal(
      (await behindProxy.get('/v1/clientes', tk, spoofed, '203.0.113.5')).statusCode,
      200,
      'from the trusted proxy: the forwarded address counts',
    );
    assert.equal((await behindProxy.get('/v1/clientes', tk, spoofed, '203.0.113.6')).statusCode, 403, 'from another peer: not believed');
    await behindProxy.app.close();
  });
});
