import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import {
  accessibilityProblems,
  apiSignIn,
  newPage,
  saoPauloDate,
  screenshot,
  seedCompany,
  settingsApi,
  signIn,
  skipBrowser,
  startHarness,
  waitForFocus,
  type Company,
  type Harness,
} from './harness.ts';

// The page's small truths, in Chromium: a secret's dialog opens on a phone with its title and its
// "não será exibido novamente" in view and its curl line whole; the credentials list names scopes
// as the form does; a field's message goes as soon as the field is right; and axe-core finds no
// WCAG 2.1 A/AA violation in any state of /settings and /docs, at a desktop's width and a phone's.
const skip = skipBrowser;

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const BILLING = 'Cobrança terceirizada da filial';
const BI = 'BI com notificações';
/** long enough to be wider than a phone's line, as a real receiver's address often is */
const ENDPOINT = 'http://127.0.0.1:9/integracoes/api-externa/avisos-de-alteracao';

let h: Harness;
let company: Company;
/** one signed-in page per width: sign-ins are limited per account (5 a minute) */
const pages: { context: BrowserContext; page: Page }[] = [];
let desktop: Page;
let phone: Page;

before(async () => {
  if (skip) return;
  // Private endpoint URLs allowed, so the notifications panel can list an endpoint on 127.0.0.1.
  h = await startHarness({ webhooks: true });
  company = await seedCompany(h.t, 'truths');
  const s = await apiSignIn(h.base, company.admin.email, company.admin.senha);
  const create = async (body: Record<string, unknown>): Promise<string> => {
    const res = await settingsApi(h.base, 'POST', '/credentials', { cookie: s.cookie, csrf: s.csrf, body });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return (res.body as { credential: { client_id: string } }).credential.client_id;
  };
  // Sensitive and plain scopes, one expiring soon (the banner), so every kind of row is there.
  await create({
    name: BILLING,
    scopes: ['contas-receber:ler', 'boletos:ler', 'clientes:ler'],
    allowed_ips: ['2001:db8:1234:5678::/64', '203.0.113.10'],
    expires: saoPauloDate(2),
    senha_atual: company.admin.senha,
  });
  const bi = await create({ name: BI, scopes: ['clientes:ler', 'os:ler'], allowed_ips: [], expires: null });
  const endpoint = await settingsApi(h.base, 'POST', `/credentials/${bi}/webhooks`, {
    cookie: s.cookie,
    csrf: s.csrf,
    body: { url: ENDPOINT, resources: ['clientes'], senha_atual: company.admin.senha },
  });
  assert.equal(endpoint.status, 201, JSON.stringify(endpoint.body));

  for (const viewport of [DESKTOP, PHONE]) {
    const opened = await newPage(h, viewport === PHONE ? { viewport, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : { viewport });
    await signIn(opened.page, h.base, company.admin.email, company.admin.senha);
    await opened.page.locator('#credentials-table').waitFor({ state: 'visible' });
    pages.push(opened);
  }
  [desktop, phone] = pages.map((p) => p.page) as [Page, Page];
});
after(async () => {
  if (skip) return;
  for (const { context } of pages) await context.close();
  await h.close();
});

/** Creates a credential through the page's form (a scope that asks no password) and waits for its secret dialog. */
async function createThroughPage(page: Page, name: string): Promise<void> {
  await page.click('#new-credential-button');
  await page.fill('#cred-name', name);
  await page.check('input[value="clientes:ler"]');
  await page.click('#form-submit');
  await page.locator('#secret-dialog').waitFor({ state: 'visible' });
}

/** Opens a credential's notifications panel from its row. */
async function openWebhooks(page: Page, credentialName: string): Promise<void> {
  await page.locator('#credentials-body tr', { hasText: credentialName }).locator('button[data-action="webhooks"]').click();
  await page.locator('#webhooks-section').waitFor({ state: 'visible' });
  await page.locator('#wh-resources-options input').first().waitFor();
}

/**
 * Where an element is against the screen and against the visible part of the dialog holding it,
 * as the user sees it when the dialog has just opened.
 */
async function placement(page: Page, selector: string) {
  return page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    const dialog = el.closest('dialog');
    const d = dialog ? dialog.getBoundingClientRect() : r;
    return {
      top: r.top,
      bottom: r.bottom,
      left: r.left,
      right: r.right,
      onScreen: r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth,
      inDialog: r.top >= d.top && r.bottom <= d.bottom && r.left >= d.left && r.right <= d.right,
      dialogScrollTop: dialog ? dialog.scrollTop : 0,
      dialogScrolls: dialog ? dialog.scrollHeight > dialog.clientHeight : false,
    };
  });
}

