import type { StaticPage } from '../http/static-page.ts';
import { PAGE_BASE, pageHead } from '../page-base/page-base.ts';
import { guideFill } from './guide.ts';

/** The page's ES modules, served as they are: docs.js is the entry and imports the others. */
const MODULES = ['docs.js', 'dom.js', 'schema.js', 'operation.js', 'samples.js', 'try-it.js', 'nav.js'];

/** The pages' shared base, where the modules' imports of ../page-base/ land from /docs/assets/. */
const BASE_URL = '/docs/page-base';

/**
 * The API reference page for integrators at GET /docs (outside /v1, like /openapi.json: D1): a
 * guide rendered at start from the constants it states (guide.ts), and a script that renders
 * every operation of GET /openapi.json of this same app, on the pages' shared base.
 */
export const docsPage: StaticPage = {
  url: '/docs',
  dir: new URL('./', import.meta.url),
  assets: ['docs.css', ...MODULES],
  base: { url: BASE_URL, ...PAGE_BASE },
  fill: () => ({
    ...guideFill(),
    head: pageHead({
      title: 'Referência da API Externa',
      base: BASE_URL,
      stylesheet: '/docs/assets/docs.css',
      entry: '/docs/assets/docs.js',
    }),
  }),
};
