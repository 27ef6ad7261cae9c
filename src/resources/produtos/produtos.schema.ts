import { Type } from 'typebox';
import { Nullable } from '../../http/schemas.ts';
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
  },
  {
    description:
      'Produto do catálogo da empresa. `codigo`, `descricao`, `unidade` e `data_cadastro` podem ser `null`; ' +
      '`nome` e `valor` nunca: sem cadastro, `""` e `0`.',
  },
);