/** A secret's dialog as a phone shows it on opening: title, warning and the focused copy button all in view. */
async function assertOpensAtTop(page: Page, dialog: string, title: string, warning: string, copy: string): Promise<void> {
  await waitForFocus(page, copy);
  const titlePlace = await placement(page, title);
  // Only meaningful when the dialog is taller than the screen: then it could open scrolled down.
  assert.equal(titlePlace.dialogScrolls, true, `${dialog} fits the screen: this check would prove nothing`);
  assert.equal(titlePlace.dialogScrollTop, 0, `${dialog} opened scrolled down`);
  assert.ok(titlePlace.onScreen && titlePlace.inDialog, `${title} out of view: ${JSON.stringify(titlePlace)}`);
  const warningPlace = await placement(page, warning);
  assert.ok(warningPlace.onScreen && warningPlace.inDialog, `${warning} out of view: ${JSON.stringify(warningPlace)}`);
  assert.match(await page.locator(warning).innerText(), /não será exibido novamente/);
  // Focus is where a keyboard user can see it: on the copy button, kept in view at the dialog's foot.
  const copyPlace = await placement(page, copy);
  assert.ok(copyPlace.onScreen && copyPlace.inDialog, `the focused copy button is out of view: ${JSON.stringify(copyPlace)}`);
  // The playwright boxes agree (device pixels aside): title and warning within the viewport.
  for (const selector of [title, warning]) {
    const box = await page.locator(selector).boundingBox();
    assert.ok(box !== null && box.y >= 0 && box.y + box.height <= PHONE.height && box.x >= 0 && box.x + box.width <= PHONE.width, selector);
  }
}

describe('a secret dialog on a phone (390 px)', () => {
  test("opens at its top: its title and 'não será exibido novamente' in view, focus on the copy button in view", { skip }, async () => {
    await createThroughPage(phone, 'Leitura no celular');
    await assertOpensAtTop(phone, '#secret-dialog', '#secret-title', '#secret-warning', '#secret-dialog [data-action="secret-copy"]');
    await screenshot(phone, '40-phone-secret-dialog-top');
  });

  test('the curl line is whole: it wraps between words, and a wider word scrolls inside its own focusable box', { skip }, async () => {
    const curl = phone.locator('#secret-curl');
    const box = await curl.evaluate((el) => {
      const style = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      const d = (el.closest('dialog') as HTMLElement).getBoundingClientRect();
      return {
        scrollWidth: el.scrollWidth,
        clientWidth: el.clientWidth,
        overflowX: style.overflowX,
        textOverflow: style.textOverflow,
        tabIndex: el.tabIndex,
        name: el.getAttribute('aria-labelledby'),
        withinDialog: r.left >= d.left && r.right <= d.right,
        words: Array.from(el.querySelectorAll('.word')).map((w) => ({ text: w.textContent ?? '', width: w.getBoundingClientRect().width })),
        text: el.textContent ?? '',
      };
    });
    assert.ok(box.withinDialog, 'the curl box pokes out of the dialog');
    assert.notEqual(box.textOverflow, 'ellipsis');
    // Every word is there and laid out (none hidden), the whole line as the command.
    assert.equal(box.words.map((w) => w.text).join(' '), box.text);
    assert.match(box.text, /^curl -u ae_live_\S+:ae_sk_\S+ -d grant_type=client_credentials http/);
    assert.deepEqual(
      box.words.filter((w) => w.width === 0),
      [],
    );
    if (box.scrollWidth > box.clientWidth) {
      // Wider than its box: it scrolls there, and the keyboard can reach and scroll it.
      assert.ok(['auto', 'scroll'].includes(box.overflowX), `clipped: overflow-x is ${box.overflowX}`);
      assert.equal(box.tabIndex, 0, 'a box that scrolls must take focus');
      assert.equal(box.name, 'secret-curl-label');
      await curl.focus();
      for (let i = 0; i < 40; i++) await phone.keyboard.press('ArrowRight');
      const scrolled = await curl.evaluate((el) => ({ left: el.scrollLeft, max: el.scrollWidth - el.clientWidth }));
      assert.ok(scrolled.left > 0, `the keyboard did not scroll the curl line: ${JSON.stringify(scrolled)}`);
    }
    await phone.click('#secret-dialog [data-action="secret-close"]');
    await phone.locator('#secret-dialog').waitFor({ state: 'hidden' });
  });

  test("an endpoint's secret dialog opens at its top too", { skip }, async () => {
    await openWebhooks(phone, BI);
    await phone.fill('#wh-url', 'http://127.0.0.1:9/outro');
    await phone.check('#wh-resource-0');
    await phone.fill('#wh-senha', company.admin.senha);
    await phone.click('#webhook-form button[type="submit"]');
    await phone.locator('#webhook-secret-dialog').waitFor({ state: 'visible' });
    await assertOpensAtTop(
      phone,
      '#webhook-secret-dialog',
      '#wh-secret-title',
      '#wh-secret-warning',
      '#webhook-secret-dialog [data-action="webhook-secret-copy"]',
    );
    await screenshot(phone, '41-phone-webhook-secret-top');
    await phone.click('#webhook-secret-dialog [data-action="webhook-secret-close"]');
    await phone.locator('#webhook-secret-dialog').waitFor({ state: 'hidden' });
    await phone.click('[data-action="webhooks-close"]');
  });
});

