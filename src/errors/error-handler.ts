import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isStoreUnavailable } from '../store/unavailable.ts';
import { ApiError, OAuthError, SettingsError } from './api-error.ts';
import type { ErrorCode } from './catalogue.ts';
import { envelope } from './envelope.ts';

export const TOKEN_ROUTE = '/v1/oauth/token';

function isTokenRequest(request: FastifyRequest): boolean {
  return request.method === 'POST' && request.routeOptions.url === TOKEN_ROUTE;
}

export const SETTINGS_API_PREFIX = '/settings/api/';

function isSettingsRequest(request: FastifyRequest): boolean {
  return (request.routeOptions.url ?? '').startsWith(SETTINGS_API_PREFIX);
}

function sendOAuth(reply: FastifyReply, err: OAuthError): void {
  reply.code(err.status).headers(err.headers).send({ error: err.error, error_description: err.description });
}

/** Framework errors with a client status (body too large, bad content type, malformed body...). */
function clientErrorStatus(err: FastifyError): number | null {
  const status = err.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : null;
}

const CODE_BY_STATUS: Record<number, ErrorCode> = { 413: 'corpo_muito_grande', 415: 'tipo_conteudo_invalido' };

/**
 * One handler, three branches (architecture convention 3): our errors as they are (data,
 * settings and OAuth); the framework's client errors in our shapes; anything else a 503 when
 * the store is unreachable (D38) or a 500 that is logged with its request id and tells the
 * caller nothing internal.
 * Token-endpoint errors use the OAuth shape; everything else the data envelope.
 */
export function handleError(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const token = isTokenRequest(request);
  if (err instanceof OAuthError) return sendOAuth(reply, err);
  if (err instanceof ApiError || err instanceof SettingsError) {
    reply.code(err.status).headers(err.headers).send(envelope(err.codigo, request.id, err.detalhes, err.message));
    return;
  }
  const status = clientErrorStatus(err);
  if (status !== null) {
    if (token) return sendOAuth(reply, new OAuthError(status, 'invalid_request', oauthClientMessage(status)));
    // The settings area's list of codes has no 413/415: a body it cannot take is invalid data.
    if (isSettingsRequest(request)) {
      reply.code(400).send(envelope('dados_invalidos', request.id, [{ campo: 'corpo', mensagem: settingsClientMessage(status) }]));
      return;
    }
    reply.code(CODE_BY_STATUS[status] ? status : 400).send(envelope(CODE_BY_STATUS[status] ?? 'requisicao_invalida', request.id));
    return;
  }
  if (isStoreUnavailable(err)) {
    request.log.warn({ err: { message: err.message, code: err.code } }, 'store unavailable');
    if (token) return sendOAuth(reply, new OAuthError(503, 'temporarily_unavailable', 'The service is temporarily unavailable, try again shortly'));
    reply.code(503).send(envelope('servico_indisponivel', request.id));
    return;
  }
  request.log.error({ err }, 'unexpected failure');
  if (token) return sendOAuth(reply, new OAuthError(500, 'server_error', 'Unexpected failure'));
  reply.code(500).send(envelope('erro_interno', request.id));
}

function settingsClientMessage(status: number): string {
  return status === 413 ? 'O corpo da requisição é grande demais.' : 'O corpo da requisição não pôde ser lido.';
}

function oauthClientMessage(status: number): string {
  if (status === 413) return 'The request body exceeds 8192 bytes';
  if (status === 415) return 'Content-Type must be application/x-www-form-urlencoded';
  return 'Malformed request';
}
