import { badRequest } from '../errors/api-error.ts';

/** The raw query string of a URL, without the `?`; empty when there is none. */
export function rawQuery(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at + 1);
}

/** Decodes one application/x-www-form-urlencoded component; null when a %-escape is malformed. */
export function formDecode(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

export interface Pair {
  name: string;
  value: string;
}

/**
 * Splits `a=1&b=2` into pairs without merging repeats or dropping anything, so the callers can
 * refuse repeated, unknown and empty parameters (D6-D8, D26). Empty segments (`a=1&&b=2`, a
 * trailing `&`) carry no parameter and are skipped. Returns the raw name of the first segment
 * with a malformed %-escape instead when there is one.
 */
export function parsePairs(raw: string): { pairs: Pair[] } | { malformed: string } {
  const pairs: Pair[] = [];
  for (const segment of raw.split('&')) {
    if (segment === '') continue;
    const eq = segment.indexOf('=');
    const rawName = eq === -1 ? segment : segment.slice(0, eq);
    const name = formDecode(rawName);
    const value = formDecode(eq === -1 ? '' : segment.slice(eq + 1));
    if (name === null || value === null) return { malformed: name ?? rawName };
    pairs.push({ name, value });
  }
  return { pairs };
}

/** parsePairs for a data route's query string: a malformed escape is a 400. */
export function splitPairs(raw: string): Pair[] {
  const result = parsePairs(raw);
  if ('malformed' in result) {
    throw badRequest([{ campo: result.malformed, mensagem: 'Codificação percentual (%XX) inválida.' }]);
  }
  return result.pairs;
}
