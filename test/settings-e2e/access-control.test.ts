import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  apiSignIn,
  errorCode,
  newPage,
  screenshot,
  seedCompany,
  sessionCookieOf,
  settingsApi,
  signIn,
  skipBrowser,
  startHarness,
  type Company,
  type Harness,
  waitForFocus,
} from './harness.ts';

// Who may do what: the permission, the company boundary, and the CSRF rule, seen from the page and the API.
const skip = skipBrowser;

let h: Harness;
let a: Company;
let b: Company;

// The HTTP-only checks run even without Chromium; the browser checks report themselves skipped.
before(async () => {
  h = await startHarness({ withBrowser: !skip });
  a = await seedCompany(h.t, 'a');
  b = await seedCompany(h.t, 'b');
});
after(async () => {
  await h.close();
});

interface Listed {
  credentials: { client_id: string; name: string }[];
}

describe('access control', () => {
  test('a user without api_externa sees "Sem permissão" (with sign-out) and the API refuses him', { skip }, async () => {
    const { context, page } = await newPage(h);
    try {
      await signIn(page, h.base, a.plain.email, a.plain.senha);
      await page.locator('#view-forbidden').waitFor({ state: 'visible' });
      assert.equal(await page.locator('#forbidden-title').textContent(), 'Sem permissão');
      assert.match(await page.locator('#view-forbidden').innerText(), /não tem permissão para acessar a API Externa/);
      assert.match(await page.locator('#forbidden-user').innerText(), /Paulo Sem Permissão/);
      assert.equal(await page.locator('#view-main').isVisible(), false);
      assert.equal(await page.locator('#credentials-body tr').count(), 0);
      await waitForFocus(page, '#forbidden-title');
      await screenshot(page, '08-sem-permissao');

      const cookie = await sessionCookieOf(context);
      const session = await settingsApi(h.base, 'GET', '/session', { cookie });
      assert.equal(session.status, 200);
      const csrf = (session.body as { csrf_token: string; usuario: { api_externa: boolean } }).csrf_token;
      assert.equal((session.body as { usuario: { api_externa: boolean } }).usuario.api_externa, false);

      const list = await settingsApi(h.base, 'GET', '/credentials', { cookie });
      assert.equal(list.status, 403);
      assert.equal(errorCode(list), 'sem_permissao');
      const create = await settingsApi(h.base, 'POST', '/credentials', {
        cookie,
        csrf,
        body: { name: 'tentativa', scopes: ['os:ler'], allowed_ips: [], expires: null },
      });
      assert.equal(create.status, 403);
      assert.equal(errorCode(create), 'sem_permissao');
      const existing = await h.t.credential(a.id, { scopes: ['os:ler'] });
      for (const [method, path, body] of [
        ['GET', `/credentials/${existing.clientId}/audit`, undefined],
        ['PATCH', `/credentials/${existing.clientId}`, { name: 'x' }],
        ['POST', `/credentials/${existing.clientId}/rotate`, {}],
        ['POST', `/credentials/${existing.clientId}/revoke`, {}],
      ] as const) {
        const res = await settingsApi(h.base, method, path, { cookie, csrf, body });
        assert.equal(res.status, 403, `${method} ${path}`);
        assert.equal(errorCode(res), 'sem_permissao', `${method} ${path}`);
      }

      // Sign-out from the "Sem permissão" view.
      await page.click('#view-forbidden [data-action="sign-out"]');
      await page.locator('#view-signin').waitFor({ state: 'visible' });
      assert.equal((await settingsApi(h.base, 'GET', '/session', { cookie })).status, 401);
    } finally {
      await context.close();
    }
  });

  test("another company's credential is invisible and untouchable (404) through the API", async () => {
    const theirs = await h.t.credential(a.id, { scopes: ['clientes:ler'] });
    const mine = await apiSignIn(h.base, b.admin.email, b.admin.senha);
    const list = await settingsApi(h.base, 'GET', '/credentials', { cookie: mine.cookie });
    assert.equal(list.status, 200);
    assert.ok(!(list.body as Listed).credentials.some((c) => c.client_id === theirs.clientId));

    for (const [method, path, body] of [
      ['GET', `/credentials/${theirs.clientId}/audit`, undefined],
      ['PATCH', `/credentials/${theirs.clientId}`, { name: 'tomada' }],
      ['POST', `/credentials/${theirs.clientId}/rotate`, {}],
      ['POST', `/credentials/${theirs.clientId}/revoke`, {}],
    ] as const) {
      const res = await settingsApi(h.base, method, path, { cookie: mine.cookie, csrf: mine.csrf, body });
      assert.equal(res.status, 404, `${method} ${path}: ${JSON.stringify(res.body)}`);
      assert.equal(errorCode(res), 'recurso_nao_encontrado');
    }
    // Still working for its owner, unchanged.
    assert.equal((await h.t.requestToken(theirs)).statusCode, 200);
  });

  test("another company's credential is not in the page of a signed-in administrator", { skip }, async () => {
    const theirs = await h.t.credential(a.id, { scopes: ['clientes:ler'] });
    const own = await h.t.credential(b.id, { scopes: ['clientes:ler'] });
    const { context, page } = await newPage(h);
    try {
      await signIn(page, h.base, b.admin.email, b.admin.senha);
      await page.locator('#view-main').waitFor({ state: 'visible' });
      await page.waitForFunction(
        () => document.querySelector('#credentials-empty:not([hidden]), #credentials-table:not([hidden])') !== null,
      );
      await page.locator(`tr[data-client-id="${own.clientId}"]`).waitFor();
      assert.equal(await page.locator(`tr[data-client-id="${theirs.clientId}"]`).count(), 0);
    } finally {
      await context.close();
    }
  });

  test('state changes without the CSRF token are refused, and nothing changes', async () => {
    const target = await h.t.credential(a.id, { scopes: ['os:ler'] });
    const session = await apiSignIn(h.base, a.admin.email, a.admin.senha);
    for (const [method, path, body] of [
      ['POST', '/credentials', { name: 'sem csrf', scopes: ['os:ler'], allowed_ips: [], expires: null }],
      ['PATCH', `/credentials/${target.clientId}`, { name: 'sem csrf' }],
      ['POST', `/credentials/${target.clientId}/rotate`, {}],
      ['POST', `/credentials/${target.clientId}/revoke`, {}],
      ['DELETE', '/session', undefined],
    ] as const) {
      const res = await settingsApi(h.base, method, path, { cookie: session.cookie, body });
      assert.equal(res.status, 403, `${method} ${path}`);
      assert.equal(errorCode(res), 'csrf_invalido', `${method} ${path}`);
    }
    assert.equal((await h.t.requestToken(target)).statusCode, 200, 'not rotated nor revoked');
    const list = await settingsApi(h.base, 'GET', '/credentials', { cookie: session.cookie });
    const names = (list.body as Listed).credentials.map((c) => c.name);
    assert.ok(!names.includes('sem csrf'));
    assert.equal((await settingsApi(h.base, 'GET', '/session', { cookie: session.cookie })).status, 200, 'still signed in');
  });

  test('sign-in refuses what a cross-site form could send: a non-JSON body, or a foreign Origin', async () => {
    const form = await fetch(`${h.base}/settings/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: a.admin.email, senha: a.admin.senha }).toString(),
    });
    assert.equal(form.status, 400);
    assert.equal(form.headers.get('set-cookie'), null);
    const foreign = await settingsApi(h.base, 'POST', '/session', {
      body: { email: a.admin.email, senha: a.admin.senha },
      origin: 'https://evil.example',
    });
    assert.equal(foreign.status, 403);
    assert.equal(errorCode(foreign), 'csrf_invalido');
    assert.equal(foreign.headers.get('set-cookie'), null);
  });

  test('without a session the API answers 401 nao_autenticado', async () => {
    for (const path of ['/session', '/credentials']) {
      const res = await settingsApi(h.base, 'GET', path);
      assert.equal(res.status, 401, path);
      assert.equal(errorCode(res), 'nao_autenticado', path);
    }
  });

  test('without a session the page shows the sign-in form', { skip }, async () => {
    const { context, page } = await newPage(h);
    try {
      await page.goto(`${h.base}/settings`);
      await page.locator('#view-signin').waitFor({ state: 'visible' });
      assert.equal(await page.locator('#view-main').isVisible(), false);
    } finally {
      await context.close();
    }
  });
});
