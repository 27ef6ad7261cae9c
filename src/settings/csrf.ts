import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sameHash, sha256 } from '../crypto/hashes.ts';

/** A synchronizer token: 256 random bits, base64url, one per session. */
export const newCsrfToken = (): string => randomBytes(32).toString('base64url');

/** Constant-time comparison (hashed first, so differing lengths take the same path). */
export function csrfMatches(sent: string | string[] | undefined, expected: string): boolean {
  if (typeof sent !== 'string' || sent === '') return false;
  return sameHash(sha256(sent), sha256(expected));
}

/** Whether the request came over HTTPS: the socket, or X-Forwarded-Proto from a trusted proxy (D33's TRUST_PROXY). */
export function isHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

/**
 * When the browser sends `Origin`, it must be this server's own origin (scheme, host and port
 * as this request reached us). Absent `Origin` passes: browsers send it on every cross-origin
 * POST/PATCH/DELETE, so its absence means same-origin or not a browser; the CSRF token and the
 * SameSite=Strict cookie still stand. `Origin: null` (sandboxed or opaque origins) is refused.
 */
export function originAllowed(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (typeof origin !== 'string' || request.host === '') return false;
  try {
    // URL drops default ports, so `http://host:80` and `http://host` compare equal.
    return new URL(origin).origin === new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return false;
  }
}
