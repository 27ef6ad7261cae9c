import type { StaticPage } from '../../http/static-page.ts';

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
  'dialogs.js',
  'dom.js',
  'focus.js',
  'form-feedback.js',
  'format.js',
  'ip-check.js',
  'revoke-dialog.js',
  'rotate-dialog.js',
  'secret-dialog.js',
  'session.js',
  'sign-in.js',
  'state.js',
  'toast.js',
  'views.js',
];

/**
 * The settings page (Configurações › Dados da Empresa › Integrações › API Externa): static
 * HTML, CSS and plain browser JavaScript modules that talk only to the JSON API under
 * /settings/api/.
 */
export const settingsPage: StaticPage = { url: '/settings', dir: new URL('./', import.meta.url), assets: ['settings.css', ...MODULES] };
