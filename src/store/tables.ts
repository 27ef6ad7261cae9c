import type { ColumnType, Generated, GeneratedAlways } from 'kysely';
import type { JsonWebKey } from 'node:crypto';
import type { AuthMethod } from '../domain/client-auth.ts';
import type { CedenteTipo } from '../domain/conta.ts';

/**
 * Row types of every table, as the `pg` type parsers return them (pg-types.ts): dates,
 * timestamps, times and numerics are strings; bigint ids are numbers.
 */
type Timestamp = ColumnType<string, string | undefined, string>;
type Json<T> = ColumnType<T, string, string>;

export interface TenantDatabasesTable {
  name: string;
  url: string;
  created_at: Timestamp;
}

export interface EmpresasTable {
  id: number;
  nome: string;
  status_personalizados: ColumnType<string[], string[] | undefined, string[]>;
  tenant_db: string | null;
  excluido: Generated<boolean>;
}

export interface UsuariosTable {
  id: number;
  empresa_id: number;
  nome: string | null;
  email: string | null;
  senha_hash: string | null;
  permissoes: ColumnType<string[], string[] | undefined, string[]>;
  excluido: Generated<boolean>;
}

export interface ApiCredentialsTable {
  id: Generated<number>;
  empresa_id: number;
  client_id: string;
  secret_hash: Buffer;
  name: string;
  scopes: string[];
  allowed_ips: ColumnType<string[], string[] | undefined, string[]>;
  expires_on: string | null;
  revoked_at: string | null;
  created_at: Timestamp;
  created_by_usuario_id: number | null;
  secret_rotated_at: string | null;
  last_used_at: string | null;
  last_used_ip: string | null;
  /** central migration 0007 (D57): how the client authenticates at the token endpoint */
  auth_method: ColumnType<AuthMethod, AuthMethod | undefined, AuthMethod>;
  /** the public key of a `private_key_jwt` credential, as a JWK of its public members */
  public_key: ColumnType<JsonWebKey | null, string | null | undefined, string | null>;
  key_algorithms: string[] | null;
  key_thumbprint: string | null;
}

export interface ClientAssertionJtisTable {
  credential_id: number;
  jti_hash: Buffer;
  expires_at: string;
}

/** central migration 0008 (D59): entries of the request log the store could not keep */
export interface RequestLogDroppedTable {
  empresa_id: number;
  dia: string;
  n: ColumnType<string, number, number>;
}

/** central migration 0008 (D59): the request log's daily counts per company and credential */
export interface RequestLogDailyTable {
  empresa_id: number;
  dia: string;
  client_id: string;
  total: number;
  erros: number;
  limitadas: number;
}

export interface AccessTokensTable {
  token_hash: Buffer;
  credential_id: number;
  scopes: string[];
  issued_at: Timestamp;
  expires_at: string;
  revoked_at: string | null;
}

