import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import {
  apiSignIn,
  errorCode,
  getWithToken,
  newPage,
  pageLeaks,
  requestToken,
  saoPauloDate,
  screenshot,
  sessionCookieOf,
  settingsApi,
  signIn,
  skipBrowser,
  startHarness,
  type Company,
  type Harness,
  waitForFocus,
} from './harness.ts';
import { seedCompany } from './harness.ts';

// One administrator's whole journey through the page, in order: each test builds on the last.
const skip = skipBrowser;

let h: Harness;
let company: Company;
let context: BrowserContext;
let page: Page;
/** every URL the browser requested: a secret must never be in one */
const requestedUrls: string[] = [];
const secrets: string[] = [];
/** the page's API calls, for failure messages */
const apiLog: string[] = [];
let clientId = '';
let firstSecret = '';
let firstToken = '';
let secondSecret = '';

before(async () => {
  if (skip) return;
  h = await startHarness();
  company = await seedCompany(h.t, 'vida');
  ({ context, page } = await newPage(h));
  page.on('request', (request) => requestedUrls.push(request.url()));
  page.on('response', (response) => {
    if (response.url().includes('/settings/api/'))
      apiLog.push(`${response.request().method()} ${new URL(response.url()).pathname} ${response.status()}`);
  });
});
after(async () => {
  if (skip) return;
  await context.close();
  await h.close();
});

async function closeSecretDialog(): Promise<void> {
  await page.click('#secret-dialog [data-action="secret-close"]');
  await page.locator('#secret-dialog').waitFor({ state: 'hidden' });
}

async function assertNoLeak(secret: string): Promise<void> {
  assert.deepEqual(await pageLeaks(page, secret), [], 'the secret is still somewhere in the page');
  assert.equal(await page.evaluate(() => localStorage.length + sessionStorage.length), 0, 'browser storage is used');
  assert.equal(await page.evaluate(() => document.cookie), '', 'a cookie is readable by script');
  assert.ok(!requestedUrls.some((u) => u.includes(secret)), 'a secret was in a URL');
}

