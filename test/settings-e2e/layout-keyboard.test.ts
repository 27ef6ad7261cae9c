import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import {
  accessibilityProblems,
  apiSignIn,
  newPage,
  pageLeaks,
  saoPauloDate,
  screenshot,
  seedCompany,
  settingsApi,
  skipBrowser,
  startHarness,
  tabTo,
  type Company,
  type Harness,
  waitForFocus,
} from './harness.ts';

// Phone width, keyboard only, labels and focus.
const skip = skipBrowser;

let h: Harness;
let phone: Company;
let keys: Company;

before(async () => {
  if (skip) return;
  h = await startHarness();
  phone = await seedCompany(h.t, 'phone');
  keys = await seedCompany(h.t, 'keys');
  // A few credentials with long values, one expiring soon, so the phone layout has something to wrap.
  const s = await apiSignIn(h.base, phone.admin.email, phone.admin.senha);
  const create = async (body: Record<string, unknown>) => {
    const res = await settingsApi(h.base, 'POST', '/credentials', { cookie: s.cookie, csrf: s.csrf, body });
    assert.equal(res.status, 201, JSON.stringify(res.body));
  };
  await create({
    name: 'Integração com o sistema de cobrança terceirizado da filial',
    scopes: ['contas-receber:ler', 'boletos:ler', 'clientes:ler'],
    allowed_ips: ['2001:db8:1234:5678::/64', '203.0.113.10'],
    expires: saoPauloDate(2),
    senha_atual: phone.admin.senha,
  });
  await create({ name: 'BI', scopes: ['os:ler', 'produtos:ler', 'servicos:ler'], allowed_ips: [], expires: null });
});
after(async () => {
  if (skip) return;
  await h.close();
});

async function horizontalOverflow(page: Page): Promise<{ scrollWidth: number; clientWidth: number; offenders: string[] }> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const offenders = Array.from(document.querySelectorAll('body *'))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.right > root.clientWidth + 1 && !el.closest('[hidden]');
      })
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}#${el.id}.${el.className}`);
    return { scrollWidth: Math.max(root.scrollWidth, document.body.scrollWidth), clientWidth: root.clientWidth, offenders };
  });
}

async function signInByKeyboard(page: Page, email: string, senha: string): Promise<void> {
  await page.goto(`${h.base}/settings`);
  await page.locator('#view-signin').waitFor({ state: 'visible' });
  // The e-mail field has focus when the sign-in view opens.
  await waitForFocus(page, '#signin-email');
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await waitForFocus(page, '#signin-senha');
  await page.keyboard.type(senha);
  await page.keyboard.press('Enter');
  await page.locator('#view-main').waitFor({ state: 'visible' });
  // The page moves focus to the title once the list has loaded; a key pressed before that
  // would land wherever focus was, so keyboard tests start from there.
  await waitForFocus(page, '#main-title');
}

