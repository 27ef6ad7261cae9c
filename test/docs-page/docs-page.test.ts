import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium, type Browser, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { TestApp, type TestCredential } from '../helpers/test-app.ts';
import { staticPageCases } from '../helpers/static-page-cases.ts';
import { DATA_ERRORS } from '../../src/errors/catalogue.ts';
import {
  DATA_RATE_LIMIT,
  MAX_PAGE_SIZE,
  MAX_WEBHOOKS_PER_CREDENTIAL,
  TOKEN_LIFETIME_SECONDS,
  WEBHOOK_DELIVERY_LOG_SIZE,
} from '../../src/domain/limits.ts';

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
const MODULES = ['docs.js', 'dom.js', 'schema.js', 'operation.js', 'samples.js', 'try-it.js', 'nav.js'];
/** The pages' shared base (src/page-base/), as this page serves it (test/settings-e2e/page-base.test.ts). */
const BASE = ['/docs/page-base/base.css', '/docs/page-base/dom.js'];
/** The code samples' tabs of every operation, in order (src/docs-page/samples.js). */
const LANGUAGE_TABS = [
  'curl',
  'Python · cliente',
  'Python · requests',
  'PHP · cliente',
  'PHP · curl',
  'C# · HttpClient',
  'JavaScript · fetch',
];
/** axe-core's own build, evaluated in the page (evaluate is not bound by the page's Content-Security-Policy). */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Every axe-core rule (WCAG A and AA, best practices) on the page as it stands: one line per
 * violation and element, whatever its impact. Run as a string: tsx would wrap a named function in
 * a `__name` call the page lacks.
 */
async function accessibilityProblems(page: Page): Promise<string[]> {
  if ((await page.evaluate('typeof window.axe')) === 'undefined') await page.evaluate(AXE_SOURCE);
  return (await page.evaluate(`(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.flatMap((v) => v.nodes.map((n) => v.id + ' (' + v.impact + '): ' + n.target.join(' ') + ' - ' + n.failureSummary));
  })()`)) as string[];
}

/** A decision id (D1–D99), which integrators cannot look up: the page states rules instead. */
const DECISION_ID = /\bD\d{1,2}\b/;

type Json = Record<string, unknown>;
interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  [key: string]: unknown;
}
interface Operation {
  operationId?: string;
  description?: string;
  summary?: string;
  parameters?: Parameter[];
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema; example?: unknown }> }>;
}
type Parameter = { name: string; in: string; required?: boolean };
interface OpenApiDoc {
  servers?: { url: string }[];
  paths: Record<
    string,
    { [method: string]: Operation | Parameter[] | undefined; get?: Operation; post?: Operation; parameters?: Parameter[] }
  >;
  components: { schemas?: Record<string, Schema>; [key: string]: unknown };
  webhooks?: Record<string, { post?: Operation }>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation of a document, with the parameters it has (the path's ones first). */
const operations = (doc: OpenApiDoc) =>
  Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({
        path: p,
        method,
        op: op as Operation,
        parameters: [...(item.parameters ?? []), ...((op as Operation).parameters ?? [])],
      })),
  );

/** A schema with its local $ref followed, and the non-null branch of `X | null`. */
function resolve(doc: OpenApiDoc, schema: Schema | undefined): Schema {
  let s = schema ?? {};
  while (typeof s.$ref === 'string') {
    s = s.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => (node as Json)[key], doc) as Schema;
  }
  // `T or null` (anyOf or oneOf with a null branch) reads as T: the page expands its fields.
  const alts = (s.anyOf ?? s.oneOf)?.filter((a) => a.type !== 'null');
  return alts?.length === 1 ? resolve(doc, alts[0]) : s;
}

