import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TestApp } from '../helpers/test-app.ts';

// The RFC 8288 `Link` header of list pages (ADR 0012): first, prev, next, last, with the request's
// other parameters unchanged and in their order. Absolute on PUBLIC_BASE_URL when the operator set
// it; otherwise relative references (RFC 8288 §3.1 resolves them against the request's URL): the
// Host a client sent is never written back into them.

let t: TestApp;
let token: string;

before(async () => {
  t = await TestApp.start();
  const empresa = await t.company();
  await t.load({
    produtos: [1, 2, 3, 4, 5].map((n) => ({ id: 9000 + n, empresa_id: empresa, nome: `Cabo ${n}`, valor: n })),
  });
  token = await t.token(await t.credential(empresa, { scopes: ['produtos:ler', 'clientes:ler'] }));
});
after(async () => {
  await t.close();
});

const HOST = { host: 'api.cliente.com.br' };
const base = '/v1/produtos';

async function linkOf(query: string, app = t, headers: Record<string, string> = HOST): Promise<string | undefined> {
  const res = await app.get(`/v1/produtos${query}`, token, headers);
  assert.equal(res.statusCode, 200, res.body);
  return res.headers.link as string | undefined;
}

describe('Link on list pages', () => {
  test('the first page: first, next and last; no prev', async () => {
    assert.equal(
      await linkOf('?por_pagina=2'),
      `<${base}?por_pagina=2&pagina=1>; rel="first", <${base}?por_pagina=2&pagina=2>; rel="next", <${base}?por_pagina=2&pagina=3>; rel="last"`,
    );
  });

  test('a middle page: prev and next; the other parameters keep their order, and pagina its place', async () => {
    assert.equal(
      await linkOf('?ordem=desc&pagina=2&nome=cabo&por_pagina=2'),
      `<${base}?ordem=desc&pagina=1&nome=cabo&por_pagina=2>; rel="first", ` +
        `<${base}?ordem=desc&pagina=1&nome=cabo&por_pagina=2>; rel="prev", ` +
        `<${base}?ordem=desc&pagina=3&nome=cabo&por_pagina=2>; rel="next", ` +
        `<${base}?ordem=desc&pagina=3&nome=cabo&por_pagina=2>; rel="last"`,
    );
  });

  test('the last page: no next', async () => {
    assert.equal(
      await linkOf('?por_pagina=2&pagina=3'),
      `<${base}?por_pagina=2&pagina=1>; rel="first", <${base}?por_pagina=2&pagina=2>; rel="prev", <${base}?por_pagina=2&pagina=3>; rel="last"`,
    );
  });

  test('a page past the end: prev is the last page, no next', async () => {
    const res = await t.get('/v1/produtos?por_pagina=2&pagina=9', token, HOST);
    assert.deepEqual((res.json() as { data: unknown[] }).data, []);
    assert.equal(
      res.headers.link,
      `<${base}?por_pagina=2&pagina=1>; rel="first", <${base}?por_pagina=2&pagina=3>; rel="prev", <${base}?por_pagina=2&pagina=3>; rel="last"`,
    );
  });

  test('a single page, and no match at all: first and last are page 1', async () => {
    const single = `<${base}?pagina=1>; rel="first", <${base}?pagina=1>; rel="last"`;
    assert.equal(await linkOf(''), single);
    assert.equal(
      await linkOf('?nome=inexistente'),
      `<${base}?nome=inexistente&pagina=1>; rel="first", <${base}?nome=inexistente&pagina=1>; rel="last"`,
    );
  });

  test('escapes stay as sent; a pagina sent %-encoded is still the one replaced', async () => {
    // `cabó` finds the five `Cabo n` (accent-insensitive): five pages of one.
    const q = (pagina: number) => `${base}?nome=cab%C3%B3&pagina=${pagina}&por_pagina=1`;
    assert.equal(
      await linkOf('?nome=cab%C3%B3&p%61gina=1&por_pagina=1'),
      `<${q(1)}>; rel="first", <${q(2)}>; rel="next", <${q(5)}>; rel="last"`,
    );
  });

  test('the address is PUBLIC_BASE_URL when set, whatever the Host', async () => {
    const app = await TestApp.start({ publicBaseUrl: 'https://api.exemplo.com.br/erp' });
    try {
      const empresa = await app.company();
      await app.load({ produtos: [{ id: 1, empresa_id: empresa, nome: 'Cabo', valor: 1 }] });
      const own = await app.token(await app.credential(empresa, { scopes: ['produtos:ler'] }));
      const res = await app.get('/v1/produtos?por_pagina=1', own, { host: 'interno:3000' });
      assert.equal(
        res.headers.link,
        '<https://api.exemplo.com.br/erp/v1/produtos?por_pagina=1&pagina=1>; rel="first", ' +
          '<https://api.exemplo.com.br/erp/v1/produtos?por_pagina=1&pagina=1>; rel="last"',
      );
    } finally {
      await app.close();
    }
  });

  test("neither Host nor a trusted proxy's X-Forwarded-Host is written into the URLs", async () => {
    assert.match(
      (await linkOf('?por_pagina=5', t, { host: 'evil.example' })) ?? '',
      /^<\/v1\/produtos\?por_pagina=5&pagina=1>; rel="first"/,
    );
    const proxied = await t.sibling({ trustProxy: ['127.0.0.1'] });
    try {
      const forwarded = { host: '10.0.0.5', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'api.exemplo.com.br' };
      const link = (await linkOf('?por_pagina=5', proxied, forwarded)) ?? '';
      assert.match(link, /^<\/v1\/produtos\?por_pagina=5&pagina=1>; rel="first"/);
      assert.doesNotMatch(link, /exemplo|10\.0\.0\.5|https?:/);
    } finally {
      await proxied.close();
    }
  });

  test('a relative reference resolves against the request URL to the same list', async () => {
    const requestUrl = 'https://api.cliente.com.br/v1/produtos?por_pagina=2';
    const next = /<([^>]*)>; rel="next"/.exec((await linkOf('?por_pagina=2')) ?? '')?.[1] ?? '';
    assert.equal(new URL(next, requestUrl).href, 'https://api.cliente.com.br/v1/produtos?por_pagina=2&pagina=2');
  });

  test('no Link on a detail or an error', async () => {
    assert.equal((await t.get('/v1/produtos/9001', token, HOST)).headers.link, undefined);
    const bad = await t.get('/v1/produtos?por_pagina=0', token, HOST);
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.headers.link, undefined);
  });
});
