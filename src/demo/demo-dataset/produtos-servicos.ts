import type { DatasetProduto, DatasetServico } from '../../store/import/dataset.ts';
import type { Day } from '../../time/days-and-seconds.ts';
import { registrationDatetime } from '../core/moments.ts';
import { randomPriceCents, reais } from '../core/money.ts';
import { randomFor, type CompanyPlan } from './companies.ts';
import { idOf } from './ids.ts';
import { isDeleted } from './variety.ts';

const PRODUCT_NOTES = [
  'Peça original',
  'Primeira linha',
  'Garantia de 90 dias',
  'Compatível com várias marcas',
  'Importado',
  'Sob encomenda',
] as const;
const SERVICE_NOTES = ['Mão de obra', 'Garantia de 90 dias', 'Atendimento em domicílio', 'Inclui teste completo'] as const;

/** Cycles through the templates; past the end of the list the names get a variant suffix. */
function catalogName(name: string, index: number, size: number, suffixes: readonly string[]): string {
  const round = Math.floor(index / size);
  return round === 0 ? name : `${name} - ${suffixes[(round - 1) % suffixes.length] ?? round}`;
}

export function buildProdutos(plan: CompanyPlan, today: Day): DatasetProduto[] {
  const random = randomFor(plan, 'produtos');
  const count = plan.counts.produtos;
  const records: DatasetProduto[] = [];
  for (let index = 0; index < count; index++) {
    const template = plan.produtos[index % plan.produtos.length];
    if (!template) throw new Error(`company ${plan.id} has no product catalogue`);
    const [nome, unidade, min, max] = template;
    records.push({
      id: idOf(plan, index),
      empresa_id: plan.id,
      codigo: random.chance(0.85) ? `P-${String(index + 1).padStart(4, '0')}` : null,
      nome: catalogName(nome, index, plan.produtos.length, ['paralela', 'premium']),
      descricao: random.chance(0.4) ? null : random.pick(PRODUCT_NOTES),
      unidade,
      valor: reais(randomPriceCents(random, min, max)),
      ativo: !random.chance(0.08),
      data_cadastro: random.chance(0.1) ? null : registrationDatetime(random, today),
      excluido: isDeleted(random, index, count, 0.03),
    });
  }
  return records;
}

export function buildServicos(plan: CompanyPlan, today: Day): DatasetServico[] {
  const random = randomFor(plan, 'servicos');
  const count = plan.counts.servicos;
  const records: DatasetServico[] = [];
  for (let index = 0; index < count; index++) {
    const template = plan.servicos[index % plan.servicos.length];
    if (!template) throw new Error(`company ${plan.id} has no service catalogue`);
    const [nome, min, max] = template;
    records.push({
      id: idOf(plan, index),
      empresa_id: plan.id,
      codigo: random.chance(0.8) ? `S-${String(index + 1).padStart(4, '0')}` : null,
      nome: catalogName(nome, index, plan.servicos.length, ['em domicílio', 'urgente']),
      descricao: random.chance(0.35) ? null : random.pick(SERVICE_NOTES),
      valor: reais(randomPriceCents(random, Math.max(min, 10), max)),
      ativo: !random.chance(0.08),
      data_cadastro: random.chance(0.12) ? null : registrationDatetime(random, today),
      excluido: isDeleted(random, index, count, 0.03),
    });
  }
  return records;
}
