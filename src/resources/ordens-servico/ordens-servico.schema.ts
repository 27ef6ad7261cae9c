import { Type } from 'typebox';
import { listParams } from '../../contract/pagination.ts';
import type { ParamSpecs } from '../../contract/params.ts';
import { periodParams } from '../../contract/period.ts';
import { AtualizadoEm, DateTimeUtc, Nullable } from '../../contract/schemas.ts';
import { STANDARD_OS_STATUS } from '../../domain/ordem-servico.ts';

export const ORDENS_SERVICO_SORTS = ['id', 'data_abertura', 'data_conclusao', 'atualizado_em'] as const;

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
  id: Type.Integer({ description: 'Id da OS.' }),
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
  atualizado_em: AtualizadoEm,
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

/** An order as the list writes it, for the OpenAPI examples. */
export const ordemServicoExample = {
  id: 1234,
  numero: 'OS-1234',
  status: 'em_execucao',
  cliente: { id: 1, nome: 'João da Silva' },
  tecnico: { id: 7, nome: 'Carlos Pereira' },
  data_abertura: '2025-06-02',
  hora_abertura: '08:30:00',
  criada_em: '2025-06-02T11:30:00Z',
  data_conclusao: null,
  valor_total: 450.5,
  atualizado_em: '2025-06-02T14:12:08Z',
};

/** The same order in its detail, with its items and checklist. */
export const ordemServicoDetalheExample = {
  ...ordemServicoExample,
  itens: [
    {
      id: 5501,
      tipo: 'servico',
      item_id: 3,
      descricao: 'Instalação de ar-condicionado split',
      quantidade: 1,
      valor_unitario: 350,
      subtotal: 350,
    },
    {
      id: 5502,
      tipo: 'produto',
      item_id: 12,
      descricao: 'Suporte para condensadora',
      quantidade: 2,
      valor_unitario: 50.25,
      subtotal: 100.5,
    },
  ],
  checklist: [
    { id: 901, equipamento_id: null, tipo: 'titulo', pergunta: 'Conferência final', resposta: null, motivo_nao_conformidade: null },
    {
      id: 902,
      equipamento_id: 31,
      tipo: 'opcoes',
      pergunta: 'O equipamento ligou após o serviço?',
      resposta: 'Sim',
      motivo_nao_conformidade: null,
    },
  ],
};
