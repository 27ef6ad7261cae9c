import { REVOKE_PATH, TOKEN_PATH } from '../domain/api-paths.ts';
import { TOKEN_ATTEMPTS_PER_CLIENT, TOKEN_ATTEMPTS_PER_IP, TOKEN_BODY_LIMIT, TOKEN_LIFETIME_SECONDS } from '../domain/limits.ts';
import { SCOPES } from '../domain/scopes.ts';
import { jsonResponse, methodNotAllowed, plainSchema, responseHeaders, type DescribedOperations, type Json } from '../contract/openapi.ts';
import {
  bodyTooLarge,
  invalidClient,
  invalidScope,
  ipNotAllowed,
  OAUTH_ERRORS,
  serverError,
  temporarilyUnavailable,
  tooManyAttempts,
  unsupportedMediaType,
  type OAuthError,
  type OAuthErrorCode,
} from './oauth-error.ts';
import { OAuthErrorSchema, RevokeRequestSchema, TokenRequestSchema, TokenResponseSchema } from './token.schema.ts';

/**
 * What each OAuth error means, for the description of the statuses that carry it; per status for
 * `invalid_request`, whose 400, 413 and 415 have different causes.
 */
const MEANING: { [C in OAuthErrorCode]: string | Record<(typeof OAUTH_ERRORS)[C][number], string> } = {
  invalid_request: {
    400:
      'requisição malformada (corpo, cabeçalho Basic, parâmetro repetido, segredo no corpo, query string, ' +
      'cabeçalho `Authorization`, `Host` ou `Content-Type` enviado mais de uma vez, Basic e asserção juntos, ' +
      '`client_assertion` sem `client_assertion_type` ou vice-versa).',
    413: `corpo acima de ${TOKEN_BODY_LIMIT} bytes.`,
    415:
      '`Content-Type` ausente ou diferente de `application/x-www-form-urlencoded`, ou `Content-Encoding` diferente de `identity` ' +
      '(o corpo não é descomprimido; a resposta traz `Accept-Encoding: identity`).',
  },
  invalid_client:
    'credenciais inválidas, revogadas ou expiradas; com chave pública, também asserção com assinatura, `aud`, `iss`/`sub` ou ' +
    '`exp` inválidos, `exp` a mais de 5 minutos, `jti` já usado, ou método diferente do da credencial (Basic numa credencial ' +
    'com chave, asserção numa credencial com segredo); a resposta é a mesma em todos os casos.',
  invalid_scope: 'escopo desconhecido ou não concedido à credencial.',
  unsupported_grant_type: 'só `client_credentials` é aceito.',
  ip_nao_autorizado: 'o IP de origem não está na lista de IPs permitidos da credencial.',
  temporarily_unavailable: 'limite de tentativas excedido (429) ou serviço indisponível (503); aguarde `Retry-After`.',
  server_error: 'falha inesperada.',
};

/** An answer per status, as the endpoint gives it, for the examples. */
const EXAMPLE: Record<number, OAuthError> = {
  400: invalidScope(),
  401: invalidClient(),
  403: ipNotAllowed(),
  413: bodyTooLarge(),
  415: unsupportedMediaType(),
  429: tooManyAttempts(1),
  500: serverError(),
  503: temporarilyUnavailable(),
};

function meaning(code: OAuthErrorCode, status: number): string {
  const text: string | Record<number, string> = MEANING[code];
  const said = typeof text === 'string' ? text : text[status];
  if (said === undefined) throw new Error(`no meaning of ${code} for status ${status}`);
  return said;
}

const codesWithStatus = (status: number): OAuthErrorCode[] =>
  (Object.keys(OAUTH_ERRORS) as OAuthErrorCode[]).filter((code) => (OAUTH_ERRORS[code] as readonly number[]).includes(status));

function oauthErrorResponse(status: number, headers: Parameters<typeof responseHeaders>[0]): Json {
  const codes = codesWithStatus(status);
  const example = EXAMPLE[status];
  if (example === undefined || example.status !== status || !codes.includes(example.error))
    throw new Error(`no OAuth example for status ${status}`);
  const { error, description: error_description } = example;
  const schema = {
    allOf: [
      { $ref: '#/components/schemas/OAuthErro' },
      { type: 'object', required: ['error'], properties: { error: { type: 'string', enum: codes } } },
    ],
  };
  const description = codes.map((code) => `\`${code}\`: ${meaning(code, status)}`).join(' ');
  return jsonResponse(description, schema, { error, error_description }, responseHeaders(headers));
}

/** The error answers of both OAuth endpoints (token and revocation), which authenticate and count alike. */
const OAUTH_ERROR_RESPONSES: Record<number, Json> = {
  400: oauthErrorResponse(400, []),
  401: oauthErrorResponse(401, ['WWWAuthenticate']),
  403: oauthErrorResponse(403, []),
  405: methodNotAllowed(),
  413: oauthErrorResponse(413, []),
  415: oauthErrorResponse(415, []),
  429: oauthErrorResponse(429, ['RetryAfter']),
  500: oauthErrorResponse(500, []),
  503: oauthErrorResponse(503, ['RetryAfter']),
};

