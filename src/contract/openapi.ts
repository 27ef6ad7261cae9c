import { Type } from 'typebox';
import { TOKEN_PATH } from '../domain/api-paths.ts';
import { DATA_RATE_LIMIT, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, TOKEN_LIFETIME_SECONDS } from '../domain/limits.ts';
import { SCOPE_TABLE } from '../domain/scopes.ts';
import { DATA_ERRORS, type DataErrorCode } from '../errors/catalogue.ts';
import { missingScopeDetail, type Detalhe } from '../errors/coded-error.ts';
import { BAD_ID, hasIdParam, ID_PARAM_DESCRIPTION, ID_PARAM_SCHEMA, type ApiTag, type DataRoute } from './data-route.ts';
import { queryParameters } from './openapi-params.ts';
import { collectParams } from './params.ts';
import { detailOf, errorEnvelopeOf, ErrorEnvelopeSchema, feedOf, listOf, ListMetaSchema } from './schemas.ts';
import { webhooksDescription, WEBHOOKS_TAG } from './webhooks-openapi.ts';

/**
 * The OpenAPI 3.1 description of the public API, generated from the route definitions (never
 * written by hand, ADR 0012): every operation with its operationId, tag, scope, parameters with
 * their rules, named record schemas, every status it can answer with the error codes each may
 * carry, the headers each response carries, and an example per response. The document is built
 * once; only `servers` and the token URL depend on the address the server is reached at, and
 * `forBaseUrl` sets them per request.
 */
export type Json = Record<string, unknown>;

/** The address in the committed docs/openapi.json, where `npm start` serves. */
export const DEFAULT_BASE_URL = 'http://127.0.0.1:3000';

const ref = (kind: 'schemas' | 'headers', name: string): Json => ({ $ref: `#/components/${kind}/${name}` });

/** The response headers the server sends, by component name (RFC 9110, RFC 6585, RFC 8288). */
const HEADERS: Record<string, Json> = {
  XRequestId: {
    description: 'Id da requisição (UUID): o enviado em `X-Request-ID`, quando é um UUID válido, ou um novo. Informe-o ao suporte.',
    required: true,
    schema: { type: 'string', format: 'uuid' },
  },
  XRateLimitLimit: {
    description: `Requisições permitidas por credencial na janela de um minuto (${DATA_RATE_LIMIT}).`,
    required: true,
    schema: { type: 'integer', minimum: 1 },
  },
  XRateLimitRemaining: {
    description: 'Requisições que ainda cabem na janela atual.',
    required: true,
    schema: { type: 'integer', minimum: 0 },
  },
  XRateLimitReset: {
    description: 'Horário Unix, em segundos, do fim da janela atual (janelas alinhadas ao minuto do relógio).',
    required: true,
    schema: { type: 'integer', minimum: 0 },
  },
  RateLimitPolicy: {
    description: `A política de limite no formato do IETF (draft-ietf-httpapi-ratelimit-headers): \`"credencial";q=${DATA_RATE_LIMIT};w=60\` — ${DATA_RATE_LIMIT} requisições (\`q\`) por janela de 60 segundos (\`w\`), por credencial.`,
    required: true,
    schema: { type: 'string', example: `"credencial";q=${DATA_RATE_LIMIT};w=60` },
  },
  RateLimit: {
    description:
      'O estado do limite no formato do IETF: `"credencial";r=<restantes>;t=<segundos até o fim da janela>`, com os mesmos valores de `X-RateLimit-Remaining` e `X-RateLimit-Reset` da mesma resposta.',
    required: true,
    schema: { type: 'string', example: '"credencial";r=117;t=42' },
  },
  RetryAfter: {
    description: 'Segundos inteiros (pelo menos 1) a esperar antes de tentar de novo.',
    required: true,
    schema: { type: 'integer', minimum: 1 },
  },
  WWWAuthenticate: {
    description:
      'Desafio de autenticação: `Bearer realm="api-externa"` (com `error="invalid_token"` quando um token inválido foi enviado) ' +
      'nos endpoints de dados; `Basic realm="api-externa"` no endpoint de token.',
    required: true,
    schema: { type: 'string' },
  },
  WWWAuthenticateEscopo: {
    description:
      'Presente quando o código é `escopo_insuficiente`: `Bearer realm="api-externa", error="insufficient_scope", scope="<escopo exigido>"`.',
    required: false,
    schema: { type: 'string' },
  },
  Allow: {
    description: 'Os métodos aceitos neste caminho.',
    required: true,
    schema: { type: 'string' },
  },
  CacheControl: { description: 'Sempre `no-store`: o token não pode ser guardado em cache.', required: true, schema: { type: 'string' } },
  Pragma: { description: 'Sempre `no-cache`.', required: true, schema: { type: 'string' } },
  ETag: {
    description:
      'Etiqueta forte do corpo da resposta. Reenvie-a em `If-None-Match`: enquanto o resultado for o mesmo, a resposta é 304, ' +
      'sem corpo (a requisição conta no limite como qualquer outra).',
    required: true,
    schema: { type: 'string' },
  },
  Link: {
    description:
      'Links de paginação (RFC 8288): `first`, `prev` (a partir da página 2), `next` (quando há próxima página) e `last`, ' +
      'com os demais parâmetros da requisição inalterados, na mesma ordem. URLs absolutas no endereço público configurado ' +
      'pelo operador; sem ele, referências relativas (`/v1/...`), resolvidas contra a URL da requisição. Ex.: ' +
      '`</v1/clientes?por_pagina=50&pagina=1>; rel="first", </v1/clientes?por_pagina=50&pagina=2>; rel="next"`.',
    required: true,
    schema: { type: 'string' },
  },
};

