import { logsAt, timed } from '../logger.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sha256 } from '../crypto/hashes.ts';
import { ipAllowed } from '../domain/ip-allowlist.ts';
import { DATA_RATE_LIMIT, UNAUTHENTICATED_LIMIT } from '../domain/limits.ts';
import type { Scope } from '../domain/scopes.ts';
import { DataError } from '../errors/coded-error.ts';
import type { Limiter } from '../ratelimit/limiter.ts';
import type { Store } from '../store/store.ts';
import { bearerChallenge, readBearer, scopeChallenge } from './bearer.ts';
import type { Principal } from './principal.ts';
import { principalForToken, touchCredential } from './token.query.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

const TOUCH_INTERVAL_MS = 60_000;

export interface DataGuardDeps {
  store: Store;
  limiter: Limiter;
}

export function insufficientScope(scope: Scope): DataError {
  return new DataError('escopo_insuficiente', [], { challenge: scopeChallenge(scope) });
}

/**
 * The checks of every data request, in the order of D4: bearer token (401) -> IP allowlist
 * (403) -> rate limit (429) -> scope (403). Route and method were settled by the router
 * (404/405) before this runs; parameters and lookup come after, in the handler. The token and
 * its credential are read on every request, never cached, so revocation, rotation, expiry and
 * scope changes act on the very next request on every instance (D31).
 */
export function createDataGuard(deps: DataGuardDeps) {
  const lastTouch = new Map<number, number>();

  async function unauthenticated(request: FastifyRequest, tokenSent: boolean): Promise<never> {
    const flood = await deps.limiter.hit(`unauth:${request.ip}`, UNAUTHENTICATED_LIMIT);
    request.log.debug(
      { token_sent: tokenSent, unauthenticated_count: flood.count, limit: flood.limit },
      'data guard: no valid bearer token',
    );
    if (!flood.allowed) throw new DataError('limite_excedido', [], { retryAfter: flood.retryAfter });
    throw new DataError('token_invalido', [], { challenge: bearerChallenge(tokenSent) });
  }

  /** Records use at most once a minute per credential and instance: a write per request would cost more than it tells. */
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
      const principal = await timed(request.log, 'data guard: token looked up', () =>
        principalForToken(deps.store.pool, sha256(bearer.token), deps.store.kind === 'postgres'),
      );
      if (principal === null) return unauthenticated(request, true);
      request.principal = principal;

      // D4: everything past the token check counts in the window and carries its headers.
      const window = await deps.limiter.hit(`data:${principal.credentialId}`, DATA_RATE_LIMIT);
      const ipOk = ipAllowed(request.ip, principal.allowedIps);
      // Who is calling and how each check went: ids, counts and scopes, never the token. Built
      // only when LOG_LEVEL asks for it: this runs on every request.
      if (logsAt(request.log, 'debug')) {
        request.log.debug(
          {
            client_id: principal.clientId,
            empresa_id: principal.empresaId,
            scopes: [...principal.scopes],
            required_scope: scope,
            count: window.count,
            remaining: window.remaining,
            rate_allowed: window.allowed,
            ip_allowed: ipOk,
          },
          'data guard: principal, rate limit, allowlist and scope',
        );
      }
      reply.headers({
        'x-ratelimit-limit': String(window.limit),
        'x-ratelimit-remaining': String(window.remaining),
        'x-ratelimit-reset': String(window.resetAt),
      });
      if (!ipOk) throw new DataError('ip_nao_autorizado');
      if (!window.allowed) throw new DataError('limite_excedido', [], { retryAfter: window.retryAfter });
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
