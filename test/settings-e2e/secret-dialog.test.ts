import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import type { BrowserContext, Page } from 'playwright-core';
import { API_BASE_PATH, TOKEN_PATH } from '../../src/domain/api-paths.ts';
import {
  apiSignIn,
  getWithToken,
  newPage,
  pageLeaks,
  screenshot,
  seedCompany,
  settingsApi,
  signIn,
  skipBrowser,
  startHarness,
  type Company,
  type Harness,
} from './harness.ts';

// What the page gives an administrator to use a credential with: the token URL and a ready curl
// line beside the secret (wiped with it), copy buttons for the client id, client ids that never
// break across lines, and a "Revogar" that looks as final as it is.
const skip = skipBrowser;
const CURL = '/usr/bin/curl';
const skipCurl = skip || (fs.existsSync(CURL) ? false : 'curl not installed');

let h: Harness;
let company: Company;
// One signed-in page for the whole file: sign-ins are limited per account (5 a minute).
let context: BrowserContext;
let page: Page;
/** every URL the browser requested: a secret must never be in one */
const requested: string[] = [];

before(async () => {
  if (skip) return;
  h = await startHarness();
  company = await seedCompany(h.t, 'dialog');
  // A long name beside the client id, so the name cell has something to squeeze it with.
  const s = await apiSignIn(h.base, company.admin.email, company.admin.senha);
  const res = await settingsApi(h.base, 'POST', '/credentials', {
    cookie: s.cookie,
    csrf: s.csrf,
    body: { name: 'Integração com o sistema de cobrança terceirizado da filial', scopes: ['os:ler'], allowed_ips: [], expires: null },
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  ({ context, page } = await newPage(h));
  page.on('request', (r) => requested.push(r.url()));
  await signIn(page, h.base, company.admin.email, company.admin.senha);
});
after(async () => {
  if (skip) return;
  await context.close();
  await h.close();
});

/** Creates a credential through the page's form (a scope that asks no password) and waits for its secret dialog. */
async function createThroughPage(page: Page, name: string): Promise<{ clientId: string; secret: string }> {
  await page.click('#new-credential-button');
  await page.fill('#cred-name', name);
  await page.check('input[value="clientes:ler"]');
  await page.click('#form-submit');
  await page.locator('#secret-dialog').waitFor({ state: 'visible' });
  const clientId = ((await page.locator('#secret-client-id').textContent()) ?? '').trim();
  const secret = ((await page.locator('#secret-value').textContent()) ?? '').trim();
  assert.match(clientId, /^ae_live_[A-Za-z0-9_-]{22}$/);
  assert.match(secret, /^ae_sk_[A-Za-z0-9_-]{43}$/);
  return { clientId, secret };
}

/** How an element lays out its text: lines it takes, whether it is clipped, its white-space rule. */
async function layoutOf(page: Page, selector: string): Promise<{ lines: number; clipped: boolean; whiteSpace: string; text: string }> {
  return page.locator(selector).evaluate((el) => {
    const style = getComputedStyle(el);
    const range = document.createRange();
    range.selectNodeContents(el);
    // One rectangle per line box the text occupies (a wrapped token gives two or more).
    const tops = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
    return { lines: tops.size, clipped: el.scrollWidth > el.clientWidth, whiteSpace: style.whiteSpace, text: el.textContent ?? '' };
  });
}

/** The curl line's words, as a shell splits this one (no quotes: ids, secrets and the URL need none). */
function curlWords(line: string): { user: string; data: string; url: string } {
  const words = line.split(' ');
  assert.equal(words.length, 6, line);
  const [curl, u, user, d, data, url] = words;
  assert.deepEqual([curl, u, d], ['curl', '-u', '-d'], line);
  return { user: user ?? '', data: data ?? '', url: url ?? '' };
}

describe('the secret dialog: what to do with the secret', () => {
  let curlLine = '';
  let clientId = '';

  test(
    'shows the token URL and the API base of this server, and a curl line that passes the credentials by HTTP Basic',
    { skip },
    async () => {
      const shown = await createThroughPage(page, 'ERP com curl');
      clientId = shown.clientId;
      assert.equal(await page.locator('#secret-token-url').textContent(), `${h.base}${TOKEN_PATH}`);
      assert.equal(await page.locator('#secret-api-base').textContent(), `${h.base}${API_BASE_PATH}`);
      curlLine = (await page.locator('#secret-curl').textContent()) ?? '';
      assert.equal(curlLine, `curl -u ${shown.clientId}:${shown.secret} -d grant_type=client_credentials ${h.base}${TOKEN_PATH}`);
      const { user, data, url } = curlWords(curlLine);
      assert.equal(new URL(url).search, '', 'nothing in the URL');
      assert.ok(!url.includes(shown.secret) && !data.includes(shown.secret), 'the secret travels only in -u');
      assert.equal(user, `${shown.clientId}:${shown.secret}`);
      await screenshot(page, '11-secret-dialog-curl');

      // The copy buttons of the dialog: the command, and the client id.
      await page.click('#secret-dialog [data-action="secret-copy-curl"]');
      await page.locator('#secret-copy-status', { hasText: 'Comando copiado' }).waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), curlLine);
      await page.click('#secret-dialog [data-action="secret-copy-client-id"]');
      await page.locator('#secret-copy-status', { hasText: 'Client ID copiado' }).waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), shown.clientId);

      // Closed, the curl line goes with the secret: nothing of it stays in the page or a URL.
      await page.click('#secret-dialog [data-action="secret-close"]');
      await page.locator('#secret-dialog').waitFor({ state: 'hidden' });
      assert.equal(await page.locator('#secret-curl').textContent(), '');
      assert.deepEqual(await pageLeaks(page, shown.secret), []);
      assert.ok(!requested.some((u) => u.includes(shown.secret)), 'the secret was in a URL');
    },
  );

  test(
    'the curl line gets a token: its request, made as curl makes it, is answered 200 and the token reads the API',
    { skip },
    async () => {
      assert.ok(curlLine !== '', 'the test before read the line');
      const { user, data, url } = curlWords(curlLine);
      // curl -u: Basic with "user:password" as given; -d: a form body, POST, this content type.
      const res = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(user).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: data,
      });
      const body = (await res.json()) as { access_token: string; token_type: string; scope: string };
      assert.equal(res.status, 200, JSON.stringify(body));
      assert.equal(body.token_type, 'Bearer');
      assert.equal(body.scope, 'clientes:ler');
      assert.equal((await getWithToken(h.base, '/v1/clientes', body.access_token)).status, 200);
    },
  );

  test('the curl line, run by curl itself, gets a token', { skip: skipCurl }, async () => {
    const { stdout } = await promisify(execFile)(CURL, [...curlLine.split(' ').slice(1), '--silent', '--show-error'], { timeout: 15_000 });
    const body = JSON.parse(stdout) as { access_token?: string };
    assert.match(body.access_token ?? '', /^ae_at_/, stdout);
  });

  test('the client id has a copy button in its row', { skip }, async () => {
    const button = page.locator(`#credentials-body button[data-action="copy-client-id"][data-client-id="${clientId}"]`);
    assert.equal(await button.getAttribute('aria-label'), 'Copiar client ID de “ERP com curl”');
    await button.click();
    await page.locator('#toast', { hasText: 'Client ID de “ERP com curl” copiado.' }).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), clientId);
    await screenshot(page, '13-list-copy-client-id');
  });
});

