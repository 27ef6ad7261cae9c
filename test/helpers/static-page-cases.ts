import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestApp } from './test-app.ts';

export const PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

const TYPES: Record<string, string> = { css: 'text/css; charset=utf-8', js: 'text/javascript; charset=utf-8' };

export interface StaticPage {
  url: string;
  css: string;
  /** every script the page serves: one classic script, or ES modules that import each other */
  js: string[];
  /** the one file index.html loads; any others are imported from it, directly or not */
  entry: string;
  notAssets: string[];
}

/** The `./name.js` files a script imports (static imports and re-exports; none are dynamic). */
function relativeImports(source: string): string[] {
  return [...source.matchAll(/^\s*(?:import|export)\b[^'"]*?\bfrom\s*['"]\.\/([^'"]+)['"]|^\s*import\s*['"]\.\/([^'"]+)['"]/gm)].map(
    (m) => m[1] ?? m[2] ?? '',
  );
}

/**
 * The HTTP cases every page the app serves itself must pass (src/http/static-page.ts): the page
 * and its assets with their content types and the strict CSP, a 404 for anything else, and
 * nothing loaded from elsewhere — no external URL, inline script or style, or HTML injection.
 */
export function staticPageCases(app: () => TestApp, page: StaticPage): void {
  const assetUrl = (file: string) => `${page.url}/assets/${file}`;

  test(`${page.url} is HTML with the strict CSP, DENY framing and the common headers`, async () => {
    const res = await app().get(page.url);
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(res.headers['content-security-policy'], PAGE_CSP);
    assert.equal(res.headers['x-frame-options'], 'DENY');
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(res.headers['referrer-policy'], 'no-referrer');
    assert.match(res.body, /^<!doctype html>/i);
    assert.match(res.body, /<html lang="pt-BR">/);
    assert.match(res.body, /<meta name="viewport" content="width=device-width, initial-scale=1" ?\/?>/);
  });

  for (const file of [page.css, ...page.js]) {
    const type = TYPES[file.split('.').pop() ?? ''] ?? '';
    test(`${assetUrl(file)} is served as ${type} with the same CSP`, async () => {
      const res = await app().get(assetUrl(file));
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-type'], type);
      assert.equal(res.headers['content-security-policy'], PAGE_CSP);
      assert.equal(res.headers['x-frame-options'], 'DENY');
      assert.ok(res.body.length > 100);
    });
  }

  test(`any other ${page.url} asset or path trick is the normal 404 envelope`, async () => {
    for (const url of page.notAssets) {
      const res = await app().get(url);
      assert.equal(res.statusCode, 404, url);
      assert.equal((res.json() as { erro: { codigo: string } }).erro.codigo, 'recurso_nao_encontrado', url);
    }
  });

  test(`${page.url} loads nothing from elsewhere: no external URL, inline script or style, no innerHTML`, async () => {
    const html = (await app().get(page.url)).body;
    const css = (await app().get(assetUrl(page.css))).body;
    const scripts: [string, string][] = [];
    for (const file of page.js) scripts.push([file, (await app().get(assetUrl(file))).body]);
    const texts: [string, string][] = [['html', html], ['css', css], ...scripts];
    for (const [name, text] of texts) {
      assert.doesNotMatch(text, /https?:\/\//, `${name} names an absolute URL`);
      assert.doesNotMatch(text, /(src|href)=["']\/\//, `${name} names a protocol-relative URL`);
      // JSDoc type imports (`@import`, `import('./x.js').T`) live in comments and load nothing.
      const code = name.endsWith('.js') ? withoutComments(text) : text;
      assert.doesNotMatch(code, /@import|@font-face|url\(/, `${name} loads a stylesheet, font or image`);
    }
    const tags = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    assert.equal(tags.length, 1);
    assert.ok((tags[0]?.[1] ?? '').includes(`src="${assetUrl(page.entry)}"`));
    assert.equal(tags[0]?.[2], '');
    assert.doesNotMatch(html, /<style\b|\sstyle="|\son[a-z]+="/, 'inline style or event handler');
    for (const [name, text] of scripts) {
      assert.doesNotMatch(text, /innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(/, name);
      assert.doesNotMatch(withoutComments(text), /\bimport\s*\(/, `${name} imports dynamically`);
    }
  });

  test(`${page.url} serves exactly the scripts its entry needs`, async () => {
    const html = (await app().get(page.url)).body;
    const sources = new Map<string, string>();
    for (const file of page.js) sources.set(file, (await app().get(assetUrl(file))).body);
    const imported = new Map([...sources].map(([file, text]) => [file, relativeImports(text)]));
    // Imports only work from a module script; a classic one must import nothing.
    const isModule = /<script\b[^>]*\btype="module"/.test(html);
    if (!isModule) assert.deepEqual(imported.get(page.entry), [], `${page.entry} imports but is not loaded as a module`);
    for (const [file, names] of imported) {
      for (const name of names) assert.ok(sources.has(name), `${file} imports ./${name}, which the page does not serve`);
    }
    const reached = new Set<string>();
    const visit = (file: string): void => {
      if (reached.has(file)) return;
      reached.add(file);
      for (const name of imported.get(file) ?? []) visit(name);
    };
    visit(page.entry);
    assert.deepEqual([...reached].sort(), [...page.js].sort(), 'every served script is reached from the entry');
  });
}

/** A script without its comments (the pages' scripts hold no comment markers inside strings). */
function withoutComments(script: string): string {
  return script.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
}
