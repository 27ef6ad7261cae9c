/** Ids and counts are bounded by 2^53-1, the largest integer a JSON number carries exactly (D6). */
export const MAX_SAFE = Number.MAX_SAFE_INTEGER;

// D6: decimal digits only; no sign, leading zero, space or exponent.
const DIGITS = /^(0|[1-9][0-9]*)$/;

/** An integer written per D6 (digits only, no leading zero) within [min, max], or null. */
export function parseInteger(text: string, min: number, max = MAX_SAFE): number | null {
  if (!DIGITS.test(text) || text.length > 16) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
}
