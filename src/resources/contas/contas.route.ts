import type { Static } from 'typebox';
import type { Scope } from '../../domain/scopes.ts';
import { listMeta, pageOf, type Page } from '../../domain/paging.ts';
import type { Detalhe } from '../../errors/coded-error.ts';
import { dataRoute, listBody } from '../../http/data-route.ts';
import { sortOf } from '../../http/pagination.ts';
import type { Parsed } from '../../http/params.ts';
import { periodOf, periodProblems } from '../../http/period.ts';
import { listOf } from '../../http/schemas.ts';
import type { ListPage } from '../../store/list/list-engine.ts';
import { contasQuery, contasSpec, usuarioNames, type ContasTabela } from './contas.query.ts';
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

type ContaRecord = Static<typeof ContaSchema>;

/** A page of a company on another database than the central one: its usuario cedentes are named from there. */
async function withUsuarioNames(found: ListPage, page: Page, names: (ids: number[]) => Promise<Map<number, string | null>>) {
  const data = JSON.parse(`[${found.records}]`) as ContaRecord[];
  const ids = data.flatMap((c) => (c.cedente.tipo === 'usuario' && c.cedente.id !== null ? [c.cedente.id] : []));
  const usuarios = await names(ids);
  for (const c of data) if (c.cedente.tipo === 'usuario' && c.cedente.id !== null) c.cedente.nome = usuarios.get(c.cedente.id) ?? null;
  return { data, meta: listMeta(page, found.total) };
}

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
      const { empresaId, tenantDb } = ctx.principal;
      const filter = { periodo: periodOf(p), status: p.status, cedenteTipo: p.cedente_tipo, cedenteId: p.cedente_id };
      const query = contasQuery(empresaId, filter, ctx.today, sortOf(contasListParams, p), page);
      // Users live in the central database: joined when the company's data is there too, else named afterwards.
      const usuariosHere = tenantDb === null;
      const found = await ctx.listPage(contasSpec(resource.tabela, ctx.today, usuariosHere), query);
      if (usuariosHere) return listBody(found, page);
      return withUsuarioNames(found, page, (ids) => usuarioNames(ctx.central, empresaId, ids));
    },
  }),
);
