import { Type } from 'typebox';
import { listParams } from '../../contract/pagination.ts';
import type { ParamSpecs } from '../../contract/params.ts';
import { periodParams } from '../../contract/period.ts';
import { AtualizadoEm, Nullable } from '../../contract/schemas.ts';
import { BOLETO_STATUS } from '../../domain/boleto.ts';

export const BOLETOS_SORTS = ['id', 'emissao', 'vencimento', 'pagamento', 'valor', 'atualizado_em'] as const;

export const boletosListParams = {
  ...periodParams('vencimento'),
  status: {
    kind: 'enum',
    values: BOLETO_STATUS,
    description: 'Situação do boleto como informada pelo banco.',
  },
  cliente_id: {
    kind: 'integer',
    min: 1,
    description: 'Id do cliente do boleto: inteiro positivo, só dígitos. Boletos de cliente excluído também são encontrados por ele.',
  },
  ...listParams(BOLETOS_SORTS, 'vencimento', 'desc'),
} as const satisfies ParamSpecs;

// D18: a business date is the date the bank reported, never shifted by a time zone.
const BusinessDate = (description: string) => Nullable(Type.String({ format: 'date', description: `${description} AAAA-MM-DD.` }));

export const BoletoSchema = Type.Object(
  {
    id: Type.Integer({ description: 'Id do boleto.' }),
    cliente: Type.Union(
      [Type.Object({ id: Type.Integer(), nome: Type.String({ description: 'Nome do cliente, como em `/clientes`.' }) }), Type.Null()],
      {
        description:
          '`null` quando o cliente está indisponível: excluído, inexistente ou não informado no boleto. O boleto continua sendo listado.',
      },
    ),
    numero_documento: Nullable(Type.String({ description: 'Número do documento no banco.' })),
    linha_digitavel: Nullable(Type.String({ description: 'Linha digitável do boleto.' })),
    valor: Type.Number({ description: 'Valor em reais: número JSON exato, com no máximo 2 casas decimais.' }),
    emissao: BusinessDate('Data de emissão.'),
    vencimento: BusinessDate('Data de vencimento; é a data filtrada por `data_inicio`/`data_fim`.'),
    status: Type.Enum(BOLETO_STATUS, { type: 'string', description: 'Situação como informada pelo banco, sem cálculo pela API.' }),
    data_pagamento: BusinessDate('Data do pagamento.'),
    data_compensacao: BusinessDate('Data da compensação.'),
    atualizado_em: AtualizadoEm,
  },
  { description: 'Boleto bancário.' },
);

/** A paid slip, for the OpenAPI examples. */
export const boletoExample = {
  id: 88,
  cliente: { id: 1, nome: 'João da Silva' },
  numero_documento: '000188',
  linha_digitavel: '34191.79001 01043.510047 91020.150008 8 11070000015017',
  valor: 150.17,
  emissao: '2025-06-02',
  vencimento: '2025-07-10',
  status: 'pago',
  data_pagamento: '2025-07-08',
  data_compensacao: '2025-07-09',
  atualizado_em: '2025-07-09T10:02:51Z',
};
