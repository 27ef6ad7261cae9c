import { Type } from 'typebox';
import { listParams } from '../../http/pagination.ts';
import type { ParamSpecs } from '../../http/params.ts';
import { periodParams } from '../../http/period.ts';
import { DateTimeUtc, Nullable } from '../../http/schemas.ts';
import { STANDARD_OS_STATUS } from '../../domain/ordem-servico.ts';

export const ORDENS_SERVICO_SORTS = ['id', 'data_abertura', 'data_conclusao'] as const;

const standardList = STANDARD_OS_STATUS.map((s) => `\`${s}\``).join(', ');

export const ordensServicoListParams = {
  ...periodParams('data_abertura'),
  status: {
    // The accepted values depend on the company's catalogue, so the parser only reads the text,
    // exactly as sent; the route's check tests membership (D14).
    kind: 'text',
    exact: true,
    minLength: 1,
    maxLength: 200,
    description:
      `Status da OS, por igualdade exata. Um dos 11 valores padrão (${standardList}) ` +
      'ou um status personalizado do catálogo editável da empresa da credencial; qualquer outro valor é 400.',
  },
  cliente_id: { kind: 'integer', min: 1, description: 'Id do cliente: inteiro positivo, só dígitos, sem zeros à esquerda.' },
  tecnico_id: { kind: 'integer', min: 1, description: 'Id do técnico: inteiro positivo, só dígitos, sem zeros à esquerda.' },
  ...listParams(ORDENS_SERVICO_SORTS, 'data_abertura', 'desc'),
} as const satisfies ParamSpecs;

/** D8: the detail accepts no query parameter. */
export const ordensServicoDetailParams = {} as const satisfies ParamSpecs;

/** `{id, nome}` or null; the description sits on the union so it documents the null case too. */
const Pessoa = (description: string) =>
  Type.Union([Type.Object({ id: Type.Integer(), nome: Type.String() }), Type.Null()], { description });

const Money = (description: string) =>
  Type.Number({ description: `${description} Número JSON com no máximo 2 casas decimais, em aritmética decimal exata.` });

const ordemFields = {
  id: Type.Integer(),
  numero: Type.String({ description: 'O texto `OS-` seguido do id.', examples: ['OS-1234'] }),
  status: Type.String({
    description: `Um dos 11 status padrão (${standardList}) ou um status personalizado do catálogo editável da empresa.`,
  }),
  cliente: Pessoa(
    'Cliente da OS: `nome` é nome e sobrenome (pessoa física) ou razão social (pessoa jurídica), como em `/clientes`. ' +
      'null quando a OS não tem cliente ou quando ele foi excluído ou não existe; a OS continua sendo retornada.',
  ),
  tecnico: Pessoa(
    'Técnico da OS (`nome` vazio quando não há nome cadastrado). ' +
      'null quando a OS não tem técnico ou quando ele foi excluído ou não existe; a OS continua sendo retornada.',
  ),
  data_abertura: Type.String({ format: 'date', description: 'Data de abertura, AAAA-MM-DD, nunca deslocada por fuso horário.' }),
  hora_abertura: Nullable(Type.String({ pattern: '^\\d{2}:\\d{2}:\\d{2}$', description: 'Hora de abertura, HH:mm:ss.' })),
  criada_em: DateTimeUtc,
  data_conclusao: Nullable(
    Type.String({
      format: 'date-time',
      description: 'Data e hora do checkout, AAAA-MM-DDTHH:mm:ssZ (UTC), qualquer que seja o status atual.',
    }),
  ),
  valor_total: Money('Soma exata do `subtotal` dos itens não excluídos; 0 quando não há itens.'),
};

export const OrdemServicoSchema = Type.Object(ordemFields, {
  description: 'Ordem de serviço. OS excluídas nunca aparecem.',
});

const ItemSchema = Type.Object({
  id: Type.Integer(),
  tipo: Nullable(Type.Union([Type.Literal('produto'), Type.Literal('servico')], { description: '`produto` ou `servico`.' })),
  item_id: Nullable(Type.Integer({ description: 'Id do produto ou serviço relacionado (`/produtos/{id}` ou `/servicos/{id}`).' })),
  descricao: Type.String(),
  quantidade: Type.Number({ description: 'Quantidade: número JSON exato, com no máximo 4 casas decimais.' }),
  valor_unitario: Money('Valor unitário.'),
  subtotal: Money('Subtotal do item.'),
});

const ChecklistSchema = Type.Object({
  id: Type.Integer(),
  equipamento_id: Nullable(Type.Integer({ description: 'Equipamento a que a linha se refere, quando houver.' })),
  tipo: Nullable(Type.Union([Type.Literal('opcoes'), Type.Literal('texto'), Type.Literal('titulo')])),
  pergunta: Type.String(),
  resposta: Nullable(Type.String({ description: 'Pode ser null, por exemplo numa linha de título sem resposta.' })),
  motivo_nao_conformidade: Nullable(Type.String({ description: 'Motivo informado, quando aplicável.' })),
});

export const OrdemServicoDetalheSchema = Type.Object(
  {
    ...ordemFields,
    itens: Type.Array(ItemSchema, { description: 'Itens não excluídos, em ordem de id.' }),
    checklist: Type.Array(ChecklistSchema, {
      description: 'Linhas não excluídas do checklist, na ordem configurada na OS (sem ordem configurada por último), depois por id.',
    }),
  },
  { description: 'Ordem de serviço com itens e checklist. OS excluídas ou de outra empresa: 404.' },
);
