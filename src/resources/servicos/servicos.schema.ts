import { Type } from 'typebox';
import { catalogoFields } from '../produtos/catalogo.schema.ts';

export const ServicoSchema = Type.Object(catalogoFields, {
  description:
    'Serviço do catálogo da empresa: os campos do produto, sem `unidade`. `codigo`, `descricao` e `data_cadastro` podem ser `null`; ' +
    '`nome` e `valor` nunca: sem cadastro, `""` e `0`.',
});

/** A service, for the OpenAPI examples. */
export const servicoExample = {
  id: 3,
  codigo: 'INST-SPLIT',
  nome: 'Instalação de ar-condicionado split',
  descricao: null,
  valor: 350,
  ativo: true,
  data_cadastro: '2024-01-20T14:07:31Z',
  atualizado_em: '2024-01-20T14:07:31Z',
};
