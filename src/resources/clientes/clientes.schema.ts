import { Type } from 'typebox';
import { NOME_MIN_LENGTH } from '../../domain/limits.ts';
import { listParams } from '../../contract/pagination.ts';
import type { ParamSpecs } from '../../contract/params.ts';
import { AtualizadoEm, DateTimeUtc, Nullable } from '../../contract/schemas.ts';

export const CLIENTES_SORTS = ['id', 'nome', 'data_cadastro', 'atualizado_em'] as const;

const incluir = {
  kind: 'enum',
  values: ['contato'] as const,
  description:
    'Único valor: `contato`. Acrescenta documento, e-mails, telefones e endereço. Exige o escopo `clientes:contato:ler`: ' +
    'sem ele, 403 `escopo_insuficiente` (os campos de contato nunca vêm sem esse escopo).',
} as const;

export const clientesListParams = {
  nome: {
    kind: 'text',
    minLength: NOME_MIN_LENGTH,
    maxLength: 100,
    description:
      'Busca por parte do nome (pessoa física), da razão social ou do nome fantasia, sem diferenciar maiúsculas nem acentos ' +
      `("joao" encontra "João"); \`%\` e \`_\` valem como texto. Mínimo ${NOME_MIN_LENGTH} caracteres, sem contar espaços nas pontas.`,
  },
  cidade: {
    kind: 'text',
    minLength: 1,
    maxLength: 100,
    description: 'Cidade do endereço, por igualdade, sem diferenciar maiúsculas nem acentos e sem contar espaços nas pontas.',
  },
  ativo: { kind: 'flag', default: true, description: '`1` ativos (padrão) ou `0` inativos.' },
  documento: {
    kind: 'text',
    minLength: 1,
    maxLength: 30,
    description:
      'CPF (11 dígitos) ou CNPJ (14 dígitos), com ou sem pontuação; compara os dígitos do documento cadastrado. ' +
      'Exige o escopo `clientes:contato:ler` (sem ele, 403 `escopo_insuficiente`).',
  },
  incluir,
  ...listParams(CLIENTES_SORTS, 'id', 'asc'),
} as const satisfies ParamSpecs;

export const clientesDetailParams = { incluir } as const satisfies ParamSpecs;

const contato = {
  documento: Type.Optional(Nullable(Type.String({ description: 'CPF ou CNPJ como cadastrado.' }))),
  emails: Type.Optional(Type.Array(Type.String(), { description: 'E-mails cadastrados, sem os vazios; pode ser `[]`.' })),
  telefones: Type.Optional(
    Type.Array(
      Type.Object({
        tipo: Type.String({ description: 'Tipo como cadastrado (ex.: `celular`, `fixo`).' }),
        numero: Type.String({ description: 'Número como cadastrado.' }),
      }),
      { description: 'Telefones na ordem cadastrada.' },
    ),
  ),
  endereco: Type.Optional(
    Nullable(
      Type.Object(
        {
          logradouro: Nullable(Type.String()),
          numero: Nullable(Type.String()),
          complemento: Nullable(Type.String()),
          bairro: Nullable(Type.String()),
          cidade: Nullable(Type.String()),
          uf: Nullable(Type.String()),
          cep: Nullable(Type.String()),
        },
        { description: 'Endereço; null quando não cadastrado. Cada campo pode ser null.' },
      ),
    ),
  ),
};

export const ClienteSchema = Type.Object(
  {
    id: Type.Integer({ description: 'Id do cliente.' }),
    nome: Type.String({ description: 'Pessoa física: nome e sobrenome, separados por um espaço. Pessoa jurídica: razão social.' }),
    tipo_pessoa: Type.Union([Type.Literal('fisica'), Type.Literal('juridica')], {
      description: '`fisica` (CPF) ou `juridica` (CNPJ).',
    }),
    ativo: Type.Boolean({ description: 'false para clientes inativos (listados só com `ativo=0`).' }),
    data_cadastro: DateTimeUtc,
    atualizado_em: AtualizadoEm,
    ...contato,
  },
  { description: 'Cliente. Os campos de contato só aparecem com `incluir=contato`.' },
);

/** A customer as the API writes it with `incluir=contato`, for the OpenAPI examples. */
export const clienteExample = {
  id: 1,
  nome: 'João da Silva',
  tipo_pessoa: 'fisica',
  ativo: true,
  data_cadastro: '2024-03-15T13:42:10Z',
  documento: '529.982.247-25',
  emails: ['joao.silva@exemplo.com.br'],
  telefones: [{ tipo: 'celular', numero: '(11) 98765-4321' }],
  endereco: {
    logradouro: 'Rua das Flores',
    numero: '123',
    complemento: 'Apto 42',
    bairro: 'Centro',
    cidade: 'São Paulo',
    uf: 'SP',
    cep: '01001-000',
  },
  atualizado_em: '2025-11-03T18:20:44Z',
};
