import { WEBHOOK_RETRY_DELAYS_SECONDS } from '../domain/limits.ts';
import { NOTIFIABLE_RESOURCES } from '../domain/notification-resources.ts';
import { PREVIOUS_SECRET_HOURS } from '../webhooks/endpoints.service.ts';
import { eventBody, type EventType } from '../webhooks/events.ts';
import { ATTEMPT_TIMEOUT_MS } from '../webhooks/sender.ts';

/**
 * The notifications (webhooks) in the OpenAPI 3.1 `webhooks` object: the `POST` the server sends
 * to an integrator's endpoint for each event type, with the Standard Webhooks headers, the body
 * schema and the answer it waits for. Built from the constants and the body builder the sender
 * uses, so the description cannot drift from what is sent.
 */
type Json = Record<string, unknown>;

/** `5 s, 5 min, 30 min, 2 h, ...`: the retry delays as an integrator reads them. */
export function retryDelaysText(delays: readonly number[] = WEBHOOK_RETRY_DELAYS_SECONDS): string {
  return delays.map((s) => (s % 3600 === 0 ? `${s / 3600} h` : s % 60 === 0 ? `${s / 60} min` : `${s} s`)).join(', ');
}

const TIMEOUT_SECONDS = ATTEMPT_TIMEOUT_MS / 1000;

/** The tag of the notifications, declared beside the resources' tags. */
export const WEBHOOKS_TAG = {
  name: 'Notificações (webhooks)',
  description:
    'Avisos que o servidor envia (`POST`) à URL de um endpoint cadastrado pela sua empresa quando há alterações num recurso ' +
    'que o endpoint segue. O aviso não traz registros: ao recebê-lo, leia o feed `GET /v1/<recurso>/alteracoes` a partir do ' +
    'cursor que você guardou. Cada aviso é assinado pela especificação Standard Webhooks (cabeçalhos `webhook-id`, ' +
    '`webhook-timestamp` e `webhook-signature`): verifique-o com a biblioteca da sua linguagem e o segredo `whsec_...` do ' +
    'endpoint. Os endpoints são cadastrados em Configurações › Dados da Empresa › Integrações › API Externa, por credencial.',
};

const EXAMPLE_ID = 'evt_Q2hhbmdlc0F2YWlsYWJsZQ';
const EXAMPLE_DATE = new Date('2026-03-02T14:05:09Z');
const exampleBody = (tipo: EventType, recurso: string | null): Json =>
  JSON.parse(eventBody(EXAMPLE_ID, tipo, EXAMPLE_DATE, recurso)) as Json;

const ID_SCHEMA: Json = {
  type: 'string',
  pattern: '^evt_[A-Za-z0-9_-]+$',
  description: 'Id do evento, único. É o mesmo em todas as tentativas do evento e igual ao cabeçalho `webhook-id`.',
};
const CREATED_SCHEMA: Json = {
  type: 'string',
  format: 'date-time',
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$',
  description: 'Quando o evento foi criado, em UTC (`AAAA-MM-DDTHH:mm:ssZ`). Não muda entre as tentativas.',
};

/** The body of a change event: which resource's feed has news. */
const CHANGES_SCHEMA: Json = {
  type: 'object',
  description:
    'Há alterações no recurso `dados.recurso`: leia o feed `GET /v1/<recurso>/alteracoes` a partir do seu cursor. ' +
    'Campos novos podem aparecer: ignore os que não conhece.',
  required: ['id', 'tipo', 'criado_em', 'dados'],
  properties: {
    id: ID_SCHEMA,
    tipo: { type: 'string', const: 'alteracoes.disponiveis', description: 'Sempre `alteracoes.disponiveis`.' },
    criado_em: CREATED_SCHEMA,
    dados: {
      type: 'object',
      required: ['recurso'],
      properties: {
        recurso: {
          type: 'string',
          enum: NOTIFIABLE_RESOURCES.map((r) => r.recurso),
          description:
            'O recurso que mudou, um dos que o endpoint segue: o feed a ler é `GET /v1/<recurso>/alteracoes`, com o escopo do recurso.',
        },
      },
    },
  },
};

/** The body of a test event: no resource. */
const TEST_SCHEMA: Json = {
  type: 'object',
  description:
    'Evento de teste, enviado quando alguém pede "enviar evento de teste" na página de configurações. Não há nada a ler: ' +
    'verifique a assinatura e responda 2xx. Campos novos podem aparecer: ignore os que não conhece.',
  required: ['id', 'tipo', 'criado_em', 'dados'],
  properties: {
    id: ID_SCHEMA,
    tipo: { type: 'string', const: 'teste', description: 'Sempre `teste`.' },
    criado_em: CREATED_SCHEMA,
    dados: { type: 'object', description: 'Vazio (`{}`): um evento de teste não fala de nenhum recurso.' },
  },
};

