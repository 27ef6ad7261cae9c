import { createPublicKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint } from 'jose';
import { KEY_ALGORITHMS, MIN_RSA_KEY_BITS, type KeyAlgorithm } from '../domain/client-auth.ts';

/**
 * A client's public key as a `private_key_jwt` credential keeps it (D57): the JWK of its public
 * members only, the algorithms it may sign with, and its RFC 7638 thumbprint.
 */
export interface ClientKey {
  jwk: JsonWebKey;
  algorithms: KeyAlgorithm[];
  thumbprint: string;
}

/** Why a pasted key is refused; the settings API and the CLI word each in their own language. */
export type KeyProblem =
  | 'empty'
  | 'unreadable'
  | 'private'
  | 'several'
  | 'unsupported-type'
  | 'short-rsa'
  | 'unsupported-curve'
  | 'unsupported-alg'
  | 'alg-mismatch';

/** The refusals in the operator's words (the CLI); the settings page has its own in pt-BR. */
export const KEY_PROBLEM_TEXT: Record<KeyProblem, string> = {
  empty: 'the file is empty: give the public key as PEM or JWK',
  unreadable: 'not a public key in PEM (-----BEGIN PUBLIC KEY-----) or JWK (JSON)',
  private: 'this is a PRIVATE key: give only the public key (and have the integrator make a new pair, this one may be exposed)',
  several: 'give exactly one public key',
  'unsupported-type': 'key type not accepted: use RSA (2048 bits or more) or EC P-256',
  'short-rsa': `RSA key too short: use ${MIN_RSA_KEY_BITS} bits or more`,
  'unsupported-curve': 'curve not accepted: use EC P-256 (ES256)',
  'unsupported-alg': 'the JWK "alg" must be RS256, PS256 or ES256',
  'alg-mismatch': 'the JWK "alg" does not match the key type',
};

/** At most this many characters of PEM or JWK: a 8192-bit RSA key in PEM is under 1,500. */
export const MAX_PUBLIC_KEY_LENGTH = 16_384;

const PRIVATE_PEM = /-----BEGIN [A-Z ]*PRIVATE KEY-----/;
// The private members of RSA and EC JWKs (RFC 7518 §6.3.2, §6.2.2), and the symmetric key's `k`.
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

/**
 * Reads a public key pasted as PEM (SPKI `PUBLIC KEY`, or PKCS#1 `RSA PUBLIC KEY`), as a JWK, or as
 * a JWK Set holding one key. A private key is refused rather than reduced to its public half: it
 * must never have been sent, and saying so tells the administrator to keep the integrator's key
 * where it belongs. RSA of 2048 bits or more (RS256, PS256) and EC P-256 (ES256) are accepted; a
 * JWK's `alg`, when present, narrows the key to that one algorithm.
 */
export async function readPublicKey(text: string): Promise<ClientKey | { problem: KeyProblem }> {
  const trimmed = text.trim();
  if (trimmed === '') return { problem: 'empty' };
  if (trimmed.length > MAX_PUBLIC_KEY_LENGTH) return { problem: 'unreadable' };
  const parsed = trimmed.startsWith('{') ? fromJwkText(trimmed) : fromPem(trimmed);
  if ('problem' in parsed) return parsed;
  const { key, alg } = parsed;
  const algorithms = algorithmsOf(key);
  if ('problem' in algorithms) return algorithms;
  if (alg !== undefined && !KEY_ALGORITHMS.includes(alg as KeyAlgorithm)) return { problem: 'unsupported-alg' };
  if (alg !== undefined && !algorithms.includes(alg as KeyAlgorithm)) return { problem: 'alg-mismatch' };
  const jwk = publicMembers(key.export({ format: 'jwk' }));
  return {
    jwk,
    algorithms: alg === undefined ? algorithms : [alg as KeyAlgorithm],
    thumbprint: await calculateJwkThumbprint(jwk as never),
  };
}

function fromPem(pem: string): { key: KeyObject; alg?: undefined } | { problem: KeyProblem } {
  if (PRIVATE_PEM.test(pem)) return { problem: 'private' };
  if ((pem.match(/-----BEGIN /g) ?? []).length > 1) return { problem: 'several' };
  try {
    return { key: createPublicKey(pem) };
  } catch {
    return { problem: 'unreadable' };
  }
}

function fromJwkText(text: string): { key: KeyObject; alg: string | undefined } | { problem: KeyProblem } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: 'unreadable' };
  }
  if (isObject(value) && Array.isArray(value.keys)) {
    if (value.keys.length !== 1) return { problem: 'several' };
    value = value.keys[0];
  }
  if (!isObject(value) || typeof value.kty !== 'string') return { problem: 'unreadable' };
  if (PRIVATE_MEMBERS.some((member) => member in value)) return { problem: value.kty === 'oct' ? 'unsupported-type' : 'private' };
  if (value.alg !== undefined && typeof value.alg !== 'string') return { problem: 'unreadable' };
  try {
    return { key: createPublicKey({ key: value as JsonWebKey, format: 'jwk' }), alg: value.alg as string | undefined };
  } catch {
    return { problem: 'unreadable' };
  }
}

function algorithmsOf(key: KeyObject): KeyAlgorithm[] | { problem: KeyProblem } {
  const details = key.asymmetricKeyDetails ?? {};
  switch (key.asymmetricKeyType) {
    case 'rsa':
      return (details.modulusLength ?? 0) < MIN_RSA_KEY_BITS ? { problem: 'short-rsa' } : ['RS256', 'PS256'];
    case 'ec':
      return details.namedCurve === 'prime256v1' ? ['ES256'] : { problem: 'unsupported-curve' };
    default:
      return { problem: 'unsupported-type' };
  }
}

/** Only what verifies: kty and the key's own numbers (a pasted JWK's kid, use or x5c are dropped). */
function publicMembers(jwk: JsonWebKey): JsonWebKey {
  return jwk.kty === 'RSA' ? { kty: 'RSA', n: jwk.n, e: jwk.e } : { kty: 'EC', crv: jwk.crv, x: jwk.x, y: jwk.y };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
