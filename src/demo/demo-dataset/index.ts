/**
 * The demo data set loaded into a fresh store (`npm start`, `seed demo`): two companies of a
 * phone/electronics/HVAC repair business, with enough variety that every filter, derived
 * status, soft deletion and dangling reference of the API has something to show.
 *
 * Deterministic: the same `today` always gives the same data set. Every collection of every
 * company draws from its own seeded PRNG, so adding records to one leaves the others as
 * they were.
 *
 * The sandbox profile of the generator core (../core/: dates, money, statuses, Brazilian names
 * and documents, the PRNG); `seed generate` (../synthetic.ts) is the other profile.
 */
import type { Dataset, DatasetEmpresa } from '../../store/import/dataset.ts';
import type { Day } from '../../time/days-and-seconds.ts';
import { dayAround } from '../core/moments.ts';
import { buildBoletos } from './boletos.ts';
import { buildClientes } from './clientes.ts';
import { COMPANIES, type CompanyPlan } from './companies.ts';
import { buildContas, type ContaRefs } from './contas.ts';
import type { IdCounters } from './ids.ts';
import { buildOrdens } from './ordens-servico.ts';
import { buildProdutos, buildServicos } from './produtos-servicos.ts';
import { poolOf } from './references.ts';
import { buildNamed } from './tecnicos-fornecedores-pre-clientes.ts';
import { USUARIOS } from './users.ts';

export { DEMO_LOGINS } from './users.ts';

function buildEmpresa(plan: CompanyPlan): DatasetEmpresa {
  return { id: plan.id, nome: plan.nome, status_personalizados: [...plan.statusPersonalizados], excluido: false };
}

function emptyDataset(): Required<Dataset> {
  return {
    empresas: [],
    usuarios: [],
    clientes: [],
    tecnicos: [],
    fornecedores: [],
    pre_clientes: [],
    produtos: [],
    servicos: [],
    ordens_servico: [],
    contas_receber: [],
    contas_pagar: [],
    boletos: [],
  };
}

function addCompany(dataset: Required<Dataset>, plan: CompanyPlan, counters: IdCounters, today: Day): void {
  const usuarios = USUARIOS.filter((u) => u.empresa_id === plan.id).map((u) => ({ ...u, permissoes: [...(u.permissoes ?? [])] }));
  const clientes = buildClientes(plan, today);
  const tecnicos = buildNamed(plan, 'tecnicos');
  const fornecedores = buildNamed(plan, 'fornecedores');
  const preClientes = buildNamed(plan, 'pre_clientes');
  const produtos = buildProdutos(plan, today);
  const servicos = buildServicos(plan, today);
  const clientePool = poolOf(plan, clientes);
  const ordens = buildOrdens(
    plan,
    { clientes: clientePool, tecnicos: poolOf(plan, tecnicos), catalog: { produtos, servicos } },
    counters,
    today,
  );
  const contaRefs: ContaRefs = {
    ordens: ordens.filter((o) => !o.excluido).map((o) => o.id),
    pools: {
      cliente: clientePool,
      fornecedor: poolOf(plan, fornecedores),
      usuario: poolOf(plan, usuarios),
      pre_cliente: poolOf(plan, preClientes),
    },
  };

  dataset.empresas.push(buildEmpresa(plan));
  dataset.usuarios.push(...usuarios);
  dataset.clientes.push(...clientes);
  dataset.tecnicos.push(...tecnicos);
  dataset.fornecedores.push(...fornecedores);
  dataset.pre_clientes.push(...preClientes);
  dataset.produtos.push(...produtos);
  dataset.servicos.push(...servicos);
  dataset.ordens_servico.push(...ordens);
  dataset.contas_receber.push(...buildContas(plan, 'contas_receber', contaRefs, today));
  dataset.contas_pagar.push(...buildContas(plan, 'contas_pagar', contaRefs, today));
  dataset.boletos.push(...buildBoletos(plan, clientePool, today));
}

/**
 * The demo data set, with dates spread from about 18 months before `today` (YYYY-MM-DD,
 * default: today in America/Sao_Paulo) to 6 months after it.
 */
export function buildDemoDataset(options: { today?: string } = {}): Dataset {
  const today = dayAround(options.today);
  const dataset = emptyDataset();
  // Item and checklist ids are unique across the whole data set, not only per order.
  const counters: IdCounters = { item: 0, checklist: 0 };
  for (const plan of COMPANIES) addCompany(dataset, plan, counters, today);
  return dataset;
}
