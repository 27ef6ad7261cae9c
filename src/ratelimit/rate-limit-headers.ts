import { WINDOW_MS, type WindowState } from './limiter.ts';

/** The name of the data API's one quota in the IETF fields: per credential (D35, D56). */
export const RATE_LIMIT_POLICY = 'credencial';

/**
 * The rate-limit fields of a data answer, from its window: the `X-RateLimit-*` trio (D35) and the
 * IETF `RateLimit-Policy` and `RateLimit` fields (draft-ietf-httpapi-ratelimit-headers-11, D56),
 * built from the same window so they always agree: `r` is `X-RateLimit-Remaining`, and `t` the
 * seconds until `X-RateLimit-Reset` (the window's `retryAfter`: its end less the current second).
 */
export function rateLimitHeaders(window: WindowState): Record<string, string> {
  return {
    'x-ratelimit-limit': String(window.limit),
    'x-ratelimit-remaining': String(window.remaining),
    'x-ratelimit-reset': String(window.resetAt),
    'ratelimit-policy': `"${RATE_LIMIT_POLICY}";q=${window.limit};w=${WINDOW_MS / 1000}`,
    ratelimit: `"${RATE_LIMIT_POLICY}";r=${window.remaining};t=${window.retryAfter}`,
  };
}