type HeaderName = keyof typeof HEADERS;

/** The headers of one response, by their wire names, as references to the components above. */
export function responseHeaders(names: readonly HeaderName[]): Json {
  const wire: Record<HeaderName, string> = {
    XRequestId: 'X-Request-ID',
    XRateLimitLimit: 'X-RateLimit-Limit',
    XRateLimitRemaining: 'X-RateLimit-Remaining',
    XRateLimitReset: 'X-RateLimit-Reset',
    RateLimitPolicy: 'RateLimit-Policy',
    RateLimit: 'RateLimit',
    RetryAfter: 'Retry-After',
    WWWAuthenticate: 'WWW-Authenticate',
    WWWAuthenticateEscopo: 'WWW-Authenticate',
    Allow: 'Allow',
    CacheControl: 'Cache-Control',
    Pragma: 'Pragma',
    ETag: 'ETag',
    Link: 'Link',
  };
  return Object.fromEntries(['XRequestId', ...names].map((name) => [wire[name], ref('headers', name)]));
}

const RATE_LIMIT: HeaderName[] = ['XRateLimitLimit', 'XRateLimitRemaining', 'XRateLimitReset', 'RateLimitPolicy', 'RateLimit'];

/** A request id as the examples show it. */
export const EXAMPLE_REQUEST_ID = '5f0c8a2e-3b7d-4e91-9a64-0d2c7be1f8a3';

/** A JSON response with its schema and example. */
export function jsonResponse(description: string, schema: Json, example: unknown, headers: Json): Json {
  return { description, headers, content: { 'application/json': { schema, example } } };
}

const codesWithStatus = (status: number): DataErrorCode[] =>
  (Object.keys(DATA_ERRORS) as DataErrorCode[]).filter((codigo) => DATA_ERRORS[codigo].status === status);

/** The name of the data envelope's error schema for one status, in `components.schemas`, and a reference to one. */
const errorSchemaName = (status: number): string => `Erro${status}`;
const ERROR_SCHEMA_REF = /^#\/components\/schemas\/Erro(\d{3})$/;

