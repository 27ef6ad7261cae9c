import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type TSchema } from 'typebox';
import type { Principal } from '../auth/principal.ts';
import type { Scope } from '../auth/scopes.ts';
import { ApiError, badRequest, type Detalhe } from '../errors/api-error.ts';
import { collectParams, MAX_SAFE, parseInteger, type Parsed, type ParamSpecs } from './params.ts';
import { querySchema } from './openapi-params.ts';
import { rawQuery } from './query-string.ts';
import type { RouteTable } from './route-table.ts';
import { dataErrorResponses } from './schemas.ts';
import { principalOf } from '../auth/pipeline.ts';

export interface DataRouteContext<S extends ParamSpecs> {
  request: FastifyRequest;
  principal: Principal;
  /** the raw query string, for checks that must precede value validation (D13) */
  rawQuery: string;
  /**
   * Parses the query strictly (D6-D8) and the `{id}` of a detail route, reporting every bad
   * field at once (D37). Call after any scope check on the raw query.
   */
  params(): Parsed<S>;
  /** the `{id}` path parameter (D6: positive integer), validated by params() */
  id(): number;
}

export interface DataRouteDefinition<S extends ParamSpecs> {
  url: string;
  scope: Scope;
  tag: string;
  summary: string;
  description: string;
  params: S;
  response: TSchema;
  /**
   * Rules between parameters or against the caller's data (a period, a company catalogue),
   * given the values that parsed and the names sent (a parameter sent with a bad value is
   * still "given", D17); their problems join the parser's in one 400 (D37).
   */
  check?(params: Parsed<S>, principal: Principal, sent: ReadonlySet<string>): Detalhe[];
  handler(ctx: DataRouteContext<S>): Promise<unknown>;
}

export interface DataRouteDeps {
  app: FastifyInstance;
  routes: RouteTable;
  guardFor(scope: Scope): (request: FastifyRequest, reply: import('fastify').FastifyReply) => Promise<void>;
}

/**
 * Registers one GET data route: the D4 guard for its scope, OpenAPI metadata from its
 * parameter definitions, and its path in the route table (for 405).
 */
export function registerDataRoute<S extends ParamSpecs>(deps: DataRouteDeps, def: DataRouteDefinition<S>): void {
  const hasId = def.url.includes('/:id');
  const guard = deps.guardFor(def.scope);
  deps.routes.add(def.url, 'GET');
  deps.app.get(
    def.url,
    {
      onRequest: hasId ? [emptyIdIsUnknownRoute, guard] : guard,
      schema: {
        tags: [def.tag],
        summary: def.summary,
        description: `${def.description}\n\nEscopo exigido: \`${def.scope}\`.`,
        security: [{ oauth2: [def.scope] }],
        querystring: querySchema(def.params),
        ...(hasId ? { params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_SAFE, description: 'Id do registro: inteiro positivo, só dígitos, sem zeros à esquerda (D6).' }) }) } : {}),
        response: { 200: def.response, ...dataErrorResponses },
      },
    },
    async (request) => {
      const raw = rawQuery(request.url);
      let id: number | null = null;
      const principal = principalOf(request);
      return def.handler({
        request,
        principal,
        rawQuery: raw,
        params: () => {
          const idText = hasId ? ((request.params as { id?: string }).id ?? '') : null;
          const parsed = parseAll(raw, def.params, idText, (query, sent) => def.check?.(query, principal, sent) ?? []);
          id = parsed.id;
          return parsed.query;
        },
        id: () => {
          if (id === null) throw new Error('ctx.id() called before ctx.params()');
          return id;
        },
      });
    },
  );
}

/** Validates the query, the route's own rules and, on detail routes, the `{id}`, together. */
function parseAll<S extends ParamSpecs>(
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
    detalhes.push({ campo: 'id', mensagem: 'O id deve ser um número inteiro positivo, escrito só com dígitos.' });
  }
  if (detalhes.length > 0) throw badRequest(detalhes);
  return { query: parsed, id };
}

/** The router lets `:id` match an empty segment; `/v1/clientes/` is another, unknown route (D3). */
async function emptyIdIsUnknownRoute(request: FastifyRequest): Promise<void> {
  if ((request.params as { id?: string }).id === '') throw new ApiError('recurso_nao_encontrado');
}
