import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TestApp } from '../helpers/test-app.ts';
import { PAGE_CSP } from '../helpers/static-page-cases.ts';
import { settingsPage } from '../../src/settings/page/page.routes.ts';
import { docsPage } from '../../src/docs-page/docs-page.routes.ts';

// The pages' shared base (src/page-base/: DOM helpers, base stylesheet, <head>) as each page serves
// it, over the app itself (no browser needed). The page's own assets are covered by
// page-assets.test.ts and test/docs-page/.

const BASE_DIR = new URL('../../src/page-base/', import.meta.url);
const TYPES: Record<string, string> = { css: 'text/css; charset=utf-8', js: 'text/javascript; charset=utf-8' };

/** Every import of a module, static or re-export (the pages hold no dynamic ones). */
function importsOf(source: string): string[] {
  return [...source.matchAll(/^\s*(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]/gm)].map(
    (m) => m[1] ?? m[2] ?? '',
  );
}

let t: TestApp;
before(async () => {
  t = await TestApp.start();
});
after(async () => t.close());

for (const page of [settingsPage, docsPage]) {
  const base = page.base;
  assert.ok(base !== undefined, `${page.url} serves the pages' shared base`);
  describe(`${page.url}: the pages' shared base at ${base.url}/`, () => {
    test(`${base.url}/<file> serves each file of src/page-base/ as it is, with the page's headers`, async () => {
      assert.deepEqual(
        [...base.files].sort(),
        fs
          .readdirSync(BASE_DIR)
          .filter((f) => /\.(css|js)$/.test(f))
          .sort(),
      );
      for (const file of base.files) {
        const res = await t.get(`${base.url}/${file}`);
        assert.equal(res.statusCode, 200, file);
        assert.equal(res.headers['content-type'], TYPES[file.split('.').pop() ?? ''], file);
        assert.equal(res.headers['content-security-policy'], PAGE_CSP, file);
        assert.equal(res.headers['x-frame-options'], 'DENY', file);
        assert.equal(res.headers['cache-control'], 'no-store', file);
        assert.equal(res.headers['x-content-type-options'], 'nosniff', file);
        assert.equal(res.body, fs.readFileSync(new URL(file, BASE_DIR), 'utf8'), file);
        assert.doesNotMatch(
          res.body,
          /https?:\/\/|@import|@font-face|url\(|innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(/,
          file,
        );
      }
    });

    test(`any other ${base.url} path is the normal 404 envelope`, async () => {
      for (const file of ['nope.js', 'page-base.ts', '..%2Fpage-base.ts', 'index.html', `..%2F..%2Fsrc%2Fserver.ts`]) {
        const res = await t.get(`${base.url}/${file}`);
        assert.equal(res.statusCode, 404, file);
        assert.equal((res.json() as { erro: { codigo: string } }).erro.codigo, 'recurso_nao_encontrado', file);
      }
    });

    test('its head links the base stylesheet before the page one, and loads the entry module once', async () => {
      const html = (await t.get(page.url)).body;
      const head = /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? '';
      assert.match(head, /^\s*(<!--[^>]*-->\s*)?<meta charset="utf-8" \/>/);
      const sheets = [...head.matchAll(/<link rel="stylesheet" href="([^"]+)" \/>/g)].map((m) => m[1]);
      assert.equal(sheets.length, 2);
      assert.equal(sheets[0], `${base.url}/base.css`);
      assert.match(sheets[1] ?? '', new RegExp(`^${page.url}/assets/[\\w-]+\\.css$`));
      assert.equal([...head.matchAll(/<title>[^<]+<\/title>/g)].length, 1);
      assert.equal([...head.matchAll(/<script\b/g)].length, 1);
    });

    test('every import of its modules, resolved as the browser does, is a module it serves', async () => {
      // Every module the page lists, then whatever they import.
      const queue = page.assets.filter((file) => file.endsWith('.js')).map((file) => `${page.url}/assets/${file}`);
      const seen = new Set<string>();
      let reachedBase = false;
      while (queue.length > 0) {
        const url = queue.pop() ?? '';
        if (seen.has(url)) continue;
        seen.add(url);
        const res = await t.get(url);
        assert.equal(res.statusCode, 200, url);
        assert.equal(res.headers['content-type'], TYPES.js, url);
        for (const specifier of importsOf(res.body)) {
          assert.match(specifier, /^\.\.?\//, `${url} imports ${specifier}: only relative paths resolve in the source tree too`);
          const target = new URL(specifier, `http://page${url}`).pathname;
          if (target.startsWith(`${base.url}/`)) reachedBase = true;
          queue.push(target);
        }
      }
      assert.ok(reachedBase, 'the modules import the shared base');
    });
  });
}
