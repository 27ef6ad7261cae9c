import type { FastifyRequest } from 'fastify';
import { API_BASE_PATH, REVOKE_PATH, TOKEN_PATH } from '../domain/api-paths.ts';
import { AUTH_METHODS, KEY_ALGORITHMS } from '../domain/client-auth.ts';
import { SCOPES } from '../domain/scopes.ts';
import { baseUrlOf } from '../http/base-url.ts';

/**
 * RFC 8414 authorization-server metadata, so that OAuth libraries configure themselves by
 * discovery (issuer → token endpoint, `client_secret_basic`: several default to credentials in
 * the body, which the token endpoint refuses, D25).
 *
 * RFC 8414 §3: the metadata of issuer `https://host/p` is at `https://host/.well-known/oauth-authorization-server/p`,
 * and a client must check that the `issuer` it reads equals the one it built the URL from. The
 * API's base address is `{origin}/v1` (spec "Versioning"), so that is the issuer at the path form;
 * a client that starts from the bare origin builds the root form, whose issuer must then be the
 * origin itself. Both name the same token endpoint.
 */
const WELL_KNOWN = '/.well-known/oauth-authorization-server';

interface Metadata {
  issuer: string;
  token_endpoint: string;
  grant_types_supported: string[];
  token_endpoint_auth_methods_supported: string[];
  token_endpoint_auth_signing_alg_values_supported: string[];
  revocation_endpoint: string;
  revocation_endpoint_auth_methods_supported: string[];
  revocation_endpoint_auth_signing_alg_values_supported: string[];
  scopes_supported: string[];
  response_types_supported: string[];
  service_documentation: string;
}

function metadataFor(origin: string, issuerPath: string, docsPath: string): Metadata {
  return {
    issuer: `${origin}${issuerPath}`,
    token_endpoint: `${origin}${TOKEN_PATH}`,
    grant_types_supported: ['client_credentials'],
    // D57: a credential made with a key signs a JWT (private_key_jwt) instead of sending a secret.
    token_endpoint_auth_methods_supported: [...AUTH_METHODS],
    token_endpoint_auth_signing_alg_values_supported: [...KEY_ALGORITHMS],
    // RFC 7009 revocation (D58), authenticated as the token endpoint is.
    revocation_endpoint: `${origin}${REVOKE_PATH}`,
    revocation_endpoint_auth_methods_supported: [...AUTH_METHODS],
    revocation_endpoint_auth_signing_alg_values_supported: [...KEY_ALGORITHMS],
    scopes_supported: [...SCOPES],
    // Required by RFC 8414 and by some libraries' parsers; there is no authorization endpoint,
    // so no response type.
    response_types_supported: [],
    service_documentation: `${origin}${docsPath}`,
  };
}

/**
 * GET routes of the oauth plugin, each answering the metadata of one issuer; `docsPath` is the
 * reference page's. The origin is the server's public address: PUBLIC_BASE_URL when configured,
 * else the one the client used (behind a proxy named in TRUST_PROXY, X-Forwarded-Proto/Host).
 */
export function metadataRoutes(docsPath: string) {
  return [
    { method: 'GET', url: `${WELL_KNOWN}${API_BASE_PATH}`, issuerPath: API_BASE_PATH },
    { method: 'GET', url: WELL_KNOWN, issuerPath: '' },
  ].map((route) => ({
    method: route.method,
    url: route.url,
    handle: (request: FastifyRequest, publicBaseUrl: string | undefined): Metadata =>
      metadataFor(baseUrlOf(request, publicBaseUrl), route.issuerPath, docsPath),
  }));
}

/**
 * What a client assertion's `aud` may name (D57), on the public address the client reached: the
 * issuer in both of its forms (what oauth4webapi and openid-client put there) and the token and
 * revocation endpoint URLs (what RFC 7523 §3 suggests, and Authlib sends). None when the address
 * is unknown (a Host that cannot be used): then no assertion is accepted rather than any.
 */
export function assertionAudiences(origin: string): string[] {
  if (origin === '') return [];
  return [`${origin}${API_BASE_PATH}`, origin, `${origin}${TOKEN_PATH}`, `${origin}${REVOKE_PATH}`];
}
