import { ApiError, type Detalhe } from '../../errors/api-error.ts';
import type { Principal } from '../../auth/principal.ts';
import { registerDataRoute, type DataRouteDeps } from '../../http/data-route.ts';
import { listMeta, pageOf } from '../../http/pagination.ts';
import { periodOf, periodProblems } from '../../http/period.ts';
import { detailOf, listOf } from '../../http/schemas.ts';
import type { Store } from '../../store/store.ts';
import { toOrdem, toOrdemDetalhe } from './ordens-servico.mapper.ts';
import { findOrdemServico, listOrdensServico } from './ordens-servico.query.ts';
import {
  OrdemServicoDetalheSchema,
  OrdemServicoSchema,
  ordensServicoDetailParams,
  ordensServicoListParams,
  STANDARD_OS_STATUS,
} from './ordens-servico.schema.ts';

const TAG = 'Ordens de serviço';

/** D14: `status` is one of the standard values or of the company's own catalogue, as sent. */
function statusProblems(status: string | undefined, principal: Principal): Detalhe[] {
  if (status === undefined || STANDARD_OS_STATUS.includes(status) || principal.statusPersonalizados.includes(status)) return [];
  return [{ campo: 'status', mensagem: 'Status desconhecido: use um dos 11 status padrão ou um status personalizado da empresa.' }];
}

export function registerOrdensServicoRoutes(deps: DataRouteDeps, store: Store): void {
  registerDataRoute(deps, {
    url: '/v1/ordens-servico',
    scope: 'os:ler',
    tag: TAG,
    summary: 'Listar ordens de serviço',
    description:
      'Ordens de serviço da empresa da credencial, paginadas; OS excluídas nunca aparecem (D22). ' +
      'Padrão: `data_abertura` decrescente, com desempate por `id` decrescente. `ordenar_por` sem `ordem` usa `desc`; ' +
      '`ordem` sem `ordenar_por` se aplica a `data_abertura`; valores nulos (`data_conclusao`) vêm por último nas duas direções (D9). ' +
      '`valor_total` é a soma exata dos itens não excluídos (D23).',
    params: ordensServicoListParams,
    response: listOf(OrdemServicoSchema),
    check: (p, principal, sent) => [...periodProblems(p, sent), ...statusProblems(p.status, principal)],
    async handler(ctx) {
      const p = ctx.params();
      const periodo = periodOf(p);
      const page = pageOf(p);
      const { data, total } = await listOrdensServico(
        store.tenant(ctx.principal.empresaId, ctx.principal.tenantDb),
        ctx.principal.empresaId,
        { periodo, status: p.status, clienteId: p.cliente_id, tecnicoId: p.tecnico_id },
        { field: p.ordenar_por ?? 'data_abertura', direction: p.ordem ?? 'desc' },
        page,
      );
      return { data: data.map(toOrdem), meta: listMeta(page, total) };
    },
  });

  registerDataRoute(deps, {
    url: '/v1/ordens-servico/:id',
    scope: 'os:ler',
    tag: TAG,
    summary: 'Detalhar uma ordem de serviço',
    description:
      'Uma OS pelo id, com itens e checklist. Não aceita parâmetros de consulta. ' +
      'Id inexistente, excluído ou de outra empresa: 404 `recurso_nao_encontrado` (D22).',
    params: ordensServicoDetailParams,
    response: detailOf(OrdemServicoDetalheSchema),
    async handler(ctx) {
      ctx.params();
      const found = await findOrdemServico(store.tenant(ctx.principal.empresaId, ctx.principal.tenantDb), ctx.principal.empresaId, ctx.id());
      if (found === null) throw new ApiError('recurso_nao_encontrado');
      return { data: toOrdemDetalhe(found) };
    },
  });
}
