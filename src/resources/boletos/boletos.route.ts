import { registerDataRoute, type DataRouteDeps } from '../../http/data-route.ts';
import { listMeta, pageOf } from '../../http/pagination.ts';
import { periodOf, periodProblems } from '../../http/period.ts';
import { listOf } from '../../http/schemas.ts';
import type { Store } from '../../store/store.ts';
import { listBoletos } from './boletos.query.ts';
import { BoletoSchema, boletosListParams } from './boletos.schema.ts';

export function registerBoletosRoutes(deps: DataRouteDeps, store: Store): void {
  // The spec defines no detail route for boletos.
  registerDataRoute(deps, {
    url: '/v1/boletos',
    scope: 'boletos:ler',
    tag: 'Boletos',
    summary: 'Listar boletos',
    description:
      'Boletos da empresa da credencial, paginados. Padrão: `vencimento` decrescente e, no empate, `id` decrescente; ' +
      '`ordenar_por` sem `ordem` também usa `desc` (D9). Datas nulas (`emissao`, `vencimento`, `pagamento`) ficam por último ' +
      'nas duas direções. O `status` é o informado pelo banco (D20). Boletos excluídos nunca aparecem (D22).',
    params: boletosListParams,
    response: listOf(BoletoSchema),
    check: (p, _principal, sent) => periodProblems(p, sent),
    async handler(ctx) {
      const p = ctx.params();
      const page = pageOf(p);
      const { data, total } = await listBoletos(
        store.tenant(ctx.principal.empresaId, ctx.principal.tenantDb),
        ctx.principal.empresaId,
        { period: periodOf(p), status: p.status, clienteId: p.cliente_id },
        { field: p.ordenar_por ?? 'vencimento', direction: p.ordem ?? 'desc' },
        page,
      );
      return { data, meta: listMeta(page, total) };
    },
  });
}
