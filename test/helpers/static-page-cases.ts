import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestApp } from './test-app.ts';

export const PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

const TYPES: Record<string, string> = { css: 'text/css; charset=utf-8', js: 'text/javascript; charset=utf-8' };

/**
 * The HTTP cases every page the app serves itself must pass (src/http/static-page.ts): the page
 * and its assets with their content types and the strict CSP, a 404 for anything else, and
 * nothing loaded from elsewhere — no external URL, inline script or style, or HTML injection.
 */
export function staticPageCases(app: () => TestApp, page: { url: string; css: string; js: string; notAssets: string[] }): void {
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
    assert.match(res.body, /^<!DOCTYPE html>/);
    assert.match(res.body, /<html lang="pt-BR">/);
    assert.match(res.body, /<meta name="viewport" content="width=device-width, initial-scale=1">/);
  });

  for (const file of [page.css, page.js]) {
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
    const js = (await app().get(assetUrl(page.js))).body;
    for (const [name, text] of [['html', html], ['css', css], ['js', js]] as const) {
      assert.doesNotMatch(text, /https?:\/\//, `${name} names an absolute URL`);
      assert.doesNotMatch(text, /(src|href)=["']\/\//, `${name} names a protocol-relative URL`);
      assert.doesNotMatch(text, /@import|@font-face|url\(/, `${name} loads a stylesheet, font or image`);
    }
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    assert.equal(scripts.length, 1);
    assert.ok((scripts[0]?.[1] ?? '').includes(`src="${assetUrl(page.js)}"`));
    assert.equal(scripts[0]?.[2], '');
    assert.doesNotMatch(html, /<style\b|\sstyle="|\son[a-z]+="/, 'inline style or event handler');
    assert.doesNotMatch(js, /innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(/);
  });
}
