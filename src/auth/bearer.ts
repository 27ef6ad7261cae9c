/**
 * The token of an `Authorization: Bearer <token>` header (scheme case-insensitive, RFC 7235).
 * `absent`: no Bearer credentials were sent at all (RFC 6750 3.1: answer without `error`).
 */
export type BearerResult = { kind: 'absent' } | { kind: 'token'; token: string } | { kind: 'malformed' };

const B64TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

export function readBearer(header: string | undefined): BearerResult {
  if (header === undefined) return { kind: 'absent' };
  const match = /^([A-Za-z]+)(?: +(.*))?$/.exec(header.trim());
  if (!match || match[1]?.toLowerCase() !== 'bearer') return { kind: 'absent' };
  const token = match[2]?.trim() ?? '';
  return B64TOKEN.test(token) ? { kind: 'token', token } : { kind: 'malformed' };
}

export const REALM = 'api-externa';

/** D36: the challenge of a 401 from a data route. */
export function bearerChallenge(tokenSent: boolean): string {
  return tokenSent ? `Bearer realm="${REALM}", error="invalid_token"` : `Bearer realm="${REALM}"`;
}

/** D36: the challenge of a 403 for a missing scope, naming the scope the route needs. */
export function scopeChallenge(scope: string): string {
  return `Bearer realm="${REALM}", error="insufficient_scope", scope="${scope}"`;
}
