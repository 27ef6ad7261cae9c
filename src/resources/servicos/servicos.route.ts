import { catalogoRoutes } from '../produtos/catalogo.route.ts';
import { ServicoSchema } from './servicos.schema.ts';

// Servicos share the catalogue implementation with produtos: same filters and sorts, no `unidade` (D24).
export const servicosRoutes = catalogoRoutes({
  table: 'servicos',
  scope: 'servicos:ler',
  tag: 'Serviços',
  plural: 'serviços',
  singular: 'um serviço',
  schema: ServicoSchema,
});