/** Codes as a sentence says them: `a`; `a` ou `b`; `a`, `b` ou `c`. */
const spoken = (codes: readonly string[]): string =>
  codes
    .map((c) => `\`${c}\``)
    .join(', ')
    .replace(/, ([^,]*)$/, ' ou $1');

/**
 * The data envelope's error schema for one status (`Erro403`): an `Erro` whose `erro.codigo` is
 * one of the codes the status carries (from the catalogue, the one source). The body is stated
 * whole beside the reference, not only its narrowed `codigo`: a reader that takes each schema as
 * closed (Redocly's example check, strict code generators) then finds every field declared where
 * it looks, and an example with `mensagem`, `detalhes` and `request_id` is valid against it.
 */
function errorSchema(status: number): Json {
  const codes = codesWithStatus(status);
  return {
    description: `Envelope de erro das respostas ${status}: \`erro.codigo\` é ${spoken(codes)}.`,
    allOf: [ref('schemas', 'Erro'), plainSchema(errorEnvelopeOf(codes))],
  };
}

/** The error schemas the operations refer to (`Erro400`, `Erro401`, ...), by status. */
function errorSchemas(paths: unknown): Record<string, Json> {
  const statuses = new Set<number>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node !== null && typeof node === 'object')
      for (const [key, value] of Object.entries(node)) {
        const status = key === '$ref' && typeof value === 'string' ? ERROR_SCHEMA_REF.exec(value)?.[1] : undefined;
        if (status !== undefined) statuses.add(Number(status));
        else walk(value);
      }
  };
  walk(paths);
  return Object.fromEntries([...statuses].sort((a, b) => a - b).map((status) => [errorSchemaName(status), errorSchema(status)]));
}

/**
 * An error response in the data envelope: the schema of its status (the codes it can carry as an
 * enum), and an example with the first of them.
 */
export function dataErrorResponse(status: number, headers: readonly HeaderName[], detalhes: Detalhe[] = []): Json {
  const codes = codesWithStatus(status);
  const [first] = codes;
  if (first === undefined) throw new Error(`no data error code has status ${status}`);
  const description = codes.map((codigo) => `\`${codigo}\`: ${DATA_ERRORS[codigo].mensagem}`).join(' ');
  const example = { erro: { codigo: first, mensagem: DATA_ERRORS[first].mensagem, detalhes, request_id: EXAMPLE_REQUEST_ID } };
  return jsonResponse(description, ref('schemas', errorSchemaName(status)), example, responseHeaders(headers));
}

/** 405 on a path of the public API, for any method it does not accept, in the data envelope. */
export const methodNotAllowed = (): Json => dataErrorResponse(405, ['Allow']);

/** One 400 detail of a route's parameters as the parser itself words it, for the example. */
function badParameterExample(route: DataRoute): Detalhe[] {
  if (hasIdParam(route)) return [BAD_ID];
  return collectParams('por_pagina=0', route.params).problems;
}

const pageMetaExample = (total: number) => ({ pagina: 1, por_pagina: DEFAULT_PAGE_SIZE, total, total_paginas: Math.ceil(total / 50) });

/** The last line of an export (D48): how many records came and where the change feed resumes. */
const EXPORT_END_SCHEMA: Json = {
  type: 'object',
  description:
    'A última linha de uma exportação. Sem ela, a resposta está incompleta (a conexão caiu ou o serviço falhou durante o envio): comece de novo.',
  required: ['fim', 'total', 'proximo_cursor'],
  additionalProperties: false,
  properties: {
    fim: { type: 'boolean', const: true, description: 'Sempre `true`: marca o fim da exportação.' },
    total: { type: 'integer', minimum: 0, description: 'Quantos registros vieram nas linhas anteriores.' },
    proximo_cursor: {
      type: 'string',
      description:
        'Cursor do feed de alterações do recurso: `alteracoes?cursor=<este valor>` traz exatamente o que mudou depois da exportação.',
    },
  },
};

