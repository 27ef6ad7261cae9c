/** The two demo companies: what each one has, how much of it, and the PRNG of each of its collections. */
import { findCity, type City } from '../core/brazil.ts';
import type { ProductTemplate, ServiceTemplate } from '../core/catalogue-template.ts';
import { CUSTOM_OS_STATUSES } from '../core/ordem-status.ts';
import { createRandom, hashSeed, type Random } from '../core/random.ts';
import {
  ELECTRONICS_PARTS,
  FORNECEDORES_ELETRONICA,
  FORNECEDORES_REFRIGERACAO,
  HVAC_PARTS,
  PHONE_PARTS,
  REFRIGERATION_PARTS,
  SERVICOS_CLIMATIZACAO,
  SERVICOS_ELETRONICA,
} from './catalogues.ts';
import { CHECKLIST_CLIMATIZACAO, CHECKLIST_ELETRONICA, type ChecklistTemplate } from './checklist-templates.ts';

interface Counts {
  clientes: number;
  tecnicos: number;
  fornecedores: number;
  pre_clientes: number;
  produtos: number;
  servicos: number;
  ordens_servico: number;
  contas_receber: number;
  contas_pagar: number;
  boletos: number;
}

export interface CompanyPlan {
  id: number;
  nome: string;
  statusPersonalizados: string[];
  /** added to every record id of the company, keeping ids unique per collection */
  idBase: number;
  counts: Counts;
  homeCity: City;
  /** bank code of the company's boletos */
  banco: string;
  produtos: readonly ProductTemplate[];
  servicos: readonly ServiceTemplate[];
  fornecedores: readonly string[];
  checklist: ChecklistTemplate;
}

export const COMPANIES: readonly CompanyPlan[] = [
  {
    id: 1,
    nome: 'Assistência Técnica Modelo Ltda',
    statusPersonalizados: [...CUSTOM_OS_STATUSES],
    idBase: 0,
    counts: {
      clientes: 320,
      tecnicos: 8,
      fornecedores: 25,
      pre_clientes: 30,
      produtos: 120,
      servicos: 60,
      ordens_servico: 400,
      contas_receber: 500,
      contas_pagar: 300,
      boletos: 250,
    },
    homeCity: findCity('São Paulo'),
    banco: '341',
    produtos: [...PHONE_PARTS, ...ELECTRONICS_PARTS, ...HVAC_PARTS],
    servicos: [...SERVICOS_ELETRONICA, ...SERVICOS_CLIMATIZACAO],
    fornecedores: FORNECEDORES_ELETRONICA,
    checklist: CHECKLIST_ELETRONICA,
  },
  {
    id: 2,
    nome: 'Refrigeração Polar ME',
    statusPersonalizados: [],
    idBase: 1000,
    counts: {
      clientes: 60,
      tecnicos: 3,
      fornecedores: 8,
      pre_clientes: 5,
      produtos: 30,
      servicos: 15,
      ordens_servico: 80,
      contas_receber: 100,
      contas_pagar: 60,
      boletos: 50,
    },
    homeCity: findCity('Curitiba'),
    banco: '001',
    produtos: [...REFRIGERATION_PARTS, ...HVAC_PARTS],
    servicos: SERVICOS_CLIMATIZACAO,
    fornecedores: FORNECEDORES_REFRIGERACAO,
    checklist: CHECKLIST_CLIMATIZACAO,
  },
];

const DEMO_SEED = 'api-externa-demo-v1';

export function randomFor(plan: CompanyPlan, collection: string): Random {
  return createRandom(hashSeed(`${DEMO_SEED}/empresa-${plan.id}/${collection}`));
}
