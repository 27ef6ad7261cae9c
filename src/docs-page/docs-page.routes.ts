import type { StaticPage } from '../http/static-page.ts';
import { guideFill } from './guide.ts';

/** The page's ES modules, served as they are: docs.js is the entry and imports the others. */
const MODULES = ['docs.js', 'dom.js', 'schema.js', 'operation.js', 'try-it.js', 'nav.js'];

/**
 * The API reference page for integrators at GET /docs (outside /v1, like /openapi.json: D1): a
 * guide rendered at start from the constants it states (guide.ts), and a script that renders
 * every operation of GET /openapi.json of this same app.
 */
export const docsPage: StaticPage = {
  url: '/docs',
  dir: new URL('./', import.meta.url),
  assets: ['docs.css', ...MODULES],
  fill: guideFill,
};
