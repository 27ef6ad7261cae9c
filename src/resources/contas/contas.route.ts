import type { Scope } from '../../domain/scopes.ts';
import { listMeta, pageOf } from '../../domain/paging.ts';
import type { Detalhe } from '../../errors/coded-error.ts';
import { dataRoute } from '../../http/data-route.ts';
import { sortOf } from '../../http/pagination.ts';
import type { Parsed } from '../../http/params.ts';
import { periodOf, periodProblems } from '../../http/period.ts';
import { listOf } from '../../http/schemas.ts';
import { listContas, toConta, usuarioIds, usuarioNames, type ContasTabela } from './contas.query.ts';
import { ContaSchema, contasListParams } from './contas.schema.ts';

interface ContasResource {
  url: string;
  scope: Scope;
  tag: string;
  summary: string;
  tabela: ContasTabela;
}

const RESOURCES: readonly ContasResource[] = [
  {
    url: '/v1/contas-receber',
    scope: 'contas-receber:ler',
    tag: 'Contas a receber',
    summary: 'Listar contas a receber',
    tabela: 'contas_receber',
  },
  { url: '/v1/contas-pagar', scope: 'contas-pagar:ler', tag: 'Contas a pagar', summary: 'Listar contas a pagar', tabela: 'contas_pagar' },
];

const DESCRIPTION =
  'Contas da empresa da credencial, paginadas; contas excluídas nunca aparecem. ' +
  'Padrão: `vencimento` decrescente, desempate por `id` decrescente; `ordenar_por` sem `ordem` também usa `desc`, ' +
  'e `data_pagamento` nulo fica por último nas duas direções. ' +
  '`status` é calculado na leitura: `pago` quando há `data_pagamento`; senão `vencido` quando `vencimento` é anterior a hoje ' +
  'em America/Sao_Paulo; senão `aberto`. Cedente excluído ou inexistente: `tipo` e `id` mantidos, `nome` null; ' +
  'cedente `outro`: `id` null e `nome` o texto livre. `valor` é um número JSON exato, com até 2 casas.';

/** `cedente_id` needs a `cedente_tipo` that has ids: an `outro` cedente is free text. */
function cedenteProblems(p: Parsed<typeof contasListParams>): Detalhe[] {
  if (p.cedente_id === undefined) return [];
  if (p.cedente_tipo === undefined) return [{ campo: 'cedente_id', mensagem: 'Informe cedente_tipo junto com cedente_id.' }];
  if (p.cedente_tipo === 'outro') return [{ campo: 'cedente_id', mensagem: 'Cedente do tipo outro é texto livre e não tem id.' }];
  return [];
}

/** GET /v1/contas-receber and GET /v1/contas-pagar: one implementation, two tables (spec: same shape). */
export const contasRoutes = RESOURCES.map((resource) =>
  dataRoute({
    url: resource.url,
    scope: resource.scope,
    tag: resource.tag,
    summary: resource.summary,
    description: DESCRIPTION,
    params: contasListParams,
    response: listOf(ContaSchema),
    check: (p, _principal, sent) => [...periodProblems(p, sent), ...cedenteProblems(p)],
    async handler(ctx) {
      const p = ctx.params();
      const page = pageOf(p);
      const empresaId = ctx.principal.empresaId;
      const filter = { periodo: periodOf(p), status: p.status, cedenteTipo: p.cedente_tipo, cedenteId: p.cedente_id };
      const { data, total } = await listContas(ctx.tenant, empresaId, resource.tabela, filter, sortOf(contasListParams, p), page);
      const usuarios = await usuarioNames(ctx.central, empresaId, usuarioIds(data));
      return { data: data.map((row) => toConta(row, usuarios)), meta: listMeta(page, total) };
    },
  }),
);