/** POST /v1/oauth/token in the OpenAPI description: body, Basic authentication, every status and its OAuth codes. */
export const tokenOperations: DescribedOperations = {
  tag: {
    name: 'OAuth',
    description:
      'Emissão e revogação de tokens de acesso (OAuth 2.0 Client Credentials, RFC 6749). O client id e o client secret vão por ' +
      'HTTP Basic, nunca no corpo nem na URL; uma credencial criada com chave pública não tem segredo e se autentica com um JWT ' +
      'assinado pela chave privada (`private_key_jwt`, RFC 7523), no corpo. O token é usado como `Authorization: Bearer <token>` ' +
      'nos endpoints de dados.',
  },
  schemas: { Token: plainSchema(TokenResponseSchema), OAuthErro: plainSchema(OAuthErrorSchema) },
  paths: {
    [TOKEN_PATH]: {
      post: {
        operationId: 'emitirToken',
        tags: ['OAuth'],
        summary: 'Obter um token de acesso (client credentials)',
        description:
          'Troca o client id e o client secret, enviados por HTTP Basic (cada um codificado como form-urlencoded antes do Base64, ' +
          `RFC 6749 2.3.1), por um token Bearer válido por ${TOKEN_LIFETIME_SECONDS} segundos. O corpo é \`application/x-www-form-urlencoded\`, ` +
          `com no máximo ${TOKEN_BODY_LIMIT} bytes. O segredo nunca vai no corpo nem na URL. ` +
          'Credenciais criadas com chave pública não têm segredo: enviam, sem cabeçalho `Authorization`, ' +
          '`client_assertion_type=urn:ietf:params:oauth:client-assertion-type:jwt-bearer` e `client_assertion=<JWT assinado>` ' +
          '(`private_key_jwt`, RFC 7523; veja os parâmetros do corpo). ' +
          `Limites: ${TOKEN_ATTEMPTS_PER_IP} tentativas por minuto por IP e ${TOKEN_ATTEMPTS_PER_CLIENT} por minuto por client id, ` +
          'contadas antes da verificação do segredo ou da asserção, com ou sem sucesso.',
        // Basic, or a signed assertion in the body (D57), which no OpenAPI security scheme describes.
        security: [{ clientBasic: [] }, {}],
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: plainSchema(TokenRequestSchema),
              example: { grant_type: 'client_credentials', scope: 'clientes:ler os:ler' },
            },
          },
        },
        responses: {
          200: jsonResponse(
            'Token emitido.',
            { $ref: '#/components/schemas/Token' },
            {
              access_token: 'ae_at_Q2hhdmVEZUV4ZW1wbG9OYW9Vc2VFbVByb2R1Y2Fv',
              token_type: 'Bearer',
              expires_in: TOKEN_LIFETIME_SECONDS,
              scope: SCOPES.join(' '),
            },
            responseHeaders(['CacheControl', 'Pragma']),
          ),
          ...OAUTH_ERROR_RESPONSES,
        },
      },
    },
    [REVOKE_PATH]: {
      post: {
        operationId: 'revogarToken',
        tags: ['OAuth'],
        summary: 'Revogar um token de acesso (RFC 7009)',
        description:
          'Revoga um token de acesso da própria credencial, na hora e em todas as instâncias: a próxima requisição com ele recebe 401. ' +
          'O cliente se autentica como no endpoint de token (client id e client secret por HTTP Basic, ou asserção assinada com a chave ' +
          'privada) e envia `token=<token de acesso>` ' +
          'no corpo `application/x-www-form-urlencoded`. A resposta é 200 sem corpo em todos os casos — token da credencial, de outra ' +
          'credencial (que não é revogado), desconhecido ou já revogado —, para não revelar nada sobre tokens. `token_type_hint` é aceito e ' +
          `ignorado (a API emite só tokens de acesso). Limites: os mesmos do endpoint de token, nas mesmas contagens (${TOKEN_ATTEMPTS_PER_IP} ` +
          `tentativas por minuto por IP e ${TOKEN_ATTEMPTS_PER_CLIENT} por client id, somadas às de emissão de token).`,
        security: [{ clientBasic: [] }, {}],
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: plainSchema(RevokeRequestSchema),
              example: { token: 'ae_at_Q2hhdmVEZUV4ZW1wbG9OYW9Vc2VFbVByb2R1Y2Fv' },
            },
          },
        },
        responses: {
          200: {
            description: 'Pedido atendido (sem corpo): o token, se era da credencial, não vale mais.',
            headers: responseHeaders(['CacheControl']),
          },
          ...OAUTH_ERROR_RESPONSES,
        },
      },
    },
  },
};
