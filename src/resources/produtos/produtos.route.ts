import { catalogoRoutes } from './catalogo.route.ts';
import { produtoExample, ProdutoSchema } from './produtos.schema.ts';

export const produtosRoutes = catalogoRoutes({
  table: 'produtos',
  scope: 'produtos:ler',
  tag: { name: 'Produtos', description: 'Catálogo de produtos da empresa, ativos e inativos.' },
  plural: 'produtos',
  singular: 'um produto',
  record: { name: 'Produto', schema: ProdutoSchema, example: produtoExample },
});
