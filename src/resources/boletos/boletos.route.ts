import { pageOf } from '../../domain/paging.ts';
import { dataRoute, listBody } from '../../contract/data-route.ts';
import { sortOf } from '../../contract/pagination.ts';
import { periodOf, periodProblems } from '../../contract/period.ts';
import { syncRoutes } from '../../contract/sync-routes.ts';
import { boletosQuery, boletosSpec } from './boletos.query.ts';
import { boletoExample, BoletoSchema, boletosListParams } from './boletos.schema.ts';

const TAG = {
  name: 'Boletos',
  description: 'Boletos emitidos pela empresa, com linha digitável, valores e a situação informada pelo banco.',
};
const RECORD = { name: 'Boleto', schema: BoletoSchema, example: boletoExample };

// The spec defines no detail route for boletos.
export const boletosRoutes = [
  dataRoute({
    url: '/v1/boletos',
    scope: 'boletos:ler',
    operationId: 'listarBoletos',
    tag: TAG,
    summary: 'Listar boletos',
    description:
      'Boletos da empresa da credencial, paginados. Padrão: `vencimento` decrescente e, no empate, `id` decrescente; ' +
      '`ordenar_por` sem `ordem` também usa `desc`. Datas nulas (`emissao`, `vencimento`, `pagamento`) ficam por último ' +
      'nas duas direções. O `status` é o informado pelo banco. Boletos excluídos nunca aparecem.',
    params: boletosListParams,
    record: RECORD,
    check: (p, _principal, sent) => periodProblems(p, sent),
    async handler(ctx) {
      const p = ctx.params();
      const page = pageOf(p);
      const filter = { period: periodOf(p), status: p.status, clienteId: p.cliente_id };
      const found = await ctx.listPage(boletosSpec, boletosQuery(ctx.principal.empresaId, filter, sortOf(boletosListParams, p), page));
      return listBody(found, page);
    },
  }),
  ...syncRoutes({
    url: '/v1/boletos',
    scope: 'boletos:ler',
    tag: TAG,
    record: RECORD,
    name: 'Boletos',
    plural: 'boletos',
    spec: () => boletosSpec,
  }),
];
