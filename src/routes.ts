import type { FastifyInstance } from 'fastify';
import { createDataGuard, type PipelineDeps } from './auth/pipeline.ts';
import { TOKEN_ROUTE } from './errors/error-handler.ts';
import type { RouteTable } from './http/route-table.ts';
import { registerTokenRoute } from './oauth/token.route.ts';
import { registerClientesRoutes } from './resources/clientes/clientes.route.ts';
import { registerContasRoutes } from './resources/contas/contas.route.ts';
import { registerOrdensServicoRoutes } from './resources/ordens-servico/ordens-servico.route.ts';
import { registerBoletosRoutes } from './resources/boletos/boletos.route.ts';
import { registerProdutosRoutes } from './resources/produtos/produtos.route.ts';
import { registerServicosRoutes } from './resources/servicos/servicos.route.ts';

/** Every route of the public API, in one list. */
export function registerApiRoutes(app: FastifyInstance, routes: RouteTable, deps: PipelineDeps): void {
  routes.add(TOKEN_ROUTE, 'POST');
  registerTokenRoute(app, deps);

  const data = { app, routes, guardFor: createDataGuard(deps) };
  registerClientesRoutes(data, deps.store);
  registerOrdensServicoRoutes(data, deps.store);
  registerContasRoutes(data, deps.store);
  registerBoletosRoutes(data, deps.store);
  registerProdutosRoutes(data, deps.store);
  registerServicosRoutes(data, deps.store);
}
