/** The itens of an ordem de serviço: catalogue products and services, and free items. */
import type { DatasetOsItem, DatasetProduto, DatasetServico } from '../../store/import/dataset.ts';
import type { Random } from '../core/random.ts';
import { centsOf, quantity, randomPriceCents, reais, subtotalCents } from '../core/money.ts';
import type { IdCounters } from './ids.ts';

export interface Catalog {
  produtos: readonly DatasetProduto[];
  servicos: readonly DatasetServico[];
}

function itemQuantity(random: Random, tipo: DatasetOsItem['tipo'], unidade: string | null | undefined): number {
  if (tipo === 'servico')
    return random.weighted([
      [10_000, 80],
      [15_000, 8],
      [20_000, 8],
      [5_000, 4],
    ] as const);
  if (unidade === 'm' || unidade === 'kg') {
    return random.chance(0.25) ? random.int(1_000, 60_000) : random.int(1, 24) * 2_500;
  }
  // Pieces, boxes and free items come in whole units.
  return random.weighted([
    [10_000, 75],
    [20_000, 15],
    [30_000, 10],
  ] as const);
}

const FREE_ITEMS = [
  ['Taxa de visita técnica', 30, 120],
  ['Frete', 15, 80],
  ['Item avulso', 5, 200],
  ['Deslocamento', 20, 90],
] as const;

function buildItem(random: Random, catalog: Catalog, id: number): DatasetOsItem {
  const tipo = random.weighted([
    ['produto', 45],
    ['servico', 45],
    [null, 10],
  ] as const);
  let descricao: string;
  let unitCents: number;
  let itemId: number | null = null;
  let unidade: string | null | undefined;
  if (tipo === null) {
    const [nome, min, max] = random.pick(FREE_ITEMS);
    descricao = nome;
    unitCents = randomPriceCents(random, min, max);
  } else {
    const record: DatasetProduto = random.pick<DatasetProduto>(tipo === 'produto' ? catalog.produtos : catalog.servicos);
    itemId = record.id;
    unidade = record.unidade;
    descricao = record.nome ?? 'Item sem nome';
    const listCents = centsOf(record.valor ?? 0);
    // A discount now and then, still in whole cents.
    unitCents = random.chance(0.15) ? Math.round((listCents * 9) / 10) : listCents;
  }
  const quantityUnits = itemQuantity(random, tipo, unidade);
  return {
    id,
    tipo,
    item_id: itemId,
    descricao,
    quantidade: quantity(quantityUnits),
    valor_unitario: reais(unitCents),
    subtotal: reais(subtotalCents(quantityUnits, unitCents)),
    excluido: random.chance(0.05),
  };
}

export function buildItens(random: Random, catalog: Catalog, counters: IdCounters): DatasetOsItem[] {
  const count = random.weighted([
    [0, 10],
    [1, 25],
    [2, 25],
    [3, 20],
    [4, 12],
    [5, 8],
  ] as const);
  const itens: DatasetOsItem[] = [];
  for (let i = 0; i < count; i++) itens.push(buildItem(random, catalog, ++counters.item));
  return itens;
}
