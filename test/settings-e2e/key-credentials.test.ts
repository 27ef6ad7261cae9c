import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import type { BrowserContext, Page } from 'playwright-core';
import {
  accessibilityProblems,
  apiSignIn,
  newPage,
  screenshot,
  seedCompany,
  settingsApi,
  signIn,
  skipBrowser,
  startHarness,
  tabTo,
  waitForFocus,
  type ApiSession,
  type Company,
  type Harness,
} from './harness.ts';

// Key credentials (private_key_jwt) through the page: the method's choice in the form, the next
// steps instead of a secret, the list's badge, and replacing the key. Each test builds on the last.
const skip = skipBrowser;

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const PRIVATE_REFUSAL = /Esta é uma chave PRIVADA/;

let h: Harness;
let company: Company;
let session: ApiSession;
let context: BrowserContext;
let page: Page;
/** every credentials POST the page sent, as `status path` */
const credentialPosts: string[] = [];

interface KeyPair {
  privateKey: KeyObject;
  publicPem: string;
}

function ecPair(): KeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { privateKey, publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
}

const firstKey = ecPair();
const secondKey = ecPair();
let clientId = '';
const NAME = 'ERP com chave';

/** A client assertion (RFC 7523) signed by `key`: ES256, a new jti, a minute of life. */
function assertion(id: string, key: KeyObject): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
    .setIssuer(id)
    .setSubject(id)
    .setAudience(`${h.base}/v1/oauth/token`)
    .setExpirationTime(Math.floor(Date.now() / 1000) + 60)
    .setJti(randomUUID())
    .sign(key);
}

/** POST /v1/oauth/token with a signed assertion and no Authorization header. */
async function tokenWithKey(id: string, key: KeyObject): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${h.base}/v1/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: await assertion(id, key),
    }).toString(),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Violations, one line each, with the state they were found in. */
async function axe(p: Page, label: string): Promise<string[]> {
  return (await accessibilityProblems(p)).map((v) => `${label}: ${v}`);
}

/** Whether the open dialog is wider inside than its box (something would stick out sideways). */
function dialogOverflows(p: Page, selector: string): Promise<boolean> {
  return p.$eval(selector, (d) => d.scrollWidth > d.clientWidth + 1);
}

before(async () => {
  if (skip) return;
  h = await startHarness();
  company = await seedCompany(h.t, 'chave');
  session = await apiSignIn(h.base, company.admin.email, company.admin.senha);
  ({ context, page } = await newPage(h));
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.request().method() === 'POST' && url.pathname.startsWith('/settings/api/credentials'))
      credentialPosts.push(`${response.status()} ${url.pathname}`);
  });
  await signIn(page, h.base, company.admin.email, company.admin.senha);
  await page.locator('#view-main').waitFor({ state: 'visible' });
});
after(async () => {
  if (skip) return;
  await context.close();
  await h.close();
});