describe('scope names', () => {
  test("the list names each scope with the form's label, the code beside it, from the server's one table", { skip }, async () => {
    const page = desktop;
    // The form's vocabulary: each checkbox's heading (its group's legend) and whether it is marked sensitive.
    await page.click('#new-credential-button');
    await page.locator('#cred-scopes-groups input').first().waitFor();
    const form = await page.locator('#cred-scopes-groups input[type="checkbox"]').evaluateAll((inputs) =>
      Object.fromEntries(
        inputs.map((input) => {
          const option = input.closest('.scope-option');
          const legend = input.closest('fieldset')?.querySelector('legend');
          return [
            (input as HTMLInputElement).value,
            { label: legend?.textContent ?? '', sensitive: !!option?.querySelector('.badge-sensitive') },
          ];
        }),
      ),
    );
    await page.click('[data-action="form-cancel"]');
    assert.equal(Object.keys(form).length, 8);

    const listed = await page.locator('#credentials-body .scope-list li').evaluateAll((items) =>
      items.map((li) => ({
        label: Array.from(li.childNodes)
          .filter((n) => n.nodeType === Node.TEXT_NODE)
          .map((n) => n.textContent)
          .join('')
          .trim(),
        code: li.querySelector('code.scope-code')?.textContent ?? '',
        sensitive: !!li.querySelector('.badge-sensitive'),
        codeIsSecondary: (() => {
          const code = li.querySelector('code.scope-code');
          return code !== null && parseFloat(getComputedStyle(code).fontSize) < parseFloat(getComputedStyle(li).fontSize);
        })(),
      })),
    );
    assert.ok(listed.length >= 5, JSON.stringify(listed));
    for (const item of listed) {
      const inForm = form[item.code];
      assert.ok(inForm !== undefined, `${item.code} is not a scope of the form`);
      assert.equal(item.label, inForm.label, `${item.code}: the list says “${item.label}”, the form “${inForm.label}”`);
      assert.notEqual(item.label, item.code, 'a name in words, not the code');
      assert.equal(item.sensitive, inForm.sensitive, `${item.code}: sensitive badge`);
      assert.ok(item.codeIsSecondary, `${item.code}: the code is not visually secondary`);
    }
    // Both read the scope table the server sends with the credentials.
    const s = await apiSignIn(h.base, company.admin.email, company.admin.senha);
    const served = (await settingsApi(h.base, 'GET', '/credentials', { cookie: s.cookie })).body as {
      scopes: { scope: string; recurso: string }[];
    };
    for (const { scope, recurso } of served.scopes) assert.equal(form[scope]?.label, recurso, scope);
    const row = page.locator('#credentials-body tr', { hasText: BILLING });
    assert.match(await row.locator('td[data-label="Escopos"]').innerText(), /Contas a receber\s+sensível\s+contas-receber:ler/);
  });
});

