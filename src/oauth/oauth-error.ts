import { REALM } from '../auth/bearer.ts';

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

/** D25: wrong secret, unknown id, revoked and expired credentials give byte-identical answers. */
export function invalidClient(): OAuthError {
  return new OAuthError(401, 'invalid_client', 'Client authentication failed', { 'www-authenticate': `Basic realm="${REALM}"` });
}

/** D39: a text the caller sent, made safe for error_description (printable ASCII without quote and backslash). */
export function asciiOnly(text: string, max = 40): string {
  return text.replace(/[^\x20-\x7e]|["\\]/g, '?').slice(0, max);
}
