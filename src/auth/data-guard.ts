import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors/api-error.ts';
import type { Limiter } from '../ratelimit/limiter.ts';
import type { Store } from '../store/store.ts';
import { sha256 } from '../credentials/secrets.ts';
import { bearerChallenge, readBearer, scopeChallenge } from './bearer.ts';
import { ipAllowed } from './ip-allowlist.ts';
import type { Principal } from './principal.ts';
import type { Scope } from './scopes.ts';
import { principalForToken, touchCredential } from './token.query.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export const DATA_RATE_LIMIT = 120;
/** D5: a protection against floods of bad tokens, not a contract figure. */
export const UNAUTHENTICATED_LIMIT = 600;
const TOUCH_INTERVAL_MS = 60_000;

export interface PipelineDeps {
  store: Store;
  limiter: Limiter;
}

export function insufficientScope(scope: Scope): ApiError {
  return new ApiError('escopo_insuficiente', [], { 'www-authenticate': scopeChallenge(scope) });
}

/**
 * The checks of every data request, in the order of D4: bearer token (401) -> IP allowlist
 * (403) -> rate limit (429) -> scope (403). Route and method were settled by the router
 * (404/405) before this runs; parameters and lookup come after, in the handler.
 */
export function createDataGuard(deps: PipelineDeps) {
  const lastTouch = new Map<number, number>();

  async function unauthenticated(request: FastifyRequest, tokenSent: boolean): Promise<never> {
    const flood = await deps.limiter.hit(`unauth:${request.ip}`, UNAUTHENTICATED_LIMIT);
    if (!flood.allowed) throw new ApiError('limite_excedido', [], { 'retry-after': String(flood.retryAfter) });
    throw new ApiError('token_invalido', [], { 'www-authenticate': bearerChallenge(tokenSent) });
  }

  function touch(request: FastifyRequest, principal: Principal): void {
    const now = Date.now();
    if (now - (lastTouch.get(principal.credentialId) ?? 0) < TOUCH_INTERVAL_MS) return;
    lastTouch.set(principal.credentialId, now);
    touchCredential(deps.store.central, principal.credentialId, request.ip).catch((err: unknown) =>
      request.log.warn({ err }, 'could not record credential use'),
    );
  }

  return function guardFor(scope: Scope) {
    return async function guard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const bearer = readBearer(request.headers.authorization);
      if (bearer.kind !== 'token') return unauthenticated(request, bearer.kind === 'malformed');
      const principal = await principalForToken(deps.store.central, sha256(bearer.token));
      if (principal === null) return unauthenticated(request, true);
      request.principal = principal;

      // D4: everything past the token check counts in the window and carries its headers.
      const window = await deps.limiter.hit(`data:${principal.credentialId}`, DATA_RATE_LIMIT);
      reply.headers({
        'x-ratelimit-limit': String(window.limit),
        'x-ratelimit-remaining': String(window.remaining),
        'x-ratelimit-reset': String(window.resetAt),
      });
      if (!ipAllowed(request.ip, principal.allowedIps)) throw new ApiError('ip_nao_autorizado');
      if (!window.allowed) throw new ApiError('limite_excedido', [], { 'retry-after': String(window.retryAfter) });
      if (!principal.scopes.has(scope)) throw insufficientScope(scope);
      touch(request, principal);
    };
  };
}

/** The principal of a request that passed the guard. */
export function principalOf(request: FastifyRequest): Principal {
  if (request.principal === null) throw new Error('data route reached without a principal');
  return request.principal;
}