describe('phone width', () => {
  for (const width of [375, 360]) {
    test(`at ${width} px nothing scrolls sideways: sign-in, card list, banner, form and dialogs`, { skip }, async () => {
      const { context, page } = await newPage(h, {
        viewport: { width, height: 780 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      });
      try {
        await page.goto(`${h.base}/settings`);
        await page.locator('#view-signin').waitFor({ state: 'visible' });
        let overflow = await horizontalOverflow(page);
        assert.ok(overflow.scrollWidth <= overflow.clientWidth, `sign-in: ${JSON.stringify(overflow)}`);

        await page.fill('#signin-email', phone.admin.email);
        await page.fill('#signin-senha', phone.admin.senha);
        await page.press('#signin-senha', 'Enter');
        await page.locator('#credentials-table').waitFor({ state: 'visible' });
        await page.locator('#expiring-banner').waitFor({ state: 'visible' });
        // Card layout: the table header is visually hidden and every cell carries its label.
        const display = await page
          .locator('#credentials-body tr')
          .first()
          .evaluate((el) => getComputedStyle(el).display);
        assert.equal(display, 'block');
        overflow = await horizontalOverflow(page);
        assert.ok(overflow.scrollWidth <= overflow.clientWidth, `list: ${JSON.stringify(overflow)}`);
        if (width === 375) await screenshot(page, '09-phone-list');

        await page.click('#new-credential-button');
        await page.check('input[value="boletos:ler"]');
        await page.fill('#cred-ips', 'isto não é um IP de jeito nenhum, nem de longe, nem de perto, nem aqui');
        await page.click('#form-submit');
        await page.locator('#cred-ips-error').waitFor({ state: 'visible' });
        overflow = await horizontalOverflow(page);
        assert.ok(overflow.scrollWidth <= overflow.clientWidth, `form: ${JSON.stringify(overflow)}`);
        if (width === 375) await screenshot(page, '10-phone-form');
        await page.click('[data-action="form-cancel"]');

        await page.locator('#credentials-body button[data-action="revoke"]').first().click();
        await page.locator('#revoke-dialog').waitFor({ state: 'visible' });
        const box = await page.locator('#revoke-dialog').boundingBox();
        assert.ok(box !== null && box.x >= 0 && box.x + box.width <= width, `dialog: ${JSON.stringify(box)}`);
        await page.keyboard.press('Escape');
      } finally {
        await context.close();
      }
    });
  }
});

describe('keyboard and labels', () => {
  test('keyboard only: sign in, create a credential (Tab, Space, Enter), read and close the secret', { skip }, async () => {
    const { context, page } = await newPage(h);
    try {
      await signInByKeyboard(page, keys.admin.email, keys.admin.senha);
      await page.locator('#credentials-empty').waitFor({ state: 'visible' });

      await tabTo(page, '#new-credential-button');
      await page.keyboard.press('Enter');
      await page.locator('#form-section').waitFor({ state: 'visible' });
      await waitForFocus(page, '#cred-name');
      await page.keyboard.type('Integração por teclado');

      await tabTo(page, 'input[value="os:ler"]');
      await page.keyboard.press('Space');
      await tabTo(page, 'input[value="contas-pagar:ler"]');
      await page.keyboard.press('Space');
      assert.equal(await page.isChecked('input[value="os:ler"]'), true);
      assert.equal(await page.isChecked('input[value="contas-pagar:ler"]'), true);
      // A sensitive scope makes the password field appear, and Tab reaches it.
      await tabTo(page, '#cred-ips');
      await page.keyboard.type('192.168.0.0/16');
      await tabTo(page, '#cred-senha');
      await page.keyboard.type(keys.admin.senha);
      await page.keyboard.press('Enter');

      await page.locator('#secret-dialog').waitFor({ state: 'visible' });
      await waitForFocus(page, '[data-action="secret-copy"]');
      const secret = ((await page.locator('#secret-value').textContent()) ?? '').trim();
      assert.ok(secret.length >= 32);
      await page.keyboard.press('Enter'); // copy
      await page.locator('#secret-copy-status', { hasText: 'copiado' }).waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), secret);
      await page.evaluate(() => navigator.clipboard.writeText(''));
      await page.keyboard.press('Tab');
      await waitForFocus(page, '[data-action="secret-close"]');
      await page.keyboard.press('Enter');
      await page.locator('#secret-dialog').waitFor({ state: 'hidden' });
      await waitForFocus(page, '#new-credential-button');
      assert.deepEqual(await pageLeaks(page, secret), []);

      const row = page.locator('#credentials-body tr', { hasText: 'Integração por teclado' });
      await row.waitFor();
      assert.match(await row.innerText(), /192\.168\.0\.0\/16/);

      // Escape closes a dialog and focus goes back to the button that opened it.
      await tabTo(page, 'button[data-action="revoke"]');
      await page.keyboard.press('Enter');
      await page.locator('#revoke-dialog').waitFor({ state: 'visible' });
      await page.keyboard.press('Escape');
      await page.locator('#revoke-dialog').waitFor({ state: 'hidden' });
      await waitForFocus(page, '[data-action="revoke"]');
    } finally {
      await context.close();
    }
  });

  test('focus is visible, and every field of every view is labelled', { skip }, async () => {
    const { context, page } = await newPage(h);
    try {
      await signInByKeyboard(page, keys.admin.email, keys.admin.senha);
      await tabTo(page, '#new-credential-button');
      const outline = await page.evaluate(() => {
        const style = getComputedStyle(document.activeElement as Element);
        return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
      });
      assert.notEqual(outline.style, 'none');
      assert.ok(outline.width >= 2);
      await page.keyboard.press('Enter');
      await page.locator('#form-section').waitFor({ state: 'visible' });
      await page.check('input[value="boletos:ler"]');
      const unlabelled = await page.evaluate(() =>
        Array.from(document.querySelectorAll('input, textarea, select'))
          .filter(
            (el) => (el as HTMLInputElement).labels?.length === 0 && !el.getAttribute('aria-label') && !el.getAttribute('aria-labelledby'),
          )
          .map((el) => el.outerHTML),
      );
      assert.deepEqual(unlabelled, []);
      // Described fields point at elements that exist.
      const dangling = await page.evaluate(() =>
        Array.from(document.querySelectorAll('[aria-describedby]')).flatMap((el) =>
          (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter((id) => id !== '' && document.getElementById(id) === null),
        ),
      );
      assert.deepEqual(dangling, []);
    } finally {
      await context.close();
    }
  });
  test('axe-core finds no WCAG 2.1 A/AA violation: sign-in, list, form with errors, revoke dialog', { skip }, async () => {
    const { context, page } = await newPage(h);
    try {
      await page.goto(`${h.base}/settings`);
      await page.locator('#view-signin').waitFor({ state: 'visible' });
      assert.deepEqual(await accessibilityProblems(page), [], 'sign-in');
      await signInByKeyboard(page, phone.admin.email, phone.admin.senha);
      await page.locator('#expiring-banner').waitFor({ state: 'visible' });
      assert.deepEqual(await accessibilityProblems(page), [], 'list with the expiry banner');
      await page.click('#new-credential-button');
      await page.check('input[value="boletos:ler"]');
      await page.fill('#cred-ips', 'não é um IP');
      await page.click('#form-submit');
      await page.locator('#cred-ips-error').waitFor({ state: 'visible' });
      assert.deepEqual(await accessibilityProblems(page), [], 'form with errors');
      await page.click('[data-action="form-cancel"]');
      await page.locator('#credentials-body button[data-action="revoke"]').first().click();
      await page.locator('#revoke-dialog').waitFor({ state: 'visible' });
      assert.deepEqual(await accessibilityProblems(page), [], 'revoke dialog');
      await page.keyboard.press('Escape');
    } finally {
      await context.close();
    }
  });
});
