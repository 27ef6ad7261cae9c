import type { Static } from 'typebox';
import type { Scope } from '../../domain/scopes.ts';
import { pageOf } from '../../domain/paging.ts';
import type { Detalhe } from '../../errors/coded-error.ts';
import type { ApiTag } from '../../contract/data-route.ts';
import { sortOf } from '../../contract/pagination.ts';
import type { Parsed } from '../../contract/params.ts';
import { periodOf, periodProblems } from '../../contract/period.ts';
import { resourceRoutes } from '../../contract/resource-routes.ts';
import { contasQuery, contasSpec, usuarioNames, type ContasTabela } from './contas.query.ts';
import { ContaSchema, contasListParams } from './contas.schema.ts';

interface ContasResource {
  url: string;
  scope: Scope;
  tag: ApiTag;
  /** in operation ids and summaries: `listar<name>`, `Listar <plural>` (contract/resource-routes.ts) */
  name: string;
  plural: string;
  tabela: ContasTabela;
  example: Record<string, unknown>;
}

const RESOURCES: readonly ContasResource[] = [
  {
    url: '/v1/contas-receber',
    scope: 'contas-receber:ler',
    tag: { name: 'Contas a receber', description: 'O que a empresa tem a receber: valores, vencimentos, pagamentos e quem deve.' },
    name: 'ContasReceber',
    plural: 'contas a receber',
    tabela: 'contas_receber',
    example: {
      id: 3120,
      cedente: { tipo: 'cliente', id: 1, nome: 'João da Silva' },
      descricao: 'Parcela 2/3 da OS-1234',
      valor: 150.17,
      vencimento: '2025-07-10',
      status: 'pago',
      data_pagamento: '2025-07-08',
      atualizado_em: '2025-07-08T19:31:26Z',
    },
  },
  {
    url: '/v1/contas-pagar',
    scope: 'contas-pagar:ler',
    tag: { name: 'Contas a pagar', description: 'O que a empresa tem a pagar: valores, vencimentos, pagamentos e a quem se deve.' },
    name: 'ContasPagar',
    plural: 'contas a pagar',
    tabela: 'contas_pagar',
    example: {
      id: 877,
      cedente: { tipo: 'fornecedor', id: 14, nome: 'Refrigeração Paulista Ltda' },
      descricao: 'Compra de gás refrigerante R-410A',
      valor: 1280,
      vencimento: '2025-08-05',
      status: 'aberto',
      data_pagamento: null,
      atualizado_em: '2025-07-21T12:00:37Z',
    },
  },
];

const DESCRIPTION =
  'Contas da empresa da credencial, paginadas; contas excluídas nunca aparecem. ' +
  'Padrão: `vencimento` decrescente, desempate por `id` decrescente; `ordenar_por` sem `ordem` também usa `desc`, ' +
  'e `data_pagamento` nulo fica por último nas duas direções. ' +
  '`status` é calculado na leitura: `pago` quando há `data_pagamento`; senão `vencido` quando `vencimento` é anterior a hoje ' +
  'em America/Sao_Paulo; senão `aberto`. Cedente excluído ou inexistente: `tipo` e `id` mantidos, `nome` null; ' +
  'cedente `outro`: `id` null e `nome` o texto livre. `valor` é um número JSON exato, com até 2 casas.';

type ContaRecord = Static<typeof ContaSchema>;

/** Names the usuario cedentes of these records from the central database, in place, as the list names them. */
async function nameUsuarios(contas: ContaRecord[], names: (ids: number[]) => Promise<Map<number, string | null>>): Promise<void> {
  const usuarios = await names(contas.flatMap((c) => (c.cedente.tipo === 'usuario' && c.cedente.id !== null ? [c.cedente.id] : [])));
  for (const c of contas) if (c.cedente.tipo === 'usuario' && c.cedente.id !== null) c.cedente.nome = usuarios.get(c.cedente.id) ?? null;
}

/** `cedente_id` needs a `cedente_tipo` that has ids: an `outro` cedente is free text. */
function cedenteProblems(p: Parsed<typeof contasListParams>): Detalhe[] {
  if (p.cedente_id === undefined) return [];
  if (p.cedente_tipo === undefined) return [{ campo: 'cedente_id', mensagem: 'Informe cedente_tipo junto com cedente_id.' }];
  if (p.cedente_tipo === 'outro') return [{ campo: 'cedente_id', mensagem: 'Cedente do tipo outro é texto livre e não tem id.' }];
  return [];
}

/** GET /v1/contas-receber and GET /v1/contas-pagar, their feeds and exports: one implementation, two tables (spec: same shape). */
export const contasRoutes = RESOURCES.flatMap((resource) =>
  resourceRoutes({
    url: resource.url,
    scope: resource.scope,
    tag: resource.tag,
    record: { name: 'Conta', schema: ContaSchema, example: resource.example },
    name: resource.name,
    plural: resource.plural,
    note: 'O `status` do registro é calculado na leitura e não gera alteração ao mudar com a data.',
    // Users live in the central database: joined when the company's data is there too, else named afterwards.
    spec: (ctx) => contasSpec(resource.tabela, ctx.today, ctx.principal.tenantDb === null),
    completer: (ctx) =>
      ctx.principal.tenantDb === null
        ? undefined
        : (records) => nameUsuarios(records as ContaRecord[], (ids) => usuarioNames(ctx.central, ctx.principal.empresaId, ids)),
    list: {
      description: DESCRIPTION,
      params: contasListParams,
      check: (p, _principal, sent) => [...periodProblems(p, sent), ...cedenteProblems(p)],
      query(ctx, p) {
        const filter = { periodo: periodOf(p), status: p.status, cedenteTipo: p.cedente_tipo, cedenteId: p.cedente_id };
        return contasQuery(ctx.principal.empresaId, filter, ctx.today, sortOf(contasListParams, p), pageOf(p));
      },
    },
  }),
);