describe('key credentials (private_key_jwt) through the page', () => {
  test(
    'keyboard only: choose the key, paste the public key, create; the next steps show the client id and no secret',
    { skip },
    async () => {
      await tabTo(page, '#new-credential-button');
      await page.keyboard.press('Enter');
      await waitForFocus(page, '#cred-name');
      await page.keyboard.type(NAME);
      assert.equal(await page.locator('#cred-public-key-field').isVisible(), false, 'the secret is the default');
      assert.equal(await page.isChecked('#cred-method-secret'), true);

      // Tab reaches the checked radio; an arrow picks the other one, as radio groups go.
      await tabTo(page, 'input[name="auth_method"]');
      await waitForFocus(page, '#cred-method-secret');
      await page.keyboard.press('ArrowDown');
      assert.equal(await page.isChecked('#cred-method-key'), true);
      await page.locator('#cred-public-key-field').waitFor({ state: 'visible' });
      await page.keyboard.press('Tab');
      await waitForFocus(page, '#cred-public-key');
      await page.keyboard.insertText(firstKey.publicPem); // as a paste does
      await tabTo(page, 'input[value="clientes:ler"]');
      await page.keyboard.press('Space');
      await tabTo(page, '#form-submit');

      const created = page.waitForResponse((r) => r.url().endsWith('/settings/api/credentials') && r.request().method() === 'POST');
      await page.keyboard.press('Enter');
      const answer = (await (await created).json()) as { credential: { client_id: string; auth_method: string; key_thumbprint: string } };
      assert.equal((await created).status(), 201);
      assert.equal('client_secret' in answer, false, 'a key credential has no secret');
      assert.equal(answer.credential.auth_method, 'private_key_jwt');
      const sent = (await created).request().postDataJSON() as Record<string, unknown>;
      assert.equal(sent.public_key, firstKey.publicPem);

      const dialog = page.locator('#key-steps-dialog');
      await dialog.waitFor({ state: 'visible' });
      assert.equal(await page.locator('#secret-dialog').isVisible(), false, 'no secret dialog');
      clientId = ((await page.locator('#key-steps-client-id').textContent()) ?? '').trim();
      assert.equal(clientId, answer.credential.client_id);
      assert.equal((await page.locator('#key-steps-thumbprint').textContent())?.trim(), answer.credential.key_thumbprint);
      const text = (await dialog.textContent()) ?? '';
      assert.doesNotMatch(text, /client secret|Copiar segredo/i);
      assert.equal(await page.locator('#key-steps-token-url').textContent(), `${h.base}/v1/oauth/token`);
      await waitForFocus(page, '#key-steps-dialog [data-copy="client-id"]');

      // The examples, each with the real client id and this API's address.
      const example = async (id: string) => (await page.locator(`#key-example-${id}`).textContent()) ?? '';
      assert.ok((await example('curl')).includes(`CLIENT_ID=${clientId} ./docs/exemplos/token-com-chave.sh privada.pem ${h.base}`));
      assert.ok((await example('typescript')).includes(`new ApiExternaClient({\n  baseUrl: '${h.base}/v1',\n  clientId: '${clientId}',`));
      assert.ok((await example('typescript')).includes("privateKey: await readFile('privada.pem', 'utf8')"));
      assert.ok((await example('python')).includes(`api = ApiExterna(\n    "${h.base}/v1",\n    "${clientId}",\n    private_key=chave,`));
      assert.ok(
        (await example('php')).includes(`new ApiExterna\\Client(\n    '${h.base}/v1',\n    '${clientId}',\n    options: ['privateKey' =>`),
      );

      // Copy the client id by keyboard.
      await page.keyboard.press('Enter');
      await page.locator('#key-steps-copy-status', { hasText: 'copiado' }).waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), clientId);
      await screenshot(page, 'key-01-next-steps');

      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await waitForFocus(page, '#new-credential-button');

      // The token endpoint takes a JWT signed by the private key, and nothing else.
      const token = await tokenWithKey(clientId, firstKey.privateKey);
      assert.equal(token.status, 200, JSON.stringify(token.body));
      assert.equal(typeof token.body.access_token, 'string');
      assert.equal((await tokenWithKey(clientId, secondKey.privateKey)).status, 401, 'another key signs nothing');
    },
  );

  test('a pasted PRIVATE key is refused beside the textarea, and nothing is created', { skip }, async () => {
    const before = (await page.locator('#credentials-body tr').count()) as number;
    const postsBefore = credentialPosts.length;
    await page.click('#new-credential-button');
    await waitForFocus(page, '#cred-name');
    await page.fill('#cred-name', 'Chave errada');
    await page.check('#cred-method-key');
    await page.check('input[value="clientes:ler"]');

    // A PEM private key never leaves the browser.
    const pkcs8 = firstKey.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await page.fill('#cred-public-key', pkcs8);
    await page.click('#form-submit');
    await page.locator('#cred-public-key-error').waitFor({ state: 'visible' });
    assert.match((await page.locator('#cred-public-key-error').textContent()) ?? '', PRIVATE_REFUSAL);
    assert.equal(await page.getAttribute('#cred-public-key', 'aria-invalid'), 'true');
    await waitForFocus(page, '#cred-public-key');
    assert.equal(credentialPosts.length, postsBefore, 'the private key was sent');

    // A private JWK: the server refuses it, and its words go beside the textarea.
    const jwk = JSON.stringify(firstKey.privateKey.export({ format: 'jwk' }));
    await page.fill('#cred-public-key', jwk);
    assert.equal(await page.locator('#cred-public-key-error').isVisible(), false, 'the message goes once the field changes');
    await page.click('#form-submit');
    await page.locator('#cred-public-key-error').waitFor({ state: 'visible' });
    assert.match((await page.locator('#cred-public-key-error').textContent()) ?? '', PRIVATE_REFUSAL);
    assert.deepEqual(credentialPosts.slice(postsBefore), ['400 /settings/api/credentials']);
    assert.equal(await page.locator('#form-error').isVisible(), true);
    await screenshot(page, 'key-02-private-refused');

    // Editing the text takes the server's message away too.
    await page.fill('#cred-public-key', secondKey.publicPem);
    assert.equal(await page.locator('#cred-public-key-error').isVisible(), false);
    assert.equal(await page.getAttribute('#cred-public-key', 'aria-invalid'), null);

    await page.click('[data-action="form-cancel"]');
    await page.locator('#form-section').waitFor({ state: 'hidden' });
    assert.equal(await page.locator('#credentials-body tr').count(), before, 'a credential was created');
    const list = await settingsApi(h.base, 'GET', '/credentials', { cookie: session.cookie });
    assert.equal((list.body as { credentials: unknown[] }).credentials.length, before);
  });

  test('the list shows the key badge and thumbprint, and "Substituir chave" instead of rotating', { skip }, async () => {
    // A secret credential beside it, for contrast.
    const secretOne = await settingsApi(h.base, 'POST', '/credentials', {
      cookie: session.cookie,
      csrf: session.csrf,
      body: { name: 'ERP com segredo', scopes: ['clientes:ler'] },
    });
    assert.equal(secretOne.status, 201);
    await page.reload();
    await page.locator('#view-main').waitFor({ state: 'visible' });
    const row = page.locator(`#credentials-body tr[data-client-id="${clientId}"]`);
    await row.waitFor();
    assert.equal((await row.locator('.badge-key').textContent())?.trim(), 'Chave pública');
    const thumbprint = (await row.locator('.key-thumbprint').getAttribute('title')) ?? '';
    const full = (
      (await settingsApi(h.base, 'GET', '/credentials', { cookie: session.cookie })).body as {
        credentials: { client_id: string; key_thumbprint: string | null }[];
      }
    ).credentials.find((c) => c.client_id === clientId)?.key_thumbprint;
    assert.ok(full && thumbprint.endsWith(full), thumbprint);
    assert.match((await row.locator('.key-thumbprint [aria-hidden="true"]').textContent()) ?? '', /^.{8}…$/);
    assert.equal(await row.locator('button[data-action="replace-key"]').textContent(), 'Substituir chave');
    assert.equal(await row.locator('button[data-action="rotate"]').count(), 0);

    const secretRow = page.locator('#credentials-body tr', { hasText: 'ERP com segredo' });
    assert.equal(await secretRow.locator('.badge-key').count(), 0);
    assert.equal(await secretRow.locator('button[data-action="rotate"]').count(), 1);
    assert.equal(await secretRow.locator('button[data-action="replace-key"]').count(), 0);
    await screenshot(page, 'key-03-list');
  });

  test('"Substituir chave": errors beside the field, then the new key works and the old one is refused', { skip }, async () => {
    const row = page.locator(`#credentials-body tr[data-client-id="${clientId}"]`);
    await row.locator('button[data-action="replace-key"]').click();
    const dialog = page.locator('#replace-key-dialog');
    await dialog.waitFor({ state: 'visible' });
    await waitForFocus(page, '#replace-key-public-key');
    assert.equal(await page.locator('#replace-key-name').textContent(), NAME);
    assert.equal(await page.locator('#replace-key-senha-field').isVisible(), false, 'no sensitive scope, no password');

    await page.click('#replace-key-form button[type="submit"]');
    assert.equal(await page.locator('#replace-key-public-key-error').textContent(), 'Cole a chave pública do integrador (PEM ou JWK).');
    await page.fill('#replace-key-public-key', 'isto não é uma chave');
    await page.click('#replace-key-form button[type="submit"]');
    await page.locator('#replace-key-public-key-error', { hasText: 'Não foi possível ler a chave' }).waitFor();

    await page.fill('#replace-key-public-key', secondKey.publicPem);
    assert.equal(await page.locator('#replace-key-public-key-error').isVisible(), false);
    await page.click('#replace-key-form button[type="submit"]');
    await dialog.waitFor({ state: 'hidden' });
    await page.locator('#toast', { hasText: 'deixaram de funcionar' }).waitFor();
    await waitForFocus(page, `button[data-action="replace-key"][data-client-id="${clientId}"]`);

    assert.equal((await tokenWithKey(clientId, firstKey.privateKey)).status, 401, 'the old key still signs');
    const token = await tokenWithKey(clientId, secondKey.privateKey);
    assert.equal(token.status, 200, JSON.stringify(token.body));
  });

  test('"Substituir chave" on a credential with a sensitive scope asks for the password beside its field', { skip }, async () => {
    const third = ecPair();
    const made = await settingsApi(h.base, 'POST', '/credentials', {
      cookie: session.cookie,
      csrf: session.csrf,
      body: { name: 'Financeiro com chave', scopes: ['contas-receber:ler'], public_key: third.publicPem, senha_atual: company.admin.senha },
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const id = (made.body as { credential: { client_id: string } }).credential.client_id;
    await page.reload();
    await page.locator('#view-main').waitFor({ state: 'visible' });
    await page.locator(`button[data-action="replace-key"][data-client-id="${id}"]`).click();
    await page.locator('#replace-key-senha-field').waitFor({ state: 'visible' });
    assert.equal(await page.getAttribute('#replace-key-senha', 'aria-required'), 'true');
    const fourth = ecPair();
    await page.fill('#replace-key-public-key', fourth.publicPem);
    await page.click('#replace-key-form button[type="submit"]');
    assert.equal(await page.locator('#replace-key-senha-error').textContent(), 'Informe a sua senha atual.');
    await page.fill('#replace-key-senha', 'senha errada');
    await page.click('#replace-key-form button[type="submit"]');
    await page.locator('#replace-key-senha-error', { hasText: /senha/i }).waitFor();
    assert.equal(await page.locator('#replace-key-dialog').isVisible(), true);
    await page.fill('#replace-key-senha', company.admin.senha);
    await page.click('#replace-key-form button[type="submit"]');
    await page.locator('#replace-key-dialog').waitFor({ state: 'hidden' });
    assert.equal((await tokenWithKey(id, fourth.privateKey)).status, 200);
  });
});

