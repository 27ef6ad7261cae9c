import { Type, type TSchema } from 'typebox';
import { MAX_SAFE } from '../domain/integer.ts';
import type { ParamSpec, ParamSpecs } from './params.ts';

function schemaOf(spec: ParamSpec): TSchema {
  const description = spec.description;
  switch (spec.kind) {
    case 'integer':
      return Type.Integer({
        minimum: spec.min,
        maximum: spec.max ?? MAX_SAFE,
        ...(spec.default === undefined ? {} : { default: spec.default }),
        description,
      });
    case 'enum':
      return Type.Enum([...spec.values], { ...(spec.default === undefined ? {} : { default: spec.default }), description });
    case 'date':
      return Type.String({ format: 'date', description });
    case 'flag':
      return Type.Enum(['0', '1'], {
        ...(spec.default === undefined ? {} : { default: spec.default ? '1' : '0' }),
        description,
      });
    case 'text':
      return Type.String({
        ...(spec.minLength !== undefined ? { minLength: spec.minLength } : {}),
        maxLength: spec.maxLength,
        description,
      });
  }
}

/**
 * The OpenAPI description of an endpoint's query parameters, generated from the same
 * definitions the strict parser uses (params.ts), so the two cannot drift. Documentation only:
 * Ajv does not validate queries, because the parser must see repeats and unknown names Ajv would
 * hide (ADR 0002).
 */
export function querySchema(specs: ParamSpecs): TSchema {
  return Type.Object(Object.fromEntries(Object.entries(specs).map(([name, spec]) => [name, Type.Optional(schemaOf(spec))])), {
    additionalProperties: false,
  });
}