/** The Standard Webhooks headers of every attempt, as header parameters. */
const SIGNATURE_HEADERS: Json[] = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: 'Id do evento (`evt_...`), o mesmo em todas as tentativas: use-o para descartar um evento já tratado, se quiser.',
    schema: { type: 'string', pattern: '^evt_[A-Za-z0-9_-]+$' },
    example: EXAMPLE_ID,
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description:
      'Horário Unix, em segundos, desta tentativa. Recuse um aviso cujo horário esteja a mais de 5 minutos do seu relógio ' +
      '(as bibliotecas Standard Webhooks fazem isso).',
    schema: { type: 'string', pattern: '^\\d+$' },
    example: String(EXAMPLE_DATE.getTime() / 1000),
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      '`v1,` seguido do HMAC-SHA256, em base64, de `<webhook-id>.<webhook-timestamp>.<corpo>`, com os bytes do segredo ' +
      `(\`whsec_<base64>\`, decodificado). Por ${PREVIOUS_SECRET_HOURS} h depois de uma troca de segredo vêm duas assinaturas, ` +
      'separadas por espaço (a do segredo novo primeiro): aceite o aviso se uma delas confere.',
    schema: { type: 'string', pattern: '^v1,[A-Za-z0-9+/]+=*( v1,[A-Za-z0-9+/]+=*)*$' },
    example: 'v1,j4DgxGgeoajAfwiCOLAwXyEDqzeZ/Kk7c6QH5h/i7x8=',
  },
];

const FAILURE =
  'Qualquer outro status (também 3xx: redirecionamentos não são seguidos), um erro de rede ou nenhuma resposta em ' +
  `${TIMEOUT_SECONDS} segundos é uma falha`;

/** The answers the sender waits for; a test event is tried once, a change event on the retry schedule. */
function responses(retried: boolean): Json {
  return {
    '2XX': {
      description:
        `Recebido: qualquer status 2xx em até ${TIMEOUT_SECONDS} segundos encerra o evento. O corpo da resposta é ignorado. ` +
        (retried ? 'Responda logo e leia o feed depois, fora da requisição.' : 'O registro de entregas mostra o status.'),
    },
    '4XX': {
      description: retried
        ? `${FAILURE}: o evento é tentado de novo depois de ${retryDelaysText()}. Após a última falha o endpoint fica ` +
          'desativado (`desativado_por_falhas`) até ser reativado na página de configurações.'
        : `${FAILURE}, que o registro de entregas mostra. O evento de teste não é tentado de novo e não conta para desativar o endpoint.`,
    },
    '5XX': {
      description: retried
        ? 'Uma falha, como 4xx: o evento é tentado de novo no mesmo calendário.'
        : 'Uma falha, como 4xx: mostrada no registro de entregas, sem nova tentativa.',
    },
  };
}

function webhookOperation(
  operationId: string,
  summary: string,
  description: string,
  schema: string,
  example: Json,
  retried: boolean,
): Json {
  return {
    post: {
      operationId,
      tags: [WEBHOOKS_TAG.name],
      summary,
      description,
      security: [],
      parameters: SIGNATURE_HEADERS,
      requestBody: {
        required: true,
        description:
          'O evento, em `application/json`. Verifique a assinatura sobre os bytes exatos do corpo recebido, antes de interpretá-lo.',
        content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` }, example } },
      },
      responses: responses(retried),
    },
  };
}

/** The `webhooks` object and the schemas it refers to. */
export function webhooksDescription(): { webhooks: Json; schemas: Record<string, Json> } {
  return {
    webhooks: {
      'alteracoes.disponiveis': webhookOperation(
        'notificarAlteracoesDisponiveis',
        'Alterações disponíveis num recurso',
        'Enviado à URL do endpoint cerca de 5 segundos depois de uma alteração num recurso que ele segue. As alterações feitas ' +
          'nesse intervalo vão juntas num só evento por endpoint e recurso. A entrega é "pelo menos uma vez": o mesmo evento pode ' +
          'chegar mais de uma vez, e eventos podem chegar fora de ordem — nada disso importa, porque o evento só diz qual feed ler, ' +
          'e o feed, lido a partir do seu cursor, traz exatamente o que mudou.',
        'EventoAlteracoesDisponiveis',
        exampleBody('alteracoes.disponiveis', 'contas-receber'),
        true,
      ),
      teste: webhookOperation(
        'notificarTeste',
        'Evento de teste',
        'Enviado quando alguém pede "enviar evento de teste" na página de configurações, para conferir a URL, a verificação da ' +
          'assinatura e a resposta do seu servidor. É tentado uma só vez e não conta para desativar o endpoint.',
        'EventoTeste',
        exampleBody('teste', null),
        false,
      ),
    },
    schemas: { EventoAlteracoesDisponiveis: CHANGES_SCHEMA, EventoTeste: TEST_SCHEMA },
  };
}