describe('axe-core: the key option, the next steps and the replace-key dialog, with no WCAG 2.1 A/AA violation', () => {
  for (const [label, viewport] of [
    ['desktop (1280 px)', DESKTOP],
    ['phone (390 px)', PHONE],
  ] as const) {
    test(`at ${label}`, { skip }, async () => {
      const { context: ctx, page: p } = await newPage(h, { viewport });
      try {
        await signIn(p, h.base, company.admin.email, company.admin.senha);
        await p.locator('#view-main').waitFor({ state: 'visible' });
        const found: string[] = [];
        await p.click('#new-credential-button');
        await p.check('#cred-method-key');
        await p.locator('#cred-public-key-field').waitFor({ state: 'visible' });
        found.push(...(await axe(p, 'form with the key option')));
        await p.click('#form-submit');
        await p.locator('#cred-public-key-error').waitFor({ state: 'visible' });
        found.push(...(await axe(p, 'form with the key error')));

        await p.fill('#cred-name', `Chave axe ${viewport.width}`);
        await p.check('input[value="clientes:ler"]');
        await p.fill('#cred-public-key', ecPair().publicPem);
        await p.click('#form-submit');
        await p.locator('#key-steps-dialog').waitFor({ state: 'visible' });
        found.push(...(await axe(p, 'next-steps dialog')));
        // Opens at its top, its title in view, nothing sticking out sideways on a phone.
        assert.equal(await p.$eval('#key-steps-dialog', (d) => d.scrollTop), 0);
        assert.equal(await p.locator('#key-steps-title').isVisible(), true);
        const titleBox = await p.locator('#key-steps-title').boundingBox();
        assert.ok(titleBox && titleBox.y >= 0 && titleBox.y < viewport.height, 'title in view');
        assert.equal(await dialogOverflows(p, '#key-steps-dialog'), false, 'the dialog scrolls sideways');
        await screenshot(p, `key-04-next-steps-${viewport.width}`);
        await p.click('#key-steps-dialog [data-action="key-steps-close"]');
        await p.locator('#key-steps-dialog').waitFor({ state: 'hidden' });

        await p.locator('button[data-action="replace-key"]').first().click();
        await p.locator('#replace-key-dialog').waitFor({ state: 'visible' });
        await p.click('#replace-key-form button[type="submit"]');
        await p.locator('#replace-key-public-key-error').waitFor({ state: 'visible' });
        found.push(...(await axe(p, 'replace-key dialog with its error')));
        assert.equal(await dialogOverflows(p, '#replace-key-dialog'), false);
        await screenshot(p, `key-05-replace-key-${viewport.width}`);
        assert.deepEqual(found, []);
      } finally {
        await ctx.close();
      }
    });
  }
});
