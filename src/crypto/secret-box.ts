import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back (a notification endpoint's signing secret, ADR 0021), kept
 * encrypted with AES-256-GCM: a copy of the database without the key reveals none of them.
 *
 * A box is: version (1 byte) · the key's fingerprint (8 bytes) · nonce (12) · tag (16) · ciphertext.
 * The fingerprint tells "sealed with another key" (the key was changed) from a forged or damaged
 * box, so the log can say which.
 */
const VERSION = 1;
const FINGERPRINT = 8;
const NONCE = 12;
const TAG = 16;
const HEADER = 1 + FINGERPRINT + NONCE + TAG;

export class SecretBoxError extends Error {
  constructor(readonly reason: 'outra_chave' | 'corrompido') {
    super(reason === 'outra_chave' ? 'sealed with another key' : 'damaged or forged box');
  }
}

const fingerprint = (key: Buffer): Buffer => createHash('sha256').update(key).digest().subarray(0, FINGERPRINT);

function checkKey(key: Buffer): void {
  if (key.length !== 32) throw new RangeError('the key must have 32 bytes');
}

export function seal(key: Buffer, plaintext: string): Buffer {
  checkKey(key);
  const nonce = randomBytes(NONCE);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), fingerprint(key), nonce, cipher.getAuthTag(), body]);
}

export function open(key: Buffer, box: Buffer): string {
  checkKey(key);
  if (box.length < HEADER || box[0] !== VERSION) throw new SecretBoxError('corrompido');
  if (!box.subarray(1, 1 + FINGERPRINT).equals(fingerprint(key))) throw new SecretBoxError('outra_chave');
  const nonce = box.subarray(1 + FINGERPRINT, 1 + FINGERPRINT + NONCE);
  const tag = box.subarray(1 + FINGERPRINT + NONCE, HEADER);
  const decipher = createDecipheriv('aes-256-gcm', key, nonce);
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(box.subarray(HEADER)), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretBoxError('corrompido');
  }
}
