import { REALM } from '../auth/bearer.ts';
import { TOKEN_BODY_LIMIT, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../domain/limits.ts';

/**
 * The token endpoint's error codes — RFC 6749 5.2, plus D28's `ip_nao_autorizado` — with the
 * statuses each is answered with; the OpenAPI description documents each status's codes from here.
 */
export const OAUTH_ERRORS = {
  invalid_request: [400, 413, 415],
  invalid_client: [401],
  invalid_scope: [400],
  unsupported_grant_type: [400],
  ip_nao_autorizado: [403],
  temporarily_unavailable: [429, 503],
  server_error: [500],
} as const satisfies Record<string, readonly number[]>;

export type OAuthErrorCode = keyof typeof OAUTH_ERRORS;

/**
 * An error the token endpoint answers in the OAuth shape `{error, error_description}` (spec
 * "Token endpoint errors"), not the data envelope. Edge code: it carries its status.
 */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: OAuthErrorCode,
    // RFC 6749 5.2 allows printable ASCII without `"` and `\` only (D39): no accents here.
    readonly description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
  }
}

export function invalidRequest(description: string, status = 400): OAuthError {
  return new OAuthError(status, 'invalid_request', description);
}

/*
 * The token endpoint's fixed answers, each written once: the endpoint throws them and the OpenAPI
 * description (token.openapi.ts) takes its examples from them, so an example is always what the
 * endpoint says.
 */

/** D25: wrong secret, unknown id, revoked and expired credentials give byte-identical answers. */
export function invalidClient(): OAuthError {
  return new OAuthError(401, 'invalid_client', 'Client authentication failed', { 'www-authenticate': `Basic realm="${REALM}"` });
}

export const invalidScope = (): OAuthError =>
  new OAuthError(400, 'invalid_scope', 'A requested scope is unknown or not granted to this client');

export const unsupportedGrantType = (): OAuthError =>
  new OAuthError(400, 'unsupported_grant_type', 'Only grant_type=client_credentials is supported');

/** D28: the credential has an allowlist that does not cover the caller. */
export const ipNotAllowed = (): OAuthError =>
  new OAuthError(403, 'ip_nao_autorizado', 'The source IP address is not allowed for this client');

export const bodyTooLarge = (): OAuthError => invalidRequest(`The request body exceeds ${TOKEN_BODY_LIMIT} bytes`, 413);

export const unsupportedMediaType = (): OAuthError => invalidRequest('Content-Type must be application/x-www-form-urlencoded', 415);

/**
 * A body in a content coding (gzip, ...): the form is read as sent, never decompressed (D41), so
 * it is a 415 — with `Accept-Encoding: identity`, which tells it from a wrong media type (RFC 9110
 * §12.5.3, §15.5.16).
 */
export const unsupportedContentEncoding = (): OAuthError =>
  new OAuthError(415, 'invalid_request', 'Content-Encoding must be identity: the body is read as sent, never decompressed', {
    'accept-encoding': 'identity',
  });

/** RFC 9110 §5.3: Authorization, Host and Content-Type are sent once; with two, which one was meant is a guess. */
export const repeatedHeader = (name: string): OAuthError => invalidRequest(`The ${name} header is sent more than once`);

/** Counted attempts over a limit (per address or per client id), before the secret is checked. */
export const tooManyAttempts = (retryAfter: number): OAuthError =>
  new OAuthError(429, 'temporarily_unavailable', 'Too many token requests, retry later', { 'retry-after': String(retryAfter) });

/** D38: the store cannot be reached; retry after the same delay as a data request's 503. */
export const temporarilyUnavailable = (): OAuthError =>
  new OAuthError(503, 'temporarily_unavailable', 'The service is temporarily unavailable, try again shortly', {
    'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS),
  });

export const serverError = (): OAuthError => new OAuthError(500, 'server_error', 'Unexpected failure');

/** D39: a text the caller sent, made safe for error_description (printable ASCII without quote and backslash). */
export function asciiOnly(text: string, max = 40): string {
  return text.replace(/[^\x20-\x7e]|["\\]/g, '?').slice(0, max);
}
