import { retryDelaysText } from '../contract/webhooks-openapi.ts';
import { API_BASE_PATH, TOKEN_PATH } from '../domain/api-paths.ts';
import {
  DATA_RATE_LIMIT,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  MAX_PERIOD_MONTHS,
  NOME_MIN_LENGTH,
  TOKEN_ATTEMPTS_PER_CLIENT,
  TOKEN_ATTEMPTS_PER_IP,
  TOKEN_BODY_LIMIT,
  TOKEN_LIFETIME_SECONDS,
  MAX_WEBHOOKS_PER_CREDENTIAL,
  WEBHOOK_DELIVERY_LOG_SIZE,
} from '../domain/limits.ts';
import { SCOPE_TABLE } from '../domain/scopes.ts';
import { DATA_ERRORS, type DataErrorCode } from '../errors/catalogue.ts';
import { escapeHtml } from '../page-base/page-base.ts';
import { PREVIOUS_SECRET_HOURS } from '../webhooks/endpoints.service.ts';
import { ATTEMPT_TIMEOUT_MS } from '../webhooks/sender.ts';

/**
 * The values of the guide's placeholders in index.html: every figure and catalogue the guide
 * states comes from the constant that defines it (convention 8), so the page cannot drift from
 * the server. The tables carry data attributes the page script reads to list each operation's
 * error codes when the OpenAPI document does not enumerate them.
 */

