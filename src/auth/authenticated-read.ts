import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Scope } from '../domain/scopes.ts';
import { timed } from '../logger.ts';
import type { Lease, Limiter } from '../ratelimit/limiter.ts';
import type { ExportReader } from '../store/export/export-reader.ts';
import type { FeedPage, FeedPosition } from '../store/feed/change-feed.ts';
import type { ListPage } from '../store/list/list-engine.ts';
import type { ListQuery, ListSpec } from '../store/list/list-spec.ts';
import type { Store } from '../store/store.ts';
import type { CentralDatabase, TenantDatabase } from '../store/tables.ts';
import { isStoreUnavailable } from '../store/unavailable.ts';
import { createDataGuard } from './data-guard.ts';
import type { Principal } from './principal.ts';
import { PrincipalHints } from './principal-hints.ts';
import { principalCompanion, principalForToken } from './token.query.ts';

/**
 * The authenticated read of a data route: who is calling (D4's checks, D31's "on the very next
 * request") and what the caller reads from the company's data, as one module. Routes and plugins
 * get a guard to run before their handler and the caller's reads; how the caller is proved —
 * the remembered principal (the hint), the list statement that reads the principal with the page,
 * its confirmation, the handler run again after a principal change (ADR 0014) — stays in here.
 */

/** What a handler reads, as the caller it was admitted as; every read is the caller's company's. */
export interface CallerReads {
  principal: Principal;
  /** the database holding the company's business data (ADR 0006); queries still filter by empresa_id */
  tenant: Kysely<TenantDatabase>;
  central: Kysely<CentralDatabase>;
  /** a page of a list from the company's database, with its exact total (ADR 0010) */
  listPage(spec: ListSpec, query: ListQuery): Promise<ListPage>;
  /** one record of a list's table by id, as the list writes it (JSON text); null when not the company's */
  listRecord(spec: ListSpec, id: number): Promise<string | null>;
  /** a page of the change feed of a list's table for the company, after a position (ADR 0013) */
  feedPage(spec: ListSpec, after: FeedPosition | null, limit: number): Promise<FeedPage>;
  /** the current end of the company database's change feeds (D50) */
  feedEnd(): Promise<FeedPosition>;
  /** the key that signs feed cursors */
  cursorKey(): Promise<Buffer>;
  /** an export of a list's table for the company, from one snapshot (D48); the caller must close it */
  openExport(spec: ListSpec): Promise<ExportReader>;
  /** holds the caller's credential's one export at a time (D49); null while another export holds it */
  exportLease(ttlMs: number): Promise<Lease | null>;
}

/**
 * `list`: the caller may be proved by the statement that reads its page (ADR 0014); `record`,
 * `feed` and `export`: by a token read before the handler runs (an export's first byte may be sent
 * long before its last statement, so nothing of it can wait for a later confirmation).
 */
export type ReadKind = 'list' | 'record' | 'feed' | 'export';

/** Where a failed look-ahead is told (the request's or the token endpoint's logger). */
interface WarnLog {
  warn(obj: object, msg: string): void;
}

/** Thrown when a deferred request's principal is not the one its handler ran with: the handler runs again. */
class PrincipalChanged extends Error {}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

const outcomeOf = (work: () => Promise<unknown>): Promise<Outcome> =>
  work().then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({ ok: false, error }),
  );

export function createAuthenticatedReads(deps: { store: Store; limiter: Limiter }) {
  const { store } = deps;
  const hints = new PrincipalHints();
  const guard = createDataGuard({ ...deps, hints });

  /** The reads of the caller the request holds now (the guard set it, provisionally or not). */
  function callerReads(request: FastifyRequest, reply: FastifyReply): CallerReads {
    const principal = request.principal;
    if (principal === null) throw new Error('a data route reached without a principal');
    const { tenantDb, empresaId } = principal;
    return {
      principal,
      tenant: store.tenant(tenantDb),
      central: store.central,
      listPage: (spec, query) =>
        timed(request.log, 'list page read', async () => {
          const deferred = request.deferredAuth;
          if (deferred === null || deferred.confirmed) return store.listPage(tenantDb, spec, query);
          // The principal read again by the page's own statement, in its snapshot: nothing is
          // answered unless it is the one the guard trusted.
          const read = await store.listPageWith(spec, query, principalCompanion(deferred.tokenHash));
          if (!(await guard.confirm(request, reply, read.companion)) || read.page === null) throw new PrincipalChanged();
          return read.page;
        }),
      listRecord: (spec, id) => timed(request.log, 'record read', () => store.listRecord(tenantDb, spec, empresaId, id)),
      feedPage: (spec, after, limit) => timed(request.log, 'feed page read', () => store.feedPage(tenantDb, spec, empresaId, after, limit)),
      feedEnd: () => timed(request.log, 'feed end read', () => store.feedEnd(tenantDb)),
      cursorKey: () => store.cursorKey(),
      openExport: (spec) => timed(request.log, 'export opened', () => store.openExport(tenantDb, spec, empresaId)),
      exportLease: (ttlMs) => deps.limiter.lease(`export:${principal.credentialId}`, ttlMs),
    };
  }

  return {
    /** The hook that runs before a data route's handler: D4's checks, or for a list their deferral. */
    guard(kind: ReadKind, scope: Scope) {
      return kind === 'list' ? guard.deferringGuardFor(scope) : guard.guardFor(scope);
    },

    /**
     * What `handler` answers with the caller's reads, never before the caller is authenticated
     * (D4, D31): a deferred request that ended without its list confirming the principal (a 400,
     * a principal that changed) has its token read now; the outcome stands if the principal is
     * the one it ran with, else the handler runs again with the principal read now.
     */
    async answer(request: FastifyRequest, reply: FastifyReply, handler: (caller: CallerReads) => Promise<unknown>): Promise<unknown> {
      const run = () => handler(callerReads(request, reply));
      if (request.deferredAuth === null) return run();
      let outcome = await outcomeOf(run);
      // A database that cannot be reached is a 503 whoever asks: the token's own read would be one
      // too (it is the same central database), and waiting for it would double the time to answer.
      if (!outcome.ok && isStoreUnavailable(outcome.error)) throw outcome.error;
      if (!(await guard.settle(request, reply)) || (!outcome.ok && outcome.error instanceof PrincipalChanged))
        outcome = await outcomeOf(run);
      if (!outcome.ok) throw outcome.error;
      return outcome.value;
    },

    /**
     * A token the token endpoint has just issued: its principal, read as a list request reads it
     * and remembered, so that the token's first list request on this instance is one statement
     * like the ones after it (ADR 0014 amendment). Awaited by the endpoint, so that a client's next
     * request finds it; a failed read is only logged: a hint decides nothing, and without it the
     * first request takes the longer path and is answered the same.
     */
    async issued(tokenHash: Buffer, log: WarnLog): Promise<void> {
      try {
        const read = await principalForToken(store.pool, tokenHash, store.kind === 'postgres');
        if (read !== null) hints.remember(tokenHash, read);
      } catch (err) {
        log.warn({ err }, 'token: its principal could not be read ahead of its first list request');
      }
    },
  };
}

export type AuthenticatedReads = ReturnType<typeof createAuthenticatedReads>;
