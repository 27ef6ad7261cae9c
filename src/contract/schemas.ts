import { Type, type TSchema } from 'typebox';
import { DATA_ERRORS } from '../errors/catalogue.ts';

/**
 * The data envelope of an error whose `erro.codigo` is one of `codes`: every field of the body
 * stated, so that a schema built for one status (contract/openapi.ts) describes the whole body
 * on its own, as one built for all of them does.
 */
export function errorEnvelopeOf(codes: readonly string[], options: { $id?: string; description?: string } = {}) {
  return Type.Object(
    {
      erro: Type.Object({
        codigo: Type.String({
          enum: [...codes],
          description: 'Código do catálogo de erros; cada resposta documenta os códigos que seu status pode trazer.',
        }),
        mensagem: Type.String({ description: 'Mensagem em pt-BR, para pessoas; não interprete o texto, use `codigo`.' }),
        detalhes: Type.Array(
          Type.Object({
            campo: Type.String({ description: 'Parâmetro com problema (`scope` no 403 `escopo_insuficiente`).' }),
            mensagem: Type.String({ description: 'O que há de errado com ele.' }),
          }),
          {
            description:
              'Um item por parâmetro com problema no 400; no 403 `escopo_insuficiente`, um item que nomeia o escopo exigido; ' +
              'vazio nos demais erros.',
          },
        ),
        request_id: Type.String({ format: 'uuid', description: 'Igual ao cabeçalho X-Request-ID.' }),
      }),
    },
    options,
  );
}

export const ErrorEnvelopeSchema = errorEnvelopeOf(Object.keys(DATA_ERRORS), {
  $id: 'ErroEnvelope',
  description: 'Envelope de erro dos endpoints de dados.',
});

const errorRef = Type.Unsafe<unknown>({ $ref: 'ErroEnvelope#' });

/** Error responses every data route may give (D4). */
export const dataErrorResponses = {
  400: errorRef,
  401: errorRef,
  403: errorRef,
  404: errorRef,
  429: errorRef,
  500: errorRef,
  503: errorRef,
};

export const ListMetaSchema = Type.Object(
  {
    pagina: Type.Integer({ minimum: 1, description: 'A página devolvida.' }),
    por_pagina: Type.Integer({ minimum: 1, description: 'Registros por página pedidos.' }),
    total: Type.Integer({ minimum: 0, description: 'Registros que atendem aos filtros, em todas as páginas.' }),
    total_paginas: Type.Integer({ minimum: 0, description: '0 quando não há registros.' }),
  },
  { description: 'Paginação de uma lista. Uma página além da última devolve `data: []` com os totais verdadeiros.' },
);

/*
 * The success envelopes of the data routes: one definition, read by Fastify's route schemas (the
 * record inline) and by the OpenAPI description (the record and the page meta as `$ref`s to its
 * components, contract/openapi.ts), so the two cannot drift apart.
 */

/** A list page (spec "List envelope", D10); `meta` is ListMetaSchema or a reference to it. */
export function listOf(item: TSchema, meta: TSchema = ListMetaSchema): TSchema {
  return Type.Object({ data: Type.Array(item), meta }, { description: 'Página de registros com os totais em `meta`.' });
}

/** One record by id. */
export function detailOf(item: TSchema): TSchema {
  return Type.Object({ data: item }, { description: 'O registro pedido.' });
}

/**
 * `T` or null; the value's description is also the field's, where documentation tools read it,
 * unless the field has its own (`description`).
 */
export const Nullable = <T extends TSchema>(schema: T, description?: string) => {
  const own = description ?? (schema as { description?: unknown }).description;
  return Type.Union([schema, Type.Null()], typeof own === 'string' ? { description: own } : {});
};

/**
 * When anything the record serves last changed (D42): RFC 3339 UTC, second precision (D18); never null.
 */
export const AtualizadoEm = Type.String({
  format: 'date-time',
  description:
    'Última alteração de algum valor do registro, AAAA-MM-DDTHH:mm:ssZ (UTC). Não muda com o nome de outro cadastro embutido ' +
    'nem com um status calculado na leitura.',
});

/** RFC 3339 UTC, second precision (D18). */
export const DateTimeUtc = Nullable(Type.String({ format: 'date-time', description: 'Data e hora, AAAA-MM-DDTHH:mm:ssZ (UTC).' }));

/** A page of a change feed (D44): entries in the order their changes became visible, and where to go on. */
export function feedOf(record: TSchema): TSchema {
  const entry = Type.Object({
    operacao: Type.Unsafe<'alterado' | 'excluido'>({
      type: 'string',
      enum: ['alterado', 'excluido'],
      description: '`alterado`: o registro foi criado, alterado ou restaurado; `excluido`: saiu dos dados da empresa.',
    }),
    id: Type.Integer({ minimum: 1 }),
    atualizado_em: Type.String({
      format: 'date-time',
      description: '`atualizado_em` do registro; numa exclusão, o instante em que ele saiu dos dados da empresa.',
    }),
    registro: Nullable(record, 'O registro como a listagem o serve; `null` em `excluido`.'),
  });
  return Type.Object(
    {
      data: Type.Array(entry, {
        description:
          'Cada registro aparece uma vez por página, no estado mais recente, na posição da sua alteração mais recente. ' +
          '`registro` é igual ao da listagem do recurso; `null` em `excluido`.',
      }),
      meta: Type.Object({
        proximo_cursor: Type.String({
          description: 'Sempre presente: o `cursor` da próxima página ou, na última, o ponto de onde retomar mais tarde.',
        }),
        tem_mais: Type.Boolean({ description: '`true` enquanto houver alterações a ler agora.' }),
      }),
    },
    { description: 'Página do feed de alterações.' },
  );
}
