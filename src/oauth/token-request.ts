import { parsePairs } from '../contract/query-string.ts';
import type { BasicCredentials } from './basic-auth.ts';
import {
  asciiOnly,
  invalidClient,
  invalidRequest,
  unsupportedContentEncoding,
  unsupportedGrantType,
  unsupportedMediaType,
} from './oauth-error.ts';

/** A token request that is well-formed: who claims to call, and what they ask for. */
export interface TokenRequest {
  clientId: string;
  secret: string;
  /** the `scope` parameter as sent; undefined when absent or empty (RFC 6749 3.2) */
  scope: string | undefined;
}

/** What the token endpoint reads of an HTTP request. */
export interface RawTokenRequest {
  contentType: string | undefined;
  /** the Content-Encoding header, its copies joined by Node with ", " when it is repeated */
  contentEncoding: string | undefined;
  url: string;
  body: string;
  /** the Authorization header, parsed once for the attempt limits and for authentication */
  basic: BasicCredentials;
}

const FORM = 'application/x-www-form-urlencoded';

/** A form body whose client is named by HTTP Basic: who claims to call, and the form's parameters. */
export interface ClientForm {
  clientId: string;
  secret: string;
  get(name: string): string | undefined;
}

/**
 * What the token and revocation endpoints read alike, in the order its faults are reported —
 * media type and content coding (415, D29, D41), no query string (D26), the form (repeats
 * refused, unknown parameters ignored, empty ones omitted: D26), client credentials only by HTTP
 * Basic (D25; a `client_id` in the body only when it is the same one).
 */
export function readClientForm(raw: RawTokenRequest, endpoint: string): ClientForm {
  const mediaType = raw.contentType?.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== FORM) throw unsupportedMediaType();
  if (!noContentCoding(raw.contentEncoding)) throw unsupportedContentEncoding();
  if (raw.url.includes('?')) throw invalidRequest(`The ${endpoint} endpoint accepts no query string`);
  const form = readForm(raw.body);
  if (form.get('client_secret') !== undefined) throw invalidRequest('Client credentials must be sent with HTTP Basic, never in the body');
  if (raw.basic.kind === 'absent') throw invalidClient();
  if (raw.basic.kind === 'malformed') throw invalidRequest(raw.basic.reason);
  const bodyClientId = form.get('client_id');
  // Common clients send client_id in the body as well; tolerated when it is the same one (D25).
  if (bodyClientId !== undefined && bodyClientId !== raw.basic.clientId) {
    throw invalidRequest('client_id in the body differs from the HTTP Basic client id');
  }
  return { clientId: raw.basic.clientId, secret: raw.basic.secret, get: form.get };
}

/** Step 1 of the token endpoint: the client's form (readClientForm), then the grant type. */
export function readTokenRequest(raw: RawTokenRequest): TokenRequest {
  const form = readClientForm(raw, 'token');
  const grantType = form.get('grant_type');
  if (grantType === undefined) throw invalidRequest('grant_type is required');
  if (grantType !== 'client_credentials') throw unsupportedGrantType();
  return { clientId: form.clientId, secret: form.secret, scope: form.get('scope') };
}

/**
 * The body is in no content coding: no Content-Encoding, or `identity` (any case, RFC 9110 §8.4.1).
 * Anything else — gzip, an unknown coding, a list such as a repeated header gives — is refused
 * rather than read as a form: a compressed form read as text is garbage, and a plain one labelled
 * gzip says the client and the server disagree on what the bytes are.
 */
function noContentCoding(contentEncoding: string | undefined): boolean {
  return contentEncoding === undefined || contentEncoding.trim().toLowerCase() === 'identity';
}

/** The form's parameters, each once; a parameter sent without a value reads as absent (RFC 6749 3.2). */
function readForm(body: string): { get(name: string): string | undefined } {
  const { pairs, malformed } = parsePairs(body);
  if (malformed.length > 0) throw invalidRequest('The request body has a malformed percent-escape');
  const values = new Map<string, string>();
  for (const { name, value } of pairs) {
    if (values.has(name)) throw invalidRequest(`Parameter ${asciiOnly(name)} is repeated`);
    values.set(name, value);
  }
  return {
    get: (name) => {
      const value = values.get(name);
      return value === undefined || value === '' ? undefined : value;
    },
  };
}