/** Text with `code` spans, escaped. */
const inline = (text: string): string => escapeHtml(text).replace(/`([^`]+)`/g, (_m, code: string) => `<code>${code}</code>`);

/**
 * When an integrator meets each code of the data envelope (pt-BR, for the catalogue table). A
 * Record over the catalogue's codes: a code added to src/errors/catalogue.ts fails the
 * typecheck here until the page explains it.
 */
const DATA_ERROR_CAUSES: Record<DataErrorCode, string> = {
  requisicao_invalida:
    'Parâmetro desconhecido, repetido, vazio ou com valor fora das regras (tipo, faixa, valores aceitos, período). Um item em `detalhes` por campo.',
  token_invalido: 'Token ausente, inválido, revogado ou expirado. Peça um novo token; o cabeçalho `WWW-Authenticate` acompanha a resposta.',
  escopo_insuficiente: 'O token não tem o escopo que a operação exige (ou a credencial deixou de ter esse escopo).',
  ip_nao_autorizado: 'O endereço de origem não está na lista de IPs permitidos da credencial.',
  recurso_nao_encontrado: 'Rota desconhecida, ou registro inexistente, excluído ou de outra empresa (as três respostas são iguais).',
  metodo_nao_permitido: 'Método HTTP diferente do aceito pela rota; o cabeçalho `Allow` informa o método aceito.',
  corpo_muito_grande: `Corpo da requisição acima de ${TOKEN_BODY_LIMIT} bytes.`,
  tipo_conteudo_invalido: 'Content-Type diferente de `application/x-www-form-urlencoded` onde há corpo.',
  limite_excedido: 'Limite de requisições da credencial excedido; aguarde os segundos de `Retry-After`.',
  erro_interno: 'Falha inesperada do servidor; nada interno é devolvido. Informe o `request_id` ao suporte.',
  servico_indisponivel: 'Banco de dados indisponível no momento; tente de novo em instantes.',
};

/**
 * The token endpoint answers in the OAuth shape `{error, error_description}` (RFC 6749 5.2), not
 * the envelope: its codes, by status, as docs/api.md lists them.
 */
const OAUTH_ERRORS: { status: number; error: string; causa: string }[] = [
  {
    status: 400,
    error: 'invalid_request',
    causa: 'Requisição malformada: query string, parâmetro repetido, cabeçalho Basic inválido ou vazio, segredo no corpo.',
  },
  { status: 400, error: 'invalid_scope', causa: 'Escopo desconhecido ou que a credencial não tem.' },
  { status: 400, error: 'unsupported_grant_type', causa: '`grant_type` diferente de `client_credentials`.' },
  { status: 401, error: 'invalid_client', causa: 'Autenticação do cliente falhou (a resposta nunca diz o motivo).' },
  { status: 403, error: 'ip_nao_autorizado', causa: 'Endereço de origem fora da lista de IPs permitidos da credencial.' },
  { status: 413, error: 'invalid_request', causa: `Corpo acima de ${TOKEN_BODY_LIMIT} bytes.` },
  { status: 415, error: 'invalid_request', causa: 'Content-Type ausente ou diferente de `application/x-www-form-urlencoded`.' },
  { status: 429, error: 'temporarily_unavailable', causa: 'Limite de tentativas excedido; aguarde os segundos de `Retry-After`.' },
  { status: 500, error: 'server_error', causa: 'Falha inesperada do servidor; tente de novo.' },
  { status: 503, error: 'temporarily_unavailable', causa: 'Banco de dados indisponível no momento.' },
];

function dataErrorRows(): string {
  return Object.entries(DATA_ERRORS)
    .map(([codigo, { status, mensagem }]) => {
      const cause = DATA_ERROR_CAUSES[codigo as DataErrorCode];
      return (
        `<tr data-codigo="${escapeHtml(codigo)}" data-status="${status}" data-mensagem="${escapeHtml(mensagem)}">` +
        `<td data-label="Status"><span class="status status-${String(status).charAt(0)}">${status}</span></td>` +
        `<td data-label="codigo"><code>${escapeHtml(codigo)}</code></td><td data-label="Quando">${inline(cause)}</td></tr>`
      );
    })
    .join('\n');
}

function oauthErrorRows(): string {
  return OAUTH_ERRORS.map(
    ({ status, error, causa }) =>
      `<tr data-error="${escapeHtml(error)}" data-status="${status}">` +
      `<td data-label="Status"><span class="status status-${String(status).charAt(0)}">${status}</span></td>` +
      `<td data-label="error"><code>${escapeHtml(error)}</code></td><td data-label="Quando">${inline(causa)}</td></tr>`,
  ).join('\n');
}

function scopeRows(): string {
  return SCOPE_TABLE.map(
    (s) =>
      `<tr><td data-label="Escopo"><code>${escapeHtml(s.id)}</code></td><td data-label="Permite">${inline(s.descricao)}` +
      `${s.sensivel ? ' <span class="badge badge-sensitive">sensível</span>' : ''}</td></tr>`,
  ).join('\n');
}

export function guideFill(): Record<string, string> {
  return {
    base_path: API_BASE_PATH,
    token_path: TOKEN_PATH,
    token_lifetime: String(TOKEN_LIFETIME_SECONDS),
    rate_limit: String(DATA_RATE_LIMIT),
    token_attempts_ip: String(TOKEN_ATTEMPTS_PER_IP),
    token_attempts_client: String(TOKEN_ATTEMPTS_PER_CLIENT),
    token_body_limit: String(TOKEN_BODY_LIMIT),
    page_default: String(DEFAULT_PAGE_SIZE),
    page_max: String(MAX_PAGE_SIZE),
    period_months: String(MAX_PERIOD_MONTHS),
    nome_min: String(NOME_MIN_LENGTH),
    data_error_rows: dataErrorRows(),
    oauth_error_rows: oauthErrorRows(),
    scope_rows: scopeRows(),
    webhook_max: String(MAX_WEBHOOKS_PER_CREDENTIAL),
    webhook_log: String(WEBHOOK_DELIVERY_LOG_SIZE),
    webhook_timeout: String(ATTEMPT_TIMEOUT_MS / 1000),
    webhook_retries: escapeHtml(retryDelaysText()),
    webhook_rotation_hours: String(PREVIOUS_SECRET_HOURS),
  };
}
