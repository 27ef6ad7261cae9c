import type { FastifyInstance } from 'fastify';
import { registerStaticPage } from '../../http/static-page.ts';

/**
 * The settings page (Configurações › Dados da Empresa › Integrações › API Externa): static
 * HTML, CSS and plain browser JavaScript that talks only to the JSON API under /settings/api/.
 */
export function registerSettingsPage(app: FastifyInstance): void {
  registerStaticPage(app, { url: '/settings', dir: new URL('./', import.meta.url), assets: ['settings.css', 'settings.js'] });
}
