import type { BoletoStatus } from '../../domain/boleto.ts';
import type { CedenteTipo } from '../../domain/conta.ts';
import type { Endereco } from '../tables.ts';

/**
 * The data-set format of `import` (docs/dataset-format.md).
 * One JSON object; every key optional; each value an array of records. Fields not marked
 * required may be omitted and default to null ([] for lists, true for `ativo`, false for
 * `excluido`). Dates are `YYYY-MM-DD`; datetimes RFC 3339 with any offset.
 */
export interface DatasetEmpresa {
  id: number;
  nome?: string | null;
  status_personalizados?: string[];
  excluido?: boolean;
}

export interface DatasetUsuario {
  id: number;
  empresa_id: number;
  nome?: string | null;
  email?: string | null;
  /** plain text in the file; stored hashed */
  senha?: string | null;
  permissoes?: string[];
  excluido?: boolean;
}

export interface DatasetCliente {
  id: number;
  empresa_id: number;
  tipo_pessoa: 'fisica' | 'juridica';
  nome?: string | null;
  sobrenome?: string | null;
  razao_social?: string | null;
  nome_fantasia?: string | null;
  ativo?: boolean;
  data_cadastro?: string | null;
  documento?: string | null;
  emails?: string[];
  telefones?: { tipo: string; numero: string }[];
  endereco?: Endereco | null;
  excluido?: boolean;
}

export interface DatasetNamed {
  id: number;
  empresa_id: number;
  nome?: string | null;
  excluido?: boolean;
}

export interface DatasetProduto {
  id: number;
  empresa_id: number;
  codigo?: string | null;
  nome?: string | null;
  descricao?: string | null;
  unidade?: string | null;
  valor?: number | null;
  ativo?: boolean;
  data_cadastro?: string | null;
  excluido?: boolean;
}

export type DatasetServico = Omit<DatasetProduto, 'unidade'>;

export interface DatasetOsItem {
  id: number;
  tipo?: 'produto' | 'servico' | null;
  item_id?: number | null;
  descricao: string;
  quantidade: number;
  valor_unitario: number;
  subtotal: number;
  excluido?: boolean;
}

export interface DatasetOsChecklist {
  id: number;
  ordem?: number | null;
  equipamento_id?: number | null;
  tipo?: 'opcoes' | 'texto' | 'titulo' | null;
  pergunta: string;
  resposta?: string | null;
  motivo_nao_conformidade?: string | null;
  excluido?: boolean;
}

export interface DatasetOrdemServico {
  id: number;
  empresa_id: number;
  status: string;
  cliente_id?: number | null;
  tecnico_id?: number | null;
  data_abertura: string;
  hora_abertura?: string | null;
  criada_em?: string | null;
  data_conclusao?: string | null;
  itens?: DatasetOsItem[];
  checklist?: DatasetOsChecklist[];
  excluido?: boolean;
}

export interface DatasetConta {
  id: number;
  empresa_id: number;
  cedente_tipo: CedenteTipo;
  /** null for `outro` */
  cedente_id?: number | null;
  /** free text, for `outro` only */
  cedente_nome?: string | null;
  descricao?: string | null;
  valor: number;
  vencimento: string;
  data_pagamento?: string | null;
  excluido?: boolean;
}

export interface DatasetBoleto {
  id: number;
  empresa_id: number;
  cliente_id?: number | null;
  numero_documento?: string | null;
  linha_digitavel?: string | null;
  valor: number;
  emissao?: string | null;
  vencimento?: string | null;
  status: BoletoStatus;
  data_pagamento?: string | null;
  data_compensacao?: string | null;
  excluido?: boolean;
}

export interface Dataset {
  empresas?: DatasetEmpresa[];
  usuarios?: DatasetUsuario[];
  clientes?: DatasetCliente[];
  tecnicos?: DatasetNamed[];
  fornecedores?: DatasetNamed[];
  pre_clientes?: DatasetNamed[];
  produtos?: DatasetProduto[];
  servicos?: DatasetServico[];
  ordens_servico?: DatasetOrdemServico[];
  contas_receber?: DatasetConta[];
  contas_pagar?: DatasetConta[];
  boletos?: DatasetBoleto[];
}

/** Collections in dependency order: a company before the records that name it. */
export const COLLECTIONS = [
  'empresas',
  'usuarios',
  'clientes',
  'tecnicos',
  'fornecedores',
  'pre_clientes',
  'produtos',
  'servicos',
  'ordens_servico',
  'contas_receber',
  'contas_pagar',
  'boletos',
] as const satisfies readonly (keyof Dataset)[];

export type CollectionName = (typeof COLLECTIONS)[number];
