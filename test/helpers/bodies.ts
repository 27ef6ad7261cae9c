import assert from 'node:assert/strict';
import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { detailOf, ErrorEnvelopeSchema, listOf, ListMetaSchema } from '../../src/contract/schemas.ts';

/**
 * Response bodies typed by the routes' own schemas (src/resources/*\/*.schema.ts), never by a
 * copy written in the test: each body is checked against the schema before the test reads it, so
 * a test cannot pass on a body the documented schema would refuse.
 */
export type ListBody<S extends TSchema> = { data: Static<S>[]; meta: Static<typeof ListMetaSchema> };
export type ErrorBody = Static<typeof ErrorEnvelopeSchema>;

/** A response as tests hold it: anything with a JSON body. */
type Sent = { json(): unknown };

function checked<T>(schema: TSchema, body: unknown): T {
  const errors = [...Value.Errors(schema, body)].slice(0, 5);
  assert.deepEqual(errors, [], `the body does not fit its schema: ${JSON.stringify(body).slice(0, 300)}`);
  return body as T;
}

export function listBody<S extends TSchema>(res: Sent, record: S): ListBody<S> {
  return checked(listOf(record), res.json());
}

export function detailBody<S extends TSchema>(res: Sent, record: S): { data: Static<S> } {
  return checked(detailOf(record), res.json());
}

export function errorBody(res: Sent): ErrorBody['erro'] {
  return checked<ErrorBody>(ErrorEnvelopeSchema, res.json()).erro;
}

const ATUALIZADO_EM = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/**
 * A record without its `atualizado_em` (D42), after checking its format (D18): the instant is the
 * write's, so tests that compare whole records compare the rest; test/resources/sync.test.ts checks the value.
 */
export function sansAtualizadoEm<T extends { atualizado_em?: unknown }>(record: T): Omit<T, 'atualizado_em'> {
  const { atualizado_em, ...rest } = record;
  assert.match(String(atualizado_em), ATUALIZADO_EM);
  return rest;
}
