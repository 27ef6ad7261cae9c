import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OAuthError } from '../errors/api-error.ts';
import { TOKEN_ROUTE } from '../errors/error-handler.ts';
import { ipAllowed } from '../auth/ip-allowlist.ts';
import { REALM } from '../auth/bearer.ts';
import { isScope, sortScopes, type Scope } from '../auth/scopes.ts';
import { newAccessToken, sameHash, sha256 } from '../credentials/secrets.ts';
import type { PipelineDeps } from '../auth/pipeline.ts';
import { basicClientId, readBasic } from './basic-auth.ts';
import { findClient, insertToken, TOKEN_LIFETIME_SECONDS, type ClientRecord } from './client.query.ts';
import { checkContentType, checkNoQuery, invalidRequest, parseTokenForm } from './token-request.ts';
import { tokenResponseSchema } from './token.schema.ts';

export const TOKEN_ATTEMPTS_PER_IP = 20;
export const TOKEN_ATTEMPTS_PER_CLIENT = 5;
export const TOKEN_BODY_LIMIT = 8192;

const INVALID_CLIENT = 'Client authentication failed';
// Compared against when the client id is unknown, so the answer takes as long as a wrong secret.
const DECOY_HASH = sha256('decoy secret for unknown client ids');

function invalidClient(): OAuthError {
  // D25: wrong secret, unknown id, revoked and expired give byte-identical bodies.
  return new OAuthError(401, 'invalid_client', INVALID_CLIENT, { 'www-authenticate': `Basic realm="${REALM}"` });
}

/** D27: every attempt counts, per source IP and per client id, before any secret is checked. */
async function countAttempt(deps: PipelineDeps, request: FastifyRequest): Promise<void> {
  const byIp = await deps.limiter.hit(`token-ip:${request.ip}`, TOKEN_ATTEMPTS_PER_IP);
  const clientId = basicClientId(request.headers.authorization);
  const byClient = clientId === null ? null : await deps.limiter.hit(`token-client:${clientId}`, TOKEN_ATTEMPTS_PER_CLIENT);
  const refused = [byIp, byClient].filter((w) => w !== null && !w.allowed);
  if (refused.length > 0) {
    const retryAfter = Math.max(...refused.map((w) => w?.retryAfter ?? 1));
    throw new OAuthError(429, 'temporarily_unavailable', 'Too many token requests, retry later', { 'retry-after': String(retryAfter) });
  }
}

async function authenticateClient(deps: PipelineDeps, clientId: string, secret: string): Promise<ClientRecord> {
  const client = await findClient(deps.store.central, clientId);
  const matches = sameHash(sha256(secret), client?.secretHash ?? DECOY_HASH);
  if (client === null || !matches || !client.usable) throw invalidClient();
  return client;
}

/** D26: absent or empty scope grants everything the credential holds; otherwise a subset of it. */
function grantedScopes(requested: string | undefined, client: ClientRecord): Scope[] {
  const held = sortScopes(client.scopes);
  if (requested === undefined) return held;
  const asked = requested.split(' ').filter((s) => s !== '');
  if (asked.length === 0) return held;
  const notHeld = asked.filter((s) => !isScope(s) || !held.includes(s));
  if (notHeld.length > 0) throw new OAuthError(400, 'invalid_scope', 'A requested scope is unknown or not granted to this client');
  return sortScopes(asked);
}

/** POST /v1/oauth/token: the OAuth 2.0 client credentials grant (spec "POST /oauth/token"). */
export function registerTokenRoute(app: FastifyInstance, deps: PipelineDeps): void {
  app.post(
    TOKEN_ROUTE,
    {
      bodyLimit: TOKEN_BODY_LIMIT,
      onRequest: async (request) => countAttempt(deps, request),
      schema: tokenResponseSchema,
    },
    async (request) => {
      checkContentType(request.headers['content-type']);
      checkNoQuery(request.url);
      const form = parseTokenForm(typeof request.body === 'string' ? request.body : '');
      if (form.clientSecret !== undefined) {
        throw invalidRequest('Client credentials must be sent with HTTP Basic, never in the body');
      }
      const basic = readBasic(request.headers.authorization);
      if (basic.kind === 'absent') throw invalidClient();
      if (basic.kind === 'malformed') throw invalidRequest(basic.reason);
      if (form.clientId !== undefined && form.clientId !== basic.clientId) {
        throw invalidRequest('client_id in the body differs from the HTTP Basic client id');
      }
      if (form.grantType === undefined) throw invalidRequest('grant_type is required');
      if (form.grantType !== 'client_credentials') {
        throw new OAuthError(400, 'unsupported_grant_type', 'Only grant_type=client_credentials is supported');
      }
      const client = await authenticateClient(deps, basic.clientId, basic.secret);
      if (!ipAllowed(request.ip, client.allowedIps)) {
        throw new OAuthError(403, 'ip_nao_autorizado', 'The source IP address is not allowed for this client');
      }
      const scopes = grantedScopes(form.scope, client);
      const accessToken = newAccessToken();
      await insertToken(deps.store.central, { hash: sha256(accessToken), credentialId: client.id, scopes, ip: request.ip });
      return { access_token: accessToken, token_type: 'Bearer', expires_in: TOKEN_LIFETIME_SECONDS, scope: scopes.join(' ') };
    },
  );
}
