import type { StaticPage } from '../http/static-page.ts';

/**
 * The API reference page for integrators at GET /docs (outside /v1, like /openapi.json: D1):
 * its script renders GET /openapi.json of this same app.
 */
export const docsPage: StaticPage = { url: '/docs', dir: new URL('./', import.meta.url), assets: ['docs.css', 'docs.js'] };
