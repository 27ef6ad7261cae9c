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

export const MALFORMED_ESCAPE = 'Codificação percentual (%XX) inválida.';
export const UNNAMED = 'Parâmetro sem nome: cada parâmetro é nome=valor.';

/**
 * Splits `a=1&b=2` into pairs without merging repeats or dropping anything, so the callers can
 * refuse repeated, unknown and empty parameters (D6-D8, D26). Empty segments (`a=1&&b=2`, a
 * trailing `&`) carry no parameter and are skipped. Each other segment that is no pair is listed
 * so that every offending field can be reported at once (D37), named by what was sent:
 * - a malformed %-escape: in `malformed`, by its name (decoded when the name itself decodes, raw
 *   otherwise);
 * - an empty name (`=x`, `=%zz`): in `unnamed`, by the segment as sent, so `detalhes` never
 *   names a field "".
 */
export function parsePairs(raw: string): { pairs: Pair[]; malformed: string[]; unnamed: string[] } {
  const pairs: Pair[] = [];
  const malformed: string[] = [];
  const unnamed: string[] = [];
  for (const segment of raw.split('&')) {
    if (segment === '') continue;
    const eq = segment.indexOf('=');
    const rawName = eq === -1 ? segment : segment.slice(0, eq);
    const name = formDecode(rawName);
    const value = formDecode(eq === -1 ? '' : segment.slice(eq + 1));
    if (name === '') unnamed.push(segment);
    else if (name === null || value === null) malformed.push(name ?? rawName);
    else pairs.push({ name, value });
  }
  return { pairs, malformed, unnamed };
}

/**
 * The well-formed pairs of a data route's query string, for checks that precede value validation
 * (D13's scope check). The others are left to collectParams (params.ts), which reports them with
 * every other offending field (D37).
 */
export function splitPairs(raw: string): Pair[] {
  return parsePairs(raw).pairs;
}
