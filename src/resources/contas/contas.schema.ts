import { Type } from 'typebox';
import { CEDENTE_TIPOS, CONTA_STATUS } from '../../domain/conta.ts';
import { listParams } from '../../contract/pagination.ts';
import type { ParamSpecs } from '../../contract/params.ts';
import { periodParams } from '../../contract/period.ts';
import { AtualizadoEm, Nullable } from '../../contract/schemas.ts';

export const CONTAS_SORTS = ['id', 'vencimento', 'valor', 'data_pagamento', 'atualizado_em'] as const;

export type ContasSort = (typeof CONTAS_SORTS)[number];

const STATUS_RULE =
  '`pago` quando há `data_pagamento`; senão `vencido` quando `vencimento` é anterior a hoje no fuso America/Sao_Paulo; senão `aberto`.';

/** The same parameters for receivables and payables (spec: "Same filters, sorting, statuses"). */
export const contasListParams = {
  ...periodParams('vencimento'),
  status: {
    kind: 'enum',
    values: CONTA_STATUS,
    description: `Situação calculada na leitura, com a mesma regra do campo \`status\`: ${STATUS_RULE}`,
  },
  cedente_tipo: { kind: 'enum', values: CEDENTE_TIPOS, description: 'Tipo do cedente.' },
  cedente_id: {
    kind: 'integer',
    min: 1,
    description: 'Id do cedente. Exige `cedente_tipo`, que não pode ser `outro` (cedente de texto livre, sem id).',
  },
  ...listParams(CONTAS_SORTS, 'vencimento', 'desc'),
} as const satisfies ParamSpecs;

const CedenteSchema = Type.Object(
  {
    tipo: Type.Enum(CEDENTE_TIPOS, { type: 'string', description: '`outro` é um cedente de texto livre, sem id.' }),
    id: Nullable(Type.Integer({ description: 'null quando o tipo é `outro`.' })),
    nome: Nullable(
      Type.String({
        description:
          'Nome atual do cadastro (cliente: o mesmo `nome` de `/clientes`). Tipo `outro`: o texto livre. ' +
          'null quando o cadastro foi excluído ou não existe.',
      }),
    ),
  },
  { description: 'Quem origina a conta. Cadastro excluído ou inexistente: `tipo` e `id` são mantidos e `nome` é null.' },
);

export const ContaSchema = Type.Object(
  {
    id: Type.Integer({ description: 'Id da conta.' }),
    cedente: CedenteSchema,
    descricao: Nullable(Type.String({ description: 'Descrição cadastrada.' })),
    valor: Type.Number({ description: 'Valor exato: número JSON com no máximo 2 casas decimais.' }),
    vencimento: Type.String({ format: 'date', description: 'AAAA-MM-DD.' }),
    status: Type.Enum(CONTA_STATUS, { type: 'string', description: `Calculado na leitura: ${STATUS_RULE}` }),
    data_pagamento: Nullable(Type.String({ format: 'date', description: 'Data do pagamento, AAAA-MM-DD; null enquanto não paga.' })),
    atualizado_em: AtualizadoEm,
  },
  { description: 'Conta a receber ou a pagar (mesmo formato). Contas excluídas nunca aparecem.' },
);
