// The one way to the JSON API under /settings/api/ (docs/settings-api.md): same-origin only,
// never cached, the CSRF token on every change, and every failure as an ApiFailure.
import { state } from './state.js';
/** @import { ApiError } from './state.js' */

const API = '/settings/api';

export class ApiFailure extends Error {
  /**
   * @param {number} status the HTTP status, or 0 when the server could not be reached
   * @param {ApiError} erro
   * @param {string | null} [retryAfter] the `Retry-After` header
   */
  constructor(status, erro, retryAfter) {
    super(erro.mensagem);
    this.status = status;
    this.codigo = erro.codigo;
    this.detalhes = Array.isArray(erro.detalhes) ? erro.detalhes : [];
    this.retryAfter = retryAfter;
  }
}

/**
 * The answer's JSON (null when it has no body), as `unknown`: each caller names the shape that
 * docs/settings-api.md gives for its endpoint.
 * @param {'GET' | 'POST' | 'PATCH' | 'DELETE'} method
 * @param {string} path under /settings/api
 * @param {object} [body] sent as JSON
 * @returns {Promise<unknown>}
 */
export async function api(method, path, body) {
  /** @type {Record<string, string>} */
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET' && state.csrf !== null) headers['X-CSRF-Token'] = state.csrf;
  let response;
  try {
    response = await fetch(API + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
      redirect: 'error',
    });
  } catch {
    throw new ApiFailure(0, {
      codigo: 'sem_conexao',
      mensagem: 'Não foi possível falar com o servidor. Verifique a conexão e tente novamente.',
    });
  }
  const text = await response.text();
  /** @type {unknown} */
  let data = null;
  if (text !== '') {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    const erro =
      data !== null && typeof data === 'object' && 'erro' in data && data.erro
        ? /** @type {ApiError} */ (data.erro)
        : { codigo: 'http_' + response.status, mensagem: 'Erro inesperado do servidor (HTTP ' + response.status + '). Tente novamente.' };
    throw new ApiFailure(response.status, erro, response.headers.get('Retry-After'));
  }
  return data;
}

/**
 * The pt-BR text to show for a failure.
 * @param {unknown} err
 * @returns {string}
 */
export function messageOf(err) {
  if (err instanceof ApiFailure) {
    let text = err.message || 'Erro inesperado. Tente novamente.';
    if (err.status === 429 && err.retryAfter) text += ' Tente novamente em ' + err.retryAfter + ' segundos.';
    return text;
  }
  return 'Erro inesperado. Tente novamente.';
}
