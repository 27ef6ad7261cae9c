import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium, type Browser, type Page } from 'playwright-core';
import { TestApp } from '../helpers/test-app.ts';
import { staticPageCases } from '../helpers/static-page-cases.ts';

// GET /docs: the API reference page, over the app itself and in a real Chromium.
const CHROMIUM = '/usr/bin/chromium';
const skipBrowser: string | false = fs.existsSync(CHROMIUM) ? false : 'chromium not installed';
const ARTIFACTS = path.resolve('test-artifacts/docs');
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

interface OpenApiDoc {
  paths: Record<string, Record<string, { parameters?: { name: string }[]; security?: Record<string, string[]>[] }>>;
}

describe('GET /docs over HTTP', () => {
  let t: TestApp;
  before(async () => {
    t = await TestApp.start();
  });
  after(async () => t.close());

  staticPageCases(() => t, {
    url: '/docs',
    css: 'docs.css',
    js: ['docs.js'],
    entry: 'docs.js',
    notAssets: [
      '/docs/assets/other.js',
      '/docs/assets/index.html',
      '/docs/assets/docs-page.routes.ts',
      '/docs/assets/..%2Fdocs-page.routes.ts',
      '/docs/other',
    ],
  });

  test('the page is not part of the OpenAPI description', async () => {
    const doc = (await t.get('/openapi.json')).json() as OpenApiDoc;
    assert.ok(!Object.keys(doc.paths).some((p) => p.startsWith('/docs')));
  });
});

describe('GET /docs in Chromium', { skip: skipBrowser }, () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let doc: OpenApiDoc;
  before(async () => {
    t = await TestApp.start();
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    doc = (await t.get('/openapi.json')).json() as OpenApiDoc;
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  /** Opens /docs at a width, collecting console errors and failed requests, until rendered. */
  async function open(width: number, height: number): Promise<{ page: Page; problems: string[]; close(): Promise<void> }> {
    const context = await browser.newContext({ viewport: { width, height }, locale: 'pt-BR' });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`console ${msg.type()}: ${msg.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    page.on('requestfailed', (req) => problems.push(`request failed: ${req.url()}`));
    page.on('request', (req) => {
      if (!req.url().startsWith(base)) problems.push(`request elsewhere: ${req.url()}`);
    });
    await page.goto(`${base}/docs`);
    await page.waitForSelector('body[data-rendered]');
    assert.equal(await page.getAttribute('body', 'data-rendered'), 'true');
    return { page, problems, close: () => context.close() };
  }

  test('desktop: every path, the scopes, the parameters and the responses are shown', async () => {
    const { page, problems, close } = await open(1280, 900);
    try {
      const text = await page.locator('main').innerText();
      const paths = Object.keys(doc.paths);
      assert.ok(paths.length >= 10);
      for (const p of [...paths, '/v1/clientes', '/v1/contas-receber', '/v1/oauth/token']) {
        assert.ok(
          (await page.locator('code.path', { hasText: new RegExp(`^${p.replace(/[{}]/g, '\\$&')}$`) }).count()) >= 1,
          `path ${p} is shown`,
        );
      }
      // One article per operation, each with the scope of its security[0].oauth2[0].
      const ops = Object.values(doc.paths).flatMap((m) => Object.values(m));
      assert.equal(await page.locator('article.operation').count(), ops.length);
      for (const op of ops) {
        const scope = op.security?.[0]?.oauth2?.[0];
        if (scope !== undefined) assert.ok((await page.locator('code.scope', { hasText: scope }).count()) >= 1, scope);
      }
      assert.ok((await page.locator('code.scope', { hasText: 'contas-receber:ler' }).count()) >= 1);
      assert.ok((await page.locator('code.param-name', { hasText: 'data_inicio' }).count()) >= 1);
      // Security schemes: token URL and the scopes table.
      assert.match(text, /URL do token: POST \/v1\/oauth\/token/);
      assert.ok((await page.locator('.table-scopes code', { hasText: 'boletos:ler' }).count()) === 1);
      // The description's bullets and code spans became elements, not literal markdown.
      assert.ok((await page.locator('#api-description ul li').count()) >= 5);
      assert.ok((await page.locator('#api-description code', { hasText: 'requisicao_invalida' }).count()) >= 1);
      assert.doesNotMatch(await page.locator('#api-description').innerText(), /`/);
      // Enum values and limits of a parameter; response codes.
      const contas = page.locator('article', { has: page.locator('code.path', { hasText: /^\/v1\/contas-receber$/ }) });
      assert.match(await contas.innerText(), /vencido/);
      assert.match(await contas.innerText(), /máx\. 200/);
      assert.match(await contas.locator('.table-responses').innerText(), /429/);
      // The sidebar names every tag and its anchor reaches the section.
      const navTags = await page.locator('#nav-list a').allInnerTexts();
      for (const tag of ['OAuth', 'Clientes', 'Contas a receber', 'Boletos']) assert.ok(navTags.includes(tag), tag);
      await page.click('#nav-list a:text-is("Contas a receber")');
      assert.equal(new URL(page.url()).hash, '#tag-contas-a-receber');
      await page.screenshot({ path: path.join(ARTIFACTS, 'docs-desktop.png'), fullPage: true });
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  test('phone (375 px): no horizontal scroll, no console errors', async () => {
    const { page, problems, close } = await open(375, 740);
    try {
      assert.ok(await page.getByText('/v1/contas-receber', { exact: true }).first().isVisible());
      const widths = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      assert.ok(widths.scroll <= widths.client, `page scrolls sideways: ${widths.scroll} > ${widths.client}`);
      // No element pokes out of the viewport either (an overflow hidden by a scroll container counts as fine).
      const wide = await page.evaluate(() =>
        [...document.querySelectorAll('main *, nav *')]
          .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
          .filter(
            (e) =>
              !e.closest('.table-wrap') ||
              e.closest('.table-wrap')!.getBoundingClientRect().right > document.documentElement.clientWidth + 1,
          )
          .map((e) => `${e.tagName}.${e.className}`)
          .slice(0, 5),
      );
      assert.deepEqual(wide, []);
      await page.screenshot({ path: path.join(ARTIFACTS, 'docs-phone.png'), fullPage: true });
      await page.screenshot({ path: path.join(ARTIFACTS, 'docs-phone-top.png') });
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });
});
