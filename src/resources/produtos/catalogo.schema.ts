import { Type } from 'typebox';
import { NOME_MIN_LENGTH } from '../../domain/limits.ts';
import { listParams } from '../../contract/pagination.ts';
import type { ParamSpecs } from '../../contract/params.ts';
import { AtualizadoEm, DateTimeUtc, Nullable } from '../../contract/schemas.ts';

/** What produtos and servicos share (D24): list parameters and record fields. */
export const CATALOGO_SORTS = ['id', 'nome', 'atualizado_em'] as const;

/** `noun` is the plural the descriptions speak of: "produtos" or "serviços". */
export function catalogoListParams(noun: string) {
  return {
    nome: {
      kind: 'text',
      minLength: NOME_MIN_LENGTH,
      maxLength: 100,
      description: `Busca por parte do nome dos ${noun}, sem diferenciar maiúsculas nem acentos ("agua" encontra "Água"); \`%\` e \`_\` valem como texto. Mínimo ${NOME_MIN_LENGTH} caracteres, sem contar espaços nas pontas.`,
    },
    ativo: { kind: 'flag', default: true, description: `\`1\` ${noun} ativos (padrão) ou \`0\` inativos.` },
    ...listParams(CATALOGO_SORTS, 'id', 'asc'),
  } as const satisfies ParamSpecs;
}

/** D8: detail routes accept no query parameter. */
export const catalogoDetailParams = {} as const satisfies ParamSpecs;

/** The fields of both records, in the order the API writes them (produtos add `unidade` after `descricao`). */
export const catalogoFields = {
  id: Type.Integer({ description: 'Id do registro.' }),
  codigo: Nullable(Type.String({ description: 'Código cadastrado pela empresa.' })),
  nome: Type.String({ description: 'Nome cadastrado; `""` (texto vazio) quando não cadastrado, nunca `null`.' }),
  descricao: Nullable(Type.String({ description: 'Descrição cadastrada.' })),
  valor: Type.Number({
    description: 'Preço em reais: número JSON exato, com no máximo 2 casas decimais; `0` quando não cadastrado, nunca `null`.',
  }),
  ativo: Type.Boolean({ description: 'false para registros inativos (listados só com `ativo=0`).' }),
  data_cadastro: DateTimeUtc,
  atualizado_em: AtualizadoEm,
};
