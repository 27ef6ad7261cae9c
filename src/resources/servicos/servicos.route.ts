import type { DataRouteDeps } from '../../http/data-route.ts';
import type { Store } from '../../store/store.ts';
import { registerCatalogoRoutes } from '../produtos/catalogo.route.ts';
import { ServicoSchema } from './servicos.schema.ts';

// Servicos share the catalogue implementation with produtos: same filters and sorts, no `unidade` (D24).
export function registerServicosRoutes(deps: DataRouteDeps, store: Store): void {
  registerCatalogoRoutes(deps, store, {
    table: 'servicos',
    scope: 'servicos:ler',
    tag: 'Serviços',
    plural: 'serviços',
    singular: 'um serviço',
    schema: ServicoSchema,
  });
}
