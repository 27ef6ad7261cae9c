import { Type } from 'typebox';
import { Nullable } from '../../contract/schemas.ts';
import { catalogoFields as f } from './catalogo.schema.ts';

export const ProdutoSchema = Type.Object(
  {
    id: f.id,
    codigo: f.codigo,
    nome: f.nome,
    descricao: f.descricao,
    unidade: Nullable(Type.String({ description: 'Unidade de venda, como cadastrada (ex.: `UN`, `KG`).' })),
    valor: f.valor,
    ativo: f.ativo,
    data_cadastro: f.data_cadastro,
    atualizado_em: f.atualizado_em,
  },
  {
    description:
      'Produto do catálogo da empresa. `codigo`, `descricao`, `unidade` e `data_cadastro` podem ser `null`; ' +
      '`nome` e `valor` nunca: sem cadastro, `""` e `0`.',
  },
);

/** A product, for the OpenAPI examples. */
export const produtoExample = {
  id: 12,
  codigo: 'SUP-CD-01',
  nome: 'Suporte para condensadora',
  descricao: 'Par de suportes de aço galvanizado',
  unidade: 'UN',
  valor: 50.25,
  ativo: true,
  data_cadastro: '2024-01-20T14:05:00Z',
  atualizado_em: '2025-09-12T16:40:03Z',
};