/** The field paths a reader should find for an object schema (`data[].cedente.nome`). */
function fieldPaths(doc: OpenApiDoc, schema: Schema | undefined, prefix = ''): string[] {
  const s = resolve(doc, schema);
  return Object.entries(s.properties ?? {}).flatMap(([name, prop]) => {
    const inner = resolve(doc, prop);
    const items = inner.items ? resolve(doc, inner.items) : undefined;
    return [
      prefix + name,
      ...(inner.properties ? fieldPaths(doc, inner, `${prefix}${name}.`) : []),
      ...(items?.properties ? fieldPaths(doc, items, `${prefix}${name}[].`) : []),
    ];
  });
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
    js: MODULES,
    entry: 'docs.js',
    notAssets: [
      '/docs/assets/other.js',
      '/docs/assets/index.html',
      '/docs/assets/docs-page.routes.ts',
      '/docs/assets/guide.ts',
      '/docs/assets/..%2Fdocs-page.routes.ts',
      '/docs/other',
    ],
  });

  test('the page is not part of the OpenAPI description', async () => {
    const doc = (await t.get('/openapi.json')).json() as OpenApiDoc;
    assert.ok(!Object.keys(doc.paths).some((p) => p.startsWith('/docs')));
  });

  test('the guide is in the HTML, its figures and error catalogue built from the server constants', async () => {
    const html = (await t.get('/docs')).body;
    assert.doesNotMatch(html, /\{\{\w+\}\}/, 'a placeholder is left');
    for (const [codigo, { status }] of Object.entries(DATA_ERRORS)) {
      assert.match(html, new RegExp(`<tr data-codigo="${codigo}" data-status="${status}"`), codigo);
    }
    for (const error of ['invalid_request', 'invalid_client', 'invalid_scope', 'unsupported_grant_type', 'temporarily_unavailable']) {
      assert.match(html, new RegExp(`<tr data-error="${error}" data-status="\\d{3}"`), error);
    }
    const text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    assert.match(text, new RegExp(`${DATA_RATE_LIMIT} requisições por minuto por credencial`));
    assert.match(text, new RegExp(`de 1 a ${MAX_PAGE_SIZE}`));
    assert.match(text, new RegExp(`vale ${TOKEN_LIFETIME_SECONDS} segundos`));
    // The notifications (webhooks): their figures are the server's.
    assert.match(text, new RegExp(`até ${MAX_WEBHOOKS_PER_CREDENTIAL} endpoints com URL`));
    assert.match(text, new RegExp(`últimas ${WEBHOOK_DELIVERY_LOG_SIZE} tentativas`));
    assert.match(text, /tentado de novo depois de 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h;/);
    assert.match(text, /responda 2xx em até 10 segundos/);
    for (const id of ['autenticacao', 'paginacao', 'limites', 'datas', 'dinheiro', 'erros', 'parametros', 'notificacoes', 'experimente']) {
      assert.match(html, new RegExp(`<section id="${id}"`), id);
      assert.match(html, new RegExp(`<a href="#${id}">`), `the sidebar links to #${id}`);
    }
    assert.doesNotMatch(text, DECISION_ID);
  });
});

