import type { StaticPage } from '../../http/static-page.ts';
import { PAGE_BASE, pageHead } from '../../page-base/page-base.ts';

/** The page's ES modules, served as they are: main.js is the entry and imports the others. */
const MODULES = [
  'main.js',
  'api-address.js',
  'api.js',
  'audit.js',
  'clipboard.js',
  'credential-form.js',
  'credential-save.js',
  'credentials-list.js',
  'deliveries.js',
  'dialogs.js',
  'dom.js',
  'focus.js',
  'form-feedback.js',
  'forget.js',
  'format.js',
  'ip-check.js',
  'key-steps-dialog.js',
  'public-key-check.js',
  'replace-key-dialog.js',
  'revoke-dialog.js',
  'requests-chart.js',
  'requests-filters.js',
  'requests-view.js',
  'rotate-dialog.js',
  'scroll-boxes.js',
  'secret-dialog.js',
  'session.js',
  'sign-in.js',
  'state.js',
  'toast.js',
  'views.js',
  'webhook-actions.js',
  'webhook-clicks.js',
  'webhook-delete-dialog.js',
  'webhook-edit-dialog.js',
  'webhook-fields.js',
  'webhook-form.js',
  'webhook-format.js',
  'webhook-rotate-dialog.js',
  'webhook-secret-dialog.js',
  'webhooks-list.js',
];

/** The pages' shared base, where the modules' imports of ../../page-base/ land from /settings/assets/. */
const BASE_URL = '/page-base';

/**
 * The settings page (Configurações › Dados da Empresa › Integrações › API Externa): static
 * HTML, CSS and plain browser JavaScript modules that talk only to the JSON API under
 * /settings/api/, on the pages' shared base.
 */
export const settingsPage: StaticPage = {
  url: '/settings',
  dir: new URL('./', import.meta.url),
  assets: ['settings.css', ...MODULES],
  base: { url: BASE_URL, ...PAGE_BASE },
  fill: () => ({
    head: pageHead({
      title: 'API Externa · Integrações · Configurações',
      base: BASE_URL,
      stylesheet: '/settings/assets/settings.css',
      entry: '/settings/assets/main.js',
    }),
  }),
};
