import { MAX_ACTIVE_CREDENTIALS, TOKEN_BODY_LIMIT } from '../domain/limits.ts';

/**
 * The closed catalogue of the data envelope's error codes (spec "Errors"), with the HTTP status
 * each is answered with and its pt-BR message (D37). Nothing else may appear in `erro.codigo`.
 */
export const DATA_ERRORS = {
  requisicao_invalida: { status: 400, mensagem: 'Requisição inválida: verifique os parâmetros enviados.' },
  token_invalido: { status: 401, mensagem: 'Token de acesso ausente, inválido, revogado ou expirado.' },
  escopo_insuficiente: { status: 403, mensagem: 'O token não possui o escopo exigido por esta operação.' },
  ip_nao_autorizado: { status: 403, mensagem: 'O endereço IP de origem não está autorizado para esta credencial.' },
  recurso_nao_encontrado: { status: 404, mensagem: 'Recurso não encontrado.' },
  metodo_nao_permitido: { status: 405, mensagem: 'Método HTTP não permitido nesta rota.' },
  corpo_muito_grande: { status: 413, mensagem: `O corpo da requisição excede o limite de ${TOKEN_BODY_LIMIT / 1024} KiB.` },
  tipo_conteudo_invalido: { status: 415, mensagem: 'Content-Type não suportado: use application/x-www-form-urlencoded.' },
  limite_excedido: { status: 429, mensagem: 'Limite de requisições excedido. Aguarde o tempo indicado em Retry-After.' },
  erro_interno: { status: 500, mensagem: 'Erro interno inesperado. Informe o request_id ao suporte.' },
  servico_indisponivel: { status: 503, mensagem: 'Serviço temporariamente indisponível. Tente novamente em instantes.' },
} as const satisfies Record<string, { status: number; mensagem: string }>;

export type DataErrorCode = keyof typeof DATA_ERRORS;

/**
 * The settings area's own codes (docs/settings-api.md), answered in the same envelope by the
 * settings API only; it also answers the shared not-found, internal and unavailable codes.
 */
export const SETTINGS_ERRORS = {
  dados_invalidos: { status: 400, mensagem: 'Dados inválidos: verifique os campos indicados.' },
  nao_autenticado: { status: 401, mensagem: 'Sessão ausente ou expirada. Entre novamente.' },
  sem_permissao: {
    status: 403,
    mensagem: 'Sem permissão: seu usuário não tem a permissão API Externa. Peça a um administrador da empresa.',
  },
  csrf_invalido: {
    status: 403,
    mensagem: 'Requisição recusada: token CSRF ausente ou inválido, ou origem não permitida. Recarregue a página.',
  },
  senha_incorreta: { status: 403, mensagem: 'Senha atual incorreta.' },
  muitas_tentativas: { status: 429, mensagem: 'Muitas tentativas. Aguarde o tempo indicado e tente novamente.' },
  limite_de_credenciais: {
    status: 409,
    mensagem: `A empresa já tem ${MAX_ACTIVE_CREDENTIALS} credenciais ativas, o máximo permitido. Revogue uma credencial que não esteja mais em uso para criar outra.`,
  },
} as const satisfies Record<string, { status: number; mensagem: string }>;

export type SettingsErrorCode = keyof typeof SETTINGS_ERRORS | 'recurso_nao_encontrado' | 'erro_interno' | 'servico_indisponivel';

/** Every code of the envelope, data and settings alike. */
export const CATALOGUE = { ...DATA_ERRORS, ...SETTINGS_ERRORS } as const;

export type ErrorCode = keyof typeof CATALOGUE;

export const statusOf = (codigo: ErrorCode): number => CATALOGUE[codigo].status;

/**
 * Requests Node's HTTP parser refuses before the app sees them (a request line and headers over
 * Node's size limit, a method token that is no method, broken framing...), by Node's error code.
 * The spec has no closer code than `requisicao_invalida`; the status says what went wrong, as
 * Node's own answers do. Any code not listed is a 400.
 */
export const CONNECTION_ERRORS: Record<string, { status: number; codigo: DataErrorCode; mensagem: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    codigo: 'requisicao_invalida',
    mensagem: 'A linha de requisição e os cabeçalhos excedem o tamanho permitido.',
  },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, codigo: 'requisicao_invalida', mensagem: 'A requisição não chegou completa a tempo.' },
};
/** An HTTP/1.1 request without Host (RFC 9112 §3.2): refused by the app, as Node would, in the envelope. */
export const MISSING_HOST_MESSAGE = 'Requisição HTTP malformada: o cabeçalho Host é obrigatório em HTTP/1.1.';
export const CONNECTION_ERROR_DEFAULT = {
  status: 400,
  codigo: 'requisicao_invalida',
  mensagem: 'Requisição HTTP malformada.',
} as const satisfies { status: number; codigo: DataErrorCode; mensagem: string };
