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
/** Longest `data_inicio`..`data_fim` period, in calendar months (D16). */
export const MAX_PERIOD_MONTHS = 12;
/** Minimum length of a `nome` search, after trimming (D11). */
export const NOME_MIN_LENGTH = 2;