/** What every data operation states first: its id, tag, summary, description, scope and parameters. */
function operationHead(route: DataRoute, parameters: readonly Json[]): Json {
  return {
    operationId: route.operationId,
    tags: [route.tag.name],
    summary: route.summary,
    description: route.description,
    security: [{ oauth2: [route.scope] }],
    ...(parameters.length > 0 ? { parameters } : {}),
  };
}

/** An export (D48): 200 is NDJSON, streamed; no ETag, no 304, no id. */
function exportOperation(route: DataRoute): Json {
  const example = route.record.example;
  const lines = [JSON.stringify(example), JSON.stringify({ fim: true, total: 1, proximo_cursor: 'MS4xLjEyMy40NTYuYWJj.c2lnbmF0dXJl' })];
  return {
    ...operationHead(route, queryParameters(route.params)),
    responses: {
      200: {
        description:
          'NDJSON (`application/x-ndjson`): um registro por linha, por `id` crescente, e por último a linha de `fim`. ' +
          'O esquema e o exemplo abaixo são os de uma linha: um registro ou a linha de `fim`. Um corpo inteiro:\n\n' +
          `\`\`\`\n${lines.join('\n')}\n\`\`\``,
        headers: responseHeaders(RATE_LIMIT),
        content: {
          'application/x-ndjson': {
            schema: { oneOf: [ref('schemas', route.record.name), ref('schemas', 'ExportacaoFim')] },
            example,
          },
        },
      },
      400: dataErrorResponse(400, RATE_LIMIT, collectParams('x=1', route.params).problems),
      401: dataErrorResponse(401, ['WWWAuthenticate']),
      403: dataErrorResponse(403, [...RATE_LIMIT, 'WWWAuthenticateEscopo'], [missingScopeDetail(route.scope)]),
      405: methodNotAllowed(),
      429: {
        ...(dataErrorResponse(429, ['RetryAfter']) as Json),
        description:
          '`limite_excedido`: o limite por minuto da credencial foi atingido, ou outra exportação da mesma credencial está em andamento ' +
          '(`Retry-After: 5`; a mensagem diz qual dos dois).',
      },
      500: dataErrorResponse(500, []),
      503: dataErrorResponse(503, ['RetryAfter']),
    },
  };
}

/** The operation of a data route: GET, behind its scope, with every status the checks in order can answer. */
function dataOperation(route: DataRoute): Json {
  if (route.export === true) return exportOperation(route);
  const list = !hasIdParam(route);
  // The envelopes are schemas.ts's, with the record and the page meta as references.
  const record = Type.Unsafe(ref('schemas', route.record.name));
  const example = route.record.example;
  const success =
    route.feed === true
      ? jsonResponse(
          'Uma página de alterações; `meta.proximo_cursor` diz de onde continuar.',
          plainSchema(feedOf(record)),
          {
            data: [
              { operacao: 'alterado', id: example.id, atualizado_em: example.atualizado_em, registro: example },
              { operacao: 'excluido', id: 912, atualizado_em: '2026-03-02T14:05:09Z', registro: null },
            ],
            meta: { proximo_cursor: 'MS4xLjEyMy40NTYuYWJj', tem_mais: false },
          },
          responseHeaders([...RATE_LIMIT, 'ETag']),
        )
      : list
        ? jsonResponse(
            'Uma página de registros, com os totais em `meta`.',
            plainSchema(listOf(record, Type.Unsafe(ref('schemas', 'ListaMeta')))),
            { data: [example], meta: pageMetaExample(1) },
            responseHeaders([...RATE_LIMIT, 'Link', 'ETag']),
          )
        : jsonResponse('O registro pedido.', plainSchema(detailOf(record)), { data: example }, responseHeaders([...RATE_LIMIT, 'ETag']));
  const parameters = [
    ...(list ? [] : [{ name: 'id', in: 'path', required: true, description: ID_PARAM_DESCRIPTION, schema: { ...ID_PARAM_SCHEMA } }]),
    ...queryParameters(route.params),
    {
      name: 'If-None-Match',
      in: 'header',
      required: false,
      description: 'O `ETag` de uma resposta anterior: se o resultado não mudou, a resposta é 304, sem corpo.',
      schema: { type: 'string' },
    },
  ];
  return {
    ...operationHead(route, parameters),
    responses: {
      200: success,
      304: {
        description: 'O resultado não mudou desde o `ETag` enviado em `If-None-Match`: sem corpo.',
        headers: responseHeaders([...RATE_LIMIT, 'ETag']),
      },
      400: dataErrorResponse(400, RATE_LIMIT, badParameterExample(route)),
      401: dataErrorResponse(401, ['WWWAuthenticate']),
      403: dataErrorResponse(403, [...RATE_LIMIT, 'WWWAuthenticateEscopo'], [missingScopeDetail(route.scope)]),
      ...(list ? {} : { 404: dataErrorResponse(404, RATE_LIMIT) }),
      405: methodNotAllowed(),
      429: dataErrorResponse(429, ['RetryAfter']),
      500: dataErrorResponse(500, []),
      503: dataErrorResponse(503, ['RetryAfter']),
    },
  };
}

