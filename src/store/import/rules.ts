import { BOLETO_STATUS } from '../../domain/boleto.ts';
import { CEDENTE_TIPOS } from '../../domain/conta.ts';
import type { CollectionName } from './dataset.ts';
import {
  bool,
  checkShape,
  date,
  dateTime,
  defaulted,
  id,
  int32,
  isPresent,
  isPlainObject,
  listOf,
  money,
  moneyCents,
  nullable,
  oneOf,
  quantity,
  recordList,
  required,
  text,
  textList,
  timeOfDay,
  type Check,
  type Report,
  type Shape,
} from './checks.ts';

/**
 * The shape of each collection's records (docs/dataset-format.md). Fields a record may carry
 * mirror the table columns; what the API cannot answer without is required. The vocabularies
 * (statuses, cedente types) are the domain's, the same lists the API and the tables' CHECKs use.
 */
export const ENDERECO_KEYS = ['logradouro', 'numero', 'complemento', 'bairro', 'cidade', 'uf', 'cep'] as const;

/** Checks that need more than one field of the record. */
export type Refinement = (record: Record<string, unknown>, report: Report) => void;

export interface CollectionRules {
  shape: Shape;
  refine?: Refinement;
}

const record = { id: required(id), excluido: defaulted(bool) };
const owned = { ...record, empresa_id: required(id) };
// References may name missing or deleted records: that is how deleted data looks.
const reference = nullable(id);

const telefones = listOf({ tipo: required(text), numero: required(text) });
// Missing keys are stored as null; other keys are refused like any unknown field.
const enderecoShape: Shape = Object.fromEntries(ENDERECO_KEYS.map((key) => [key, nullable(text)]));
const endereco: Check = (value, at, report) => {
  checkShape(value, enderecoShape, at, report);
};

const item: Shape = {
  ...record,
  tipo: nullable(oneOf(['produto', 'servico'])),
  item_id: reference,
  descricao: required(text),
  quantidade: required(quantity),
  valor_unitario: required(money),
  subtotal: required(money),
};

const checklistEntry: Shape = {
  ...record,
  ordem: nullable(int32),
  equipamento_id: reference,
  tipo: nullable(oneOf(['opcoes', 'texto', 'titulo'])),
  pergunta: required(text),
  resposta: nullable(text),
  motivo_nao_conformidade: nullable(text),
};

const named: CollectionRules = { shape: { ...owned, nome: nullable(text) } };

const catalogue = {
  ...owned,
  codigo: nullable(text),
  nome: nullable(text),
  descricao: nullable(text),
  valor: nullable(money),
  ativo: defaulted(bool),
  data_cadastro: nullable(dateTime),
};

/** D22: an `outro` cedente has no id, and only an `outro` cedente has a free-text name. */
const cedente: Refinement = (conta, report) => {
  if (conta.cedente_tipo === 'outro') {
    if (isPresent(conta.cedente_id)) report('cedente_id', 'must be null when cedente_tipo is "outro"');
  } else if (isPresent(conta.cedente_nome)) {
    report('cedente_nome', 'is only allowed when cedente_tipo is "outro"');
  }
};

/**
 * D23: valor_total is the exact sum of an order's non-deleted items, summed in SQL and turned into
 * a JSON number once. Every single money value (numeric(15,2), at most 15 significant digits)
 * survives a double exactly, but a sum may not: ten items of 9999999999999.99 plus 0.09 make
 * 99999999999999.99, served as 99999999999999.98. So the import refuses an order whose total
 * would leave numeric(15,2) itself, and every valor_total the API can serve is exact.
 */
const MAX_MONEY_CENTS = 999_999_999_999_999n;

const formatCents = (cents: bigint): string => {
  const digits = (cents < 0n ? -cents : cents).toString().padStart(3, '0');
  return `${cents < 0n ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
};

const itemsTotal: Refinement = (ordem, report) => {
  if (!Array.isArray(ordem.itens)) return;
  let total = 0n;
  for (const item of ordem.itens) {
    if (!isPlainObject(item) || item.excluido === true) continue;
    const cents = moneyCents(item.subtotal);
    // A subtotal that is not money is reported at the item; there is no total to speak of.
    if (cents === null) return;
    total += cents;
  }
  if (total > MAX_MONEY_CENTS || total < -MAX_MONEY_CENTS) {
    report(
      'itens',
      `the subtotals of the non-deleted items sum to ${formatCents(total)}; an order's total must be between ` +
        `${formatCents(-MAX_MONEY_CENTS)} and ${formatCents(MAX_MONEY_CENTS)} (numeric(15,2)), so that valor_total is exact`,
    );
  }
};

const conta: CollectionRules = {
  shape: {
    ...owned,
    cedente_tipo: required(oneOf(CEDENTE_TIPOS)),
    cedente_id: reference,
    cedente_nome: nullable(text),
    descricao: nullable(text),
    valor: required(money),
    vencimento: required(date),
    data_pagamento: nullable(date),
  },
  refine: cedente,
};

export const RULES: Record<CollectionName, CollectionRules> = {
  empresas: { shape: { ...record, nome: nullable(text), status_personalizados: defaulted(textList) } },
  usuarios: {
    shape: {
      ...owned,
      nome: nullable(text),
      email: nullable(text),
      senha: nullable(text),
      permissoes: defaulted(textList),
    },
  },
  clientes: {
    shape: {
      ...owned,
      tipo_pessoa: required(oneOf(['fisica', 'juridica'])),
      nome: nullable(text),
      sobrenome: nullable(text),
      razao_social: nullable(text),
      nome_fantasia: nullable(text),
      ativo: defaulted(bool),
      data_cadastro: nullable(dateTime),
      documento: nullable(text),
      emails: defaulted(textList),
      telefones: defaulted(telefones),
      endereco: nullable(endereco),
    },
  },
  tecnicos: named,
  fornecedores: named,
  pre_clientes: named,
  produtos: { shape: { ...catalogue, unidade: nullable(text) } },
  servicos: { shape: catalogue },
  ordens_servico: {
    shape: {
      ...owned,
      // Whether the status is in the company's catalogue needs the company: see stored-facts.ts.
      status: required(text),
      cliente_id: reference,
      tecnico_id: reference,
      data_abertura: required(date),
      hora_abertura: nullable(timeOfDay),
      criada_em: nullable(dateTime),
      data_conclusao: nullable(dateTime),
      itens: defaulted(recordList(item)),
      checklist: defaulted(recordList(checklistEntry)),
    },
    refine: itemsTotal,
  },
  contas_receber: conta,
  contas_pagar: conta,
  boletos: {
    shape: {
      ...owned,
      cliente_id: reference,
      numero_documento: nullable(text),
      linha_digitavel: nullable(text),
      valor: required(money),
      emissao: nullable(date),
      vencimento: nullable(date),
      status: required(oneOf(BOLETO_STATUS)),
      data_pagamento: nullable(date),
      data_compensacao: nullable(date),
    },
  },
};
