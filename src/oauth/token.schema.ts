import { Type } from 'typebox';

const OAuthErrorBody = Type.Object(
  {
    error: Type.String({ description: 'Código OAuth (RFC 6749 5.2) ou `ip_nao_autorizado` (D28).' }),
    error_description: Type.String({ description: 'Texto em ASCII imprimível (D39).' }),
  },
  { description: 'Erro no formato OAuth.' },
);

export const tokenResponseSchema = {
  tags: ['OAuth'],
  summary: 'Obter um token de acesso (client credentials)',
  description:
    'Troca o client id e o client secret, enviados por HTTP Basic (form-urlencoded antes do Base64, RFC 6749 2.3.1), ' +
    'por um token Bearer válido por 3600 segundos. O corpo é `application/x-www-form-urlencoded`, com no máximo 8192 bytes. ' +
    'Limites: 20 tentativas por minuto por IP e 5 por minuto por client id, contadas antes da verificação do segredo (D27).',
  security: [{ clientBasic: [] }],
  consumes: ['application/x-www-form-urlencoded'],
  body: Type.Object({
    grant_type: Type.Literal('client_credentials'),
    scope: Type.Optional(Type.String({ description: 'Escopos separados por espaço; subconjunto dos escopos da credencial. Ausente ou vazio: todos.' })),
  }),
  response: {
    200: Type.Object(
      {
        access_token: Type.String(),
        token_type: Type.Literal('Bearer'),
        expires_in: Type.Integer({ const: 3600 }),
        scope: Type.String({ description: 'Escopos concedidos, separados por espaço, na ordem do catálogo.' }),
      },
      { description: 'Token emitido (Cache-Control: no-store).' },
    ),
    400: OAuthErrorBody,
    401: OAuthErrorBody,
    403: OAuthErrorBody,
    413: OAuthErrorBody,
    415: OAuthErrorBody,
    429: OAuthErrorBody,
    503: OAuthErrorBody,
  },
};
