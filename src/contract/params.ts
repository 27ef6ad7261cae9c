import { MAX_SAFE, parseInteger } from '../domain/integer.ts';
import type { Detalhe } from '../errors/coded-error.ts';
import { isRealDate } from '../time/calendar.ts';
import { instantLiteral } from '../time/instant.ts';
import { MALFORMED_ESCAPE, parsePairs, UNNAMED } from './query-string.ts';

/**
 * One definition per query parameter gives the strict parser below and the OpenAPI schema
 * (openapi-params.ts), so validation and documentation cannot drift apart.
 */
export type ParamSpec =
  | { kind: 'integer'; min: number; max?: number; default?: number; description: string }
  | { kind: 'enum'; values: readonly string[]; default?: string; description: string }
  | { kind: 'date'; description: string }
  /** D43: a date-time with a zone, or a date at 00:00 in São Paulo; parsed to a timestamptz literal */
  | { kind: 'instant'; description: string }
  | { kind: 'text'; minLength?: number; maxLength: number; description: string; /** compared as sent, untrimmed */ exact?: boolean }
  | { kind: 'flag'; default?: boolean; description: string };

export type ParamSpecs = Record<string, ParamSpec>;

type ValueOf<S extends ParamSpec> = S extends { kind: 'integer' }
  ? number
  : S extends { kind: 'enum'; values: readonly (infer V)[] }
    ? V
    : S extends { kind: 'flag' }
      ? boolean
      : string;

type WithDefault<S extends ParamSpecs> = { [K in keyof S]: S[K] extends { default: unknown } ? K : never }[keyof S];

/**
 * The values of a query: a parameter with a default in its definition is always there (sent or
 * defaulted), any other only when it was sent.
 */
export type Parsed<S extends ParamSpecs> = { [K in WithDefault<S>]: ValueOf<S[K]> } & {
  [K in Exclude<keyof S, WithDefault<S>>]?: ValueOf<S[K]>;
};

// Control characters cannot be typed in a name and would cross the search columns' separator.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

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
    case 'instant': {
      const literal = instantLiteral(raw);
      return literal === null
        ? {
            error:
              'Data e hora inválidas: use AAAA-MM-DDTHH:mm:ss com Z ou deslocamento (ex.: 2026-03-01T09:00:00-03:00), ou uma data AAAA-MM-DD.',
          }
        : { value: literal };
    }
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
  const { pairs, malformed, unnamed } = parsePairs(raw);
  for (const name of malformed) problems.set(name, MALFORMED_ESCAPE);
  for (const segment of unnamed) problems.set(segment, UNNAMED);
  for (const { name, value } of pairs) {
    if (!Object.hasOwn(specs, name)) problems.set(name, 'Parâmetro desconhecido neste endpoint.');
    else if (seen.has(name)) problems.set(name, 'Parâmetro repetido: informe-o uma única vez.');
    seen.set(name, value);
  }
  const parsed: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(specs)) if ('default' in spec) parsed[name] = spec.default;
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
