/** One item of `erro.detalhes`: which parameter was refused, and why. */
export interface Detalhe {
  campo: string;
  mensagem: string;
}

/**
 * An error answer of a data endpoint, in the API's envelope `{"erro": {codigo, mensagem, detalhes,
 * request_id}}`. `codigo` is the stable, machine-readable part (e.g. `requisicao_invalida`,
 * `token_invalido`, `limite_excedido`); `mensagem` is for people. An answer that is not the
 * envelope (a proxy's HTML page, say) has codigo `resposta_inesperada`.
 *
 * Two codigos come from the client itself, for an export whose 200 answer turns out unusable
 * (`exportErrorOf`): `exportacao_incompleta` and `resposta_inesperada`.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly codigo: string,
    readonly mensagem: string,
    readonly detalhes: readonly Detalhe[],
    /** `erro.request_id` (or the X-Request-ID header): quote it when asking for support */
    readonly requestId: string | null,
    /** seconds from `Retry-After`, when the answer carried it (429, sometimes 503) */
    readonly retryAfter: number | null = null,
  ) {
    super(`${status} ${codigo}: ${mensagem}`);
  }
}

/**
 * An error answer of the token endpoint, in the OAuth shape `{error, error_description}`
 * (RFC 6749 §5.2): `invalid_client` for a wrong id or secret (or a revoked, expired credential),
 * `invalid_scope`, `temporarily_unavailable` (429/503), ...
 */
export class OAuthError extends Error {
  override readonly name = 'OAuthError';

  constructor(
    readonly status: number,
    readonly error: string,
    readonly errorDescription: string,
    readonly requestId: string | null,
    readonly retryAfter: number | null = null,
  ) {
    super(`${status} ${error}: ${errorDescription}`);
  }
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : fallback);

function detalhesOf(value: unknown): Detalhe[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isObject).map((d) => ({ campo: text(d.campo, ''), mensagem: text(d.mensagem, '') }));
}

/** The error a data endpoint's non-2xx answer stands for; `body` is its text. */
export function apiErrorOf(status: number, headers: Headers, body: string): ApiError {
  const requestId = headers.get('x-request-id');
  const retryAfter = retryAfterSeconds(headers.get('retry-after'));
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    parsed = null;
  }
  const erro = isObject(parsed) && isObject(parsed.erro) ? parsed.erro : null;
  if (erro === null)
    return new ApiError(status, 'resposta_inesperada', `HTTP ${status} sem o envelope de erro da API`, [], requestId, retryAfter);
  return new ApiError(
    status,
    text(erro.codigo, 'resposta_inesperada'),
    text(erro.mensagem, ''),
    detalhesOf(erro.detalhes),
    typeof erro.request_id === 'string' ? erro.request_id : requestId,
    retryAfter,
  );
}

/**
 * The error of an export whose answer began (status 200) but cannot be trusted whole: it ended
 * without its `fim` line or with a total other than the records received (`exportacao_incompleta`),
 * or it holds a line that is not a record nor the `fim` line (`resposta_inesperada`). Either way the
 * records already received are not the whole snapshot: export again. `cause` is the network error,
 * if one broke the connection.
 */
export function exportErrorOf(codigo: string, mensagem: string, requestId: string | null, cause?: unknown): ApiError {
  const error = new ApiError(200, codigo, mensagem, [], requestId);
  if (cause !== undefined) error.cause = cause;
  return error;
}

/** The error a token endpoint's non-200 answer stands for. */
export function oauthErrorOf(status: number, headers: Headers, body: string): OAuthError {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    parsed = null;
  }
  const error = isObject(parsed) ? text(parsed.error, 'invalid_response') : 'invalid_response';
  const description = isObject(parsed) ? text(parsed.error_description, '') : `HTTP ${status} without an OAuth error body`;
  return new OAuthError(status, error, description, headers.get('x-request-id'), retryAfterSeconds(headers.get('retry-after')));
}

/** `Retry-After` in seconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}
