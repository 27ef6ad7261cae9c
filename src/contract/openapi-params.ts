import { MAX_SAFE } from '../domain/integer.ts';
import type { ParamSpec, ParamSpecs } from './params.ts';

type JsonSchema = Record<string, unknown>;

const withDefault = (value: unknown): JsonSchema => (value === undefined ? {} : { default: value });

/** A parameter's value rules as JSON Schema: ranges, formats, enums and defaults, so they reach generated types. */
function schemaOf(spec: ParamSpec): JsonSchema {
  switch (spec.kind) {
    case 'integer':
      return { type: 'integer', minimum: spec.min, maximum: spec.max ?? MAX_SAFE, ...withDefault(spec.default) };
    case 'enum':
      return { type: 'string', enum: [...spec.values], ...withDefault(spec.default) };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'instant':
      return { type: 'string', examples: ['2026-03-01T12:00:00Z', '2026-03-01T09:00:00-03:00', '2026-03-01'] };
    case 'flag':
      return { type: 'string', enum: ['0', '1'], ...withDefault(spec.default === undefined ? undefined : spec.default ? '1' : '0') };
    case 'text':
      return { type: 'string', ...(spec.minLength === undefined ? {} : { minLength: spec.minLength }), maxLength: spec.maxLength };
  }
}

/**
 * The OpenAPI parameters of an endpoint's query, generated from the same definitions the strict
 * parser uses (params.ts), so the two cannot drift. Documentation only: Ajv does not validate
 * queries, because the parser must see repeats and unknown names Ajv would hide (ADR 0002).
 */
export function queryParameters(specs: ParamSpecs): JsonSchema[] {
  return Object.entries(specs).map(([name, spec]) => ({
    name,
    in: 'query',
    required: false,
    description: spec.description,
    schema: schemaOf(spec),
  }));
}
