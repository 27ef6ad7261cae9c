import type { FastifyRequest } from 'fastify';
import { Type, type TSchema } from 'typebox';
import type { CallerReads } from '../auth/authenticated-read.ts';
import type { Principal } from '../auth/principal.ts';
import { MAX_SAFE, parseInteger } from '../domain/integer.ts';
import { listMeta, type ListMeta, type Page } from '../domain/paging.ts';
import type { Scope } from '../domain/scopes.ts';
import { badRequest, type Detalhe } from '../errors/coded-error.ts';
import type { ListPage } from '../store/list/list-engine.ts';
import { collectParams, type Parsed, type ParamSpecs } from './params.ts';
import { dataErrorResponses, detailOf, feedOf, listOf } from './schemas.ts';

/**
 * What a data route's handler works with: the caller and its reads (auth/authenticated-read.ts),
 * and the request's query.
 */
export interface DataRouteContext<S extends ParamSpecs> extends CallerReads {
  request: FastifyRequest;
  /** the raw query string, for checks that must precede value validation (D13) */
  rawQuery: string;
  /**
   * Parses the query strictly (D6-D8), the route's own rules and the `{id}` of a detail route,
   * reporting every bad field at once (D37). Call after any scope check on the raw query.
   */
  params(): Parsed<S>;
  /** the `{id}` path parameter (D6: positive integer), validated by params() */
  id(): number;
  /** today in America/Sao_Paulo (D15), read once per request */
  today: string;
}

/**
 * A body already written as JSON text: a list page's records come written by PostgreSQL, so the
 * handler wraps them in the envelope instead of parsing and serializing them again. The envelope
 * and the records stay separate strings until they become bytes: joining them first would have
 * V8 flatten the join into a new string the size of the page (a 200-record page is ~50 KB) on
 * every response, only to encode it once more; that copy was a quarter of what a 200-record list
 * request allocated (ADR 0015).
 */
export class JsonText {
  readonly parts: readonly string[];

  constructor(
    parts: string | readonly string[],
    /** a list page's meta, from which the plugin writes the `Link` header */
    readonly meta?: ListMeta,
  ) {
    this.parts = typeof parts === 'string' ? [parts] : parts;
  }

  /** The body as UTF-8, each part encoded straight into one buffer of the exact size. */
  bytes(): Buffer {
    let length = 0;
    for (const part of this.parts) length += Buffer.byteLength(part);
    const body = Buffer.allocUnsafe(length);
    let at = 0;
    for (const part of this.parts) at += body.write(part, at);
    return body;
  }
}

/** The list envelope (spec "List envelope", D10) around a page's records. */
export function listBody(page: ListPage, asked: Page): JsonText {
  const meta = listMeta(asked, page.total);
  return new JsonText(['{"data":[', page.records, `],"meta":${JSON.stringify(meta)}}`], meta);
}

/** A resource's group of operations in the OpenAPI description: its tag. */
export interface ApiTag {
  name: string;
  description: string;
}

/**
 * The record a data route serves, as the OpenAPI description names it: a component schema
 * (`Cliente`, `Boleto`...) and a realistic example, which the description's tests validate
 * against the schema.
 */
export interface ApiRecord {
  name: string;
  schema: TSchema;
  example: Record<string, unknown>;
}

/**
 * One GET route of the data API (`/v1/...`), as a definition: the data-api plugin registers it
 * behind the D4 guard of its scope, and the OpenAPI description, the route table and the
 * generated security tests are all read from the same object.
 */
export interface DataRoute<S extends ParamSpecs = ParamSpecs> {
  url: string;
  scope: Scope;
  /** the OpenAPI operationId: stable, camelCase pt-BR (`listarClientes`, `obterCliente`) */
  operationId: string;
  tag: ApiTag;
  summary: string;
  description: string;
  params: S;
  /** the record of the answer: a list route's envelope holds a page of them, a detail route's one */
  record: ApiRecord;
  /** a change feed (D44): the answer is a page of changes to the record, not a page of records */
  feed?: true;
  /** an export (D48): the answer is every record as NDJSON (contract/export-route.ts), streamed */
  export?: true;
  /**
   * Rules between parameters or against the caller's data (a period, a company catalogue),
   * given the values that parsed and the names sent (a parameter sent with a bad value is
   * still "given", D17); their problems join the parser's in one 400 (D37).
   */
  check?(params: Parsed<S>, principal: Principal, sent: ReadonlySet<string>): Detalhe[];
  handler(ctx: DataRouteContext<S>): Promise<unknown>;
}

/** Declares a data route, keeping its parameter types for its handler. */
export const dataRoute = <S extends ParamSpecs>(route: DataRoute<S>): DataRoute<S> => route;

export const hasIdParam = (route: Pick<DataRoute, 'url'>): boolean => route.url.includes('/:id');

/** The `{id}` path parameter of detail routes (D6), as the OpenAPI description states it. */
export const ID_PARAM_SCHEMA = Type.Integer({ minimum: 1, maximum: MAX_SAFE });
export const ID_PARAM_DESCRIPTION = 'Id do registro: inteiro positivo escrito só com dígitos, sem sinal nem zeros à esquerda.';

/** The body a route answers 200 with: the detail, list or feed envelope around its record. */
export const successSchema = (route: DataRoute): TSchema =>
  hasIdParam(route) ? detailOf(route.record.schema) : route.feed === true ? feedOf(route.record.schema) : listOf(route.record.schema);

/**
 * The route's Fastify schema: the response schemas drive the serializer. Nothing is validated by
 * Ajv (ADR 0002); the OpenAPI description is generated from the definition itself (contract/openapi.ts).
 */
export function dataRouteSchema(route: DataRoute) {
  // An export's body is a stream of NDJSON lines, never serialised from a schema.
  if (route.export === true) return { response: { ...dataErrorResponses } };
  return { response: { 200: successSchema(route), ...dataErrorResponses } };
}

/** What a bad `{id}` is told (D6). */
export const BAD_ID: Detalhe = { campo: 'id', mensagem: 'O id deve ser um número inteiro positivo, escrito só com dígitos.' };

/** Validates the query, the route's own rules and, on detail routes, the `{id}`, together (D37). */
export function parseAll<S extends ParamSpecs>(
  raw: string,
  specs: S,
  idText: string | null,
  check: (query: Parsed<S>, sent: ReadonlySet<string>) => Detalhe[],
): { query: Parsed<S>; id: number | null } {
  const { parsed, problems, sent } = collectParams(raw, specs);
  const flagged = new Set(problems.map((d) => d.campo));
  const detalhes = [...problems, ...check(parsed, sent).filter((d) => !flagged.has(d.campo))];
  const id = idText === null ? null : parseInteger(idText, 1);
  if (idText !== null && id === null) {
    detalhes.push({ ...BAD_ID });
  }
  if (detalhes.length > 0) throw badRequest(detalhes);
  return { query: parsed, id };
}
