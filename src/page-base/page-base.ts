/**
 * The base of the pages the app serves itself (src/http/static-page.ts: the settings area, the API
 * reference): the DOM helpers (dom.js), the base stylesheet (base.css) and the <head> (pageHead).
 * A page serves these files at the URL where its modules' relative imports of this folder land
 * (../../page-base/ from /settings/assets/ is /page-base/), so one path works in the source
 * tree (type-check, lint) and in the browser, with no build step.
 */
export const PAGE_BASE = { dir: new URL('./', import.meta.url), files: ['base.css', 'dom.js'] } as const;

/** Text for HTML, as an element's content or a quoted attribute value. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * The <head> of a page, for its index.html's `{{head}}`: character set, viewport, no referrer,
 * the title, an empty icon (no request for /favicon.ico), the base stylesheet then the page's
 * own, and the page's entry module.
 */
export function pageHead(head: { title: string; base: string; stylesheet: string; entry: string }): string {
  const [title, base, stylesheet, entry] = [head.title, head.base, head.stylesheet, head.entry].map(escapeHtml);
  return [
    '<meta charset="utf-8" />',
    '<meta name="viewport" content="width=device-width, initial-scale=1" />',
    '<meta name="referrer" content="no-referrer" />',
    `<title>${title}</title>`,
    '<link rel="icon" href="data:," />',
    `<link rel="stylesheet" href="${base}/base.css" />`,
    `<link rel="stylesheet" href="${stylesheet}" />`,
    `<script type="module" src="${entry}"></script>`,
  ].join('\n    ');
}
