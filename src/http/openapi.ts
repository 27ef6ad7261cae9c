import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';

const DESCRIPTION = `API externa somente leitura (v1), servidor a servidor.

Autenticação: OAuth 2.0 Client Credentials. Envie o client id e o client secret por HTTP Basic
em \`POST /v1/oauth/token\` e use o token recebido como \`Authorization: Bearer <token>\` em
todas as chamadas de dados. O token vale 3600 segundos; não há refresh token.

Regras comuns (decisões D1-D41 do projeto):
- Parâmetros desconhecidos, repetidos (mesmo com valores iguais) ou vazios: 400 \`requisicao_invalida\` (D7, D8).
- Inteiros só com dígitos, sem sinal, zeros à esquerda ou espaços, até 2^53-1 (D6).
- Ordem das verificações: rota (404) -> método (405) -> token (401) -> IP (403) -> limite (429) -> escopo (403) -> parâmetros (400) -> busca (404) (D4).
- Limite: 120 requisições por minuto por credencial, em janelas alinhadas ao minuto do relógio; \`X-RateLimit-Reset\` é o horário Unix (segundos) do fim da janela (D35).
- Uma página além do fim devolve \`data: []\` com os totais verdadeiros (D10).
- Datas de negócio \`AAAA-MM-DD\`; data-hora \`AAAA-MM-DDTHH:mm:ssZ\` em UTC (D18).`;

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
                tokenUrl: '/v1/oauth/token',
                scopes: {
                  'clientes:ler': 'Campos básicos de clientes',
                  'clientes:contato:ler': 'Documento, contatos e endereço de clientes (sensível)',
                  'os:ler': 'Ordens de serviço',
                  'produtos:ler': 'Produtos',
                  'servicos:ler': 'Serviços',
                  'contas-receber:ler': 'Contas a receber (sensível)',
                  'contas-pagar:ler': 'Contas a pagar (sensível)',
                  'boletos:ler': 'Boletos (sensível)',
                },
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
