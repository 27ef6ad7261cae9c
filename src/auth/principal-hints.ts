import type { ReadPrincipal } from './token.query.ts';

/**
 * Principals remembered by token hash (~1.3 KB each, so at most ~1.3 MB): tokens in use at once on
 * one instance, past which the oldest is forgotten and its next list request reads the token on
 * its own, as any first request does. (5,000 hints cost the bench's busiest rows ~7 MiB of peak
 * RSS, against issue 9's 150 MiB.)
 */
const MAX_HINTS = 1_000;

/**
 * What a list request's deferring guard trusts until its statement confirms it (ADR 0014): the
 * principal of a token as last read on this instance, by a list request or by the token endpoint
 * when it issued the token. A hint decides nothing: the list statement reads the principal again
 * in the page's snapshot and any difference sends the request through the full check.
 * Only for companies whose data is in the central database: the companion statement runs there.
 */
export class PrincipalHints {
  readonly #byToken = new Map<string, ReadPrincipal>();

  get(tokenHash: Buffer): ReadPrincipal | undefined {
    return this.#byToken.get(tokenHash.toString('base64'));
  }

  remember(tokenHash: Buffer, read: ReadPrincipal): void {
    if (read.principal.tenantDb !== null) return;
    const key = tokenHash.toString('base64');
    // Deleted first: a remembered token moves to the end, the last to be forgotten.
    this.#byToken.delete(key);
    if (this.#byToken.size >= MAX_HINTS) this.#byToken.delete(this.#byToken.keys().next().value as string);
    this.#byToken.set(key, read);
  }

  forget(tokenHash: Buffer): void {
    this.#byToken.delete(tokenHash.toString('base64'));
  }
}
