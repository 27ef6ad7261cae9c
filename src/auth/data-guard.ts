import { logsAt, timed } from '../logger.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sha256 } from '../crypto/hashes.ts';
import { ipAllowed } from '../domain/ip-allowlist.ts';
import { DATA_RATE_LIMIT, UNAUTHENTICATED_LIMIT } from '../domain/limits.ts';
import type { Scope } from '../domain/scopes.ts';
import { DataError, missingScopeDetail } from '../errors/coded-error.ts';
import type { Limiter, WindowState } from '../ratelimit/limiter.ts';
import { rateLimitHeaders } from '../ratelimit/rate-limit-headers.ts';
import type { Store } from '../store/store.ts';
import { bearerChallenge, readBearer, scopeChallenge } from './bearer.ts';
import type { Principal } from './principal.ts';
import type { PrincipalHints } from './principal-hints.ts';
import { principalForToken, touchCredential, type ReadPrincipal } from './token.query.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    /** set by a deferring guard: the caller is checked with the page it reads (ADR 0014) */
    deferredAuth: DeferredAuth | null;
  }
}

const TOUCH_INTERVAL_MS = 60_000;
export interface DataGuardDeps {
  store: Store;
  limiter: Limiter;
  /** shared with the token endpoint, which remembers the principal of each token it issues */
  hints: PrincipalHints;
}

export function insufficientScope(scope: Scope): DataError {
  return new DataError('escopo_insuficiente', [missingScopeDetail(scope)], { challenge: scopeChallenge(scope) });
}

/**
 * A data request whose principal is taken, provisionally, from the last time its token was read,
 * to be confirmed by the statement that reads its page (ADR 0014). Until it is confirmed nothing
 * is answered: the handler's outcome waits for `settle`.
 */
export interface DeferredAuth {
  readonly scope: Scope;
  readonly tokenHash: Buffer;
  /** the earlier read of the principal, as its text */
  readonly hint: ReadPrincipal;
  /** the hit counted in the credential's data window before the page was read (a token belongs to one credential) */
  readonly counted: Counted;
  confirmed: boolean;
}

/** A hit counted in a data window, by its key, before the token was read. */
interface Counted {
  key: string;
  window: WindowState;
}

/**
 * The checks of every data request, in the order of D4: bearer token (401) -> IP allowlist
 * (403) -> rate limit (429) -> scope (403). Route and method were settled by the router
 * (404/405) before this runs; parameters and lookup come after, in the handler. The token and
 * its credential are read from the database for every request, so revocation, rotation, expiry
 * and scope changes act on the very next request on every instance (D31): either by the guard
 * before the handler, or — on list routes, for a token read before (ADR 0014) — by the list's own
 * statement, in the same round trip and snapshot as the page, before anything is answered.
 */