/** `/v1/clientes/:id` (Fastify) as `/v1/clientes/{id}` (OpenAPI). */
const openApiPath = (url: string): string => url.replace(/:([A-Za-z_]+)/g, '{$1}');

const DESCRIPTION = `API externa somente leitura (v1), servidor a servidor.

Autenticação: OAuth 2.0 Client Credentials. Envie o client id e o client secret por HTTP Basic
em \`POST ${TOKEN_PATH}\` e use o token recebido como \`Authorization: Bearer <token>\` em
todas as chamadas de dados. O token vale ${TOKEN_LIFETIME_SECONDS} segundos; não há refresh token.

Regras comuns:
- Parâmetros desconhecidos, repetidos (mesmo com valores iguais) ou vazios: 400 \`requisicao_invalida\`, com um item em \`detalhes\` por campo.
- Inteiros só com dígitos, sem sinal, zeros à esquerda ou espaços, até 2^53-1.
- Ordem das verificações: rota (404) -> método (405) -> token (401) -> IP (403) -> limite (429) -> escopo (403) -> parâmetros (400) -> busca (404).
- Limite: ${DATA_RATE_LIMIT} requisições por minuto por credencial, em janelas alinhadas ao minuto do relógio; \`X-RateLimit-Reset\` é o horário Unix (segundos) do fim da janela. Os mesmos valores vêm também nos campos do IETF: \`RateLimit-Policy: "credencial";q=${DATA_RATE_LIMIT};w=60\` e \`RateLimit: "credencial";r=<restantes>;t=<segundos até o fim da janela>\`, em toda resposta que traz \`X-RateLimit-*\` (304 e 429 incluídos).
- Paginação: \`pagina\` a partir de 1; \`por_pagina\` de 1 a ${MAX_PAGE_SIZE}, padrão ${DEFAULT_PAGE_SIZE}. Uma página além do fim devolve \`data: []\` com os totais verdadeiros. O cabeçalho \`Link\` traz as URLs de \`first\`, \`prev\`, \`next\` e \`last\`.
- Datas de negócio \`AAAA-MM-DD\`, nunca deslocadas por fuso; data-hora \`AAAA-MM-DDTHH:mm:ssZ\` em UTC. "Hoje" e os períodos seguem America/Sao_Paulo.
- Valores em dinheiro e quantidades são números JSON exatos (até 2 e 4 casas decimais).`;

/** Operations another area describes itself (the token endpoint), with the tag and schemas they need. */
export interface DescribedOperations {
  tag: ApiTag;
  paths: Record<string, Record<string, Json>>;
  schemas: Record<string, Json>;
}

/** A TypeBox schema as plain JSON Schema, without the `$id` Fastify's serializer resolves it by. */
export function plainSchema(schema: object): Json {
  const { $id: _id, ...rest } = JSON.parse(JSON.stringify(schema)) as Json;
  return rest;
}

