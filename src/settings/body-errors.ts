import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import type { TLocalizedValidationError } from 'typebox/error';
import { Settings } from 'typebox/system';
import type { Detalhe } from '../errors/coded-error.ts';

/**
 * A JSON body the settings API takes: its schema, and `rules` — the checks between fields, run on
 * the body as sent even when a field is wrong, so their findings join the others in one answer.
 */
export interface BodyDefinition<S extends TSchema = TSchema> {
  schema: S;
  rules?(body: Record<string, unknown>): Detalhe[];
}

/** The pt-BR text of a field's type error; a function sees the value sent and the failing keyword. */
type Mensagem = string | ((value: unknown, keyword: string) => string);

const KEY = 'x-mensagem';

/** Annotates a schema with the text shown when a value does not fit it (a refinement carries its own text). */
export function mensagem(text: Mensagem): { [KEY]: Mensagem } {
  return { [KEY]: text };
}

const UNKNOWN_FIELD = 'Campo desconhecido.';
const FALLBACK = 'Valor inválido.';

type Schema = Record<string, unknown>;

/** `/allowed_ips/1` → `allowed_ips[1]`; the body itself is `corpo`. */
function campoOf(segments: readonly string[]): string {
  if (segments.length === 0) return 'corpo';
  return segments.map((s, i) => (/^\d+$/.test(s) ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
}

const segmentsOf = (pointer: string): string[] =>
  pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));

function valueAt(body: unknown, segments: readonly string[]): unknown {
  let value = body;
  for (const s of segments) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[s] : undefined;
  return value;
}

/** The nearest schema with a `mensagem`, walking from the failing node (`#/properties/expires/anyOf/0`) up to the root. */
function annotationAt(root: TSchema, schemaPath: string): Mensagem | undefined {
  const nodes: Schema[] = [root as Schema];
  for (const segment of segmentsOf(schemaPath.replace(/^#/, ''))) {
    const next = nodes.at(-1)?.[segment];
    if (next === undefined || next === null || typeof next !== 'object') break;
    nodes.push(next as Schema);
  }
  // Only schema nodes carry annotations; `properties` and `anyOf` containers never do.
  for (const node of nodes.reverse()) if (KEY in node) return node[KEY] as Mensagem;
  return undefined;
}

const textOf = (m: Mensagem | undefined, value: unknown, keyword: string): string =>
  m === undefined ? FALLBACK : typeof m === 'string' ? m : m(value, keyword);

/** Field order: unknown fields first, then the schema's own order, then list positions. */
function orderOf(schema: TSchema, body: unknown): (d: Detalhe & { unknown: boolean }) => number[] {
  const fields = Object.keys((schema as { properties?: object }).properties ?? {});
  const sent = body !== null && typeof body === 'object' ? Object.keys(body) : [];
  return (d) => {
    const [head = '', ...rest] = d.campo.split(/[[\].]+/).filter((s) => s !== '');
    const indexes = rest.map((s) => (/^\d+$/.test(s) ? Number(s) : 0));
    return d.unknown ? [0, sent.indexOf(head)] : [1, fields.indexOf(head) === -1 ? fields.length : fields.indexOf(head), ...indexes];
  };
}

function compare(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const diff = (a[i] ?? -1) - (b[i] ?? -1);
    if (diff !== 0) return diff;
  }
  return 0;
}

// TypeBox keeps 8 errors by default, a guard against unbounded diagnostics. A settings body is at
// most 16 KiB with lists of at most 100 entries, each reporting one error, so every field fits.
Settings.Set({ maxErrors: 256 });

const validators = new WeakMap<TSchema, ReturnType<typeof Compile>>();

/**
 * Everything wrong with a JSON body, one item per field (D37's rule, applied to the settings API):
 * unknown fields, then each field in the schema's order with the text of its refinement or of its
 * `mensagem`, then the definition's rules between fields. Empty when the body is valid.
 */
export function bodyProblems(definition: BodyDefinition, body: unknown): Detalhe[] {
  let validator = validators.get(definition.schema);
  if (validator === undefined) {
    validator = Compile(definition.schema);
    validators.set(definition.schema, validator);
  }
  const found = new Map<string, Detalhe & { unknown: boolean; refined: boolean }>();
  const add = (campo: string, text: string, flags: { unknown?: boolean; refined?: boolean } = {}) => {
    const existing = found.get(campo);
    // A refinement's own text says more than a type error found beside it (a union's other members).
    if (existing === undefined || (flags.refined && !existing.refined)) {
      found.set(campo, { campo, mensagem: text, unknown: flags.unknown ?? false, refined: flags.refined ?? false });
    }
  };
  if (!validator.Check(body)) {
    for (const error of validator.Errors(body) as TLocalizedValidationError[]) {
      const segments = segmentsOf(error.instancePath);
      if (error.keyword === 'additionalProperties') {
        for (const key of (error.params as { additionalProperties: string[] }).additionalProperties) {
          add(campoOf([...segments, key]), UNKNOWN_FIELD, { unknown: true });
        }
      } else if (error.keyword === 'required') {
        for (const key of (error.params as { requiredProperties: string[] }).requiredProperties) {
          add(
            campoOf([...segments, key]),
            textOf(annotationAt(definition.schema, `${error.schemaPath}/properties/${key}`), undefined, 'required'),
          );
        }
      } else if (error.keyword === '~refine') {
        add(campoOf(segments), (error.params as { message: string }).message, { refined: true });
      } else if (error.keyword !== 'boolean' && !found.get(campoOf(segments))?.unknown) {
        add(campoOf(segments), textOf(annotationAt(definition.schema, error.schemaPath), valueAt(body, segments), error.keyword));
      }
    }
  }
  const rules =
    body !== null && typeof body === 'object' && !Array.isArray(body) ? (definition.rules?.(body as Record<string, unknown>) ?? []) : [];
  for (const rule of rules) if (!found.has(rule.campo)) add(rule.campo, rule.mensagem);
  // `corpo` (the body as a whole) names no field of the schema, so it sorts after every field.
  const order = orderOf(definition.schema, body);
  return [...found.values()].sort((a, b) => compare(order(a), order(b))).map(({ campo, mensagem: text }) => ({ campo, mensagem: text }));
}
