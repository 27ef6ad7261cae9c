import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Direction, Page } from '../../domain/paging.ts';
import type { TenantDatabase } from '../../store/tables.ts';
import { likeContains, utcDateTime } from '../../store/sql.ts';
import { pageWithTotal, sortRows } from '../../store/list.ts';
import type { CLIENTES_SORTS } from './clientes.schema.ts';

export interface ClientesFilter {
  nome?: string;
  cidade?: string;
  ativo: boolean;
  documentoDigitos?: string;
}

export interface Sort {
  field: (typeof CLIENTES_SORTS)[number];
  direction: Direction;
}

type ClientesQuery = SelectQueryBuilder<TenantDatabase, 'clientes', object>;

function base(db: Kysely<TenantDatabase>, empresaId: number): ClientesQuery {
  return db.selectFrom('clientes').where('empresa_id', '=', empresaId).where('excluido', '=', false);
}

function filtered(db: Kysely<TenantDatabase>, empresaId: number, f: ClientesFilter): ClientesQuery {
  let q = base(db, empresaId).where('ativo', '=', f.ativo);
  if (f.nome !== undefined) q = q.where(sql<boolean>`nome_busca LIKE '%' || busca_normalizada(${likeContains(f.nome)}) || '%'`);
  if (f.cidade !== undefined) q = q.where(sql<boolean>`cidade_busca = busca_normalizada(${f.cidade})`);
  if (f.documentoDigitos !== undefined) q = q.where('documento_digitos', '=', f.documentoDigitos);
  return q;
}

function selectCliente(q: ClientesQuery, contato: boolean) {
  const basic = q.select(['id', 'nome_exibicao as nome', 'tipo_pessoa', 'ativo', utcDateTime('data_cadastro').as('data_cadastro')]);
  if (!contato) return basic;
  return basic.select([
    'documento',
    // D21: empty e-mail strings are dropped
    sql<string[]>`ARRAY(SELECT e FROM unnest(emails) AS e WHERE btrim(e) <> '')`.as('emails'),
    sql<{ tipo: string; numero: string }[]>`telefones`.as('telefones'),
    sql<object | null>`endereco`.as('endereco'),
  ]);
}

const SORT_COLUMN = { id: 'id', nome: 'nome_ordem', data_cadastro: 'data_cadastro' } as const;

export async function listClientes(
  db: Kysely<TenantDatabase>,
  empresaId: number,
  filter: ClientesFilter,
  sort: Sort,
  page: Page,
  contato: boolean,
) {
  const where = filtered(db, empresaId, filter);
  const rows = sortRows(selectCliente(where, contato), SORT_COLUMN[sort.field], sort.direction, 'id');
  return pageWithTotal(
    rows,
    where.select((eb) => eb.fn.countAll<number>().as('total')),
    page,
  );
}

export async function findCliente(db: Kysely<TenantDatabase>, empresaId: number, id: number, contato: boolean) {
  return (await selectCliente(base(db, empresaId).where('id', '=', id), contato).executeTakeFirst()) ?? null;
}
