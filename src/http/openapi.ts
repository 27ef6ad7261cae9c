import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { TOKEN_PATH } from '../domain/api-paths.ts';
import { DATA_RATE_LIMIT, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, TOKEN_LIFETIME_SECONDS } from '../domain/limits.ts';
import { SCOPE_TABLE } from '../domain/scopes.ts';

const DESCRIPTION = `API externa somente leitura (v1), servidor a servidor.

Autenticação: OAuth 2.0 Client Credentials. Envie o client id e o client secret por HTTP Basic
em \`POST ${TOKEN_PATH}\` e use o token recebido como \`Authorization: Bearer <token>\` em
todas as chamadas de dados. O token vale ${TOKEN_LIFETIME_SECONDS} segundos; não há refresh token.

Regras comuns:
- Parâmetros desconhecidos, repetidos (mesmo com valores iguais) ou vazios: 400 \`requisicao_invalida\`, com um item em \`detalhes\` por campo.
- Inteiros só com dígitos, sem sinal, zeros à esquerda ou espaços, até 2^53-1.
- Ordem das verificações: rota (404) -> método (405) -> token (401) -> IP (403) -> limite (429) -> escopo (403) -> parâmetros (400) -> busca (404).
- Limite: ${DATA_RATE_LIMIT} requisições por minuto por credencial, em janelas alinhadas ao minuto do relógio; \`X-RateLimit-Reset\` é o horário Unix (segundos) do fim da janela.
- Paginação: \`pagina\` a partir de 1; \`por_pagina\` de 1 a ${MAX_PAGE_SIZE}, padrão ${DEFAULT_PAGE_SIZE}. Uma página além do fim devolve \`data: []\` com os totais verdadeiros.
- Datas de negócio \`AAAA-MM-DD\`, nunca deslocadas por fuso; data-hora \`AAAA-MM-DDTHH:mm:ssZ\` em UTC. "Hoje" e os períodos seguem America/Sao_Paulo.
- Valores em dinheiro e quantidades são números JSON exatos (até 2 e 4 casas decimais).`;

/** The OpenAPI description, generated from the route schemas (never written by hand). */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'API Externa', version: '1.0.0', description: DESCRIPTION },
      servers: [{ url: 'http://127.0.0.1:3000', description: 'Local (npm start)' }],
      components: {
        securitySchemes: {
          oauth2: {
            type: 'oauth2',
            flows: {
              clientCredentials: {
                tokenUrl: TOKEN_PATH,
                scopes: Object.fromEntries(
                  SCOPE_TABLE.map((s) => [s.id, s.sensivel ? `${s.descricao.replace(/\.$/, '')} (escopo sensível).` : s.descricao]),
                ),
              },
            },
          },
          clientBasic: { type: 'http', scheme: 'basic', description: 'client id e client secret, form-urlencoded antes do Base64' },
        },
      },
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
  });
}
