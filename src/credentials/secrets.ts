import { randomBytes } from 'node:crypto';

/**
 * Client ids, client secrets and access tokens: random, drawn from base64url (D40) so clients
 * that do not form-encode Basic credentials send the same bytes as those that do.
 */
export const newClientId = (): string => `ae_live_${randomBytes(16).toString('base64url')}`;
/** 256 bits of randomness (D30). */
export const newClientSecret = (): string => `ae_sk_${randomBytes(32).toString('base64url')}`;
export const newAccessToken = (): string => `ae_at_${randomBytes(32).toString('base64url')}`;

// D40's alphabet, with room for other prefixes than today's `ae_live_`.
const CLIENT_ID_SHAPE = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * Whether a text could be a client id at all. Lookups answer "unknown" for any other text without
 * asking the database: a NUL, for one, is not even valid in a PostgreSQL text parameter, and would
 * turn an unknown client id into a 500 (D25 wants the same 401 as any unknown id).
 */
export const couldBeClientId = (text: string): boolean => CLIENT_ID_SHAPE.test(text);
