import { catalogoRoutes } from '../produtos/catalogo.route.ts';
import { servicoExample, ServicoSchema } from './servicos.schema.ts';

// Servicos share the catalogue implementation with produtos: same filters and sorts, no `unidade` (D24).
export const servicosRoutes = catalogoRoutes({
  table: 'servicos',
  scope: 'servicos:ler',
  tag: { name: 'Serviços', description: 'Catálogo de serviços da empresa, ativos e inativos.' },
  plural: 'serviços',
  singular: 'um serviço',
  record: { name: 'Servico', schema: ServicoSchema, example: servicoExample },
});
