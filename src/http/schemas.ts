import { Type, type TSchema } from 'typebox';

export const ErrorEnvelopeSchema = Type.Object(
  {
    erro: Type.Object({
      codigo: Type.String({ description: 'Código do catálogo de erros.' }),
      mensagem: Type.String({ description: 'Mensagem em pt-BR.' }),
      detalhes: Type.Array(Type.Object({ campo: Type.String(), mensagem: Type.String() })),
      request_id: Type.String({ format: 'uuid', description: 'Igual ao cabeçalho X-Request-ID.' }),
    }),
  },
  { $id: 'ErroEnvelope', description: 'Envelope de erro dos endpoints de dados.' },
);

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

export const ListMetaSchema = Type.Object({
  pagina: Type.Integer(),
  por_pagina: Type.Integer(),
  total: Type.Integer(),
  total_paginas: Type.Integer({ description: '0 quando não há registros.' }),
});

export function listOf(item: TSchema): TSchema {
  return Type.Object({ data: Type.Array(item), meta: ListMetaSchema }, { description: 'Página de registros com os totais em `meta`.' });
}

export function detailOf(item: TSchema): TSchema {
  return Type.Object({ data: item }, { description: 'O registro pedido.' });
}

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** RFC 3339 UTC, second precision (D18). */
export const DateTimeUtc = Nullable(Type.String({ format: 'date-time', description: 'AAAA-MM-DDTHH:mm:ssZ (UTC).' }));