describe('client ids never break across lines', () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 360, height: 780 },
  ]) {
    test(`at ${viewport.width} px: in every row, in the secret dialog, each on one line and whole`, { skip }, async () => {
      await page.setViewportSize(viewport);
      await page.locator('#credentials-body tr').nth(1).waitFor();
      const rows = await page.locator('#credentials-body .client-id').count();
      assert.ok(rows >= 2);
      for (let i = 0; i < rows; i++) {
        const layout = await layoutOf(page, `#credentials-body tr:nth-child(${i + 1}) .client-id`);
        assert.equal(layout.whiteSpace, 'nowrap', layout.text);
        assert.equal(layout.lines, 1, `${layout.text} takes ${layout.lines} lines`);
        assert.equal(layout.clipped, false, `${layout.text} is cut off`);
      }
      const shown = await createThroughPage(page, `Largura ${viewport.width}`);
      for (const selector of ['#secret-client-id', '#secret-token-url']) {
        const layout = await layoutOf(page, selector);
        assert.equal(layout.lines, 1, `${selector} takes ${layout.lines} lines`);
      }
      assert.equal((await layoutOf(page, '#secret-client-id')).clipped, false, 'the client id is whole');
      // The curl line may wrap between its words, never inside one (ids and secrets hold hyphens).
      const words = await page
        .locator('#secret-curl .word')
        .evaluateAll((spans) => spans.map((s) => ({ text: s.textContent, rects: s.getClientRects().length })));
      assert.equal(words.map((w) => w.text).join(' '), await page.locator('#secret-curl').textContent());
      assert.deepEqual(
        words.filter((w) => w.rects !== 1),
        [],
        'a word of the curl line broke across lines',
      );
      // The dialog fits the screen; whatever is wider scrolls inside its own box.
      const box = await page.locator('#secret-dialog').boundingBox();
      assert.ok(box !== null && box.x >= 0 && box.x + box.width <= viewport.width, `dialog: ${JSON.stringify(box)}`);
      const pageWidth = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      assert.ok(pageWidth.scroll <= pageWidth.client, JSON.stringify(pageWidth));
      if (viewport.width === 360) await screenshot(page, '12-phone-secret-dialog');
      await page.click('#secret-dialog [data-action="secret-close"]');
      await page.locator('#secret-dialog').waitFor({ state: 'hidden' });
      assert.deepEqual(await pageLeaks(page, shown.secret), []);
    });
  }
});

describe('"Revogar" looks destructive', () => {
  test('red text and border in each row, unlike the other row actions', { skip }, async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const row = page.locator('#credentials-body tr').first();
    await row.waitFor();
    const colours = (selector: string) =>
      row.locator(selector).evaluate((el) => {
        const style = getComputedStyle(el);
        return { color: style.color, border: style.borderTopColor };
      });
    const danger = await page.evaluate(() => {
      // The page's own danger colour, as the browser resolves it.
      const probe = document.createElement('span');
      probe.style.color = 'var(--danger)';
      document.body.append(probe);
      const color = getComputedStyle(probe).color;
      probe.remove();
      return color;
    });
    assert.equal(danger, 'rgb(179, 38, 30)');
    assert.deepEqual(await colours('button[data-action="revoke"]'), { color: danger, border: danger });
    for (const action of ['edit', 'rotate', 'audit']) {
      const other = await colours(`button[data-action="${action}"]`);
      assert.notEqual(other.color, danger, action);
    }
    // The confirmation inside the dialog is the solid danger button.
    await row.locator('button[data-action="revoke"]').click();
    const confirm = page.locator('#revoke-form button[type="submit"]');
    await confirm.waitFor();
    assert.equal(await confirm.evaluate((el) => getComputedStyle(el).backgroundColor), danger);
    await page.keyboard.press('Escape');
    await page.locator('#revoke-dialog').waitFor({ state: 'hidden' });
  });
});
