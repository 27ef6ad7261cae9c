import { OAuthError } from '../errors/api-error.ts';
import { parsePairs } from '../http/query-string.ts';

export interface TokenForm {
  grantType: string | undefined;
  scope: string | undefined;
  clientId: string | undefined;
  clientSecret: string | undefined;
}

const FORM = 'application/x-www-form-urlencoded';

export function invalidRequest(description: string): OAuthError {
  return new OAuthError(400, 'invalid_request', description);
}

/** D29, D41: only this media type (parameters such as charset allowed, compared case-insensitively). */
export function checkContentType(header: string | undefined): void {
  const mediaType = header?.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== FORM) throw new OAuthError(415, 'invalid_request', 'Content-Type must be application/x-www-form-urlencoded');
}

/** D26: credentials and parameters never travel in the URL. */
export function checkNoQuery(url: string): void {
  if (url.includes('?')) throw invalidRequest('The token endpoint accepts no query string');
}

/**
 * Parses the form body (D26): repeated parameters are refused; unknown ones ignored; a
 * parameter without a value is treated as omitted (RFC 6749 3.2).
 */
export function parseTokenForm(body: string): TokenForm {
  const { pairs, malformed } = parsePairs(body);
  if (malformed.length > 0) throw invalidRequest('The request body has a malformed percent-escape');
  const values = new Map<string, string>();
  for (const { name, value } of pairs) {
    if (values.has(name)) throw invalidRequest(`Parameter ${asciiName(name)} is repeated`);
    values.set(name, value);
  }
  const get = (name: string): string | undefined => {
    const value = values.get(name);
    return value === undefined || value === '' ? undefined : value;
  };
  return { grantType: get('grant_type'), scope: get('scope'), clientId: get('client_id'), clientSecret: get('client_secret') };
}

/** D39: error_description may only hold printable ASCII without quote and backslash. */
function asciiName(name: string): string {
  return name.replace(/[^\x20-\x7e]|["\\]/g, '?').slice(0, 40);
}
