import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config/config.ts';
import { Metrics } from '../../src/observability/metrics.ts';
import { startNotificationWorker, type NotificationWorker } from '../../src/webhooks/notification-worker.ts';
import type { DatasetCliente, DatasetUsuario } from '../../src/store/import/dataset.ts';
import { basicHeader, TestApp } from '../helpers/test-app.ts';

/**
 * End-to-end harness for the settings page: a real app listening on 127.0.0.1 (port 0) over a
 * fresh store, and Debian's Chromium driven by playwright-core. No browser is downloaded: when
 * /usr/bin/chromium is missing, every browser test reports itself skipped by name.
 */
export const CHROMIUM = '/usr/bin/chromium';
export const skipBrowser: string | false = fs.existsSync(CHROMIUM) ? false : 'chromium not installed';
export const ARTIFACTS = path.resolve('test-artifacts/settings');

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

export interface Company {
  id: number;
  /** signed-in users of this company, by role in the tests */
  admin: DatasetUsuario & { email: string; senha: string };
  plain: DatasetUsuario & { email: string; senha: string };
}

let nextUserId = 1;

function user(
  empresaId: number,
  nome: string,
  email: string,
  senha: string,
  permissoes: string[],
): DatasetUsuario & { email: string; senha: string } {
  return { id: nextUserId++, empresa_id: empresaId, nome, email, senha, permissoes };
}

/** A company with an administrator (api_externa), a user without the permission, and a few clientes. */
export async function seedCompany(t: TestApp, tag: string): Promise<Company> {
  const id = await t.company();
  const admin = user(id, `Ana Administradora ${tag}`, `ana.${tag}@empresa${id}.test`, `senha-da-ana-${tag}`, ['api_externa', 'financeiro']);
  const plain = user(id, `Paulo Sem Permissão ${tag}`, `paulo.${tag}@empresa${id}.test`, `senha-do-paulo-${tag}`, ['financeiro']);
  const clientes: DatasetCliente[] = [
    {
      id: 1,
      empresa_id: id,
      tipo_pessoa: 'fisica',
      nome: 'João',
      sobrenome: 'da Silva',
      documento: '529.982.247-25',
      emails: ['joao@example.com'],
    },
    { id: 2, empresa_id: id, tipo_pessoa: 'juridica', razao_social: 'Padaria Pão Quente Ltda', documento: '11222333000181' },
  ];
  await t.load({ usuarios: [admin, plain], clientes });
  return { id, admin, plain };
}

export interface Harness {
  t: TestApp;
  base: string;
  /** throws when the harness was started without a browser */
  browser: Browser;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /** false: no Chromium (HTTP-only tests) */
  withBrowser?: boolean;
  /**
   * Notifications as a server runs them: the app listening is one that accepts http:// and private
   * URLs for endpoints (WEBHOOKS_ALLOW_PRIVATE, for a receiver on 127.0.0.1) and whose queued events
   * wake the notification worker started beside it (src/server.ts), stopped by close().
   */
  webhooks?: boolean;
}

/** An app on the test app's store that allows private endpoint URLs, and the notification worker beside it. */
async function notifyingApp(t: TestApp): Promise<{ app: FastifyInstance; worker: NotificationWorker }> {
  const config = { ...loadConfig({}), webhooksAllowPrivate: true };
  let worker: NotificationWorker | null = null;
  const app = await buildApp({
    config: { trustProxy: [], webhooksAllowPrivate: true },
    store: t.store,
    limiter: t.limiter,
    notificationQueued: () => worker?.dispatcher.wake(),
  });
  worker = startNotificationWorker(config, t.store, pino({ level: 'silent' }), new Metrics());
  return { app, worker };
}

/** The app listening on 127.0.0.1:0, and Chromium unless `withBrowser` is false (HTTP-only tests). */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const t = await TestApp.start();
  const notifying = options.webhooks === true ? await notifyingApp(t) : null;
  const base = await (notifying?.app ?? t.app).listen({ host: '127.0.0.1', port: 0 });
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  let browser: Browser | null = null;
  if (options.withBrowser !== false) {
    try {
      browser = await launchChromium();
    } catch (err) {
      await notifying?.worker.stop();
      await notifying?.app.close();
      await t.close();
      throw err;
    }
  }
  return {
    t,
    base,
    get browser(): Browser {
      if (browser === null) throw new Error('this harness has no browser');
      return browser;
    },
    async close() {
      await browser?.close();
      await notifying?.worker.stop();
      await notifying?.app.close();
      await t.close();
    },
  };
}

export async function newPage(h: Harness, options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'pt-BR', ...options });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.base });
  const page = await context.newPage();
  // A bound on a hang, not a speed check: the 2-core CI machine runs another browser test
  // alongside this one.
  page.setDefaultTimeout(60_000);
  return { context, page };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** Opens /settings and signs in through the form (mouse-free: fill and Enter). */
export async function signIn(page: Page, base: string, email: string, senha: string): Promise<void> {
  await page.goto(`${base}/settings`);
  await page.locator('#view-signin').waitFor({ state: 'visible' });
  await page.fill('#signin-email', email);
  await page.fill('#signin-senha', senha);
  await page.press('#signin-senha', 'Enter');
  await page.locator('#view-signin').waitFor({ state: 'hidden' });
}