describe('a field message goes as soon as the field is right', () => {
  /** Whether a field's message is shown and the field marked invalid. */
  const shown = async (page: Page, fieldId: string) => ({
    message: await page.locator(`#${fieldId}-error`).isVisible(),
    invalid: (await page.getAttribute(`#${fieldId}`, 'aria-invalid')) === 'true',
  });
  const on = { message: true, invalid: true };
  const off = { message: false, invalid: false };

  test('the credential form: name, scopes, IPs, expiry and password, without sending it again', { skip }, async () => {
    const page = desktop;
    await page.click('#new-credential-button');
    await page.locator('#form-section').waitFor({ state: 'visible' });
    await page.click('#form-submit');
    assert.deepEqual(await shown(page, 'cred-name'), on);
    assert.deepEqual(await shown(page, 'cred-scopes'), on);
    assert.equal(await page.locator('#form-error').innerText(), 'Corrija os 2 campos indicados.');

    await page.locator('#cred-name').pressSequentially('ERP');
    assert.deepEqual(await shown(page, 'cred-name'), off, 'a name typed: its message goes');
    assert.deepEqual(await shown(page, 'cred-scopes'), on, 'the other field keeps its own');
    assert.equal(await page.locator('#form-error').innerText(), 'Corrija o campo indicado.');
    await page.check('input[value="clientes:ler"]');
    assert.deepEqual(await shown(page, 'cred-scopes'), off, 'a scope checked: its message goes');
    assert.equal(await page.locator('#form-error').isVisible(), false, 'nothing left to correct');

    // Still wrong after an edit: the message stays until the value is right.
    await page.fill('#cred-ips', 'não é um IP');
    await page.fill('#cred-expires', '2001-01-01');
    await page.check('input[value="boletos:ler"]');
    await page.click('#form-submit');
    assert.deepEqual(await shown(page, 'cred-ips'), on);
    assert.deepEqual(await shown(page, 'cred-expires'), on);
    assert.deepEqual(await shown(page, 'cred-senha'), on);
    await page.fill('#cred-ips', 'ainda não');
    assert.deepEqual(await shown(page, 'cred-ips'), on, 'still not an address: the message stays');
    await page.fill('#cred-ips', '203.0.113.10');
    assert.deepEqual(await shown(page, 'cred-ips'), off);
    await page.fill('#cred-expires', saoPauloDate(30));
    assert.deepEqual(await shown(page, 'cred-expires'), off);
    // Unchecking the only sensitive scope: the password is no longer asked for.
    await page.uncheck('input[value="boletos:ler"]');
    assert.deepEqual(await shown(page, 'cred-senha'), off);
    assert.equal(await page.locator('#form-error').isVisible(), false);

    // The password typed after the server refused the one sent.
    await page.check('input[value="boletos:ler"]');
    await page.fill('#cred-senha', 'não é a senha');
    await page.click('#form-submit');
    await page.locator('#cred-senha-error').waitFor({ state: 'visible' });
    await waitForFocus(page, '#cred-senha');
    await page.keyboard.type('x');
    assert.deepEqual(await shown(page, 'cred-senha'), off, 'a new password typed: the refusal of the old one goes');
    assert.equal(await page.locator('#form-error').isVisible(), false);
    await page.click('[data-action="form-cancel"]');
    await page.locator('#form-section').waitFor({ state: 'hidden' });
  });

  test('the endpoint form and the edit dialog: URL, resources and password', { skip }, async () => {
    const page = desktop;
    await openWebhooks(page, BI);
    await page.click('#webhook-form button[type="submit"]');
    assert.deepEqual(await shown(page, 'wh-url'), on);
    assert.deepEqual(await shown(page, 'wh-resources'), on);
    assert.deepEqual(await shown(page, 'wh-senha'), on);
    await page.fill('#wh-url', 'ftp://exemplo.com.br/avisos');
    assert.deepEqual(await shown(page, 'wh-url'), on, 'still not http(s): the message stays');
    await page.fill('#wh-url', 'https://exemplo.com.br/avisos');
    assert.deepEqual(await shown(page, 'wh-url'), off);
    await page.check('#wh-resource-0');
    assert.deepEqual(await shown(page, 'wh-resources'), off);
    await page.locator('#wh-senha').pressSequentially('s');
    assert.deepEqual(await shown(page, 'wh-senha'), off);

    await page.locator('#webhooks-list button[data-action="webhook-edit"]').first().click();
    await page.locator('#webhook-edit-dialog').waitFor({ state: 'visible' });
    await page.fill('#wh-edit-url', 'endereço');
    await page.press('#wh-edit-url', 'Enter');
    assert.deepEqual(await shown(page, 'wh-edit-url'), on);
    await page.fill('#wh-edit-url', 'http://127.0.0.1:9/novo');
    assert.deepEqual(await shown(page, 'wh-edit-url'), off);
    await page.press('#wh-edit-url', 'Enter');
    assert.deepEqual(await shown(page, 'wh-edit-senha'), on);
    await page.fill('#wh-edit-url', ENDPOINT);
    assert.deepEqual(await shown(page, 'wh-edit-senha'), off, 'the URL put back: no password is asked for');
    await page.keyboard.press('Escape');
    await page.locator('#webhook-edit-dialog').waitFor({ state: 'hidden' });
    await page.fill('#wh-url', '');
    await page.fill('#wh-senha', '');
    await page.click('[data-action="webhooks-close"]');
  });
});

