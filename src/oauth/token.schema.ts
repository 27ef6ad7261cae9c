import { Type } from 'typebox';
import { JWT_BEARER_ASSERTION, KEY_ALGORITHMS, MAX_ASSERTION_LIFETIME_SECONDS } from '../domain/client-auth.ts';
import { TOKEN_LIFETIME_SECONDS } from '../domain/limits.ts';
import { OAUTH_ERRORS } from './oauth-error.ts';

export const OAuthErrorSchema = Type.Object(
  {
    error: Type.String({
      enum: Object.keys(OAUTH_ERRORS),
      description:
        'Código OAuth (RFC 6749, seção 5.2), ou `ip_nao_autorizado` quando o IP de origem está fora da lista de IPs permitidos da credencial.',
    }),
    error_description: Type.String({ description: 'Texto em ASCII imprimível, sem aspas nem barra invertida (RFC 6749, seção 5.2).' }),
  },
  { description: 'Erro do endpoint de token, no formato OAuth.' },
);

export const TokenResponseSchema = Type.Object(
  {
    access_token: Type.String({ description: 'O token, para `Authorization: Bearer <token>`.' }),
    token_type: Type.Literal('Bearer'),
    expires_in: Type.Integer({ const: TOKEN_LIFETIME_SECONDS, description: 'Validade do token, em segundos.' }),
    scope: Type.String({ description: 'Escopos concedidos, separados por espaço, na ordem do catálogo.' }),
  },
  { description: 'Token emitido (RFC 6749, seção 5.1).' },
);

/** The form parameters of a client that authenticates with its key (D57, RFC 7523 §2.2), for both endpoints. */
const AssertionParameters = {
  client_assertion_type: Type.Optional(
    Type.Literal(JWT_BEARER_ASSERTION, { description: 'Só para credenciais com chave pública: o tipo da asserção, sempre este valor.' }),
  ),
  client_assertion: Type.Optional(
    Type.String({
      description:
        `Só para credenciais com chave pública: um JWT assinado com a chave privada (${KEY_ALGORITHMS.join(', ')}), com \`iss\` e \`sub\` ` +
        'iguais ao client id, `aud` igual à URL deste endpoint de token (ou ao emissor, `<origem>/v1`), `exp` no máximo ' +
        `${MAX_ASSERTION_LIFETIME_SECONDS / 60} minutos à frente e um \`jti\` único: uma asserção não pode ser usada duas vezes. ` +
        'Sem cabeçalho `Authorization` junto. Um `client_id` no corpo é opcional e, se vier, deve ser o do `iss`.',
    }),
  ),
};

/** The token request's form body, for the OpenAPI description (the endpoint reads the body itself, D26). */
export const TokenRequestSchema = Type.Object(
  {
    ...AssertionParameters,
    grant_type: Type.Literal('client_credentials'),
    scope: Type.Optional(
      Type.String({
        description:
          'Escopos separados por espaço, subconjunto dos escopos da credencial; repetidos valem uma vez. ' +
          'Ausente ou vazio (`scope=`): todos os escopos da credencial. Só espaços: `invalid_scope`.',
      }),
    ),
  },
  { description: 'Corpo `application/x-www-form-urlencoded`; parâmetros desconhecidos são ignorados, repetidos são recusados.' },
);

/** The revocation request's form body (D58, RFC 7009), for the OpenAPI description. */
export const RevokeRequestSchema = Type.Object(
  {
    token: Type.String({ description: 'O token de acesso a revogar.' }),
    token_type_hint: Type.Optional(Type.String({ description: 'Aceito e ignorado: a API emite só tokens de acesso.' })),
    ...AssertionParameters,
  },
  { description: 'Corpo `application/x-www-form-urlencoded`; parâmetros desconhecidos são ignorados, repetidos são recusados.' },
);

/** The token endpoint's Fastify schema: the response serializer. */
export const tokenSchema = {
  response: {
    200: TokenResponseSchema,
    ...Object.fromEntries([400, 401, 403, 413, 415, 429, 500, 503].map((status) => [status, OAuthErrorSchema])),
  },
};
