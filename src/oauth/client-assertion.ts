import { createPublicKey, type JsonWebKey } from 'node:crypto';
import { errors, jwtVerify } from 'jose';
import { ASSERTION_CLOCK_SKEW_SECONDS, MAX_ASSERTION_LIFETIME_SECONDS } from '../domain/client-auth.ts';

/** A verified assertion's replay key and how long it must be remembered (epoch seconds). */
export interface VerifiedAssertion {
  jti: string;
  exp: number;
}

/** Why an assertion was refused: for the operator's debug log only; the client always gets `invalid_client`. */
export type AssertionRefusal = { refused: string };

/** A jti is the client's text: bounded so that a replay key stays a key. */
const MAX_JTI_LENGTH = 512;

/**
 * Verifies a client assertion (D57, RFC 7523 §3) with `jose`: signed by the credential's key with
 * one of the algorithms that key allows — so `alg: none` and HS256 keyed with the public key are
 * refused before any signature is computed —, `iss` and `sub` both the client id, `aud` one of the
 * accepted audiences, `exp` present and not past, at most 5 minutes ahead (each with the clock
 * leeway), `nbf` if present reached, and a `jti` to tell replays by. The jti's first use is the
 * caller's to record.
 */
export async function verifyAssertion(
  assertion: string,
  key: { clientId: string; jwk: JsonWebKey; algorithms: string[] },
  audiences: string[],
  now: Date,
): Promise<VerifiedAssertion | AssertionRefusal> {
  let payload;
  try {
    ({ payload } = await jwtVerify(assertion, createPublicKey({ key: key.jwk, format: 'jwk' }), {
      algorithms: key.algorithms,
      issuer: key.clientId,
      subject: key.clientId,
      audience: audiences,
      requiredClaims: ['exp', 'jti'],
      clockTolerance: ASSERTION_CLOCK_SKEW_SECONDS,
      currentDate: now,
    }));
  } catch (err) {
    if (err instanceof errors.JOSEError) return { refused: `${err.code}: ${err.message}` };
    throw err;
  }
  const exp = payload.exp as number;
  const latest = Math.floor(now.getTime() / 1000) + MAX_ASSERTION_LIFETIME_SECONDS + ASSERTION_CLOCK_SKEW_SECONDS;
  if (exp > latest) return { refused: `exp is more than ${MAX_ASSERTION_LIFETIME_SECONDS} s ahead` };
  const jti = payload.jti;
  if (typeof jti !== 'string' || jti === '' || jti.length > MAX_JTI_LENGTH) return { refused: 'jti is not a usable string' };
  return { jti, exp };
}
