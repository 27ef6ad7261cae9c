import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import {
  accessibilityProblems,
  apiSignIn,
  getWithToken,
  newPage,
  requestToken,
  saoPauloDate,
  seedCompany,
  settingsApi,
  signIn,
  skipBrowser,
  startHarness,
  waitForFocus,
  type ApiSession,
  type Company,
  type Harness,
} from './harness.ts';

// The "Chamadas da API" view (requests-view.js), in Chromium against a running app whose request
// log holds real calls made here: a token and 50 reads of one credential, then a 404 and a 403
// (missing scope); a token and two reads of another. Newest first with status and code, "Carregar
// mais", the filters (4xx, request id, one credential from its row), the CSV link, the 30-day chart
// and its table, the "descartadas" line, axe at 1280 and 390 px, and the phone layout.
const skip = skipBrowser;

const ERP = 'ERP da matriz';
const BI = 'BI financeiro';
const READS = 50;

let h: Harness;
let company: Company;
let session: ApiSession;
let context: BrowserContext;
let page: Page;
let erpId = '';
let biId = '';
/** request ids of the ERP's reads, oldest first */
const erpReads: string[] = [];
let notFoundId = '';
let forbiddenId = '';

interface Row {
  at: string;
  cred: string;
  method: string;
  path: string;
  status: string;
  requestId: string;
}

