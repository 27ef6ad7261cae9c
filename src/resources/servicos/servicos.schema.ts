import { Type } from 'typebox';
import { catalogoFields } from '../produtos/catalogo.schema.ts';

export const ServicoSchema = Type.Object(catalogoFields, {
  description:
    'Serviço do catálogo da empresa: os campos do produto, sem `unidade`. `codigo`, `descricao` e `data_cadastro` podem ser `null`; ' +
    '`nome` e `valor` nunca: sem cadastro, `""` e `0`.',
});
