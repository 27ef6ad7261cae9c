import { pageOf } from '../../domain/paging.ts';
import { sortOf } from '../../contract/pagination.ts';
import { periodOf, periodProblems } from '../../contract/period.ts';
import { resourceRoutes } from '../../contract/resource-routes.ts';
import { boletosQuery, boletosSpec } from './boletos.query.ts';
import { boletoExample, BoletoSchema, boletosListParams } from './boletos.schema.ts';

// The spec defines no detail route for boletos.
export const boletosRoutes = resourceRoutes({
  url: '/v1/boletos',
  scope: 'boletos:ler',
  tag: {
    name: 'Boletos',
    description: 'Boletos emitidos pela empresa, com linha digitável, valores e a situação informada pelo banco.',
  },
  record: { name: 'Boleto', schema: BoletoSchema, example: boletoExample },
  name: 'Boletos',
  plural: 'boletos',
  spec: () => boletosSpec,
  list: {
    description:
      'Boletos da empresa da credencial, paginados. Padrão: `vencimento` decrescente e, no empate, `id` decrescente; ' +
      '`ordenar_por` sem `ordem` também usa `desc`. Datas nulas (`emissao`, `vencimento`, `pagamento`) ficam por último ' +
      'nas duas direções. O `status` é o informado pelo banco. Boletos excluídos nunca aparecem.',
    params: boletosListParams,
    check: (p, _principal, sent) => periodProblems(p, sent),
    query: (ctx, p) =>
      boletosQuery(
        ctx.principal.empresaId,
        { period: periodOf(p), status: p.status, clienteId: p.cliente_id },
        sortOf(boletosListParams, p),
        pageOf(p),
      ),
  },
});
