import { formDecode } from '../contract/query-string.ts';

export type BasicCredentials =
  { kind: 'absent' } | { kind: 'malformed'; reason: string } | { kind: 'ok'; clientId: string; secret: string };

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * Reads HTTP Basic client credentials (D25): scheme name case-insensitive; the id and secret
 * were form-urlencoded before Base64 (RFC 6749 2.3.1) and are decoded the same way. A header
 * that is not valid Base64, lacks the colon or has bad %-escapes is malformed. `Basic` with
 * nothing after it is a Basic header too: its empty credentials decode to "", which has no
 * colon, so it is malformed rather than absent.
 */
export function readBasic(header: string | undefined): BasicCredentials {
  if (header === undefined) return { kind: 'absent' };
  const match = /^([A-Za-z]+)(?: +(.*))?$/.exec(header.trim());
  if (!match || match[1]?.toLowerCase() !== 'basic') return { kind: 'absent' };
  const encoded = match[2] ?? '';
  if (encoded !== '' && (!BASE64.test(encoded) || encoded.length % 4 === 1)) {
    return { kind: 'malformed', reason: 'Authorization header is not valid Base64' };
  }
  const bytes = Buffer.from(encoded, 'base64');
  const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let decoded: string;
  try {
    decoded = text.decode(bytes);
  } catch {
    return { kind: 'malformed', reason: 'Authorization header is not valid UTF-8' };
  }
  const colon = decoded.indexOf(':');
  if (colon === -1) return { kind: 'malformed', reason: 'Authorization header has no colon between client id and secret' };
  const clientId = formDecode(decoded.slice(0, colon));
  const secret = formDecode(decoded.slice(colon + 1));
  if (clientId === null || secret === null) return { kind: 'malformed', reason: 'Authorization header has a malformed percent-escape' };
  return { kind: 'ok', clientId, secret };
}
