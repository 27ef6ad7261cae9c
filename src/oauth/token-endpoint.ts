import { newAccessToken } from '../credentials/secrets.ts';
import { sameHash, sha256 } from '../crypto/hashes.ts';
import { ASSERTION_CLOCK_SKEW_SECONDS } from '../domain/client-auth.ts';
import { ipAllowed } from '../domain/ip-allowlist.ts';
import { TOKEN_ATTEMPTS_PER_CLIENT, TOKEN_ATTEMPTS_PER_IP, TOKEN_LIFETIME_SECONDS } from '../domain/limits.ts';
import { isScope, sortScopes, type Scope } from '../domain/scopes.ts';
import { timed } from '../logger.ts';
import type { Limiter } from '../ratelimit/limiter.ts';
import type { Store } from '../store/store.ts';
import type { BasicCredentials } from './basic-auth.ts';
import { verifyAssertion } from './client-assertion.ts';
import { findClient, insertToken, rememberJti, type ClientRecord } from './client.query.ts';
import { invalidClient, invalidScope, ipNotAllowed, OAuthError, tooManyAttempts } from './oauth-error.ts';
import { readTokenRequest, type ClientProof, type RawTokenRequest } from './token-request.ts';

/**
 * POST /v1/oauth/token, the OAuth 2.0 client credentials grant (spec "POST /oauth/token"), as
 * its steps: count the attempt, read the request, authenticate the client, check its IP
 * allowlist, grant the scopes, issue the token. Each step refuses with its own OAuth error.
 */
export interface TokenDeps {
  store: Store;
  limiter: Limiter;
  /**
   * Told of each token issued here, once stored (auth/authenticated-read.ts): its first list
   * request is then read with its page (ADR 0014 amendment).
   */
  issued(tokenHash: Buffer, log: StepLog): Promise<void>;
}

/**
 * Where the steps say how they went, at `debug` (each step's outcome) and `trace` (store timings):
 * the request's logger. Client ids, scopes and reasons only — never the secret, the Basic header
 * or the token.
 */
