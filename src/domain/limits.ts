/**
 * The figures of the contract (spec "Limits"), defined once: code, error texts, the OpenAPI
 * description and the docs page are built on these constants, never on copies of the numbers.
 */

/** Data requests per credential per clock minute (D35). */
export const DATA_RATE_LIMIT = 120;
/** Bad or missing bearer tokens per source IP per minute (D5): a protection, not a contract figure. */
export const UNAUTHENTICATED_LIMIT = 600;
/** Token requests per source IP per minute, and per client id per minute (D27). */
export const TOKEN_ATTEMPTS_PER_IP = 20;
export const TOKEN_ATTEMPTS_PER_CLIENT = 5;
/** The token request body, in bytes: exactly this many are accepted, one more is 413 (D41). */
export const TOKEN_BODY_LIMIT = 8192;
/** Access-token lifetime, in seconds. */
export const TOKEN_LIFETIME_SECONDS = 3600;
/** `por_pagina`: default and maximum. */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;
/** `por_pagina` of a change feed (D44): default and maximum. */
export const FEED_DEFAULT_PAGE_SIZE = 100;
export const FEED_MAX_PAGE_SIZE = 500;
/** Days a tombstone of the change feed is kept at least (D45). */
export const TOMBSTONE_DAYS = 30;
/** Longest `data_inicio`..`data_fim` period, in calendar months (D16). */
export const MAX_PERIOD_MONTHS = 12;
/** Minimum length of a `nome` search, after trimming (D11). */
export const NOME_MIN_LENGTH = 2;
/**
 * Seconds a 503 asks the caller to wait (`Retry-After`): a store that cannot be reached is usually
 * back within a failover (D38); clients that honour the header then retry without hammering it.
 */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;
/**
 * Active (neither revoked nor expired) API credentials one company may hold at once (D47): a
 * protection against runaway scripts and credential sprawl, not a contract figure. Creating one
 * more is refused until one is revoked or expires.
 */
export const MAX_ACTIVE_CREDENTIALS = 50;

/** D49: an export whose reader takes nothing for this long is ended (connection closed, no `fim`). */
export const EXPORT_IDLE_MS = 60_000;
/** D49: what a second export of the same credential is told to wait, in seconds (Retry-After). */
export const EXPORT_BUSY_RETRY_AFTER_SECONDS = 5;
/** Notification endpoints one credential may have (D51). */
export const MAX_WEBHOOKS_PER_CREDENTIAL = 5;
/**
 * After a failed notification attempt, the next one comes this many seconds later (D54: 5 s,
 * 5 min, 30 min, 2 h, 5 h, 10 h, 10 h); after the last, the endpoint is disabled.
 */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000] as const;
/** The longest notification URL accepted (D51): longer ones are no receiver's address. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;
/** Attempts kept per endpoint in its delivery log (D54). */
export const WEBHOOK_DELIVERY_LOG_SIZE = 100;
/**
 * Change events of one endpoint and resource are due at least this far apart (D52): the first
 * change after a quiet spell is told at once, and the changes of the next moments join one event
 * due this long after it. 2.5 s and not 2: a burst of 2 s ends while that second event still waits
 * (the scan that reads the burst's last writes runs up to a second after them), so it gives two
 * events, not three; and scan (≤ 1 s) + window + the worker's poll (≤ 1 s) stays within D52's 5 s.
 */
export const WEBHOOK_COALESCE_MS = 2500;

/** D59: the request log keeps this many São Paulo days besides today; older days are dropped whole. */
export const REQUEST_LOG_RETENTION_DAYS = 30;
/**
 * D59: entries waiting to be written, at most; past it new entries are dropped and counted (a
 * request never waits for the log). 20,000 entries of ~300 bytes: ~6 MB.
 */
export const REQUEST_LOG_MAX_QUEUED = 20_000;
/** D59: entries per INSERT, and how often the writer flushes when fewer are waiting. */
export const REQUEST_LOG_BATCH = 2000;
export const REQUEST_LOG_FLUSH_MS = 1000;
