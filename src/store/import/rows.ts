import type { CollectionName } from './dataset.ts';
import { ENDERECO_KEYS } from './rules.ts';
import { isPlainObject } from './checks.ts';

/**
 * How data-set records become table rows. Record fields are named after their columns, so a
 * row is the record's values for the table's columns, with the format's defaults for those
 * left out. Generated columns (nome_exibicao, nome_ordem, ...) are never listed: the
 * database computes them.
 */
export type Row = Record<string, unknown>;

export interface Column {
  name: string;
  /** SQL type the value is read as from the JSON batch. */
  type: string;
  /** Stored when the record leaves the field out or gives null (the format's defaults). */
  fallback?: unknown;
  normalize?: (value: unknown) => unknown;
}

export interface TableSpec {
  table: string;
  columns: readonly Column[];
}

const col = (name: string, type: string, extra: Omit<Column, 'name' | 'type'> = {}): Column => ({ name, type, ...extra });
const idCol = col('id', 'bigint');
const empresaId = col('empresa_id', 'bigint');
const excluido = col('excluido', 'boolean', { fallback: false });
const ativo = col('ativo', 'boolean', { fallback: true });
const textList = (name: string): Column => col(name, 'text[]', { fallback: [] });

/** Every address is stored with its 7 keys, the missing ones null. */
function fullEndereco(value: unknown): unknown {
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(ENDERECO_KEYS.map((key) => [key, value[key] ?? null]));
}

const named = (table: string): TableSpec => ({ table, columns: [idCol, empresaId, col('nome', 'text'), excluido] });

const conta = (table: string): TableSpec => ({
  table,
  columns: [
    idCol,
    empresaId,
    col('cedente_tipo', 'text'),
    col('cedente_id', 'bigint'),
    col('cedente_nome', 'text'),
    col('descricao', 'text'),
    col('valor', 'numeric'),
    col('vencimento', 'date'),
    col('data_pagamento', 'date'),
    excluido,
  ],
});

// D24 (ADR 0008): a product or service is served with nome "" and valor 0 when the file leaves
// them out; stored so, the nome filter and sort read what is served (tenant migration 0003).
const catalogueColumns = (withUnidade: boolean): Column[] => [
  idCol,
  empresaId,
  col('codigo', 'text'),
  col('nome', 'text', { fallback: '' }),
  col('descricao', 'text'),
  ...(withUnidade ? [col('unidade', 'text')] : []),
  col('valor', 'numeric', { fallback: 0 }),
  ativo,
  col('data_cadastro', 'timestamptz'),
  excluido,
];

export const TABLES: Record<CollectionName, TableSpec> = {
  empresas: {
    table: 'empresas',
    // The column is NOT NULL while the format lets `nome` be omitted; the API never shows it.
    columns: [idCol, col('nome', 'text', { fallback: '' }), textList('status_personalizados'), excluido],
  },
  usuarios: {
    table: 'usuarios',
    columns: [idCol, empresaId, col('nome', 'text'), col('email', 'text'), col('senha_hash', 'text'), textList('permissoes'), excluido],
  },
  clientes: {
    table: 'clientes',
    columns: [
      idCol,
      empresaId,
      col('tipo_pessoa', 'text'),
      col('nome', 'text'),
      col('sobrenome', 'text'),
      col('razao_social', 'text'),
      col('nome_fantasia', 'text'),
      ativo,
      col('data_cadastro', 'timestamptz'),
      col('documento', 'text'),
      textList('emails'),
      col('telefones', 'jsonb', { fallback: [] }),
      col('endereco', 'jsonb', { normalize: fullEndereco }),
      excluido,
    ],
  },
  tecnicos: named('tecnicos'),
  fornecedores: named('fornecedores'),
  pre_clientes: named('pre_clientes'),
  produtos: { table: 'produtos', columns: catalogueColumns(true) },
  servicos: { table: 'servicos', columns: catalogueColumns(false) },
  ordens_servico: {
    table: 'ordens_servico',
    columns: [
      idCol,
      empresaId,
      col('status', 'text'),
      col('cliente_id', 'bigint'),
      col('tecnico_id', 'bigint'),
      col('data_abertura', 'date'),
      col('hora_abertura', 'time'),
      col('criada_em', 'timestamptz'),
      col('data_conclusao', 'timestamptz'),
      excluido,
    ],
  },
  contas_receber: conta('contas_receber'),
  contas_pagar: conta('contas_pagar'),
  boletos: {
    table: 'boletos',
    columns: [
      idCol,
      empresaId,
      col('cliente_id', 'bigint'),
      col('numero_documento', 'text'),
      col('linha_digitavel', 'text'),
      col('valor', 'numeric'),
      col('emissao', 'date'),
      col('vencimento', 'date'),
      col('status', 'text'),
      col('data_pagamento', 'date'),
      col('data_compensacao', 'date'),
      excluido,
    ],
  },
};

const ordemId = col('ordem_servico_id', 'bigint');

export const ITENS: TableSpec = {
  table: 'ordens_servico_itens',
  columns: [
    ordemId,
    idCol,
    empresaId,
    col('tipo', 'text'),
    col('item_id', 'bigint'),
    col('descricao', 'text'),
    col('quantidade', 'numeric'),
    col('valor_unitario', 'numeric'),
    col('subtotal', 'numeric'),
    excluido,
  ],
};

export const CHECKLIST: TableSpec = {
  table: 'ordens_servico_checklist',
  columns: [
    ordemId,
    idCol,
    empresaId,
    col('ordem', 'integer'),
    col('equipamento_id', 'bigint'),
    col('tipo', 'text'),
    col('pergunta', 'text'),
    col('resposta', 'text'),
    col('motivo_nao_conformidade', 'text'),
    excluido,
  ],
};

/** The table row of a validated record (or of a record with extra fields, such as an item with its order's ids). */
export function toRow(spec: TableSpec, record: object): Row {
  // Records are plain objects parsed from JSON; indexing them by column name is their contract.
  const values = record as Readonly<Record<string, unknown>>;
  const row: Row = {};
  for (const { name, fallback = null, normalize } of spec.columns) {
    const value = values[name] ?? fallback;
    row[name] = normalize === undefined ? value : normalize(value);
  }
  return row;
}
