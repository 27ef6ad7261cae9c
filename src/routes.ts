import { docsPage } from './docs-page/docs-page.routes.ts';
import type { DataRoute } from './contract/data-route.ts';
import { buildOpenApi, type Json } from './contract/openapi.ts';
import { staticPageRoutes } from './http/static-page.ts';
import { tokenOperations } from './oauth/token.openapi.ts';
import { metadataRoutes } from './oauth/authorization-server-metadata.ts';
import { revokeRoute } from './oauth/revoke.route.ts';
import { tokenRoute } from './oauth/token.route.ts';
import { HEALTH_URL, METRICS_URL, OPENAPI_URL, READY_URL } from './ops/ops.routes.ts';
import { boletosRoutes } from './resources/boletos/boletos.route.ts';
import { clientesRoutes } from './resources/clientes/clientes.route.ts';
import { contasRoutes } from './resources/contas/contas.route.ts';
import { ordensServicoRoutes } from './resources/ordens-servico/ordens-servico.route.ts';
import { produtosRoutes } from './resources/produtos/produtos.route.ts';
import { servicosRoutes } from './resources/servicos/servicos.route.ts';
import { settingsPage } from './settings/page/page.routes.ts';
import { settingsApiRoutes } from './settings/settings.routes.ts';
import { requestLogRoutes } from './settings/requests.routes.ts';
import { webhookRoutes } from './settings/webhooks.routes.ts';

/**
 * Every route of the app, by the plugin that serves it (docs/architecture.md). The plugins
 * register these lists; the 405 decision (D2), the OpenAPI description and the generated
 * security tests read them too, so a route added here is covered everywhere at once.
 */

/** The data API, `/v1/<resource>` (plugin `data-api`): one folder per URL segment under src/resources/. */
export const DATA_ROUTES: readonly DataRoute[] = [
  ...clientesRoutes,
  ...ordensServicoRoutes,
  ...contasRoutes,
  ...boletosRoutes,
  ...produtosRoutes,
  ...servicosRoutes,
];

/** The token and revocation endpoints (plugin `oauth`). */
export const OAUTH_ROUTES = [tokenRoute, revokeRoute] as const;

/** RFC 8414 authorization-server metadata, for discovery by OAuth libraries (plugin `oauth`). */
export const DISCOVERY_ROUTES = metadataRoutes(docsPage.url);

/** The settings area (plugin `settings`): its JSON API and its page. */
export const SETTINGS_ROUTES = { api: [...settingsApiRoutes, ...webhookRoutes, ...requestLogRoutes], page: settingsPage } as const;

/** Health, readiness, metrics, the OpenAPI description and the reference page (plugin `ops`). */
export const OPS_ROUTES = { urls: [HEALTH_URL, READY_URL, METRICS_URL, OPENAPI_URL], page: docsPage } as const;

export interface RouteEntry {
  method: string;
  url: string;
  plugin: 'oauth' | 'data-api' | 'settings' | 'ops';
}

/** The whole list, flat: method, URL pattern and plugin of every route. */
export function everyRoute(): RouteEntry[] {
  return [
    ...OAUTH_ROUTES.map((r) => ({ method: r.method, url: r.url, plugin: 'oauth' as const })),
    ...DISCOVERY_ROUTES.map((r) => ({ method: r.method, url: r.url, plugin: 'oauth' as const })),
    ...DATA_ROUTES.map((r) => ({ method: 'GET', url: r.url, plugin: 'data-api' as const })),
    ...SETTINGS_ROUTES.api.map((r) => ({ method: r.method, url: r.url, plugin: 'settings' as const })),
    ...staticPageRoutes(SETTINGS_ROUTES.page).map((r) => ({ ...r, plugin: 'settings' as const })),
    ...OPS_ROUTES.urls.map((url) => ({ method: 'GET', url, plugin: 'ops' as const })),
    ...staticPageRoutes(OPS_ROUTES.page).map((r) => ({ ...r, plugin: 'ops' as const })),
  ];
}

let description: Json | null = null;

/**
 * The OpenAPI description of the public API (the token endpoint and the data routes), built once
 * from these lists, with the default server; `forBaseUrl` (contract/openapi.ts) sets the address per request.
 */
export function apiDescription(): Json {
  description ??= buildOpenApi(DATA_ROUTES, [tokenOperations]);
  return description;
}
