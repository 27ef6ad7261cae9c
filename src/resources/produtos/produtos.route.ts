import { catalogoRoutes } from './catalogo.route.ts';
import { ProdutoSchema } from './produtos.schema.ts';

export const produtosRoutes = catalogoRoutes({
  table: 'produtos',
  scope: 'produtos:ler',
  tag: 'Produtos',
  plural: 'produtos',
  singular: 'um produto',
  schema: ProdutoSchema,
});