describe('credential lifecycle through the page', () => {
  test('signs in from the sign-in view and sees the empty list with the breadcrumb', { skip }, async () => {
    await page.goto(`${h.base}/settings`);
    await page.locator('#view-signin').waitFor({ state: 'visible' });
    assert.equal(await page.locator('#signin-title').textContent(), 'Entrar');
    assert.equal(await page.getAttribute('html', 'lang'), 'pt-BR');
    // Empty fields are refused beside each field, in pt-BR.
    await page.click('#signin-form button[type="submit"]');
    assert.equal(await page.locator('#signin-email-error').textContent(), 'Informe o seu e-mail.');
    assert.equal(await page.getAttribute('#signin-email', 'aria-invalid'), 'true');
    await screenshot(page, '01-sign-in');

    await page.fill('#signin-email', company.admin.email);
    await page.fill('#signin-senha', 'senha errada');
    await page.press('#signin-senha', 'Enter');
    await page.locator('#signin-error').waitFor({ state: 'visible' });
    assert.notEqual((await page.locator('#signin-error').textContent())?.trim(), '');

    await signIn(page, h.base, company.admin.email, company.admin.senha);
    await page.locator('#view-main').waitFor({ state: 'visible' });
    const crumbs = await page.locator('nav.breadcrumb li').allTextContents();
    assert.deepEqual(crumbs, ['Configurações', 'Dados da Empresa', 'Integrações', 'API Externa']);
    assert.match(await page.locator('#topbar-user-name').innerText(), /Ana Administradora/);
    await page.locator('#credentials-empty').waitFor({ state: 'visible' });
    await waitForFocus(page, '#main-title'); // where the page puts focus after signing in
    assert.equal(await page.locator('#expiring-banner').isVisible(), false);
  });

  test('create: sensitive scope asks for the password; bad IPs and a wrong password are shown beside their fields', { skip }, async () => {
    await page.click('#new-credential-button');
    await page.locator('#form-section').waitFor({ state: 'visible' });
    await waitForFocus(page, '#cred-name');

    // Scopes come from the API, grouped, the sensitive ones marked.
    const scopeValues = await page
      .locator('#cred-scopes-groups input[type="checkbox"]')
      .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    assert.deepEqual(scopeValues.sort(), [
      'boletos:ler',
      'clientes:contato:ler',
      'clientes:ler',
      'contas-pagar:ler',
      'contas-receber:ler',
      'os:ler',
      'produtos:ler',
      'servicos:ler',
    ]);
    const sensitive = await page
      .locator('#cred-scopes-groups .scope-option:has(.badge-sensitive) input')
      .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    assert.deepEqual(sensitive.sort(), ['boletos:ler', 'clientes:contato:ler', 'contas-pagar:ler', 'contas-receber:ler']);
    assert.ok((await page.locator('#cred-scopes-groups fieldset.scope-group legend').count()) >= 2, 'scopes grouped by resource');

    // Nothing filled in: each problem beside its field.
    assert.equal(await page.locator('#cred-senha-field').isVisible(), false);
    await page.click('#form-submit');
    assert.equal(await page.locator('#cred-name-error').textContent(), 'Informe um nome para a credencial.');
    assert.equal(await page.locator('#cred-scopes-error').textContent(), 'Escolha ao menos um escopo.');

    await page.fill('#cred-name', 'ERP da matriz');
    await page.check('input[value="clientes:ler"]');
    assert.equal(await page.locator('#cred-senha-field').isVisible(), false, 'no password for a non-sensitive scope');
    await page.check('input[value="clientes:contato:ler"]');
    await page.locator('#cred-senha-field').waitFor({ state: 'visible' });
    assert.equal(await page.getAttribute('#cred-senha', 'aria-required'), 'true');
    await page.fill('#cred-ips', '127.0.0.1\nnot-an-ip\n10.0.0.1/8');
    await page.click('#form-submit');
    const ipErrors = await page.locator('#cred-ips-error li').allTextContents();
    assert.equal(ipErrors.length, 2);
    assert.match(ipErrors[0] ?? '', /Linha 2: “not-an-ip”/);
    assert.match(ipErrors[1] ?? '', /Linha 3: “10\.0\.0\.1\/8”.*10\.0\.0\.0\/8/);
    assert.equal(await page.getAttribute('#cred-ips', 'aria-invalid'), 'true');
    assert.match((await page.getAttribute('#cred-ips', 'aria-describedby')) ?? '', /\bcred-ips-error\b/);
    assert.equal(
      await page.locator('#cred-senha-error').textContent(),
      'Informe a sua senha atual: a credencial tem ou terá um escopo sensível.',
    );
    await screenshot(page, '03-create-form-errors');

    // A wrong password is refused by the server (403 senha_incorreta), shown beside the field.
    await page.fill('#cred-ips', '127.0.0.1\n10.0.0.0/8');
    await page.fill('#cred-senha', 'não é a senha');
    await page.click('#form-submit');
    await page.locator('#cred-senha-error').waitFor({ state: 'visible' });
    const passwordError = (await page.locator('#cred-senha-error').textContent()) ?? '';
    assert.match(passwordError, /senha/i);
    assert.equal(await page.getAttribute('#cred-senha', 'aria-invalid'), 'true');
    assert.match((await page.getAttribute('#cred-senha', 'aria-describedby')) ?? '', /\bcred-senha-error\b/);
    await waitForFocus(page, '#cred-senha');
    assert.equal(await page.inputValue('#cred-senha'), '', 'the refused password is cleared');
    assert.equal(await page.locator('#secret-dialog').isVisible(), false);
    await screenshot(page, '03b-create-wrong-password');
    const list = await settingsApi(h.base, 'GET', '/credentials', { cookie: await sessionCookieOf(context) });
    assert.equal((list.body as { credentials: unknown[] }).credentials.length, 0, 'nothing was created');
  });

  test('create with the right password reveals the secret once; copy puts it on the clipboard', { skip }, async () => {
    await page.fill('#cred-senha', company.admin.senha);
    await page.click('#form-submit');
    const dialog = page.locator('#secret-dialog');
    await dialog.waitFor({ state: 'visible' });
    assert.match(await page.locator('#secret-warning').innerText(), /não será exibido novamente/);
    clientId = ((await page.locator('#secret-client-id').textContent()) ?? '').trim();
    firstSecret = ((await page.locator('#secret-value').textContent()) ?? '').trim();
    assert.ok(clientId.length > 8);
    assert.ok(firstSecret.length >= 32);
    secrets.push(firstSecret);
    // Focus is inside the modal dialog, on the copy button.
    await waitForFocus(page, '[data-action="secret-copy"]');
    await screenshot(page, '04-secret-reveal');

    await page.click('#secret-dialog [data-action="secret-copy"]');
    await page.locator('#secret-copy-status', { hasText: 'copiado' }).waitFor();
    const clipboard = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(clipboard, firstSecret);
    // Clear the clipboard again so the secret does not outlive the test there.
    await page.evaluate(() => navigator.clipboard.writeText(''));

    await closeSecretDialog();
    assert.equal(await page.locator('#secret-value').textContent(), '');
    await assertNoLeak(firstSecret);
    await waitForFocus(page, '#new-credential-button');

    // The list shows it, without the secret.
    const row = page.locator(`#credentials-body tr[data-client-id="${clientId}"]`);
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    assert.match(text, /ERP da matriz/);
    assert.match(text, /clientes:contato:ler/);
    assert.match(text, /sensível/);
    assert.match(text, /127\.0\.0\.1/);
    assert.match(text, /10\.0\.0\.0\/8/);
    assert.match(text, /Ativa/);
    assert.match(text, /Ana Administradora/);
    assert.match(text, /Nunca usada/);
    assert.match(text, /Sem expiração/);
    await screenshot(page, '02-list');
  });

  test('the revealed secret gets a token over HTTP, and the token reads /v1/clientes', { skip }, async () => {
    const token = await requestToken(h.base, clientId, firstSecret);
    assert.equal(token.status, 200, JSON.stringify(token.body));
    firstToken = String(token.body.access_token);
    assert.equal(token.body.scope, 'clientes:ler clientes:contato:ler');
    const clientes = await getWithToken(h.base, '/v1/clientes', firstToken);
    assert.equal(clientes.status, 200, JSON.stringify(clientes.body));
    assert.equal((clientes.body.data as unknown[]).length, 2);
    // Last use shows up on the page after a reload of the list.
    await page.reload();
    const row = page.locator(`#credentials-body tr[data-client-id="${clientId}"]`);
    await row.waitFor();
    await page.waitForFunction(
      (id) => !document.querySelector(`tr[data-client-id="${id}"]`)?.textContent?.includes('Nunca usada'),
      clientId,
    );
    assert.match(await row.innerText(), /IP 127\.0\.0\.1/);
  });

  test(
    'edit: the password is asked because the credential carries a sensitive scope; expiry within 7 days is shown prominently',
    { skip },
    async () => {
      await page.click(`button[data-action="edit"][data-client-id="${clientId}"]`);
      await page.locator('#form-section').waitFor({ state: 'visible' });
      assert.equal(await page.locator('#form-title').textContent(), 'Alterar credencial');
      assert.equal(await page.inputValue('#cred-name'), 'ERP da matriz');
      assert.equal(await page.isChecked('input[value="clientes:contato:ler"]'), true);
      assert.equal(await page.inputValue('#cred-ips'), '127.0.0.1\n10.0.0.0/8');
      await page.locator('#cred-senha-field').waitFor({ state: 'visible' });

      await page.fill('#cred-name', 'ERP da matriz (produção)');
      await page.check('input[value="os:ler"]');
      await page.fill('#cred-expires', saoPauloDate(3));
      await page.click('#form-submit');
      assert.match(await page.locator('#cred-senha-error').innerText(), /senha atual/);
      await page.fill('#cred-senha', company.admin.senha);
      await screenshot(page, '05-edit');
      await page.click('#form-submit');
      await page.locator('#form-section').waitFor({ state: 'hidden' });

      const banner = page.locator('#expiring-banner');
      await banner.waitFor({ state: 'visible' });
      assert.match(await banner.locator('h2').innerText(), /expiram em até 7 dias/);
      const bannerText = (await banner.textContent()) ?? '';
      assert.match(bannerText, /ERP da matriz \(produção\)/);
      assert.match(bannerText, /expira em 3 dias/);
      const row = page.locator(`#credentials-body tr[data-client-id="${clientId}"]`);
      assert.match((await row.getAttribute('class')) ?? '', /is-soon/);
      assert.match(await row.innerText(), /os:ler/);
      await waitForFocus(page, '[data-action="edit"]');
      await screenshot(page, '06-list-expiring');
    },
  );

  test('the audit trail lists create and change with who, IP and what changed', { skip }, async () => {
    await page.click(`button[data-action="audit"][data-client-id="${clientId}"]`);
    await page.locator('#audit-section').waitFor({ state: 'visible' });
    await page.locator('#audit-list > li').nth(1).waitFor();
    const items = await page.locator('#audit-list > li').allTextContents();
    assert.equal(items.length, 2);
    // newest first
    assert.match(items[0] ?? '', /Credencial alterada/);
    assert.match(items[0] ?? '', /por Ana Administradora/);
    assert.match(items[0] ?? '', /IP 127\.0\.0\.1/);
    assert.match(items[0] ?? '', /Nome: ERP da matriz → ERP da matriz \(produção\)/);
    assert.match(items[0] ?? '', /Expira em: sem expiração → \d{2}\/\d{2}\/\d{4}/);
    assert.match(items[1] ?? '', /Credencial criada/);
    await waitForFocus(page, '#audit-title');
    await screenshot(page, '07-audit');
  });

  test('rotate: confirmation with password, new secret shown once, the old token and secret stop working', { skip }, async () => {
    await page.click(`button[data-action="rotate"][data-client-id="${clientId}"]`);
    const dialog = page.locator('#rotate-dialog');
    await dialog.waitFor({ state: 'visible' });
    assert.match(await dialog.innerText(), /deixarão de funcionar imediatamente/);
    await waitForFocus(page, '#rotate-senha');
    await page.fill('#rotate-senha', 'errada');
    await page.click('#rotate-form button[type="submit"]');
    await page
      .locator('#rotate-senha-error')
      .waitFor({ state: 'visible' })
      .catch(async (err: unknown) => {
        const dialogHtml = await page.locator('#rotate-dialog').innerHTML();
        throw new Error(`${String(err)}\nAPI calls: ${apiLog.join(', ')}\n${dialogHtml}`);
      });
    await page.fill('#rotate-senha', company.admin.senha);
    await page.click('#rotate-form button[type="submit"]');
    await page.locator('#secret-dialog').waitFor({ state: 'visible' });
    secondSecret = ((await page.locator('#secret-value').textContent()) ?? '').trim();
    assert.equal((await page.locator('#secret-client-id').textContent())?.trim(), clientId);
    assert.ok(secondSecret.length >= 32);
    assert.notEqual(secondSecret, firstSecret);
    secrets.push(secondSecret);
    // Escape closes it too, and the secret goes with it.
    await page.keyboard.press('Escape');
    await page.locator('#secret-dialog').waitFor({ state: 'hidden' });
    await assertNoLeak(secondSecret);
    await waitForFocus(page, '[data-action="rotate"]');

    const old = await getWithToken(h.base, '/v1/clientes', firstToken);
    assert.equal(old.status, 401);
    const oldSecret = await requestToken(h.base, clientId, firstSecret);
    assert.equal(oldSecret.status, 401);
    assert.equal(oldSecret.body.error, 'invalid_client');
    const fresh = await requestToken(h.base, clientId, secondSecret);
    assert.equal(fresh.status, 200);

    // The audit panel (still open) shows the rotation.
    await page.locator('#audit-list > li', { hasText: 'Segredo rotacionado' }).waitFor();
  });

  test('revoke: confirmation, final; the credential can no longer get tokens', { skip }, async () => {
    await page.click(`button[data-action="revoke"][data-client-id="${clientId}"]`);
    const dialog = page.locator('#revoke-dialog');
    await dialog.waitFor({ state: 'visible' });
    assert.match(await dialog.innerText(), /definitiva/);
    // Cancel first: nothing happens.
    await waitForFocus(page, '#revoke-dialog [data-action="dialog-cancel"]');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    assert.equal((await requestToken(h.base, clientId, secondSecret)).status, 200);

    await page.click(`button[data-action="revoke"][data-client-id="${clientId}"]`);
    await dialog.waitFor({ state: 'visible' });
    await page.click('#revoke-form button[type="submit"]');
    await dialog.waitFor({ state: 'hidden' });
    const row = page.locator(`#credentials-body tr[data-client-id="${clientId}"]`);
    await page.waitForFunction((id) => document.querySelector(`tr[data-client-id="${id}"]`)?.textContent?.includes('Revogada'), clientId);
    assert.equal(await row.locator('button[data-action="rotate"]').count(), 0, 'no actions left but the history');
    assert.equal(await row.locator('button[data-action="audit"]').count(), 1);
    assert.equal(await page.locator('#expiring-banner').isVisible(), false, 'a revoked credential is not "expiring"');

    const refused = await requestToken(h.base, clientId, secondSecret);
    assert.equal(refused.status, 401);
    assert.equal(refused.body.error, 'invalid_client');
    await page.locator('#audit-list > li', { hasText: 'Credencial revogada' }).waitFor();
  });

  test('no secret anywhere after the reveals: storage, cookies, HTML, URLs', { skip }, async () => {
    for (const secret of secrets) await assertNoLeak(secret);
    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === 'ae_session');
    assert.ok(session);
    assert.equal(session.httpOnly, true);
    assert.equal(session.sameSite, 'Strict');
    assert.equal(session.path, '/settings');
  });

  test('a request with the session cookie but without X-CSRF-Token is refused (403 csrf_invalido)', { skip }, async () => {
    const cookie = await sessionCookieOf(context);
    const body = { name: 'sem csrf', scopes: ['os:ler'], allowed_ips: [], expires: null };
    const missing = await settingsApi(h.base, 'POST', '/credentials', { cookie, body });
    assert.equal(missing.status, 403);
    assert.equal(errorCode(missing), 'csrf_invalido');
    const wrong = await settingsApi(h.base, 'POST', '/credentials', { cookie, body, csrf: 'x'.repeat(43) });
    assert.equal(wrong.status, 403);
    assert.equal(errorCode(wrong), 'csrf_invalido');
    // Even with the right token, another site's Origin is refused.
    const session = await settingsApi(h.base, 'GET', '/session', { cookie });
    const csrf = (session.body as { csrf_token: string }).csrf_token;
    const crossSite = await settingsApi(h.base, 'POST', '/credentials', { cookie, body, csrf, origin: 'https://evil.example' });
    assert.equal(crossSite.status, 403);
    assert.equal(errorCode(crossSite), 'csrf_invalido');
    const list = await settingsApi(h.base, 'GET', '/credentials', { cookie });
    assert.ok(!(list.body as { credentials: { name: string }[] }).credentials.some((c) => c.name === 'sem csrf'));
  });

  test('sign-out ends the session: the page goes back to sign-in and the old cookie is refused', { skip }, async () => {
    const cookie = await sessionCookieOf(context);
    await page.click('#topbar-user [data-action="sign-out"]');
    await page.locator('#view-signin').waitFor({ state: 'visible' });
    assert.equal(await page.locator('#credentials-body tr').count(), 0, 'the list is gone from the DOM');
    const after = await settingsApi(h.base, 'GET', '/credentials', { cookie });
    assert.equal(after.status, 401);
    // A fresh API session still works (the account is fine).
    const again = await apiSignIn(h.base, company.admin.email, company.admin.senha);
    assert.ok(again.csrf.length > 20);
  });
});