/**
 * Every state of /settings an administrator meets, checked by axe-core where it stands. The page
 * is signed in; the sign-in view is checked in a context of its own.
 */
async function settingsStates(page: Page, signedOut: Page): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  const check = async (state: string) => {
    found[state] = await accessibilityProblems(page);
  };
  const checkSignedOut = async (state: string) => {
    found[state] = await accessibilityProblems(signedOut);
  };

  await signedOut.goto(`${h.base}/settings`);
  await signedOut.locator('#view-signin').waitFor({ state: 'visible' });
  await checkSignedOut('sign-in');
  await signedOut.click('#signin-form button[type="submit"]');
  await signedOut.locator('#signin-email-error').waitFor({ state: 'visible' });
  await checkSignedOut('sign-in with errors');

  await page.locator('#expiring-banner').waitFor({ state: 'visible' });
  await check('list with the expiry banner');
  await page.click('#new-credential-button');
  await page.check('input[value="boletos:ler"]');
  await page.fill('#cred-ips', 'não é um IP');
  await page.click('#form-submit');
  await page.locator('#cred-ips-error').waitFor({ state: 'visible' });
  await check('form with errors');
  await page.click('[data-action="form-cancel"]');

  await createThroughPage(page, `Credencial axe ${page.viewportSize()?.width}`);
  await check('secret dialog');
  await page.click('#secret-dialog [data-action="secret-close"]');
  await page.locator('#secret-dialog').waitFor({ state: 'hidden' });

  const billing = page.locator('#credentials-body tr', { hasText: BILLING });
  await billing.locator('button[data-action="rotate"]').click();
  await page.locator('#rotate-dialog').waitFor({ state: 'visible' });
  await page.click('#rotate-form button[type="submit"]');
  await page.locator('#rotate-senha-error').waitFor({ state: 'visible' });
  await check('rotate dialog with its password error');
  await page.keyboard.press('Escape');
  await page.locator('#rotate-dialog').waitFor({ state: 'hidden' });
  await billing.locator('button[data-action="revoke"]').click();
  await page.locator('#revoke-dialog').waitFor({ state: 'visible' });
  await check('revoke dialog');
  await page.keyboard.press('Escape');
  await page.locator('#revoke-dialog').waitFor({ state: 'hidden' });
  await billing.locator('button[data-action="audit"]').click();
  await page.locator('#audit-list li').first().waitFor();
  await check('audit trail');
  await page.click('[data-action="audit-close"]');

  await openWebhooks(page, BI);
  await page.locator('#webhooks-list li').first().waitFor();
  await check('notifications panel with endpoints');
  await page.click('#webhook-form button[type="submit"]');
  await page.locator('#wh-url-error').waitFor({ state: 'visible' });
  await check('endpoint form with errors');
  await page.locator('#webhooks-list button[data-action="webhook-deliveries"]').first().click();
  await page.locator('#deliveries-section').waitFor({ state: 'visible' });
  await check('deliveries');
  await page.locator('#webhooks-list button[data-action="webhook-edit"]').first().click();
  await page.locator('#webhook-edit-dialog').waitFor({ state: 'visible' });
  await check('endpoint edit dialog');
  await page.keyboard.press('Escape');
  await page.locator('#webhook-edit-dialog').waitFor({ state: 'hidden' });
  await page.locator('#webhooks-list button[data-action="webhook-rotate"]').first().click();
  await page.locator('#webhook-rotate-dialog').waitFor({ state: 'visible' });
  await check('endpoint rotate dialog');
  await page.click('#webhook-rotate-form button[type="submit"]');
  await page.locator('#webhook-secret-dialog').waitFor({ state: 'visible' });
  await check('endpoint secret dialog');
  await page.click('#webhook-secret-dialog [data-action="webhook-secret-close"]');
  await page.locator('#webhook-secret-dialog').waitFor({ state: 'hidden' });
  await page.locator('#webhooks-list button[data-action="webhook-delete"]').first().click();
  await page.locator('#webhook-delete-dialog').waitFor({ state: 'visible' });
  await check('endpoint delete dialog');
  await page.keyboard.press('Escape');
  await page.locator('#webhook-delete-dialog').waitFor({ state: 'hidden' });
  await page.click('[data-action="webhooks-close"]');
  return found;
}

