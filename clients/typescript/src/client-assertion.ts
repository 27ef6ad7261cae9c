/**
 * Client authentication with a private key (`private_key_jwt`, RFC 7523 §2.2): instead of a secret,
 * each token or revocation request carries a short-lived JWT signed by the credential's private key.
 * Web Crypto only, as the webhook check: the client needs no types or modules of Node.
 */

/** The algorithms the API accepts for an assertion: RSA PKCS#1 v1.5, RSA-PSS and ECDSA on P-256, all with SHA-256. */
export type KeyAlgorithm = 'RS256' | 'PS256' | 'ES256';

/** A private key that exports itself as PKCS#8 DER: node:crypto's `KeyObject` is one. */
export interface ExportablePrivateKey {
  export(options: { format: 'der'; type: 'pkcs8' }): Uint8Array;
}

/** A private key as the options take it: PKCS#8 PEM text (`-----BEGIN PRIVATE KEY-----`), a Web Crypto key or a `KeyObject`. */
export type PrivateKeyInput = string | CryptoKey | ExportablePrivateKey;

export const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** The server refuses an `exp` more than 5 minutes ahead; one minute leaves room for a slow request. */
const LIFETIME_SECONDS = 60;

const IMPORT: Record<KeyAlgorithm, RsaHashedImportParams | EcKeyImportParams> = {
  RS256: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
  PS256: { name: 'RSA-PSS', hash: 'SHA-256' },
  ES256: { name: 'ECDSA', namedCurve: 'P-256' },
};

// RFC 7518 §3.5: PS256 salts with as many bytes as the hash has. Web Crypto's ECDSA signature is
// already the r‖s form a JWS wants (not DER).
const SIGN: Record<KeyAlgorithm, AlgorithmIdentifier | RsaPssParams | EcdsaParams> = {
  RS256: { name: 'RSASSA-PKCS1-v1_5' },
  PS256: { name: 'RSA-PSS', saltLength: 32 },
  ES256: { name: 'ECDSA', hash: 'SHA-256' },
};

// The DER of the OIDs that tell a PKCS#8 key's type: rsaEncryption and id-ecPublicKey, and prime256v1.
const RSA_OID = [0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01];
const EC_OID = [0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01];
const P256_OID = [0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07];

function contains(bytes: Uint8Array, needle: number[]): boolean {
  outer: for (let i = 0; i + needle.length <= bytes.length; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

const base64url = (bytes: Uint8Array): string =>
  btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const jsonPart = (value: unknown): string => base64url(new TextEncoder().encode(JSON.stringify(value)));

function pkcs8OfPem(pem: string): Uint8Array<ArrayBuffer> {
  const match = /-----BEGIN ([A-Z ]+)-----([\s\S]*?)-----END \1-----/.exec(pem);
  if (match?.[1] !== 'PRIVATE KEY') {
    const found = match?.[1] ?? 'nenhum bloco PEM';
    throw new TypeError(
      `privateKey: esperada uma chave privada PKCS#8 sem senha (-----BEGIN PRIVATE KEY-----), veio ${found}; ` +
        'converta com: openssl pkcs8 -topk8 -nocrypt -in chave.pem -out privada.pem',
    );
  }
  return Uint8Array.from(atob(match[2]!.replace(/\s+/g, '')), (c) => c.charCodeAt(0));
}

/** The algorithm a key signs with: the one asked for, if the key can; else RS256 for RSA and ES256 for P-256. */
function algorithmOf(kind: 'RSA' | 'EC', asked: KeyAlgorithm | undefined): KeyAlgorithm {
  const allowed: KeyAlgorithm[] = kind === 'RSA' ? ['RS256', 'PS256'] : ['ES256'];
  if (asked !== undefined && !allowed.includes(asked)) {
    throw new TypeError(`algorithm: uma chave ${kind} assina com ${allowed.join(' ou ')}, não com ${asked}`);
  }
  return asked ?? allowed[0]!;
}

/** Signs the assertions of one credential; the key is read (and checked) once, on the first use. */
export class AssertionSigner {
  #prepared: Promise<{ key: CryptoKey; alg: KeyAlgorithm }> | null = null;

  constructor(
    private readonly clientId: string,
    private readonly privateKey: PrivateKeyInput,
    private readonly algorithm: KeyAlgorithm | undefined,
  ) {}

  /** The form fields that authenticate one request: a new assertion, with a `jti` never used before (a repeated one is refused). */
  async fields(audience: string): Promise<Record<string, string>> {
    const { key, alg } = await (this.#prepared ??= this.prepare());
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      iss: this.clientId,
      sub: this.clientId,
      aud: audience,
      iat: now,
      exp: now + LIFETIME_SECONDS,
      jti: crypto.randomUUID(),
    };
    const input = `${jsonPart({ alg, typ: 'JWT' })}.${jsonPart(claims)}`;
    const signature = new Uint8Array(await crypto.subtle.sign(SIGN[alg], key, new TextEncoder().encode(input)));
    return { client_assertion_type: ASSERTION_TYPE, client_assertion: `${input}.${base64url(signature)}` };
  }

  private async prepare(): Promise<{ key: CryptoKey; alg: KeyAlgorithm }> {
    const given = this.privateKey;
    if (typeof given === 'object' && 'algorithm' in given && 'usages' in given) {
      const name = given.algorithm.name;
      const alg: KeyAlgorithm | undefined =
        name === 'RSASSA-PKCS1-v1_5' ? 'RS256' : name === 'RSA-PSS' ? 'PS256' : name === 'ECDSA' ? 'ES256' : undefined;
      if (alg === undefined || given.type !== 'private')
        throw new TypeError(`privateKey: uma CryptoKey privada RSA ou ECDSA, não ${given.type} ${name}`);
      // A CryptoKey is bound to one algorithm when imported.
      if (this.algorithm !== undefined && this.algorithm !== alg)
        throw new TypeError(`algorithm: esta CryptoKey assina com ${alg}, não com ${this.algorithm}`);
      return { key: given, alg };
    }
    const der = typeof given === 'string' ? pkcs8OfPem(given) : new Uint8Array(given.export({ format: 'der', type: 'pkcs8' }));
    const kind = contains(der, RSA_OID) ? 'RSA' : contains(der, EC_OID) && contains(der, P256_OID) ? 'EC' : undefined;
    if (kind === undefined) throw new TypeError('privateKey: a API aceita chaves RSA (2048 bits ou mais) ou EC P-256');
    const alg = algorithmOf(kind, this.algorithm);
    return { key: await crypto.subtle.importKey('pkcs8', der, IMPORT[alg], false, ['sign']), alg };
  }
}
