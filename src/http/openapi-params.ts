import { Type, type TSchema } from 'typebox';
import type { ParamSpec, ParamSpecs } from './params.ts';

function schemaOf(spec: ParamSpec): TSchema {
  const description = spec.description;
  switch (spec.kind) {
    case 'integer':
      return Type.Integer({ minimum: spec.min, ...(spec.max !== undefined ? { maximum: spec.max } : {}), description });
    case 'enum':
      return Type.Union(spec.values.map((v) => Type.Literal(v)), { description });
    case 'date':
      return Type.String({ format: 'date', description });
    case 'flag':
      return Type.Union([Type.Literal('0'), Type.Literal('1')], { description });
    case 'text':
      return Type.String({ ...(spec.minLength !== undefined ? { minLength: spec.minLength } : {}), maxLength: spec.maxLength, description });
  }
}

/**
 * The OpenAPI description of an endpoint's query parameters, generated from the same
 * definitions the strict parser uses (params.ts). Documentation only: Ajv does not validate
 * queries here, because the parser must see repeats and unknown names Ajv would hide.
 */
export function querySchema(specs: ParamSpecs): TSchema {
  return Type.Object(
    Object.fromEntries(Object.entries(specs).map(([name, spec]) => [name, Type.Optional(schemaOf(spec))])),
    { additionalProperties: false },
  );
}