/** /docs with a try-it form sent (its answer shown) and an error example open. */
async function docsStates(page: Page): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  await page.goto(`${h.base}/docs`);
  await page.waitForSelector('body[data-rendered="true"]');
  // The whole reference as it opens is checked with every axe rule at both widths by
  // test/docs-page/docs-page.test.ts; here, the states an integrator's clicks make.
  const clientes = page.locator('article.operation[data-path="/v1/clientes"][data-method="get"]');
  await clientes.locator('details.try-it > summary').click();
  await clientes.getByRole('button', { name: 'Enviar' }).click();
  await clientes.locator('.result-body').waitFor();
  const example = clientes.locator('details.error-example > summary').first();
  if ((await example.count()) > 0) await example.click();
  // The rest of the page is as it opened: only the operation that changed is checked.
  found['a try-it answer and an error example open'] = await accessibilityProblems(
    page,
    'article.operation[data-path="/v1/clientes"][data-method="get"]',
  );
  return found;
}

/** Only the states with a violation, so that a failure names them. */
const violations = (found: Record<string, string[]>) => Object.fromEntries(Object.entries(found).filter(([, list]) => list.length > 0));

describe('axe-core: no WCAG 2.1 A/AA violation of any impact, in any state', () => {
  for (const [label, viewport] of [
    ['desktop (1280 px)', DESKTOP],
    ['phone (390 px)', PHONE],
  ] as const) {
    test(`/settings at ${label}: sign-in, list, forms with errors, every dialog, audit, notifications`, { skip }, async () => {
      const page = viewport === PHONE ? phone : desktop;
      const signedOut = await newPage(h, { viewport });
      try {
        const found = await settingsStates(page, signedOut.page);
        assert.ok(Object.keys(found).length >= 14, Object.keys(found).join(', '));
        assert.deepEqual(violations(found), {});
      } finally {
        await signedOut.context.close();
      }
    });

    test(`/docs at ${label}: the reference, a try-it answer, an error example`, { skip }, async () => {
      const { context, page } = await newPage(h, { viewport });
      try {
        assert.deepEqual(violations(await docsStates(page)), {});
      } finally {
        await context.close();
      }
    });
  }
});