function recordSchemas(routes: readonly DataRoute[]): Record<string, Json> {
  const schemas = new Map<string, object>();
  for (const { record } of routes) {
    const known = schemas.get(record.name);
    if (known !== undefined && known !== record.schema) throw new Error(`two schemas are named ${record.name}`);
    schemas.set(record.name, record.schema);
  }
  return Object.fromEntries([...schemas].map(([name, schema]) => [name, plainSchema(schema)]));
}

/** The document, with the default server: what docs/openapi.json holds. */
export function buildOpenApi(dataRoutes: readonly DataRoute[], others: readonly DescribedOperations[]): Json {
  const tags = new Map<string, ApiTag>();
  for (const tag of [...others.map((o) => o.tag), ...dataRoutes.map((r) => r.tag)]) if (!tags.has(tag.name)) tags.set(tag.name, tag);
  const paths: Record<string, Record<string, Json>> = {};
  for (const other of others) Object.assign(paths, other.paths);
  for (const route of dataRoutes) paths[openApiPath(route.url)] = { get: dataOperation(route) };
  // The notifications the server sends to the integrator's endpoints (OpenAPI 3.1 `webhooks`).
  const notifications = webhooksDescription();
  const document: Json = {
    openapi: '3.1.0',
    info: {
      title: 'API Externa',
      version: '1.0.0',
      description: DESCRIPTION,
      contact: { name: 'API Externa' },
      license: { name: 'Uso restrito às empresas clientes e seus integradores', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [],
    tags: [...tags.values(), WEBHOOKS_TAG],
    paths,
    webhooks: notifications.webhooks,
    components: {
      schemas: {
        ...recordSchemas(dataRoutes),
        ListaMeta: plainSchema(ListMetaSchema),
        ...(dataRoutes.some((r) => r.export === true) ? { ExportacaoFim: EXPORT_END_SCHEMA } : {}),
        Erro: plainSchema(ErrorEnvelopeSchema),
        ...errorSchemas(paths),
        ...Object.assign({}, ...others.map((o) => o.schemas)),
        ...notifications.schemas,
      },
      headers: HEADERS,
      securitySchemes: {
        oauth2: {
          type: 'oauth2',
          description: 'OAuth 2.0 Client Credentials: o token é pedido com o client id e o client secret por HTTP Basic.',
          flows: {
            clientCredentials: {
              tokenUrl: TOKEN_PATH,
              scopes: Object.fromEntries(
                SCOPE_TABLE.map((s) => [s.id, s.sensivel ? `${s.descricao.replace(/\.$/, '')} (escopo sensível).` : s.descricao]),
              ),
            },
          },
        },
        clientBasic: {
          type: 'http',
          scheme: 'basic',
          description: 'Client id e client secret, cada um codificado como form-urlencoded antes do Base64.',
        },
      },
    },
  };
  return forBaseUrl(document, DEFAULT_BASE_URL);
}

/**
 * The document as served at an address: `servers` and the absolute token URL on `baseUrl`. With
 * no usable address (`''`), the server is `/` (the document's own origin) and the token URL is
 * relative to it. Shallow copies: the static parts are shared, never changed.
 */
export function forBaseUrl(document: Json, baseUrl: string): Json {
  const components = document.components as { securitySchemes: { oauth2: { flows: Json } } & Json } & Json;
  const oauth2 = components.securitySchemes.oauth2;
  const description = baseUrl === DEFAULT_BASE_URL ? 'Local (npm start)' : 'Este servidor';
  return {
    ...document,
    servers: [{ url: baseUrl === '' ? '/' : baseUrl, description }],
    components: {
      ...components,
      securitySchemes: {
        ...components.securitySchemes,
        oauth2: {
          ...oauth2,
          flows: { clientCredentials: { ...(oauth2.flows.clientCredentials as Json), tokenUrl: `${baseUrl}${TOKEN_PATH}` } },
        },
      },
    },
  };
}