export interface AuditEventsTable {
  id: Generated<number>;
  empresa_id: number | null;
  credential_id: number | null;
  actor_type: 'operator' | 'usuario' | 'anonimo';
  actor_usuario_id: number | null;
  action: string;
  ip: string | null;
  details: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface WebhookEndpointsTable {
  id: Generated<number>;
  empresa_id: number;
  credential_id: number;
  url: string;
  recursos: string[];
  estado: ColumnType<'ativo' | 'pausado' | 'desativado_por_falhas', 'ativo' | 'pausado' | 'desativado_por_falhas' | undefined>;
  motivo: string | null;
  segredo: Buffer;
  segredo_anterior: Buffer | null;
  segredo_anterior_ate: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WebhookEventsTable {
  id: Generated<number>;
  endpoint_id: number;
  evento_id: string;
  tipo: 'alteracoes.disponiveis' | 'teste';
  recurso: string | null;
  corpo: string;
  tentativa: Generated<number>;
  proxima_em: string;
  reservado_ate: string | null;
  created_at: string;
}

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  endpoint_id: number;
  em: string;
  evento_id: string;
  tipo: string;
  tentativa: number;
  http_status: number | null;
  erro: string | null;
  duracao_ms: number;
}

export interface ClientesTable {
  id: number;
  empresa_id: number;
  tipo_pessoa: 'fisica' | 'juridica';
  nome: string | null;
  sobrenome: string | null;
  razao_social: string | null;
  nome_fantasia: string | null;
  ativo: boolean;
  data_cadastro: string | null;
  documento: string | null;
  emails: string[];
  telefones: Json<{ tipo: string; numero: string }[]>;
  endereco: Json<Endereco | null>;
  excluido: boolean;
  /** kept by the database (tenant migration 0006, D42) */
  atualizado_em: Generated<string>;
  nome_exibicao: GeneratedAlways<string>;
  nome_ordem: GeneratedAlways<string>;
  nome_busca: GeneratedAlways<string>;
  cidade_busca: GeneratedAlways<string | null>;
  documento_digitos: GeneratedAlways<string | null>;
}

export interface Endereco {
  logradouro: string | null;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  cidade: string | null;
  uf: string | null;
  cep: string | null;
}

export interface NamedRecordTable {
  id: number;
  empresa_id: number;
  nome: string | null;
  excluido: boolean;
}

export interface ProdutosTable {
  id: number;
  empresa_id: number;
  codigo: string | null;
  /** '' when not registered (D24, tenant migration 0003) */
  nome: string;
  descricao: string | null;
  unidade: string | null;
  /** numeric(15,2) as text; 0 when not registered (D24) */
  valor: string;
  ativo: boolean;
  data_cadastro: string | null;
  excluido: boolean;
  /** kept by the database (tenant migration 0006, D42) */
  atualizado_em: Generated<string>;
  nome_ordem: GeneratedAlways<string>;
}

export type ServicosTable = Omit<ProdutosTable, 'unidade'>;

export interface OrdensServicoTable {
  id: number;
  empresa_id: number;
  status: string;
  cliente_id: number | null;
  tecnico_id: number | null;
  data_abertura: string;
  hora_abertura: string | null;
  criada_em: string | null;
  data_conclusao: string | null;
  excluido: boolean;
  /** kept by the database (tenant migration 0006, D42) */
  atualizado_em: Generated<string>;
  /** md5 of the served items and checklist rows, kept by the database (tenant migration 0006) */
  linhas_servidas: Generated<string | null>;
}

export interface OrdensServicoItensTable {
  ordem_servico_id: number;
  id: number;
  empresa_id: number;
  tipo: 'produto' | 'servico' | null;
  item_id: number | null;
  descricao: string;
  quantidade: string;
  valor_unitario: string;
  subtotal: string;
  excluido: boolean;
}

export interface OrdensServicoChecklistTable {
  ordem_servico_id: number;
  id: number;
  empresa_id: number;
  ordem: number | null;
  equipamento_id: number | null;
  tipo: 'opcoes' | 'texto' | 'titulo' | null;
  pergunta: string;
  resposta: string | null;
  motivo_nao_conformidade: string | null;
  excluido: boolean;
}

export interface ContasTable {
  id: number;
  empresa_id: number;
  cedente_tipo: CedenteTipo;
  cedente_id: number | null;
  cedente_nome: string | null;
  descricao: string | null;
  valor: string;
  vencimento: string;
  data_pagamento: string | null;
  excluido: boolean;
  /** kept by the database (tenant migration 0006, D42) */
  atualizado_em: Generated<string>;
}

export interface BoletosTable {
  id: number;
  empresa_id: number;
  cliente_id: number | null;
  numero_documento: string | null;
  linha_digitavel: string | null;
  valor: string;
  emissao: string | null;
  vencimento: string | null;
  status: string;
  data_pagamento: string | null;
  data_compensacao: string | null;
  excluido: boolean;
  /** kept by the database (tenant migration 0006, D42) */
  atualizado_em: Generated<string>;
}

export interface CentralDatabase {
  tenant_databases: TenantDatabasesTable;
  empresas: EmpresasTable;
  usuarios: UsuariosTable;
  api_credentials: ApiCredentialsTable;
  access_tokens: AccessTokensTable;
  client_assertion_jtis: ClientAssertionJtisTable;
  request_log_dropped: RequestLogDroppedTable;
  request_log_daily: RequestLogDailyTable;
  audit_events: AuditEventsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

export interface TenantDatabase {
  clientes: ClientesTable;
  tecnicos: NamedRecordTable;
  fornecedores: NamedRecordTable;
  pre_clientes: NamedRecordTable;
  produtos: ProdutosTable;
  servicos: ServicosTable;
  ordens_servico: OrdensServicoTable;
  ordens_servico_itens: OrdensServicoItensTable;
  ordens_servico_checklist: OrdensServicoChecklistTable;
  contas_receber: ContasTable;
  contas_pagar: ContasTable;
  boletos: BoletosTable;
}
