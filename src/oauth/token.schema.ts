import { Type } from 'typebox';
import { TOKEN_ATTEMPTS_PER_CLIENT, TOKEN_ATTEMPTS_PER_IP, TOKEN_BODY_LIMIT, TOKEN_LIFETIME_SECONDS } from '../domain/limits.ts';

const OAuthErrorBody = Type.Object(
  {
    error: Type.String({
      description:
        'Código OAuth (RFC 6749, seção 5.2), ou `ip_nao_autorizado` quando o IP de origem está fora da lista de IPs permitidos da credencial.',
    }),
    error_description: Type.String({ description: 'Texto em ASCII imprimível, sem aspas nem barra invertida (RFC 6749, seção 5.2).' }),
  },
  { description: 'Erro no formato OAuth.' },
);

/** The token endpoint's Fastify schema: OpenAPI metadata and the response serializer. */
export const tokenSchema = {
  tags: ['OAuth'],
  summary: 'Obter um token de acesso (client credentials)',
  description:
    'Troca o client id e o client secret, enviados por HTTP Basic (cada um codificado como form-urlencoded antes do Base64, ' +
    `RFC 6749 2.3.1), por um token Bearer válido por ${TOKEN_LIFETIME_SECONDS} segundos. O corpo é \`application/x-www-form-urlencoded\`, ` +
    `com no máximo ${TOKEN_BODY_LIMIT} bytes. O segredo nunca vai no corpo nem na URL. ` +
    `Limites: ${TOKEN_ATTEMPTS_PER_IP} tentativas por minuto por IP e ${TOKEN_ATTEMPTS_PER_CLIENT} por minuto por client id, ` +
    'contadas antes da verificação do segredo, com ou sem sucesso.',
  security: [{ clientBasic: [] }],
  consumes: ['application/x-www-form-urlencoded'],
  body: Type.Object({
    grant_type: Type.Literal('client_credentials'),
    scope: Type.Optional(
      Type.String({
        description:
          'Escopos separados por espaço, subconjunto dos escopos da credencial; repetidos valem uma vez. ' +
          'Ausente ou vazio (`scope=`): todos os escopos da credencial. Só espaços: `invalid_scope`.',
      }),
    ),
  }),
  response: {
    200: Type.Object(
      {
        access_token: Type.String(),
        token_type: Type.Literal('Bearer'),
        expires_in: Type.Integer({ const: TOKEN_LIFETIME_SECONDS }),
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
