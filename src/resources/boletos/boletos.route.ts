import { pageOf } from '../../domain/paging.ts';
import { dataRoute, listBody } from '../../http/data-route.ts';
import { sortOf } from '../../http/pagination.ts';
import { periodOf, periodProblems } from '../../http/period.ts';
import { listOf } from '../../http/schemas.ts';
import { boletosQuery, boletosSpec } from './boletos.query.ts';
import { BoletoSchema, boletosListParams } from './boletos.schema.ts';

// The spec defines no detail route for boletos.
export const boletosRoutes = [
  dataRoute({
    url: '/v1/boletos',
    scope: 'boletos:ler',
    tag: 'Boletos',
    summary: 'Listar boletos',
    description:
      'Boletos da empresa da credencial, paginados. Padrão: `vencimento` decrescente e, no empate, `id` decrescente; ' +
      '`ordenar_por` sem `ordem` também usa `desc`. Datas nulas (`emissao`, `vencimento`, `pagamento`) ficam por último ' +
      'nas duas direções. O `status` é o informado pelo banco. Boletos excluídos nunca aparecem.',
    params: boletosListParams,
    response: listOf(BoletoSchema),
    check: (p, _principal, sent) => periodProblems(p, sent),
    async handler(ctx) {
      const p = ctx.params();
      const page = pageOf(p);
      const filter = { period: periodOf(p), status: p.status, clienteId: p.cliente_id };
      const found = await ctx.listPage(boletosSpec, boletosQuery(ctx.principal.empresaId, filter, sortOf(boletosListParams, p), page));
      return listBody(found, page);
    },
  }),
];
