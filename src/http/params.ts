import { badRequest, type Detalhe } from '../errors/api-error.ts';
import { MALFORMED_ESCAPE, parsePairs } from './query-string.ts';
import { parseDate } from '../time/calendar.ts';

/**
 * One definition per query parameter gives the strict parser below and the OpenAPI schema
 * (openapi-params.ts), so validation and documentation cannot drift apart.
 */
export type ParamSpec =
  | { kind: 'integer'; min: number; max?: number; description: string }
  | { kind: 'enum'; values: readonly string[]; description: string }
  | { kind: 'date'; description: string }
  | { kind: 'text'; minLength?: number; maxLength: number; description: string; /** compared as sent, untrimmed */ exact?: boolean }
  | { kind: 'flag'; description: string };

export type ParamSpecs = Record<string, ParamSpec>;

type ValueOf<S extends ParamSpec> = S extends { kind: 'integer' }
  ? number
  : S extends { kind: 'enum'; values: readonly (infer V)[] }
    ? V
    : S extends { kind: 'flag' }
      ? boolean
      : string;

export type Parsed<S extends ParamSpecs> = { [K in keyof S]?: ValueOf<S[K]> };

export const MAX_SAFE = Number.MAX_SAFE_INTEGER;

// D6: decimal digits only; no sign, leading zero, space or exponent.
const DIGITS = /^(0|[1-9][0-9]*)$/;
// Control characters cannot be typed in a name and would cross the search columns' separator.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

/** `YYYY-MM-DD` naming a day that exists, 0001-01-01 to 9999-12-31 (0050-01-01 included). */
export function isRealDate(text: string): boolean {
  return parseDate(text) !== null;
}

/** Parses an integer per D6, or returns null. */
export function parseInteger(text: string, min: number, max = MAX_SAFE): number | null {
  if (!DIGITS.test(text) || text.length > 16) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
}

function parseValue(spec: ParamSpec, raw: string): { value: unknown } | { error: string } {
  switch (spec.kind) {
    case 'integer': {
      const n = parseInteger(raw, spec.min, spec.max);
      const max = spec.max ?? MAX_SAFE;
      return n === null ? { error: `Deve ser um número inteiro de ${spec.min} a ${max}, escrito só com dígitos.` } : { value: n };
    }
    case 'enum':
      return spec.values.includes(raw) ? { value: raw } : { error: `Valor inválido. Valores aceitos: ${spec.values.join(', ')}.` };
    case 'date':
      return isRealDate(raw) ? { value: raw } : { error: 'Data inválida: use AAAA-MM-DD com uma data existente.' };
    case 'flag':
      return raw === '0' || raw === '1' ? { value: raw === '1' } : { error: 'Valor inválido. Valores aceitos: 0, 1.' };
    case 'text': {
      // D11: searches are accent-insensitive, and "Á" may arrive precomposed (U+00C1) or as A +
      // U+0301; NFC makes both the one form the search normalisation knows. `exact` values
      // (a company's own status, D14) are matched byte for byte, as sent.
      const text = spec.exact ? raw : raw.trim().normalize('NFC');
      if (CONTROL.test(text)) return { error: 'Contém caracteres de controle.' };
      if (spec.minLength !== undefined && [...text].length < spec.minLength) {
        return { error: `Deve ter pelo menos ${spec.minLength} caracteres.` };
      }
      if ([...text].length > spec.maxLength) return { error: `Deve ter no máximo ${spec.maxLength} caracteres.` };
      return { value: text };
    }
  }
}

/**
 * Strictly parses a raw query string against the endpoint's parameters: unknown, repeated
 * (even with equal values) and empty parameters are refused (D7, D8); names are
 * case-sensitive. Returns the values that parsed, one problem per offending field (D37) and the
 * names sent (valid or not), for rules between parameters.
 */
export function collectParams<S extends ParamSpecs>(
  raw: string,
  specs: S,
): { parsed: Parsed<S>; problems: Detalhe[]; sent: ReadonlySet<string> } {
  const seen = new Map<string, string>();
  const problems = new Map<string, string>();
  const { pairs, malformed } = parsePairs(raw);
  for (const name of malformed) problems.set(name, MALFORMED_ESCAPE);
  for (const { name, value } of pairs) {
    if (!Object.hasOwn(specs, name)) problems.set(name, 'Parâmetro desconhecido neste endpoint.');
    else if (seen.has(name)) problems.set(name, 'Parâmetro repetido: informe-o uma única vez.');
    seen.set(name, value);
  }
  const parsed: Record<string, unknown> = {};
  for (const [name, raw] of seen) {
    const spec = specs[name];
    if (spec === undefined || problems.has(name)) continue;
    if (raw === '') {
      problems.set(name, 'Parâmetro informado sem valor.');
      continue;
    }
    const result = parseValue(spec, raw);
    if ('error' in result) problems.set(name, result.error);
    else parsed[name] = result.value;
  }
  return {
    parsed: parsed as Parsed<S>,
    problems: [...problems].map(([campo, mensagem]) => ({ campo, mensagem })),
    // A bound sent with an undecodable value was still sent (D17 names only the missing one).
    sent: new Set([...seen.keys(), ...malformed]),
  };
}

/** collectParams that answers 400 when anything is wrong. */
export function parseParams<S extends ParamSpecs>(raw: string, specs: S): Parsed<S> {
  const { parsed, problems } = collectParams(raw, specs);
  if (problems.length > 0) throw badRequest(problems);
  return parsed;
}
