import type { CedenteTipo } from '../../src/domain/conta.ts';
import type { Dataset } from '../../src/store/import/dataset.ts';

/**
 * Two companies whose records interleave in every table: company A holds the odd ids and company B
 * the even ones, so any query that forgot its `empresa_id` filter, or an off-by-one on an id,
 * lands on the other company's record. Every text of a company carries its marker
 * (`Empresa A`/`Empresa B`), so a leak shows in a body whatever field it comes through.
 */
export interface Side {
  empresaId: number;
  marker: string;
  /** the ids of each collection held by this company */
  ids: Record<string, number[]>;
}

/** The id-bearing cedente types of a conta (an `outro` cedente is free text, D22). */
export const CEDENTE_COLLECTION: Record<Exclude<CedenteTipo, 'outro'>, string> = {
  cliente: 'clientes',
  fornecedor: 'fornecedores',
  usuario: 'usuarios',
  pre_cliente: 'pre_clientes',
};

/** The contact values of customer `id`: unique texts that must never reach a caller without the contact scope. */
export const contactOf = (marker: string, id: number) => ({
  documento: `${String(id).padStart(11, '0')}`,
  emails: [`contato.${id}@canario-${marker.at(-1)?.toLowerCase()}.example`],
  telefones: [{ tipo: 'celular', numero: `+55 11 9${String(id).padStart(8, '7')}` }],
  endereco: {
    logradouro: `Rua Canário ${id}`,
    numero: String(id),
    complemento: null,
    bairro: 'Centro',
    cidade: `Cidade ${marker}`,
    uf: 'SP',
    cep: '01000-000',
  },
});

/**
 * The data of one side: `n` records in every table (4n contas per table, n for each id-bearing
 * cedente type), every reference to the side's own records; one in five customers, products and
 * services inactive, so the `ativo=0` lists have something to leak too.
 */
export function sideDataset(empresaId: number, parity: 0 | 1, n: number, marker: string): { dataset: Dataset; side: Side } {
  const id = (i: number) => 2 * i + parity + 1;
  const range = (count: number) => Array.from({ length: count }, (_, i) => i);
  const ids: Record<string, number[]> = {};
  const keep = (collection: string, count: number) => (ids[collection] = range(count).map(id));
  for (const c of ['clientes', 'tecnicos', 'fornecedores', 'pre_clientes', 'produtos', 'servicos', 'ordens_servico', 'boletos']) keep(c, n);
  // Users live in the central database, where the ids of every company share one sequence.
  ids.usuarios = range(n).map((i) => 10_000 + id(i));
  keep('contas_receber', 4 * n);
  keep('contas_pagar', 4 * n);
  const named = (what: string) => range(n).map((i) => ({ id: id(i), empresa_id: empresaId, nome: `${marker} ${what} ${id(i)}` }));
  const tipos = Object.keys(CEDENTE_COLLECTION) as Exclude<CedenteTipo, 'outro'>[];
  const contas = (what: string) =>
    range(4 * n).map((k) => {
      const tipo = tipos[k % 4] ?? 'cliente';
      const ref = (ids[CEDENTE_COLLECTION[tipo]] ?? [])[Math.floor(k / 4)] ?? null;
      return {
        id: id(k),
        empresa_id: empresaId,
        cedente_tipo: tipo,
        cedente_id: ref,
        descricao: `${marker} ${what}`,
        valor: 10,
        vencimento: '2025-05-05',
      };
    });
  const dataset: Dataset = {
    empresas: [{ id: empresaId, nome: marker }],
    usuarios: range(n).map((i) => ({ id: 10_000 + id(i), empresa_id: empresaId, nome: `${marker} usuario ${id(i)}` })),
    clientes: range(n).map((i) => ({
      id: id(i),
      empresa_id: empresaId,
      tipo_pessoa: 'fisica' as const,
      nome: marker,
      sobrenome: `cliente ${id(i)}`,
      ativo: i % 5 !== 4,
      ...contactOf(marker, id(i)),
    })),
    tecnicos: named('tecnico'),
    fornecedores: named('fornecedor'),
    pre_clientes: named('pre-cliente'),
    produtos: range(n).map((i) => ({ id: id(i), empresa_id: empresaId, nome: `${marker} produto ${id(i)}`, valor: 1, ativo: i % 5 !== 4 })),
    servicos: range(n).map((i) => ({ id: id(i), empresa_id: empresaId, nome: `${marker} servico ${id(i)}`, valor: 1, ativo: i % 5 !== 4 })),
    ordens_servico: range(n).map((i) => ({
      id: id(i),
      empresa_id: empresaId,
      status: 'aberta',
      cliente_id: id(i),
      tecnico_id: id(i),
      data_abertura: '2025-06-01',
      itens: [
        { id: id(i), tipo: 'produto' as const, item_id: id(i), descricao: `${marker} item`, quantidade: 1, valor_unitario: 1, subtotal: 1 },
      ],
      checklist: [{ id: id(i), tipo: 'texto' as const, pergunta: `${marker} pergunta`, resposta: `${marker} resposta` }],
    })),
    contas_receber: contas('receber'),
    contas_pagar: contas('pagar'),
    boletos: range(n).map((i) => ({
      id: id(i),
      empresa_id: empresaId,
      cliente_id: id(i),
      numero_documento: `${marker} doc ${id(i)}`,
      valor: 10,
      vencimento: '2025-05-05',
      status: 'pendente' as const,
    })),
  };
  return { dataset, side: { empresaId, marker, ids } };
}