describe('GET /docs in Chromium', { skip: skipBrowser }, () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let doc: OpenApiDoc;
  let cred: TestCredential;
  before(async () => {
    t = await TestApp.start();
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    // Over HTTP, as the page gets it: the document may describe the server at the address asked.
    doc = (await (await fetch(`${base}/openapi.json`)).json()) as OpenApiDoc;
    const empresa = await t.company();
    await t.load({
      clientes: [
        { id: 301, empresa_id: empresa, tipo_pessoa: 'fisica', nome: 'Paula', sobrenome: 'Pães' },
        { id: 302, empresa_id: empresa, tipo_pessoa: 'fisica', nome: 'Joana', sobrenome: 'Siqueira' },
      ],
    });
    cred = await t.credential(empresa);
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  /**
   * Opens /docs, collecting console errors and warnings, failed requests and every request that
   * leaves the origin, until rendered.
   */
  async function open(
    width: number,
    height: number,
    options: { contextOptions?: BrowserContextOptions; document?: OpenApiDoc; rendered?: boolean } = {},
  ): Promise<{ page: Page; problems: string[]; requests: string[]; close(): Promise<void> }> {
    const context = await browser.newContext({ viewport: { width, height }, locale: 'pt-BR', ...options.contextOptions });
    const page = await context.newPage();
    // A bound on a hang, not a speed check: the 2-core CI machine runs another browser test
    // alongside, and this page renders some 75,000 px of reference.
    page.setDefaultTimeout(60_000);
    const problems: string[] = [];
    const requests: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`console ${msg.type()}: ${msg.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    page.on('requestfailed', (req) => problems.push(`request failed: ${req.url()}`));
    page.on('request', (req) => {
      requests.push(req.url());
      if (!req.url().startsWith(base + '/')) problems.push(`request elsewhere: ${req.url()}`);
    });
    if (options.document !== undefined) {
      const body = JSON.stringify(options.document);
      await page.route(`${base}/openapi.json`, (route) => route.fulfill({ status: 200, contentType: 'application/json', body }));
    }
    await page.goto(`${base}/docs`);
    if (options.rendered !== false) {
      await page.waitForSelector('body[data-rendered]');
      assert.equal(await page.getAttribute('body', 'data-rendered'), 'true');
    }
    return { page, problems, requests, close: () => context.close() };
  }

  const article = (page: Page, p: string, method: string): Locator =>
    page.locator(`article.operation[data-path="${p}"][data-method="${method}"]`);

  /** Checks that every operation of `document` is taught in full; returns the curl lines. */
  async function assertEveryOperation(page: Page, document: OpenApiDoc, baseUrl: string): Promise<void> {
    const ops = operations(document);
    assert.ok(ops.length >= 12);
    // Where the samples get their token: the document's client-credentials token URL.
    const schemes = document.components.securitySchemes as Record<string, { flows?: { clientCredentials?: { tokenUrl?: string } } }>;
    const tokenUrl = schemes.oauth2?.flows?.clientCredentials?.tokenUrl ?? '';
    assert.match(tokenUrl, /\/v1\/oauth\/token$/);
    assert.equal(await page.locator('article.operation').count(), ops.length);
    for (const { path: p, method, op, parameters } of ops) {
      const name = `${method.toUpperCase()} ${p}`;
      const a = article(page, p, method);
      assert.equal(await a.count(), 1, name);
      assert.equal(await a.locator('code.path').innerText(), p, name);
      const text = await a.innerText();
      // The scope, once.
      const scope = op.security?.[0]?.oauth2?.[0];
      if (scope !== undefined) {
        assert.deepEqual(await a.locator('code.scope').allInnerTexts(), [scope], name);
        assert.equal(text.match(/Escopo exigido/g)?.length, 1, `${name}: the scope is stated once`);
      }
      // Every parameter, with its rules.
      const params = await a.locator('.table-params code.param-name').allInnerTexts();
      assert.deepEqual(
        params,
        parameters.map((q) => q.name),
        name,
      );
      // Every field of the success response, nested ones included, and an example that parses.
      const success = Object.keys(op.responses).find((c) => c.startsWith('2')) ?? '';
      const ndjson = op.responses[success]?.content?.['application/x-ndjson'];
      const fields = await a.locator('.table-fields code.field-name').allInnerTexts();
      if (ndjson !== undefined) {
        // An export: the record's fields, and an example body of a record line and the end line.
        const [record] = (resolve(document, ndjson.schema) as { oneOf: Schema[] }).oneOf;
        assert.deepEqual(fields, fieldPaths(document, record), `${name}: response fields`);
        const lines = (await a.locator('pre.example').innerText()).split('\n').map((line) => JSON.parse(line) as Json);
        assert.deepEqual(lines[0], ndjson.example, `${name}: the document's example, as the first line`);
        assert.equal(lines.at(-1)?.fim, true, `${name}: the end line last`);
      } else if (op.responses[success]?.content === undefined) {
        // A success without a body (the token revocation's 200): no fields, no example.
        assert.deepEqual(fields, [], `${name}: no response fields`);
        assert.equal(await a.locator('pre.example').count(), 0, `${name}: no response example`);
      } else {
        const media = op.responses[success]?.content?.['application/json'];
        assert.deepEqual(fields, fieldPaths(document, media?.schema), `${name}: response fields`);
        const example = JSON.parse(await a.locator('pre.example').innerText()) as Json;
        if (media?.example !== undefined) assert.deepEqual(example, media.example, `${name}: the document's example`);
        else assert.deepEqual(Object.keys(example), Object.keys(resolve(document, media?.schema).properties ?? {}), `${name}: example`);
      }
      // Every error status, each with its codes.
      const errorRows = await a
        .locator('.table-errors tbody tr')
        .evaluateAll((rows) =>
          rows.map((r) => [r.querySelector('.status')?.textContent ?? '', r.querySelector('code.codigo')?.textContent ?? '']),
        );
      const statuses = Object.keys(op.responses).filter((c) => /^[45]/.test(c));
      assert.deepEqual([...new Set(errorRows.map((r) => r[0]))], statuses, `${name}: error statuses`);
      for (const [status, codigo] of errorRows) assert.match(codigo ?? '', /^[a-z_]+$/, `${name} ${status}: a code`);
      // A curl line on the server's own base URL, after the line that gets its token.
      const curl = (await a.locator('pre.curl').textContent()) ?? '';
      const call = curl.split('\n').at(-1) ?? '';
      assert.ok(call.startsWith('curl '), curl);
      assert.ok(call.includes(`"${baseUrl}${p.replace('{id}', '1')}`), `${name}: ${curl}`);
      if (scope !== undefined) {
        assert.ok(call.includes('-H "Authorization: Bearer $TOKEN"'), curl);
        assert.ok(
          curl.startsWith(`TOKEN=$(curl -s -u "$CLIENT_ID:$CLIENT_SECRET" -d grant_type=client_credentials "${tokenUrl}" | `),
          curl,
        );
      }
      // A sample per language, each with the operation's path and the token URL.
      const tabs = a.getByRole('tab');
      assert.deepEqual(await tabs.allInnerTexts(), LANGUAGE_TABS, `${name}: the tabs`);
      const panels = a.locator('[role="tabpanel"]');
      assert.equal(await panels.count(), LANGUAGE_TABS.length, name);
      for (const text of await panels.allTextContents()) {
        assert.ok(text.includes(p) || text.includes(p.replace('{id}', '1')), `${name}: the path in\n${text}`);
        // The token endpoint's own curl line calls it where the document's server puts it.
        const selfCall = p.endsWith('/oauth/token') && text.startsWith('curl ') && text.includes(`"${baseUrl}${p}"`);
        assert.ok(text.includes(tokenUrl) || selfCall, `${name}: the token URL in\n${text}`);
      }
      assert.equal(await a.locator('details.try-it').count(), 1, `${name}: try it`);
    }
  }

  test('desktop: every operation is taught — scope, parameters, fields, example, errors, curl — with no D-id', async () => {
    const { page, problems, requests, close } = await open(1280, 900);
    // curl lines point at the document's first server, else at the page's own origin.
    const baseUrl = doc.servers?.[0]?.url ?? base;
    try {
      await assertEveryOperation(page, doc, baseUrl);
      // Codes of the guide's catalogue per status, in the OAuth shape on the token endpoint.
      const contas = article(page, '/v1/contas-receber', 'get');
      const rows403 = await contas.locator('.table-errors tbody tr', { hasText: '403' }).locator('code.codigo').allInnerTexts();
      assert.deepEqual(rows403, ['escopo_insuficiente', 'ip_nao_autorizado']);
      assert.match(await contas.innerText(), /vencido/);
      assert.match(await contas.innerText(), /de 1 a 200/);
      assert.ok((await contas.locator('code.field-name', { hasText: /^data\[\]\.cedente\.nome$/ }).count()) === 1);
      // An error example in the envelope, with the catalogue's code and message.
      await contas.locator('details.error-example > summary').click();
      const erro = JSON.parse(await contas.locator('pre.example-error').innerText()) as { erro: Json };
      assert.equal(erro.erro.codigo, 'requisicao_invalida');
      assert.equal(erro.erro.mensagem, DATA_ERRORS.requisicao_invalida.mensagem);
      assert.deepEqual(Object.keys(erro.erro), ['codigo', 'mensagem', 'detalhes', 'request_id']);
      const token = article(page, '/v1/oauth/token', 'post');
      assert.deepEqual(await token.locator('.table-errors tbody tr', { hasText: '401' }).locator('code.codigo').allInnerTexts(), [
        'invalid_client',
      ]);
      assert.match(
        await token.locator('pre.curl').innerText(),
        /^curl -u "\$CLIENT_ID:\$CLIENT_SECRET" -d grant_type=client_credentials "/,
      );
      assert.equal(await token.locator('code.param-name', { hasText: 'grant_type' }).count(), 1);
      // Every control is labelled; every try-it form field too.
      const unlabelled = await page.evaluate(() =>
        [...document.querySelectorAll('input, select, button')]
          .filter((e) => (e instanceof HTMLButtonElement ? !e.textContent?.trim() : (e as HTMLInputElement).labels?.length === 0))
          .map((e) => e.id || e.outerHTML.slice(0, 80)),
      );
      assert.deepEqual(unlabelled, []);
      // The notifications: every event of the document's `webhooks` in the guide's section, with its
      // headers, body fields, example body and the answers it expects; no try-it form.
      const webhooks = Object.entries(doc.webhooks ?? {});
      assert.deepEqual(webhooks.map(([name]) => name).sort(), ['alteracoes.disponiveis', 'teste']);
      assert.equal(await page.locator('#notificacoes article.webhook').count(), webhooks.length);
      for (const [name, item] of webhooks) {
        const a = page.locator(`#notificacoes article.webhook[data-event="${name}"]`);
        assert.equal(await a.count(), 1, name);
        assert.equal(await a.locator('code.event-name').innerText(), name);
        assert.deepEqual(
          await a.locator('code.header-name').allInnerTexts(),
          (item.post?.parameters ?? []).map((p) => p.name),
          `${name}: headers`,
        );
        const media = item.post?.requestBody?.content['application/json'] as { schema: Schema; example?: unknown };
        assert.deepEqual(await a.locator('code.field-name').allInnerTexts(), fieldPaths(doc, media.schema), `${name}: body fields`);
        assert.deepEqual(JSON.parse(await a.locator('pre.example').innerText()), media.example, `${name}: the document's example`);
        assert.deepEqual(await a.locator('.table-webhook-responses .status').allInnerTexts(), ['2xx', '4xx', '5xx'], `${name}: answers`);
        assert.equal(await a.locator('details.try-it').count(), 0, `${name}: nothing to try`);
      }
      assert.equal(await page.locator('#webhooks-estado').isVisible(), false);
      // The guide: figures, the catalogue table, the base URL filled in.
      const text = await page.locator('body').innerText();
      assert.doesNotMatch(text, DECISION_ID);
      // The pagination guide names the Link header when, and only when, a response declares it.
      const declaresLink = operations(doc).some(({ op }) =>
        Object.values(op.responses).some((r) =>
          Object.keys((resolve(doc, r as Schema).headers as Json) ?? {}).some((h) => /^link$/i.test(h)),
        ),
      );
      assert.equal(await page.locator('#regra-link').count(), declaresLink ? 1 : 0);
      assert.match(await page.locator('#inicio').innerText(), new RegExp(`${baseUrl.replace(/[.]/g, '\\.')}/v1/clientes`));
      assert.equal(await page.locator('#catalogo-erros tbody tr').count(), Object.keys(DATA_ERRORS).length);
      assert.ok((await page.locator('.table-scopes code', { hasText: 'boletos:ler' }).count()) === 1);
      // The first screen only: the whole page would be a 1280 x 75,000 px, 10 MB image, the
      // slowest step of this suite on a loaded machine and no use to a reader.
      await page.screenshot({ path: path.join(ARTIFACTS, 'docs-desktop.png') });
      assert.deepEqual(problems, []);
      // The page asked its own origin for itself, its assets and the document, nothing else.
      const expected = new Set(['/docs', '/docs/assets/docs.css', ...MODULES.map((m) => `/docs/assets/${m}`), ...BASE, '/openapi.json']);
      assert.deepEqual([...new Set(requests.map((u) => new URL(u).pathname))].sort(), [...expected].sort());
    } finally {
      await close();
    }
  });

  test('navigation by resource: sidebar anchors, the current section marked, the filter', async () => {
    const { page, problems, close } = await open(1280, 900);
    try {
      const navTags = await page.locator('#nav-list a.nav-tag').allInnerTexts();
      for (const tag of ['OAuth', 'Clientes', 'Contas a receber', 'Boletos']) assert.ok(navTags.includes(tag), tag);
      await page.click('#nav-list a.nav-tag:text-is("Contas a receber")');
      assert.equal(new URL(page.url()).hash, '#tag-contas-a-receber');
      const top = await page.locator('#tag-contas-a-receber').evaluate((e) => e.getBoundingClientRect().top);
      assert.ok(top >= 0 && top < 120, `the section is at the top of the view (${top})`);
      await page.waitForFunction(
        () => document.querySelector('#nav-list a[href="#tag-contas-a-receber"]')?.getAttribute('aria-current') === 'location',
      );
      await page.screenshot({ path: path.join(ARTIFACTS, 'docs-desktop-contas.png') });
      // An operation's link lands on its article, and marks it and its resource.
      const boletos = article(page, '/v1/boletos', 'get');
      const boletosId = await boletos.getAttribute('id');
      await page.click(`#nav-list a[href="#${boletosId}"]`);
      await page.waitForFunction(
        (id) => document.querySelector(`#nav-list a[href="#${id}"]`)?.getAttribute('aria-current') === 'location',
        boletosId,
      );
      assert.equal(await page.locator('#nav-list a[href="#tag-boletos"]').getAttribute('aria-current'), 'location');
      assert.equal(await page.locator('#nav-list a[href="#tag-contas-a-receber"]').getAttribute('aria-current'), null);
      // The guide's links, with the keyboard.
      await page.focus('#nav-guia a[href="#limites"]');
      await page.keyboard.press('Enter');
      assert.equal(new URL(page.url()).hash, '#limites');
      await page.waitForFunction(() => document.querySelector('#nav-guia a[href="#limites"]')?.getAttribute('aria-current') === 'location');
      // The filter keeps the matching operations and their links, hides the rest.
      await page.fill('#filtro', 'boletos');
      // The list, its change feed and its export.
      assert.equal(await page.locator('article.operation:visible').count(), 3);
      assert.ok(await boletos.isVisible());
      assert.equal(
        await page
          .locator('#nav-list a.nav-tag:visible')
          .allInnerTexts()
          .then((t) => t.join()),
        'Boletos',
      );
      await page.fill('#filtro', 'zzz nada');
      assert.equal(await page.locator('article.operation:visible').count(), 0);
      assert.ok(await page.locator('#filtro-vazio').isVisible());
      await page.fill('#filtro', '');
      assert.equal(await page.locator('article.operation:visible').count(), operations(doc).length);
      // Printed: the content only, every operation.
      await page.emulateMedia({ media: 'print' });
      assert.equal(await page.locator('#navegacao').isVisible(), false);
      assert.equal(await page.locator('details.try-it').first().isVisible(), false);
      assert.ok(await boletos.isVisible());
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  test('try it: a token from the token form, a 200 with the records and the limit headers; a bad token shows the 401 envelope', async () => {
    const { page, problems, requests, close } = await open(1280, 900);
    try {
      // The token operation's form: client id and secret in, a token out, the secret cleared.
      const tokenOp = article(page, '/v1/oauth/token', 'post');
      await page.click('#link-obter-token');
      assert.equal(new URL(page.url()).hash, `#${await tokenOp.getAttribute('id')}`);
      await tokenOp.locator('details.try-it > summary').click();
      await tokenOp.getByLabel('client_id').fill(cred.clientId);
      await tokenOp.getByLabel('client_secret').fill(cred.secret);
      await tokenOp.getByLabel('grant_type').selectOption('client_credentials');
      await tokenOp.getByRole('button', { name: 'Enviar' }).click();
      await tokenOp.locator('.result-status').waitFor();
      assert.match(await tokenOp.locator('.result-status').innerText(), /^200\b/);
      assert.match(await tokenOp.locator('.result-body').innerText(), /"token_type": "Bearer"/);
      assert.equal(await tokenOp.getByLabel('client_secret').inputValue(), '', 'the secret leaves its field');
      const token = await page.locator('#token').inputValue();
      assert.match(token, /^ae_at_/);
      assert.match(await tokenOp.locator('.notice-ok').innerText(), new RegExp(`Vale até .*\\(${TOKEN_LIFETIME_SECONDS} s\\)`));
      // The request as a curl line, the credentials as shell variables.
      assert.equal(
        await tokenOp.locator('pre.curl-sent').innerText(),
        `curl -u "$CLIENT_ID:$CLIENT_SECRET" -d "grant_type=client_credentials" "${base}/v1/oauth/token"`,
      );
      assert.match(await page.locator('#token-estado').innerText(), /Token informado/);
      // Nothing the page keeps outlives it.
      const stored = await page.evaluate(
        () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie,
      );
      assert.equal(stored, '{}{}');

      // A list, with a parameter, through the shared token; the form opens from the keyboard.
      const clientes = article(page, '/v1/clientes', 'get');
      await clientes.locator('details.try-it > summary').focus();
      await page.keyboard.press('Enter');
      assert.equal(await clientes.locator('details.try-it').getAttribute('open'), '');
      assert.match(await clientes.locator('.token-note').innerText(), /Usando o token/);
      await clientes.getByLabel('por_pagina', { exact: true }).fill('5');
      await clientes.getByRole('button', { name: 'Enviar' }).click();
      await clientes.locator('.result-status').waitFor();
      assert.match(await clientes.locator('.result-status').innerText(), /^200\b.*GET \/v1\/clientes\?por_pagina=5/);
      const headers = await clientes.locator('.result-headers').innerText();
      assert.match(headers, /x-ratelimit-limit\s+120/);
      assert.match(headers, /x-ratelimit-remaining\s+\d+/);
      assert.match(headers, /x-request-id\s+[0-9a-f-]{36}/);
      const body = JSON.parse(await clientes.locator('.result-body').innerText()) as { data: { nome: string }[]; meta: Json };
      assert.deepEqual(
        body.data.map((c) => c.nome),
        ['Paula Pães', 'Joana Siqueira'],
      );
      assert.deepEqual(body.meta, { pagina: 1, por_pagina: 5, total: 2, total_paginas: 1 });
      assert.equal(
        await clientes.locator('pre.curl-sent').innerText(),
        `curl -H "Authorization: Bearer $TOKEN" "${base}/v1/clientes?por_pagina=5"`,
      );
      await page.screenshot({ path: path.join(ARTIFACTS, 'docs-try-it.png') });

      // A detail with its path parameter.
      const detalhe = article(page, '/v1/clientes/{id}', 'get');
      await detalhe.locator('details.try-it > summary').click();
      await detalhe.getByLabel('id (caminho)').fill('302');
      await detalhe.getByRole('button', { name: 'Enviar' }).click();
      await detalhe.locator('.result-status').waitFor();
      assert.match(await detalhe.locator('.result-status').innerText(), /^200\b/);
      assert.match(await detalhe.locator('.result-body').innerText(), /"nome": "Joana Siqueira"/);

      // A bad token: the 401 envelope, as the API sends it.
      await page.fill('#token', 'ae_at_invalido');
      await clientes.getByRole('button', { name: 'Enviar' }).click();
      await clientes.locator('.result-status', { hasText: /^401\b/ }).waitFor();
      const refused = JSON.parse(await clientes.locator('.result-body').innerText()) as { erro: { codigo: string; request_id: string } };
      assert.equal(refused.erro.codigo, 'token_invalido');
      assert.match(
        await clientes.locator('.result-headers').innerText(),
        /www-authenticate\s+Bearer realm="api-externa", error="invalid_token"/,
      );
      assert.match(await clientes.locator('.result-headers').innerText(), new RegExp(`x-request-id\\s+${refused.erro.request_id}`));
      // Every request went to this origin, by relative URL; the token never went into a URL.
      assert.ok(requests.every((u) => u.startsWith(base + '/')));
      assert.ok(!requests.some((u) => u.includes(token)));
      // Chromium logs every non-2xx response it fetched as a console error: the deliberate 401 only.
      assert.deepEqual(problems, ['console error: Failed to load resource: the server responded with a status of 401 (Unauthorized)']);
    } finally {
      await close();
    }
  });

  test("tomorrow's document: named schemas by $ref, examples, error code enums and servers are read", async () => {
    const shaped = reshape(doc, 'https://api.exemplo.test');
    const { page, problems, close } = await open(1280, 900, { document: shaped });
    try {
      await assertEveryOperation(page, shaped, 'https://api.exemplo.test');
      // The enum given for a status is what the page lists, not the whole catalogue.
      const contas = article(page, '/v1/contas-receber', 'get');
      assert.deepEqual(await contas.locator('.table-errors tbody tr', { hasText: '403' }).locator('code.codigo').allInnerTexts(), [
        'escopo_insuficiente',
        'ip_nao_autorizado',
      ]);
      assert.deepEqual(await contas.locator('.table-errors tbody tr', { hasText: '405' }).locator('code.codigo').allInnerTexts(), [
        'metodo_nao_permitido',
      ]);
      assert.ok((await contas.locator('code.field-name', { hasText: /^data\[\]\.cedente\.nome$/ }).count()) === 1);
      const token = article(page, '/v1/oauth/token', 'post');
      assert.match(
        await token
          .locator('.block', { has: page.locator('.table-errors') })
          .locator('p')
          .first()
          .innerText(),
        /no formato OAuth .*; 405 no envelope/,
      );
      assert.deepEqual(await token.locator('.table-errors tbody tr', { hasText: '405' }).locator('code.codigo').allInnerTexts(), [
        'metodo_nao_permitido',
      ]);
      // A declared Link header joins the pagination guide, in the document's words.
      assert.equal(await page.locator('#regra-link').innerText(), 'Cabeçalho Link: URLs das páginas first, prev, next e last.');
      // Declared response headers are listed.
      assert.ok((await contas.locator('.table-headers code', { hasText: 'X-RateLimit-Limit' }).count()) === 1);
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  test('code samples: a tab widget per operation, the language kept across operations and visits', async () => {
    const { page, problems, close } = await open(1280, 900);
    try {
      const contas = article(page, '/v1/contas-receber', 'get');
      const boletos = article(page, '/v1/boletos', 'get');
      const selected = (a: Locator) => a.locator('[role="tab"][aria-selected="true"]').innerText();
      const visiblePanel = (a: Locator) => a.locator('[role="tabpanel"]:visible');
      assert.equal(await selected(contas), 'curl');
      assert.equal(await visiblePanel(contas).count(), 1);
      // Each tab controls its panel, which it names.
      for (const tab of await contas.getByRole('tab').all()) {
        const panel = page.locator(`#${await tab.getAttribute('aria-controls')}`);
        assert.equal(await panel.getAttribute('role'), 'tabpanel');
        assert.equal(await panel.getAttribute('aria-labelledby'), await tab.getAttribute('id'));
      }
      // A click selects a language here and in every other operation, and keeps it.
      await contas.getByRole('tab', { name: 'Python · requests' }).click();
      assert.equal(await selected(contas), 'Python · requests');
      assert.match(await visiblePanel(contas).innerText(), /import requests[\s\S]*"\S+\/v1\/contas-receber"/);
      assert.equal(await selected(boletos), 'Python · requests');
      assert.match(await visiblePanel(boletos).innerText(), /\/v1\/boletos/);
      assert.equal(await page.evaluate(() => localStorage.getItem('api-externa.docs.linguagem')), 'python-requests');
      // The keyboard: one tab in the Tab order; arrows, Home and End move and select.
      const focusedTab = () => page.evaluate(() => document.activeElement?.textContent ?? '');
      await contas.getByRole('tab', { name: 'Python · requests' }).focus();
      await page.keyboard.press('ArrowRight');
      assert.equal(await focusedTab(), 'PHP · cliente');
      assert.equal(await selected(contas), 'PHP · cliente');
      assert.match(await visiblePanel(contas).innerText(), /\$api->contasReceber->list\(\);/);
      await page.keyboard.press('End');
      assert.equal(await selected(contas), 'JavaScript · fetch');
      await page.keyboard.press('ArrowRight');
      assert.equal(await selected(contas), 'curl', 'from the last to the first');
      await page.keyboard.press('ArrowLeft');
      assert.equal(await selected(contas), 'JavaScript · fetch');
      await page.keyboard.press('Home');
      assert.equal(await selected(contas), 'curl');
      await page.keyboard.press('ArrowRight');
      assert.equal(await contas.locator('[role="tab"][tabindex="0"]').count(), 1);
      assert.equal(await contas.locator('[role="tab"][tabindex="0"]').innerText(), 'Python · cliente');
      // Tab leaves the tab list for the panel's code.
      await page.keyboard.press('Tab');
      assert.equal(
        await page.evaluate(() => document.activeElement?.closest('[role="tabpanel"]')?.getAttribute('data-language')),
        'python',
      );
      // The panel's copy button, like every code block's.
      assert.equal(
        await visiblePanel(contas).getByRole('button', { name: 'Copiar o exemplo em Python com o cliente api_externa' }).count(),
        1,
      );
      // The next visit opens on the language chosen last.
      await page.reload();
      await page.waitForSelector('body[data-rendered="true"]');
      assert.equal(await selected(article(page, '/v1/clientes', 'get')), 'Python · cliente');
      assert.match(await visiblePanel(article(page, '/v1/clientes', 'get')).innerText(), /api\.clientes\.list\(\)/);
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    test(`layout at ${width} px: the samples ${width > 1000 ? 'beside' : 'below'} the fields; no axe violation`, async () => {
      const { page, problems, close } = await open(width, height);
      try {
        for (const [p, method] of [
          ['/v1/contas-receber', 'get'],
          ['/v1/oauth/token', 'post'],
        ] as const) {
          const a = article(page, p, method);
          await a.scrollIntoViewIfNeeded();
          // The parameters, or the fields of the request body (the token endpoint's).
          const params = await a.locator('.table-params, .table-body').first().boundingBox();
          const box = await a.locator('.samples').boundingBox();
          const example = await a.locator('pre.example').boundingBox();
          assert.ok(params && box && example, p);
          if (width > 1000) {
            assert.ok(
              box.x >= params.x + params.width,
              `${p}: the samples (x ${box.x}) right of the parameters (to ${params.x + params.width})`,
            );
            assert.ok(box.y < params.y + params.height, `${p}: the samples beside the parameters, not below`);
            assert.ok(example.x >= params.x + params.width, `${p}: the response example right of the parameters`);
          } else {
            assert.ok(
              box.y >= params.y + params.height,
              `${p}: the samples (y ${box.y}) below the parameters (to ${params.y + params.height})`,
            );
            assert.ok(box.x + box.width <= width, `${p}: within the screen`);
          }
        }
        const contas = article(page, '/v1/contas-receber', 'get');
        await contas.locator('.samples').scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(ARTIFACTS, `docs-samples-${width}.png`) });
        assert.deepEqual(await accessibilityProblems(page), []);
        // With another language chosen, and the try-it form open, still none.
        await contas.getByRole('tab', { name: 'C# · HttpClient' }).click();
        await contas.locator('details.try-it > summary').click();
        assert.deepEqual(await accessibilityProblems(page), []);
        assert.deepEqual(problems, []);
      } finally {
        await close();
      }
    });
  }

  test('phone (375 px): no horizontal scroll, no console errors', async () => {
    const { page, problems, close } = await open(375, 740);
    try {
      assert.ok(await page.getByText('/v1/contas-receber', { exact: true }).first().isVisible());
      await article(page, '/v1/contas-receber', 'get').locator('details.try-it > summary').click();
      const widths = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      assert.ok(widths.scroll <= widths.client, `page scrolls sideways: ${widths.scroll} > ${widths.client}`);
      // No element pokes out of the viewport either (an overflow hidden by a scroll container counts as fine).
      const wide = await page.evaluate(() =>
        [...document.querySelectorAll('main *, nav *')]
          .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
          .filter((e) => {
            const box = e.closest('.table-wrap, pre');
            return !box || box.getBoundingClientRect().right > document.documentElement.clientWidth + 1;
          })
          .map((e) => `${e.tagName}.${e.className}`)
          .slice(0, 5),
      );
      assert.deepEqual(wide, []);
      await page.screenshot({ path: path.join(ARTIFACTS, 'docs-phone-top.png') });
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  test('without JavaScript the guide is there and its sidebar links work', async () => {
    const { page, close } = await open(1280, 900, { contextOptions: { javaScriptEnabled: false }, rendered: false });
    try {
      assert.ok(await page.locator('#catalogo-erros').isVisible());
      assert.equal(await page.locator('#catalogo-erros tbody tr').count(), Object.keys(DATA_ERRORS).length);
      await page.click('#nav-guia a[href="#dinheiro"]');
      assert.equal(new URL(page.url()).hash, '#dinheiro');
      assert.match(await page.locator('#dinheiro').innerText(), /números JSON exatos/);
      assert.doesNotMatch(await page.locator('body').innerText(), DECISION_ID);
    } finally {
      await close();
    }
  });
});

/**
 * The document as the reshaped OpenAPI will hold it: each success schema named in
 * components.schemas and referred to by $ref (errors too, through components.responses), an
 * example per success and error, `erro.codigo` enums per status, declared headers, a 405, and a
 * server of its own.
 */
function reshape(source: OpenApiDoc, server: string): OpenApiDoc {
  const doc = structuredClone(source);
  doc.servers = [{ url: server }];
  doc.components.schemas = { ...doc.components.schemas };
  const codes: Record<string, string[]> = {};
  for (const [codigo, { status }] of Object.entries(DATA_ERRORS)) (codes[status] ??= []).push(codigo);
  const responses: Record<string, unknown> = {};
  const headers = { 'X-RateLimit-Limit': { $ref: '#/components/headers/XRateLimitLimit' }, Link: { $ref: '#/components/headers/Link' } };
  doc.components.headers = {
    XRateLimitLimit: { description: 'Requisições por minuto.', schema: { type: 'integer' } },
    Link: { description: 'URLs das páginas `first`, `prev`, `next` e `last`.', schema: { type: 'string' } },
  };
  // Path parameters declared once on the path.
  for (const item of Object.values(doc.paths)) {
    const get = item.get;
    const own = get?.parameters?.filter((q) => q.in === 'path') ?? [];
    if (get === undefined || own.length === 0) continue;
    item.parameters = own;
    get.parameters = get.parameters?.filter((q) => q.in !== 'path');
  }
  let n = 0;
  for (const { op } of operations(doc)) {
    // The scope stated in prose too, for tools that show descriptions only.
    const scope = op.security?.[0]?.oauth2?.[0];
    if (scope !== undefined) op.description = `${op.description ?? ''}\n\nEscopo exigido: \`${scope}\`.`;
    const name = `Resposta${++n}`;
    const success = Object.keys(op.responses).find((c) => c.startsWith('2')) ?? '';
    const media = op.responses[success]?.content?.['application/json'];
    if (media !== undefined) {
      doc.components.schemas[name] = media.schema;
      media.schema = { $ref: `#/components/schemas/${name}` };
      media.example = { exemplo: name };
    }
    const envelope = Object.values(op.responses).some((r) => JSON.stringify(r).includes('ErroEnvelope'));
    if (!envelope) continue;
    op.responses['405'] = op.responses['404']!;
    (op.responses[success] as Json).headers = headers;
    for (const status of Object.keys(op.responses).filter((c) => /^[45]/.test(c))) {
      const key = `Erro${status}`;
      responses[key] ??= {
        description: `Erro ${status}.`,
        content: {
          'application/json': {
            schema: {
              allOf: [{ $ref: '#/components/schemas/ErroEnvelope' }],
              properties: { erro: { type: 'object', properties: { codigo: { type: 'string', enum: codes[status] } } } },
            },
            example: {
              erro: { codigo: codes[status]?.[0], mensagem: '…', detalhes: [], request_id: '6f1c9a52-0d4b-4c5e-9a3e-2b7d8c1e4f00' },
            },
          },
        },
      };
      op.responses[status] = { $ref: `#/components/responses/${key}` } as never;
    }
  }
  doc.components.responses = responses;
  // The token endpoint's 405 comes from the app, before the endpoint: in the envelope.
  doc.paths['/v1/oauth/token']!.post!.responses['405'] = { $ref: '#/components/responses/Erro405' } as never;
  return doc;
}
