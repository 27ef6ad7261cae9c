import { Type } from 'typebox';
import { listParams } from '../../http/pagination.ts';
import type { ParamSpecs } from '../../http/params.ts';
import { DateTimeUtc, Nullable } from '../../http/schemas.ts';

/** What produtos and servicos share (D24): list parameters and record fields. */
export const CATALOGO_SORTS = ['id', 'nome'] as const;

/** `noun` is the plural the descriptions speak of: "produtos" or "serviços". */
export function catalogoListParams(noun: string) {
  return {
    nome: {
      kind: 'text',
      minLength: 2,
      maxLength: 100,
      description: `Busca por parte do nome dos ${noun}, sem diferenciar maiúsculas nem acentos ("agua" encontra "Água"); \`%\` e \`_\` valem como texto (D11). Mínimo 2 caracteres, sem contar espaços nas pontas.`,
    },
    ativo: { kind: 'flag', description: `\`1\` ${noun} ativos (padrão) ou \`0\` inativos (D24).` },
    ...listParams(CATALOGO_SORTS, 'id', 'asc'),
  } as const satisfies ParamSpecs;
}

/** D8: detail routes accept no query parameter. */
export const catalogoDetailParams = {} as const satisfies ParamSpecs;

/** The fields of both records, in the order the API writes them (produtos add `unidade` after `descricao`). */
export const catalogoFields = {
  id: Type.Integer(),
  codigo: Nullable(Type.String({ description: 'Código cadastrado pela empresa.' })),
  nome: Type.String({ description: 'Nome cadastrado; `""` (texto vazio) quando não cadastrado, nunca `null` (D24).' }),
  descricao: Nullable(Type.String()),
  valor: Type.Number({ description: 'Preço em reais: número JSON com no máximo 2 casas decimais, exato (D23); `0` quando não cadastrado, nunca `null` (D24).' }),
  ativo: Type.Boolean(),
  data_cadastro: DateTimeUtc,
};
