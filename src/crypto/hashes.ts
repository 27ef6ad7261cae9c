import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Secrets, tokens and session ids are stored only as SHA-256 hashes. They carry 256 random bits,
 * so a fast hash is enough: there is no dictionary to guess from.
 */
export function sha256(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** Constant-time comparison of two hashes. */
export function sameHash(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
