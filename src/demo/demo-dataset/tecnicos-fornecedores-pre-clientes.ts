/** Técnicos, fornecedores and pré-clientes: records that are only a name. */
import type { DatasetNamed } from '../../store/import/dataset.ts';
import { fullName, generatePersonName } from '../core/brazil.ts';
import { randomFor, type CompanyPlan } from './companies.ts';
import { idOf } from './ids.ts';

const LEAD_LABELS = [
  'Lead da Feira de Eletrônicos',
  'Contato via Instagram',
  'Indicação de cliente',
  'Orçamento pelo WhatsApp',
  'Visitante da loja',
] as const;

export function buildNamed(plan: CompanyPlan, collection: 'tecnicos' | 'fornecedores' | 'pre_clientes'): DatasetNamed[] {
  const random = randomFor(plan, collection);
  const count = plan.counts[collection];
  const records: DatasetNamed[] = [];
  for (let index = 0; index < count; index++) {
    let nome: string;
    if (collection === 'fornecedores') {
      nome = plan.fornecedores[index % plan.fornecedores.length] ?? fullName(generatePersonName(random));
    } else if (collection === 'pre_clientes' && random.chance(0.2)) {
      nome = `${random.pick(LEAD_LABELS)} - ${generatePersonName(random).nome}`;
    } else {
      nome = fullName(generatePersonName(random));
    }
    // Exactly one soft-deleted record per company, as the product owner asked.
    const excluido = index === Math.floor(count * 0.61);
    records.push({ id: idOf(plan, index), empresa_id: plan.id, nome, excluido });
  }
  return records;
}