before(async () => {
  if (skip) return;
  h = await startHarness();
  company = await seedCompany(h.t, 'chamadas');
  session = await apiSignIn(h.base, company.admin.email, company.admin.senha);
  const create = async (name: string): Promise<{ clientId: string; secret: string }> => {
    const res = await settingsApi(h.base, 'POST', '/credentials', {
      cookie: session.cookie,
      csrf: session.csrf,
      body: { name, scopes: ['clientes:ler'], allowed_ips: [], expires: null },
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const body = res.body as { credential: { client_id: string }; client_secret: string };
    return { clientId: body.credential.client_id, secret: body.client_secret };
  };
  const tokenOf = async (cred: { clientId: string; secret: string }): Promise<string> => {
    const res = await requestToken(h.base, cred.clientId, cred.secret);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return String(res.body.access_token);
  };
  const call = async (url: string, token: string, status: number): Promise<string> => {
    const res = await fetch(`${h.base}${url}`, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    assert.equal(res.status, status, url);
    return res.headers.get('x-request-id') ?? '';
  };

  // The other credential first, so that the ERP's calls are the newest.
  const bi = await create(BI);
  biId = bi.clientId;
  const biToken = await tokenOf(bi);
  assert.equal((await getWithToken(h.base, '/v1/clientes', biToken)).status, 200);
  assert.equal((await getWithToken(h.base, '/v1/clientes', biToken)).status, 200);

  const erp = await create(ERP);
  erpId = erp.clientId;
  const erpToken = await tokenOf(erp);
  for (let i = 0; i < READS; i++) erpReads.push(await call(`/v1/clientes?pagina=${i + 1}`, erpToken, 200));
  notFoundId = await call('/v1/clientes/999999', erpToken, 404);
  forbiddenId = await call('/v1/boletos', erpToken, 403);
  await h.t.requestLog?.flush();

  ({ context, page } = await newPage(h));
  await signIn(page, h.base, company.admin.email, company.admin.senha);
  await page.locator('#credentials-table').waitFor({ state: 'visible' });
});
after(async () => {
  if (skip) return;
  await context?.close();
  await h?.close();
});

/** ERP: token + 50 reads + 404 + 403; BI: token + 2 reads. */
const TOTAL = 1 + READS + 2 + 3;

async function rows(p: Page = page): Promise<Row[]> {
  return p.$$eval('#requests-body tr', (trs) =>
    trs.map((tr) => {
      const cells = Array.from(tr.querySelectorAll('td'));
      return {
        at: cells[0]?.querySelector('time')?.getAttribute('datetime') ?? '',
        cred: cells[1]?.textContent?.trim() ?? '',
        method: cells[2]?.textContent?.trim() ?? '',
        path: cells[3]?.textContent?.trim() ?? '',
        status: cells[4]?.textContent?.replace(/\s+/g, ' ').trim() ?? '',
        requestId: cells[7]?.querySelector('code')?.textContent?.trim() ?? '',
      };
    }),
  );
}

/** Waits until the list has this many rows and is not loading. */
async function waitForRows(count: number, p: Page = page): Promise<Row[]> {
  await p.waitForFunction(
    (n) =>
      document.querySelectorAll('#requests-body tr').length === n &&
      !document.getElementById('requests-table')?.hasAttribute('aria-busy') &&
      (n > 0 || !document.getElementById('requests-empty')?.hidden),
    count,
  );
  return rows(p);
}

async function openFromTopButton(p: Page = page): Promise<void> {
  await p.click('#requests-button');
  await p.locator('#requests-section').waitFor({ state: 'visible' });
  await waitForRows(50, p);
  await waitForFocus(p, '#requests-title');
}

async function applyFilters(values: { client?: string; status?: string; path?: string; requestId?: string }): Promise<void> {
  if (values.client !== undefined) await page.selectOption('#rq-client', values.client);
  if (values.status !== undefined) await page.selectOption('#rq-status', values.status);
  if (values.path !== undefined) await page.fill('#rq-path', values.path);
  if (values.requestId !== undefined) await page.fill('#rq-request-id', values.requestId);
  await page.click('#requests-filters button[type="submit"]');
}

const visible = (selector: string, p: Page = page) => p.locator(selector).isVisible();

describe('the "Chamadas da API" view', () => {
  test('the top-level button lists the calls newest first, with credential, status and code', { skip }, async () => {
    await openFromTopButton();
    const list = await rows();
    assert.equal(list.length, 50, 'the first page holds 50 calls');
    assert.deepEqual(
      list.slice(0, 3).map((r) => [r.cred, r.method, r.path, r.requestId]),
      [
        [ERP, 'GET', '/v1/boletos', forbiddenId],
        [ERP, 'GET', '/v1/clientes/999999', notFoundId],
        [ERP, 'GET', `/v1/clientes?pagina=${READS}`, erpReads[READS - 1]],
      ],
    );
    assert.equal(list[0]?.status, '403 escopo_insuficiente');
    assert.match(list[1]?.status ?? '', /^404 \S+$/);
    assert.equal(list[2]?.status, '200');
    const times = list.map((r) => Date.parse(r.at));
    assert.ok(
      times.every((t, i) => i === 0 || t <= (times[i - 1] as number)),
      'newest first',
    );
    // The date and time as São Paulo reads it.
    const shown = await page.locator('#requests-body tr').first().locator('time').textContent();
    const expected = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'medium', timeZone: 'America/Sao_Paulo' }).format(
      new Date(list[0]?.at ?? ''),
    );
    assert.equal(shown, expected);
    assert.ok(await visible('#requests-more'), '"Carregar mais" offered');
    assert.equal(await visible('#requests-dropped'), false, 'nothing dropped, no line');
    assert.equal(await visible('#requests-empty'), false);
    // At 1280 px every column shows: the list does not scroll sideways (the request id breaks at its hyphens).
    const scroll = await page.$eval('#requests-scroll', (e) => ({ scrollWidth: e.scrollWidth, clientWidth: e.clientWidth }));
    assert.ok(scroll.scrollWidth <= scroll.clientWidth + 1, JSON.stringify(scroll));
  });

  test('"Carregar mais" appends the next page below the first and goes when there is no more', { skip }, async () => {
    const first = await rows();
    await page.click('#requests-more');
    const all = await waitForRows(TOTAL);
    assert.deepEqual(all.slice(0, 50), first, 'the first page stays as it was');
    assert.deepEqual(
      all.slice(-3).map((r) => [r.cred, r.path]),
      [
        [BI, '/v1/clientes'],
        [BI, '/v1/clientes'],
        [BI, '/v1/oauth/token'],
      ],
    );
    assert.equal(new Set(all.map((r) => r.requestId)).size, TOTAL, 'no call twice');
    assert.equal(await visible('#requests-more'), false);
    assert.match((await page.locator('#requests-status').textContent()) ?? '', new RegExp(`${TOTAL} chamadas exibidas`));
  });

  test('filtering by 4xx shows only the errors, and the CSV link carries the filters', { skip }, async () => {
    await applyFilters({ status: '4xx' });
    const errors = await waitForRows(2);
    assert.deepEqual(
      errors.map((r) => r.requestId),
      [forbiddenId, notFoundId],
    );
    assert.ok(errors.every((r) => /^4\d\d /.test(r.status)));
    assert.equal(await visible('#requests-more'), false);

    await applyFilters({ client: erpId, path: '/v1/clientes' });
    assert.deepEqual(
      (await waitForRows(1)).map((r) => r.requestId),
      [notFoundId],
    );
    const href = (await page.locator('#requests-csv').getAttribute('href')) ?? '';
    const url = new URL(href, h.base);
    assert.equal(url.pathname, '/settings/api/requests.csv');
    assert.deepEqual(Object.fromEntries(url.searchParams), { client_id: erpId, status: '4xx', path: '/v1/clientes' });
    // The link downloads what the list shows.
    const csv = await context.request.get(url.toString());
    assert.equal(csv.status(), 200);
    const lines = (await csv.text()).trimEnd().split('\r\n');
    assert.equal(lines.length, 2, lines.join('\n'));
    assert.ok(lines[1]?.includes(notFoundId));
  });

  test('filtering by request_id shows that one call; its id copies', { skip }, async () => {
    await page.click('[data-action="requests-clear"]');
    await waitForRows(50);
    assert.equal(await page.locator('#rq-status').inputValue(), '');
    const wanted = erpReads[7] ?? '';
    await applyFilters({ requestId: wanted });
    const one = await waitForRows(1);
    assert.deepEqual(
      one.map((r) => [r.requestId, r.path, r.status]),
      [[wanted, '/v1/clientes?pagina=8', '200']],
    );
    assert.equal(new URL((await page.locator('#requests-csv').getAttribute('href')) ?? '', h.base).searchParams.get('request_id'), wanted);
    await page.click('#requests-body [data-action="requests-copy-id"]');
    await page.waitForFunction(() => /copiado/.test(document.getElementById('toast')?.textContent ?? ''));
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), wanted);
  });

  test('a filter with no match shows the empty state', { skip }, async () => {
    await applyFilters({ requestId: '', path: '/v1/nada' });
    await waitForRows(0);
    assert.ok(await visible('#requests-empty'));
    assert.equal(await visible('#requests-scroll'), false);
    await applyFilters({ path: '' });
    await waitForRows(50);
  });

  test("a credential's row action opens the view filtered to it, chart included", { skip }, async () => {
    await page.click('[data-action="requests-close"]');
    await page.locator('#requests-section').waitFor({ state: 'hidden' });
    const action = page.locator(`#credentials-body button[data-action="requests"][data-client-id="${biId}"]`);
    assert.equal(await action.getAttribute('aria-label'), `Chamadas da API de “${BI}”`);
    await action.click();
    const list = await waitForRows(3);
    assert.equal(await page.locator('#rq-client').inputValue(), biId);
    assert.deepEqual(
      list.map((r) => [r.cred, r.path]),
      [
        [BI, '/v1/clientes'],
        [BI, '/v1/clientes'],
        [BI, '/v1/oauth/token'],
      ],
    );
    await page.waitForFunction(() => /BI financeiro/.test(document.getElementById('requests-chart-title')?.textContent ?? ''));
    const today = await page.locator('#requests-daily-body tr').last().locator('td').allTextContents();
    assert.deepEqual(today, ['3', '0', '0']);
    assert.match((await page.locator('#requests-chart svg').getAttribute('aria-label')) ?? '', /BI financeiro.*3 chamadas/);
    // Closing it gives focus back to the row's button.
    await page.click('[data-action="requests-close"]');
    await waitForFocus(page, `button[data-action="requests"][data-client-id="${biId}"]`);
  });

  test("the chart: an SVG image with a summary, and a 30-row table whose today matches the log's", { skip }, async () => {
    await openFromTopButton();
    const svg = page.locator('#requests-chart svg');
    assert.equal(await svg.getAttribute('role'), 'img');
    const label = (await svg.getAttribute('aria-label')) ?? '';
    assert.match(label, new RegExp(`todas as credenciais.*${TOTAL} chamadas, 2 com erro e 0 com limite excedido`));
    const daily = await settingsApi(h.base, 'GET', '/requests/daily', { cookie: session.cookie });
    const dias = (daily.body as { dias: { dia: string; total: number; erros: number; limitadas: number }[] }).dias;
    assert.equal(dias.at(-1)?.dia, saoPauloDate());
    assert.deepEqual(dias.at(-1), { dia: saoPauloDate(), total: TOTAL, erros: 2, limitadas: 0 });

    const table = await page.$$eval('#requests-daily-body tr', (trs) =>
      trs.map((tr) => [
        tr.querySelector('time')?.getAttribute('datetime') ?? '',
        ...Array.from(tr.querySelectorAll('td')).map((td) => td.textContent),
      ]),
    );
    assert.equal(table.length, 30);
    assert.deepEqual(
      table.map((r) => r[0]),
      dias.map((d) => d.dia),
    );
    assert.deepEqual(table.at(-1), [saoPauloDate(), String(TOTAL), '2', '0']);
    // One bar group per day; today's has its successes and its errors.
    assert.equal(await svg.locator('g[data-dia]').count(), 30);
    assert.equal(await svg.locator(`g[data-dia="${saoPauloDate()}"] rect`).count(), 2);
    assert.equal(await page.locator('#requests-legend-error').textContent(), '2');
  });

  test('when the log dropped calls, the view says how many', { skip }, async () => {
    await page.click('[data-action="requests-close"]');
    // The log drops only under overload: the server's answer is altered on its way to the page.
    await page.route(/\/settings\/api\/requests(\?|$)/, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...body, descartadas: 12 } });
    });
    try {
      await openFromTopButton();
      const line = page.locator('#requests-dropped');
      await line.waitFor({ state: 'visible' });
      assert.match((await line.textContent()) ?? '', /^12 chamadas não foram registradas porque o registro ficou sobrecarregado\./);
    } finally {
      await page.unroute(/\/settings\/api\/requests(\?|$)/);
    }
  });

  for (const width of [1280, 390]) {
    test(`axe finds no violation in the view at ${width} px; screenshot`, { skip }, async () => {
      const phone = width < 600;
      const opened = await newPage(
        h,
        phone ? { viewport: { width, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {},
      );
      try {
        await signIn(opened.page, h.base, company.admin.email, company.admin.senha);
        await opened.page.locator('#credentials-table').waitFor({ state: 'visible' });
        await openFromTopButton(opened.page);
        assert.deepEqual(await accessibilityProblems(opened.page), [], `accessibility problems at ${width} px`);
        await opened.page.click('.chart-data summary');
        assert.deepEqual(await accessibilityProblems(opened.page), [], `accessibility problems at ${width} px, day table open`);
        await opened.page.click('.chart-data summary');
        // What the screen shows once the view opens: its top, the filters, the chart, the first calls.
        // On the phone the filters fill the first screen: from the chart down there.
        await opened.page.evaluate(
          (id) => document.getElementById(id)?.scrollIntoView({ block: 'start' }),
          phone ? 'requests-chart-title' : 'requests-section',
        );
        await opened.page.screenshot({ path: `/tmp/chamadas-${width}.png` });
      } finally {
        await opened.context.close();
      }
    });
  }

  test('at 390 px nothing is cut off: filters stack, the list scrolls inside a focusable, named box', { skip }, async () => {
    const opened = await newPage(h, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const p = opened.page;
    try {
      await signIn(p, h.base, company.admin.email, company.admin.senha);
      await p.locator('#credentials-table').waitFor({ state: 'visible' });
      await openFromTopButton(p);
      const layout = await p.evaluate(() => {
        const root = document.documentElement;
        const box = document.getElementById('requests-scroll') as HTMLElement;
        const section = document.getElementById('requests-section') as HTMLElement;
        const clipped = Array.from(section.querySelectorAll('*'))
          .filter((el) => {
            if (box.contains(el) || el.closest('[hidden]') || el.closest('.visually-hidden') || el.closest('details:not([open]) > table'))
              return false;
            const r = el.getBoundingClientRect();
            return r.width > 0 && (r.left < -1 || r.right > root.clientWidth + 1);
          })
          .map((el) => `${el.tagName.toLowerCase()}#${el.id}.${el.className}`);
        const fields = Array.from(document.querySelectorAll('#requests-filters .field')).map((f) => f.getBoundingClientRect());
        const boxRect = box.getBoundingClientRect();
        return {
          pageScrolls: Math.max(root.scrollWidth, document.body.scrollWidth) > root.clientWidth,
          clipped,
          fieldLefts: fields.map((r) => Math.round(r.left)),
          fieldTops: fields.map((r) => Math.round(r.top)),
          box: {
            scrollWidth: box.scrollWidth,
            clientWidth: box.clientWidth,
            tabIndex: box.tabIndex,
            role: box.getAttribute('role'),
            overflowX: getComputedStyle(box).overflowX,
            inside: boxRect.left >= 0 && boxRect.right <= root.clientWidth,
          },
        };
      });
      assert.equal(layout.pageScrolls, false, 'the page itself does not scroll sideways');
      assert.deepEqual(layout.clipped, [], 'nothing outside the list box goes past the screen');
      assert.equal(new Set(layout.fieldLefts).size, 1, `filters stacked: ${JSON.stringify(layout.fieldLefts)}`);
      assert.ok(
        layout.fieldTops.every((t, i) => i === 0 || t > (layout.fieldTops[i - 1] as number)),
        'one filter under another',
      );
      assert.ok(layout.box.scrollWidth > layout.box.clientWidth, 'the list is wider than its box, which scrolls');
      assert.equal(layout.box.overflowX, 'auto');
      assert.equal(layout.box.tabIndex, 0);
      assert.equal(layout.box.role, 'region');
      assert.ok(layout.box.inside);
      const name = await p
        .locator('#requests-scroll')
        .evaluate((el) => document.getElementById(el.getAttribute('aria-labelledby') ?? '')?.textContent);
      assert.match(name ?? '', /Chamadas/);
      // The keyboard scrolls it.
      await p.focus('#requests-scroll');
      await p.keyboard.press('ArrowRight');
      await p.keyboard.press('ArrowRight');
      await p.waitForFunction(() => (document.getElementById('requests-scroll') as HTMLElement).scrollLeft > 0);
      // The chart fits the screen.
      const chart = await p.locator('#requests-chart svg').boundingBox();
      assert.ok(chart !== null && chart.x >= 0 && chart.x + chart.width <= 390, JSON.stringify(chart));
    } finally {
      await opened.context.close();
    }
  });
});
