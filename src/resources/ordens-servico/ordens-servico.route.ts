import type { Principal } from '../../auth/principal.ts';
import { isStandardOsStatus } from '../../domain/ordem-servico.ts';
import { pageOf } from '../../domain/paging.ts';
import { DataError, type Detalhe } from '../../errors/coded-error.ts';
import { dataRoute } from '../../contract/data-route.ts';
import { sortOf } from '../../contract/pagination.ts';
import { periodOf, periodProblems } from '../../contract/period.ts';
import { resourceRoutes } from '../../contract/resource-routes.ts';
import { findOrdemServico, ordensServicoQuery, ordensServicoSpec } from './ordens-servico.query.ts';
import {
  ordemServicoDetalheExample,
  OrdemServicoDetalheSchema,
  ordemServicoExample,
  OrdemServicoSchema,
  ordensServicoDetailParams,
  ordensServicoListParams,
} from './ordens-servico.schema.ts';

const TAG = {
  name: 'Ordens de serviço',
  description:
    'Ordens de serviço da empresa, com cliente, técnico, status (padrão ou personalizados da empresa) e valor total; ' +
    'o detalhe traz também os itens e o checklist.',
};

/** D14: `status` is one of the standard values or of the company's own catalogue, as sent. */
function statusProblems(status: string | undefined, principal: Principal): Detalhe[] {
  if (status === undefined || isStandardOsStatus(status) || principal.statusPersonalizados.includes(status)) return [];
  return [{ campo: 'status', mensagem: 'Status desconhecido: use um dos 11 status padrão ou um status personalizado da empresa.' }];
}

const RECORD = { name: 'OrdemServico', schema: OrdemServicoSchema, example: ordemServicoExample };

export const ordensServicoRoutes = [
  ...resourceRoutes({
    url: '/v1/ordens-servico',
    scope: 'os:ler',
    tag: TAG,
    record: RECORD,
    name: 'OrdensServico',
    plural: 'ordens de serviço',
    note: 'O registro é o da listagem (sem itens); alterações de itens e do checklist contam como alteração da OS.',
    spec: () => ordensServicoSpec,
    list: {
      description:
        'Ordens de serviço da empresa da credencial, paginadas; OS excluídas nunca aparecem. ' +
        'Padrão: `data_abertura` decrescente, com desempate por `id` decrescente. `ordenar_por` sem `ordem` usa `desc`; ' +
        '`ordem` sem `ordenar_por` se aplica a `data_abertura`; valores nulos (`data_conclusao`) vêm por último nas duas direções. ' +
        '`valor_total` é a soma exata dos itens não excluídos.',
      params: ordensServicoListParams,
      check: (p, principal, sent) => [...periodProblems(p, sent), ...statusProblems(p.status, principal)],
      query(ctx, p) {
        const filter = { periodo: periodOf(p), status: p.status, clienteId: p.cliente_id, tecnicoId: p.tecnico_id };
        return ordensServicoQuery(ctx.principal.empresaId, filter, sortOf(ordensServicoListParams, p), pageOf(p));
      },
    },
  }),
  // The detail's record is not the list's (items and checklist): its own route.
  dataRoute({
    url: '/v1/ordens-servico/:id',
    scope: 'os:ler',
    operationId: 'obterOrdemServico',
    tag: TAG,
    summary: 'Detalhar uma ordem de serviço',
    description:
      'Uma OS pelo id, com itens e checklist. Não aceita parâmetros de consulta. ' +
      'Id inexistente, de OS excluída ou de outra empresa: 404 `recurso_nao_encontrado`.',
    params: ordensServicoDetailParams,
    record: { name: 'OrdemServicoDetalhe', schema: OrdemServicoDetalheSchema, example: ordemServicoDetalheExample },
    async handler(ctx) {
      ctx.params();
      const found = await findOrdemServico(ctx.tenant, ctx.principal.empresaId, ctx.id(), (id) => ctx.listRecord(ordensServicoSpec, id));
      if (found === null) throw new DataError('recurso_nao_encontrado');
      return { data: found };
    },
  }),
];
