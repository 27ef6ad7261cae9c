import { SCOPES, SENSITIVE_SCOPES, type Scope } from '../auth/scopes.ts';

/** A scope as the settings page shows it next to its checkbox (docs/settings-api.md, ScopeInfo). */
export interface ScopeInfo {
  scope: Scope;
  recurso: string;
  descricao: string;
  /** granting or keeping it asks for the user's current password */
  sensivel: boolean;
}

const TEXTS: Record<Scope, { recurso: string; descricao: string }> = {
  'clientes:ler': { recurso: 'Clientes', descricao: 'Dados básicos dos clientes: nome, tipo de pessoa, situação e data de cadastro.' },
  'clientes:contato:ler': {
    recurso: 'Clientes: documento e contato',
    descricao: 'CPF/CNPJ, e-mails, telefones e endereço dos clientes, e a busca por documento.',
  },
  'os:ler': { recurso: 'Ordens de serviço', descricao: 'Ordens de serviço com itens, valores e checklist.' },
  'produtos:ler': { recurso: 'Produtos', descricao: 'Cadastro de produtos.' },
  'servicos:ler': { recurso: 'Serviços', descricao: 'Cadastro de serviços.' },
  'contas-receber:ler': { recurso: 'Contas a receber', descricao: 'Contas a receber: valores, vencimentos, pagamentos e quem deve.' },
  'contas-pagar:ler': { recurso: 'Contas a pagar', descricao: 'Contas a pagar: valores, vencimentos, pagamentos e a quem se deve.' },
  'boletos:ler': { recurso: 'Boletos', descricao: 'Boletos emitidos, com linha digitável, valores e situação.' },
};

/** Every scope, in catalogue order. */
export const SCOPE_INFO: readonly ScopeInfo[] = SCOPES.map((scope) => ({ scope, ...TEXTS[scope], sensivel: SENSITIVE_SCOPES.has(scope) }));
