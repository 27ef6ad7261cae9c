import { decodeJwt } from 'jose';
import { parsePairs } from '../contract/query-string.ts';
import { JWT_BEARER_ASSERTION } from '../domain/client-auth.ts';
import type { BasicCredentials } from './basic-auth.ts';
import {
  asciiOnly,
  invalidClient,
  invalidRequest,
  unsupportedContentEncoding,
  unsupportedGrantType,
  unsupportedMediaType,
} from './oauth-error.ts';

/**
 * How the client proves who it is (D25, D57): the secret of HTTP Basic, or a JWT it signed with its
 * private key, sent in the form (`client_assertion`).
 */
export type ClientProof = { kind: 'secret'; secret: string } | { kind: 'assertion'; assertion: string };

/** A token request that is well-formed: who claims to call, and what they ask for. */
export interface TokenRequest {
  clientId: string;
  proof: ClientProof;
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
  /**
   * The values an assertion's `aud` may hold (D57): the issuer in both its forms and the endpoint
   * URLs, on the public address the client reached (http/base-url.ts).
   */
  audiences: string[];
  /** told whose credential the client id is, as soon as it is known (the request log, D59) */
  identified?: (client: { empresaId: number; credentialId: number; clientId: string }) => void;
}

const FORM = 'application/x-www-form-urlencoded';

/** A form body and the client it names: who claims to call, their proof, and the form's parameters. */
export interface ClientForm {
  clientId: string;
  proof: ClientProof;
  get(name: string): string | undefined;
}

/**
 * What the token and revocation endpoints read alike, in the order its faults are reported —
 * media type and content coding (415, D29, D41), no query string (D26), the form (repeats
 * refused, unknown parameters ignored, empty ones omitted: D26), then the client: a secret only
 * by HTTP Basic (D25; a `client_id` in the body only when it is the same one), or a signed
 * assertion in the form (D57), never both.
 */
export function readClientForm(raw: RawTokenRequest, endpoint: string): ClientForm {
  const mediaType = raw.contentType?.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== FORM) throw unsupportedMediaType();
  if (!noContentCoding(raw.contentEncoding)) throw unsupportedContentEncoding();
  if (raw.url.includes('?')) throw invalidRequest(`The ${endpoint} endpoint accepts no query string`);
  const form = readForm(raw.body);
  if (form.get('client_secret') !== undefined) throw invalidRequest('Client credentials must be sent with HTTP Basic, never in the body');
  const bodyClientId = form.get('client_id');
  if (form.get('client_assertion') !== undefined || form.get('client_assertion_type') !== undefined) {
    return { ...assertionClient(raw, form, bodyClientId), get: form.get };
  }
  if (raw.basic.kind === 'absent') throw invalidClient();
  if (raw.basic.kind === 'malformed') throw invalidRequest(raw.basic.reason);
  // Common clients send client_id in the body as well; tolerated when it is the same one (D25).
  if (bodyClientId !== undefined && bodyClientId !== raw.basic.clientId) {
    throw invalidRequest('client_id in the body differs from the HTTP Basic client id');
  }
  return { clientId: raw.basic.clientId, proof: { kind: 'secret', secret: raw.basic.secret }, get: form.get };
}

/**
 * A client authenticating with a signed JWT (D57, RFC 7523 §2.2): both assertion parameters, no
 * Basic header beside them, and the client named by `client_id` or else by the JWT's `iss` — read
 * unverified here only to know whose key verifies it (client-assertion.ts checks that `iss` and
 * `sub` are that client). An assertion type other than JWT bearer is a method not supported.
 */
function assertionClient(
  raw: RawTokenRequest,
  form: { get(name: string): string | undefined },
  bodyClientId: string | undefined,
): { clientId: string; proof: ClientProof } {
  if (raw.basic.kind !== 'absent') throw invalidRequest('Authenticate either with HTTP Basic or with a client assertion, not both');
  const type = form.get('client_assertion_type');
  const assertion = form.get('client_assertion');
  if (type === undefined || assertion === undefined) throw invalidRequest('client_assertion and client_assertion_type are sent together');
  if (type !== JWT_BEARER_ASSERTION) throw invalidClient();
  const clientId = bodyClientId ?? unverifiedIssuer(assertion);
  if (clientId === undefined) throw invalidClient();
  return { clientId, proof: { kind: 'assertion', assertion } };
}

function unverifiedIssuer(assertion: string): string | undefined {
  try {
    const { iss } = decodeJwt(assertion);
    return typeof iss === 'string' ? iss : undefined;
  } catch {
    return undefined;
  }
}

/** Step 1 of the token endpoint: the client's form (readClientForm), then the grant type. */
export function readTokenRequest(raw: RawTokenRequest): TokenRequest {
  const form = readClientForm(raw, 'token');
  const grantType = form.get('grant_type');
  if (grantType === undefined) throw invalidRequest('grant_type is required');
  if (grantType !== 'client_credentials') throw unsupportedGrantType();
  return { clientId: form.clientId, proof: form.proof, scope: form.get('scope') };
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
