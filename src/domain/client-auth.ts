/**
 * How a client authenticates at the token and revocation endpoints (D25, D57): one source for
 * the settings API and page, the CLI, the token endpoint and the RFC 8414 metadata.
 */
export const AUTH_METHODS = ['client_secret_basic', 'private_key_jwt'] as const;
export type AuthMethod = (typeof AUTH_METHODS)[number];

/** The JWS algorithms a client key may sign its assertions with (D57): RSA (PKCS#1 v1.5 and PSS) and P-256. */
export const KEY_ALGORITHMS = ['RS256', 'PS256', 'ES256'] as const;
export type KeyAlgorithm = (typeof KEY_ALGORITHMS)[number];

/** The one `client_assertion_type` accepted (RFC 7523 §2.2). */
export const JWT_BEARER_ASSERTION = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** An assertion's `exp` may be at most this far ahead (D57): a longer-lived one is refused. */
export const MAX_ASSERTION_LIFETIME_SECONDS = 300;

/**
 * Clocks disagree: an assertion's `exp`, `nbf` and `iat` are read with this much leeway either
 * way (so is the 5-minute bound), as OAuth servers commonly allow.
 */
export const ASSERTION_CLOCK_SKEW_SECONDS = 30;

/** RSA keys shorter than this are refused (NIST SP 800-57: 2048 bits until 2030). */
export const MIN_RSA_KEY_BITS = 2048;