export interface StepLog {
  /** the logger's level: what timed() measures depends on it */
  level: string;
  debug(obj: object, msg: string): void;
  trace(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

const SILENT: StepLog = { level: 'silent', debug() {}, trace() {}, warn() {} };

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
}

/** Step 0, before the body is read (D27): every attempt counts per source IP, and per client id when the Basic header names one. */
export async function countAttempt(deps: TokenDeps, ip: string, basic: BasicCredentials, log: StepLog = SILENT): Promise<void> {
  const byIp = await deps.limiter.hit(`token-ip:${ip}`, TOKEN_ATTEMPTS_PER_IP);
  const byClient = basic.kind === 'ok' ? await deps.limiter.hit(`token-client:${basic.clientId}`, TOKEN_ATTEMPTS_PER_CLIENT) : null;
  const refused = [byIp, byClient].filter((w) => w !== null && !w.allowed);
  log.debug(
    {
      client_id: basic.kind === 'ok' ? basic.clientId : null,
      ip_attempts: byIp.count,
      client_attempts: byClient?.count ?? null,
      allowed: refused.length === 0,
    },
    'token: attempt counted',
  );
  if (refused.length > 0) {
    const retryAfter = Math.max(...refused.map((w) => w?.retryAfter ?? 1));
    throw tooManyAttempts(retryAfter);
  }
}

// Compared against when the client id is unknown, so the answer takes as long as a wrong secret.
const DECOY_HASH = sha256('decoy secret for unknown client ids');

/**
 * Step 2: the client exists, proves it is that client the way its credential was made to (D57) —
 * its secret compared in constant time, or an assertion signed by its key and not seen before —
 * and may be used (D25, D32). Every refusal is the same `invalid_client`.
 */
export async function authenticateClient(
  deps: TokenDeps,
  clientId: string,
  proof: ClientProof,
  audiences: string[],
  log: StepLog = SILENT,
  identified?: RawTokenRequest['identified'],
): Promise<ClientRecord> {
  if (proof.kind === 'assertion') await countAssertionAttempt(deps, clientId, log);
  const client = await timed(log, 'token: client looked up', () => findClient(deps.store.central, clientId));
  if (client !== null) identified?.({ empresaId: client.empresaId, credentialId: client.id, clientId });
  const reason =
    proof.kind === 'secret'
      ? secretRefusal(client, proof.secret)
      : await assertionRefusal(deps, client, clientId, proof.assertion, audiences);
  if (client === null || reason !== null) {
    // The caller gets one answer for all of them (D25); the operator's log may tell them apart.
    log.debug({ client_id: clientId, reason: reason ?? 'unknown client id' }, 'token: client refused');
    throw invalidClient();
  }
  log.debug({ client_id: clientId, empresa_id: client.empresaId, auth_method: client.authMethod }, 'token: client authenticated');
  return client;
}

function secretRefusal(client: ClientRecord | null, secret: string): string | null {
  const matches = sameHash(sha256(secret), client?.secretHash ?? DECOY_HASH);
  if (client === null) return 'unknown client id';
  // A key credential's secret hash is of a value no one holds; it is refused before it is compared anyway.
  if (client.authMethod !== 'client_secret_basic') return 'a key credential sent a secret';
  if (!matches) return 'wrong secret';
  return client.usable ? null : 'credential revoked, expired or of a deleted company';
}

async function assertionRefusal(
  deps: TokenDeps,
  client: ClientRecord | null,
  clientId: string,
  assertion: string,
  audiences: string[],
): Promise<string | null> {
  if (client === null) return 'unknown client id';
  if (client.authMethod !== 'private_key_jwt' || client.publicKey === null || client.keyAlgorithms === null) {
    return 'a secret credential sent an assertion';
  }
  if (!client.usable) return 'credential revoked, expired or of a deleted company';
  const key = { clientId, jwk: client.publicKey, algorithms: client.keyAlgorithms };
  const verified = await verifyAssertion(assertion, key, audiences, new Date());
  if ('refused' in verified) return `assertion refused: ${verified.refused}`;
  const first = await rememberJti(deps.store.central, client.id, sha256(verified.jti), verified.exp + ASSERTION_CLOCK_SKEW_SECONDS);
  return first ? null : 'assertion replayed (its jti was used before)';
}

/**
 * An assertion names its client in the body, which step 0 does not read: its attempt counts
 * against the client id here, in the same window as a Basic request's (D27), before any key work.
 */
async function countAssertionAttempt(deps: TokenDeps, clientId: string, log: StepLog): Promise<void> {
  const window = await deps.limiter.hit(`token-client:${clientId}`, TOKEN_ATTEMPTS_PER_CLIENT);
  log.debug({ client_id: clientId, client_attempts: window.count, allowed: window.allowed }, 'token: assertion attempt counted');
  if (!window.allowed) throw tooManyAttempts(window.retryAfter);
}

/** Step 3: a credential with an allowlist gets tokens only from the addresses it names (D28, D33). */
export function checkAllowlist(client: ClientRecord, ip: string): void {
  if (!ipAllowed(ip, client.allowedIps)) {
    throw ipNotAllowed();
  }
}

/**
 * Step 4 (D26): no `scope` grants everything the credential holds; otherwise a subset of it, each
 * scope once, in catalogue order. A value made only of spaces names no scope token at all
 * (RFC 6749 3.3's grammar): `invalid_scope`, as is any scope unknown or not held.
 */
export function grantScopes(requested: string | undefined, client: ClientRecord): Scope[] {
  const held = sortScopes(client.scopes);
  if (requested === undefined) return held;
  const asked = requested.split(' ').filter((s) => s !== '');
  const notHeld = asked.filter((s) => !isScope(s) || !held.includes(s));
  if (asked.length === 0 || notHeld.length > 0) {
    throw invalidScope();
  }
  return sortScopes(asked);
}

/**
 * Step 5: a new random token (D30, D40), stored only as its hash, valid for the token lifetime —
 * stored only if the credential still holds the secret step 2 authenticated (ADR 0016).
 */
export async function issueToken(deps: TokenDeps, client: ClientRecord, scopes: Scope[], ip: string, log: StepLog): Promise<TokenResponse> {
  const accessToken = newAccessToken();
  const hash = sha256(accessToken);
  const stored = await insertToken(deps.store.central, { hash, credentialId: client.id, secretHash: client.secretHash, scopes, ip });
  if (!stored) {
    // The secret was rotated (or the credential revoked) after step 2 read it: the client holds
    // a secret that no longer authenticates it (D31, ADR 0016).
    log.debug({ credential_id: client.id, reason: 'credential changed while the token was issued' }, 'token: client refused');
    throw invalidClient();
  }
  await deps.issued(hash, log);
  return { access_token: accessToken, token_type: 'Bearer', expires_in: TOKEN_LIFETIME_SECONDS, scope: scopes.join(' ') };
}

/** Steps 1 to 5, for a request whose attempt was counted. */
export async function tokenEndpoint(deps: TokenDeps, raw: RawTokenRequest, ip: string, log: StepLog = SILENT): Promise<TokenResponse> {
  const request = outcome(log, 'token: request read', () => readTokenRequest(raw));
  log.debug({ client_id: request.clientId, scope_requested: request.scope ?? null }, 'token: request read');
  const client = await authenticateClient(deps, request.clientId, request.proof, raw.audiences, log, raw.identified);
  outcome(log, 'token: allowlist', () => checkAllowlist(client, ip));
  const scopes = outcome(log, 'token: scopes', () => grantScopes(request.scope, client));
  log.debug({ client_id: request.clientId, scopes }, 'token: scopes granted');
  const issued = await timed(log, 'token: token stored', () => issueToken(deps, client, scopes, ip, log));
  log.debug({ client_id: request.clientId, expires_in: issued.expires_in }, 'token: issued');
  return issued;
}

/** Runs a step; a refusal is logged at debug with its OAuth error before it reaches the caller. */
function outcome<T>(log: StepLog, step: string, run: () => T): T {
  try {
    return run();
  } catch (err) {
    if (err instanceof OAuthError) log.debug({ error: err.error, status: err.status }, `${step}: refused`);
    throw err;
  }
}