/** The session cookie the browser holds (HttpOnly: only the test can read it, not the page). */
export async function sessionCookieOf(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === 'ae_session');
  if (cookie === undefined) throw new Error('no ae_session cookie in the browser');
  return `ae_session=${cookie.value}`;
}

export interface ApiSession {
  cookie: string;
  csrf: string;
}

/** Signs in over HTTP (no browser): the cookie and the CSRF token. */
export async function apiSignIn(base: string, email: string, senha: string): Promise<ApiSession> {
  const res = await fetch(`${base}/settings/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, senha }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { csrf_token: string };
  const setCookie = res.headers.get('set-cookie') ?? '';
  const match = /ae_session=([^;]+)/.exec(setCookie);
  if (match === null) throw new Error(`no session cookie: ${setCookie}`);
  return { cookie: `ae_session=${match[1]}`, csrf: body.csrf_token };
}

export interface JsonResponse {
  status: number;
  body: unknown;
  headers: Headers;
}

export async function settingsApi(
  base: string,
  method: string,
  apiPath: string,
  options: { cookie?: string; csrf?: string; body?: unknown; origin?: string } = {},
): Promise<JsonResponse> {
  const headers: Record<string, string> = {};
  if (options.cookie !== undefined) headers.cookie = options.cookie;
  if (options.csrf !== undefined) headers['x-csrf-token'] = options.csrf;
  if (options.origin !== undefined) headers.origin = options.origin;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}/settings/api${apiPath}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, body: text === '' ? null : (JSON.parse(text) as unknown), headers: res.headers };
}

export function errorCode(res: JsonResponse): string | undefined {
  const body = res.body as { erro?: { codigo?: string } } | null;
  return body?.erro?.codigo;
}

/** POST /v1/oauth/token over real HTTP with HTTP Basic. */
export async function requestToken(
  base: string,
  clientId: string,
  secret: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${base}/v1/oauth/token`, {
    method: 'POST',
    headers: { authorization: basicHeader(clientId, secret), 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export async function getWithToken(base: string, url: string, token: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Today and later dates in America/Sao_Paulo, as the API counts them. */
export function saoPauloDate(daysAhead = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + daysAhead);
  return d.toISOString().slice(0, 10);
}

/** Waits (briefly) until the focused element matches the selector: dialogs hand focus back asynchronously on Escape. */
export async function waitForFocus(page: Page, selector: string): Promise<void> {
  try {
    await page.waitForFunction((sel) => document.activeElement?.matches(sel) ?? false, selector, { timeout: 5_000 });
  } catch {
    const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200) ?? 'nothing');
    throw new Error(`focus never reached ${selector}; focused: ${focused}`);
  }
}

/** Presses Tab until the focused element matches the selector (keyboard-only navigation). */
export async function tabTo(page: Page, selector: string, maxPresses = 80): Promise<void> {
  for (let i = 0; i < maxPresses; i++) {
    if (await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector)) return;
    await page.keyboard.press('Tab');
  }
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200) ?? 'nothing');
  throw new Error(`Tab never reached ${selector}; focused: ${focused}`);
}

/** Where secrets must never be: browser storage, script-readable cookies, the page's HTML. */
export async function pageLeaks(page: Page, secret: string): Promise<string[]> {
  // No named helper functions inside: tsx would wrap them in a `__name` call the page lacks.
  return page.evaluate((s) => {
    const places: [string, string][] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? '';
      places.push([`localStorage[${key}]`, key + (localStorage.getItem(key) ?? '')]);
    }
    for (let i = 0; i < sessionStorage.length; i++) {
      const key = sessionStorage.key(i) ?? '';
      places.push([`sessionStorage[${key}]`, key + (sessionStorage.getItem(key) ?? '')]);
    }
    places.push(['document.cookie', document.cookie]);
    places.push(['outerHTML', document.documentElement.outerHTML]);
    places.push(['location', location.href]);
    // Form controls keep values as properties, which outerHTML does not show.
    for (const el of Array.from(document.querySelectorAll('input, textarea')))
      places.push([`value of #${el.id}`, (el as HTMLInputElement).value]);
    return places.filter(([, text]) => text.includes(s)).map(([label]) => label);
  }, secret);
}

/** axe-core's own build, evaluated in the page (evaluate is not bound by the page's Content-Security-Policy). */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's WCAG 2.1 A and AA rules on the page as it stands: one line per violation and element.
 * With a modal dialog open only the dialog is checked (the rest of the page is inert behind it).
 * Run as a string: tsx would wrap a named function in a `__name` call the page lacks.
 */
export async function accessibilityProblems(page: Page, within?: string): Promise<string[]> {
  // Two frames: what the page itself adjusts once a change is laid out (e.g. settings'
  // scroll-boxes.js) is in place before axe looks.
  await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
  if ((await page.evaluate('typeof window.axe')) === 'undefined') await page.evaluate(AXE_SOURCE);
  // `within`: a selector of the part that changed since the whole page was checked (on /docs, a
  // whole-page run takes seconds; the rest of the page is as it was).
  return (await page.evaluate(`(async () => {
    const modal = document.querySelector('dialog[open]:modal');
    const result = await window.axe.run(modal || ${within === undefined ? 'document' : `{ include: [${JSON.stringify(within)}] }`}, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations.flatMap((v) => v.nodes.map((n) => v.id + ' (' + v.impact + '): ' + n.target.join(' ') + ' - ' + n.failureSummary));
  })()`)) as string[];
}
