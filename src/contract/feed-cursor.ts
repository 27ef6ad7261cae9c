import { createHmac } from 'node:crypto';
import { sameHash } from '../crypto/hashes.ts';
import type { FeedPosition } from '../store/feed/change-feed.ts';

/**
 * The change feed's cursor (D44, D45, ADR 0013): opaque to integrators, and signed, so a cursor the
 * server did not issue — edited, truncated, another company's or another resource's — is refused
 * rather than read as a place in someone's log. `<payload>.<HMAC-SHA256 of it>`, both base64url;
 * the payload names the company and the table it belongs to.
 */
const VERSION = '1';
const POSITION = /^\d{1,20}$/;

function mac(key: Buffer, payload: string): Buffer {
  return createHmac('sha256', key).update(payload, 'utf8').digest();
}

export interface CursorOwner {
  empresaId: number;
  tabela: string;
}

export function encodeCursor(key: Buffer, owner: CursorOwner, position: FeedPosition): string {
  const payload = [VERSION, owner.empresaId, owner.tabela, position.xid, position.seq].join('.');
  return `${Buffer.from(payload, 'utf8').toString('base64url')}.${mac(key, payload).toString('base64url')}`;
}

/** The position a cursor names, or null when this server did not issue it for this company and table. */
export function decodeCursor(key: Buffer, owner: CursorOwner, cursor: string): FeedPosition | null {
  const [encoded, signature, ...rest] = cursor.split('.');
  if (encoded === undefined || signature === undefined || rest.length > 0) return null;
  const payload = Buffer.from(encoded, 'base64url').toString('utf8');
  // base64url decoding skips what is not in its alphabet: the text must be the canonical encoding.
  if (Buffer.from(payload, 'utf8').toString('base64url') !== encoded) return null;
  // Compared as text: a signature with extra characters the decoder would skip is not the one issued.
  if (!sameHash(Buffer.from(signature, 'utf8'), Buffer.from(mac(key, payload).toString('base64url'), 'utf8'))) return null;
  const [version, empresaId, tabela, xid, seq] = payload.split('.');
  if (version !== VERSION || empresaId !== String(owner.empresaId) || tabela !== owner.tabela) return null;
  if (xid === undefined || seq === undefined || !POSITION.test(xid) || !POSITION.test(seq)) return null;
  return { xid, seq };
}
