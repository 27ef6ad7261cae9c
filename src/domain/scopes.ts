/**
 * The scope catalogue (spec "Authentication", item 8): one table, read by the token endpoint and
 * the data routes (what a token may do), the OpenAPI description (the OAuth2 scheme's scopes),
 * the settings API and, through it, the settings page (labels, descriptions, which ones ask for
 * the administrator's password). Its order is the stable order wherever a list of scopes is
 * written (token responses, CLI output: D26).
 */
export const SCOPE_TABLE = [
  {
    id: 'clientes:ler',
    recurso: 'Clientes',
    descricao: 'Dados básicos dos clientes: nome, tipo de pessoa, situação e data de cadastro.',
    sensivel: false,
  },
  {
    id: 'clientes:contato:ler',
    recurso: 'Clientes: documento e contato',
    descricao: 'CPF/CNPJ, e-mails, telefones e endereço dos clientes, e a busca por documento.',
    sensivel: true,
  },
  { id: 'os:ler', recurso: 'Ordens de serviço', descricao: 'Ordens de serviço com itens, valores e checklist.', sensivel: false },
  { id: 'produtos:ler', recurso: 'Produtos', descricao: 'Cadastro de produtos.', sensivel: false },
  { id: 'servicos:ler', recurso: 'Serviços', descricao: 'Cadastro de serviços.', sensivel: false },
  {
    id: 'contas-receber:ler',
    recurso: 'Contas a receber',
    descricao: 'Contas a receber: valores, vencimentos, pagamentos e quem deve.',
    sensivel: true,
  },
  {
    id: 'contas-pagar:ler',
    recurso: 'Contas a pagar',
    descricao: 'Contas a pagar: valores, vencimentos, pagamentos e a quem se deve.',
    sensivel: true,
  },
  { id: 'boletos:ler', recurso: 'Boletos', descricao: 'Boletos emitidos, com linha digitável, valores e situação.', sensivel: true },
] as const;

export type Scope = (typeof SCOPE_TABLE)[number]['id'];

export const SCOPES: readonly Scope[] = SCOPE_TABLE.map((s) => s.id);

/**
 * The sensitive scopes — financial data and customers' contact data: granting or keeping one asks
 * for the administrator's current password (spec "Authentication").
 */
export const SENSITIVE_SCOPES: ReadonlySet<Scope> = new Set(SCOPE_TABLE.filter((s) => s.sensivel).map((s) => s.id));

export function isScope(value: unknown): value is Scope {
  return typeof value === 'string' && (SCOPES as readonly string[]).includes(value);
}

/** Scopes in catalogue order, each once. */
export function sortScopes(scopes: Iterable<string>): Scope[] {
  const set = new Set(scopes);
  return SCOPES.filter((s) => set.has(s));
}

export const carriesSensitiveScope = (scopes: readonly string[]): boolean => scopes.some((s) => isScope(s) && SENSITIVE_SCOPES.has(s));
