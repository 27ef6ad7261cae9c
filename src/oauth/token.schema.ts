import { Type } from 'typebox';
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

/** The token request's form body, for the OpenAPI description (the endpoint reads the body itself, D26). */
export const TokenRequestSchema = Type.Object(
  {
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
