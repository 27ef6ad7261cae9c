import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TestApp } from '../helpers/test-app.ts';
import { staticPageCases } from '../helpers/static-page-cases.ts';

// The page and its assets over the app itself (no browser needed).

/** Every module in the page's folder, so one left out of the served list (or left over) fails here. */
const MODULES = fs.readdirSync(new URL('../../src/settings/page/', import.meta.url)).filter((file) => file.endsWith('.js'));

let t: TestApp;
before(async () => {
  t = await TestApp.start();
});
after(async () => t.close());

describe('GET /settings and its assets', () => {
  staticPageCases(() => t, {
    url: '/settings',
    css: 'settings.css',
    js: MODULES,
    entry: 'main.js',
    notAssets: [
      '/settings/assets/nope.js',
      '/settings/assets/settings.js',
      '/settings/assets/page.routes.ts',
      '/settings/assets/..%2Fpage.routes.ts',
      '/settings/assets/index.html',
    ],
  });

  test('every form control of the page has a label', async () => {
    const html = (await t.get('/settings')).body;
    const ids = [...html.matchAll(/<(?:input|textarea|select)\b[^>]*\bid="([^"]+)"/g)].map((m) => m[1]);
    assert.ok(ids.length >= 7);
    for (const id of ids) assert.match(html, new RegExp(`<label for="${id}"`), `no label for #${id}`);
  });
});