export function createDataGuard(deps: DataGuardDeps) {
  const lastTouch = new Map<number, number>();
  const { hints } = deps;

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

  /**
   * Past the token check (D4): the data window (counted now, or before the page was read), the
   * allowlist and the scope, for a principal just read.
   */
  async function admit(request: FastifyRequest, reply: FastifyReply, principal: Principal, scope: Scope, counted?: Counted): Promise<void> {
    request.principal = principal;
    // D4: everything past the token check counts in the window and carries its headers.
    const window = counted?.window ?? (await deps.limiter.hit(`data:${principal.credentialId}`, DATA_RATE_LIMIT));
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
    reply.headers(rateLimitHeaders(window));
    if (!ipOk) throw new DataError('ip_nao_autorizado');
    if (!window.allowed) throw new DataError('limite_excedido', [], { retryAfter: window.retryAfter });
    if (!principal.scopes.has(scope)) throw insufficientScope(scope);
    touch(request, principal);
  }

  /**
   * The token read now, then admit: what every request goes through unless its list reads the
   * token. `list`: a list request's, whose principal is remembered for its next ones.
   */
  async function authenticate(
    request: FastifyRequest,
    reply: FastifyReply,
    tokenHash: Buffer,
    scope: Scope,
    options: { list: boolean; counted?: Counted },
  ): Promise<ReadPrincipal> {
    const { counted } = options;
    const read = await timed(request.log, 'data guard: token looked up', () =>
      principalForToken(deps.store.pool, tokenHash, deps.store.kind === 'postgres'),
    );
    if (read === null) {
      hints.forget(tokenHash);
      // Counted before the token was read: a request stopped at the token check is not (D4).
      if (counted !== undefined) await deps.limiter.refund(counted.key, counted.window);
      return unauthenticated(request, true);
    }
    if (options.list) hints.remember(tokenHash, read);
    await admit(request, reply, read.principal, scope, counted);
    return read;
  }

  function bearerHash(request: FastifyRequest): Promise<never> | Buffer {
    const bearer = readBearer(request.headers.authorization);
    if (bearer.kind !== 'token') return unauthenticated(request, bearer.kind === 'malformed');
    return sha256(bearer.token);
  }

  /** The D4 guard, checking the token before the handler runs. */
  function guardFor(scope: Scope) {
    return async function guard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const tokenHash = bearerHash(request);
      if (!Buffer.isBuffer(tokenHash)) return tokenHash;
      await authenticate(request, reply, tokenHash, scope, { list: false });
    };
  }

  /**
   * The D4 guard of a list route (ADR 0014): a token whose principal was read before, and that
   * passed the allowlist and had the scope then, is counted in its credential's window and, while
   * the window has room, checked by the list's own statement; anything else is checked now, as by
   * guardFor. A window already spent has the token read now, on its own: a 429 never reads a page.
   */
  function deferringGuardFor(scope: Scope) {
    return async function guard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const tokenHash = bearerHash(request);
      if (!Buffer.isBuffer(tokenHash)) return tokenHash;
      const hint = hints.get(tokenHash);
      if (hint === undefined || !hint.principal.scopes.has(scope) || !ipAllowed(request.ip, hint.principal.allowedIps)) {
        await authenticate(request, reply, tokenHash, scope, { list: true });
        return;
      }
      const key = `data:${hint.principal.credentialId}`;
      const counted = { key, window: await deps.limiter.hit(key, DATA_RATE_LIMIT) };
      if (!counted.window.allowed) {
        await authenticate(request, reply, tokenHash, scope, { list: true, counted });
        return;
      }
      request.principal = hint.principal;
      request.deferredAuth = { scope, tokenHash, hint, counted, confirmed: false };
    };
  }

  /**
   * A deferred request's principal as its list's statement read it (null: the token is no longer
   * valid). The same text as the hint: admitted with the window counted before the page (its
   * headers; the allowlist and scope pass, as they did for the same principal) and true. Otherwise
   * false, and the request must be checked again from the start (`settle`).
   */
  async function confirm(request: FastifyRequest, reply: FastifyReply, read: string | null): Promise<boolean> {
    const deferred = request.deferredAuth;
    if (deferred === null) throw new Error('confirm called on a request that was not deferred');
    if (read !== deferred.hint.text) {
      hints.forget(deferred.tokenHash);
      return false;
    }
    deferred.confirmed = true;
    await admit(request, reply, deferred.hint.principal, deferred.scope, deferred.counted);
    return true;
  }

  /**
   * Before a deferred request is answered with what its handler did without a confirmed principal
   * (a 400, a principal that changed): the token read now and admitted, as guardFor would have
   * (401, 403 or 429 end it here). True when the principal is the one the handler ran with, so
   * its outcome stands; false when the handler must run again with the principal read now.
   */
  async function settle(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const deferred = request.deferredAuth;
    if (deferred === null || deferred.confirmed) return true;
    deferred.confirmed = true;
    const read = await authenticate(request, reply, deferred.tokenHash, deferred.scope, { list: true, counted: deferred.counted });
    return read.text === deferred.hint.text;
  }

  return { guardFor, deferringGuardFor, confirm, settle };
}
