import type { DataRouteDeps } from '../../http/data-route.ts';
import type { Store } from '../../store/store.ts';
import { registerCatalogoRoutes } from './catalogo.route.ts';
import { ProdutoSchema } from './produtos.schema.ts';

export function registerProdutosRoutes(deps: DataRouteDeps, store: Store): void {
  registerCatalogoRoutes(deps, store, {
    table: 'produtos',
    scope: 'produtos:ler',
    tag: 'Produtos',
    plural: 'produtos',
    singular: 'um produto',
    schema: ProdutoSchema,
  });
}
