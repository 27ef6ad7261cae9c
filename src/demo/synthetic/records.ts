/**
 * The synthetic records: record `index` of a collection is a pure function of the plan, the
 * collection and the index, made from its own freshly seeded generator (`at`).
 */
import type { BoletoStatus } from '../../domain/boleto.ts';
import type {
  CollectionName,
  Dataset,
  DatasetBoleto,
  DatasetCliente,
  DatasetConta,
  DatasetEmpresa,
  DatasetNamed,
  DatasetOrdemServico,
  DatasetOsItem,
  DatasetProduto,
  DatasetServico,
  DatasetUsuario,
} from '../../store/import/dataset.ts';
import { timeOfDay, type Day } from '../../time/days-and-seconds.ts';
import {
  asciiSlug,
  buildLinhaDigitavel,
  CITIES,
  EMAIL_DOMAINS,
  formatCnpj,
  formatCpf,
  fullName,
  generateAddress,
  generateBusinessName,
  generateCnpj,
  generateCpf,
  generateLandline,
  generateMobile,
  generatePersonName,
} from '../core/brazil.ts';
import { businessSecond, dayText, HISTORY_DAYS, PAST_DAYS, saoPauloMoment } from '../core/moments.ts';
import { centsOf, logPriceCents, logUniformCents, quantity, reais, subtotalCents } from '../core/money.ts';
import { CUSTOM_OS_STATUSES } from '../core/ordem-status.ts';
import { SeededRandom, type Random } from '../core/random.ts';
import { idAt, indexOf, pickRef, recordSeed, type Plan } from './plan.ts';
import {
  BANCOS,
  CEDENTE_COLLECTION,
  CEDENTES_PAGAR,
  CEDENTES_RECEBER,
  DESCRICOES_PAGAR,
  DESCRICOES_RECEBER,
  MARCAS,
  OS_STATUS,
  OUTROS_PAGAR,
  OUTROS_RECEBER,
  PRODUTOS,
  RARE_BOLETO_STATUS,
  SERVICO_VARIANTES,
  SERVICOS,
} from './vocabulary.ts';

/** An order has 1 to 3 items; item ids are unique across the data set, as in the demo. */
const MAX_ITEMS = 3;

/** Due dates span ~24 months: 18 back and 6 ahead, so the last 12 months hold about half. */
const DUE_FUTURE_DAYS = 182;

interface Context {
  plan: Plan;
  random: Random;
  index: number;
  /** the owning company, 0-based */
  k: number;
  empresaId: number;
  /** the record's position inside its company, 0-based */
  position: number;
}

/** Nearly every collection soft-deletes a few records (D22). */
const deleted = (random: Random): boolean => random.chance(0.01);

/** Money drawn log-uniformly, in reais. */
const money = (random: Random, minReais: number, maxReais: number): number => reais(logUniformCents(random, minReais, maxReais));
const price = (random: Random, minReais: number, maxReais: number): number => reais(logPriceCents(random, minReais, maxReais));

/** Registered on one of the last HISTORY_DAYS days, in business hours. */
const registered = (plan: Plan, random: Random): string =>
  saoPauloMoment(plan.today - random.int(0, HISTORY_DAYS - 1), businessSecond(random));

function empresa({ random, index, empresaId }: Context): DatasetEmpresa {
  return {
    id: empresaId,
    nome: `${generateBusinessName(random).razao_social} (sintética ${index + 1})`,
    status_personalizados: [...CUSTOM_OS_STATUSES],
  };
}

function usuario({ random, index, empresaId, k }: Context): DatasetUsuario {
  const nome = fullName(generatePersonName(random));
  // Accountless users: no password, so nobody signs in with synthetic data.
  return {
    id: idAt(index),
    empresa_id: empresaId,
    nome,
    email: `${asciiSlug(nome)}.${idAt(index)}@empresa${k + 1}.exemplo.com.br`,
    permissoes: random.chance(0.3) ? ['financeiro'] : [],
  };
}

function named({ random, index, empresaId }: Context, business: boolean): DatasetNamed {
  const nome = business ? generateBusinessName(random).razao_social : fullName(generatePersonName(random));
  return { id: idAt(index), empresa_id: empresaId, nome, excluido: deleted(random) };
}

/** Names repeat (a few dozen first and trade names): their e-mail slug is computed once. */
const slugs = new Map<string, string>();
function slugOf(name: string): string {
  let slug = slugs.get(name);
  if (slug === undefined) slugs.set(name, (slug = asciiSlug(name)));
  return slug;
}

function cliente({ plan, random, index, empresaId }: Context): DatasetCliente {
  const juridica = random.chance(0.3);
  const city = random.pick(CITIES);
  const business = juridica ? generateBusinessName(random) : null;
  const person = juridica ? null : generatePersonName(random);
  let documento: string | null = null;
  if (juridica && random.chance(0.95)) documento = formatCnpj(generateCnpj(random));
  if (!juridica && random.chance(0.9)) documento = formatCpf(generateCpf(random));
  const slug = slugOf(business?.nome_fantasia ?? person?.nome ?? '');
  const telefones = [
    { tipo: juridica ? 'comercial' : 'celular', numero: juridica ? generateLandline(random, city.ddd) : generateMobile(random, city.ddd) },
  ];
  if (random.chance(0.3)) telefones.push({ tipo: 'celular', numero: generateMobile(random, city.ddd) });
  return {
    id: idAt(index),
    empresa_id: empresaId,
    tipo_pessoa: juridica ? 'juridica' : 'fisica',
    nome: person?.nome ?? null,
    sobrenome: person?.sobrenome ?? null,
    razao_social: business?.razao_social ?? null,
    nome_fantasia: business?.nome_fantasia ?? null,
    ativo: !random.chance(0.08),
    data_cadastro: registered(plan, random),
    documento,
    emails: random.chance(0.8) ? [`${slug}${random.int(1, 999)}@${random.pick(EMAIL_DOMAINS)}`] : [],
    telefones,
    endereco: random.chance(0.9) ? generateAddress(random, city) : null,
    excluido: deleted(random),
  };
}

function produto({ plan, random, index, empresaId, position }: Context): DatasetProduto {
  const [nome, unidade, min, max] = random.pick(PRODUTOS);
  const marca = random.pick(MARCAS);
  return {
    id: idAt(index),
    empresa_id: empresaId,
    codigo: `P${String(position + 1).padStart(6, '0')}`,
    nome: `${nome} ${marca} ${random.int(1, 99)}`,
    descricao: random.chance(0.5) ? `${nome} compatível com linha ${marca}` : null,
    unidade,
    valor: price(random, min, max),
    ativo: !random.chance(0.05),
    data_cadastro: registered(plan, random),
    excluido: deleted(random),
  };
}

function servico({ plan, random, index, empresaId, position }: Context): DatasetServico {
  const [nome, min, max] = random.pick(SERVICOS);
  return {
    id: idAt(index),
    empresa_id: empresaId,
    codigo: `S${String(position + 1).padStart(6, '0')}`,
    nome: `${nome} - ${random.pick(SERVICO_VARIANTES)} ${random.int(1, 99)}`,
    descricao: random.chance(0.4) ? `${nome}, mão de obra inclusa` : null,
    valor: price(random, min, max),
    ativo: !random.chance(0.05),
    data_cadastro: registered(plan, random),
    excluido: deleted(random),
  };
}

/** Items name real catalogue records of the company, with their name and price. */
function item(ctx: Context, id: number): DatasetOsItem {
  const { plan, random, k } = ctx;
  const tipo = random.chance(0.6) ? 'produto' : 'servico';
  const ref = pickRef(plan, random, tipo === 'produto' ? 'produtos' : 'servicos', k);
  if (ref === null) {
    const valor = price(random, 50, 300);
    return { id, tipo: null, item_id: null, descricao: 'Mão de obra', quantidade: 1, valor_unitario: valor, subtotal: valor };
  }
  const source = at(plan, tipo === 'produto' ? 'produtos' : 'servicos', indexOf(ref), lookupRandom);
  const unidade = tipo === 'produto' ? (source as DatasetProduto).unidade : 'un';
  const tenThousandths =
    unidade === 'm' || unidade === 'kg'
      ? random.int(5, 50) * 1000
      : random.weighted([
          [10_000, 80],
          [20_000, 15],
          [30_000, 5],
        ]);
  const unitCents = centsOf(source.valor ?? 0);
  return {
    id,
    tipo,
    item_id: ref,
    descricao: source.nome ?? tipo,
    quantidade: quantity(tenThousandths),
    valor_unitario: reais(unitCents),
    subtotal: reais(subtotalCents(tenThousandths, unitCents)),
  };
}

function ordemServico(ctx: Context): DatasetOrdemServico {
  const { plan, random, index, empresaId, k } = ctx;
  const status = random.weighted(OS_STATUS);
  const abertura = plan.today - random.int(0, HISTORY_DAYS - 1);
  const second = businessSecond(random);
  const concluida = status === 'concluida' || (status === 'em_garantia' && random.chance(0.6));
  const itemCount = random.weighted([
    [1, 25],
    [2, 50],
    [3, 25],
  ]);
  return {
    id: idAt(index),
    empresa_id: empresaId,
    status,
    cliente_id: pickRef(plan, random, 'clientes', k),
    tecnico_id: random.chance(0.9) ? pickRef(plan, random, 'tecnicos', k) : null,
    data_abertura: dayText(abertura),
    hora_abertura: timeOfDay(second),
    criada_em: saoPauloMoment(abertura, second),
    data_conclusao: concluida ? saoPauloMoment(Math.min(plan.today, abertura + random.int(0, 10)), businessSecond(random)) : null,
    itens: Array.from({ length: itemCount }, (_, n) => item(ctx, idAt(index * MAX_ITEMS + n))),
    excluido: deleted(random),
  };
}

/** Past due dates are mostly paid, around the due date; future ones seldom (early payment). */
function paymentDay(random: Random, today: Day, vencimento: Day): Day | null {
  if (vencimento <= today) return random.chance(0.85) ? Math.min(today, vencimento + random.int(-5, 20)) : null;
  return random.chance(0.05) ? today - random.int(0, 10) : null;
}

const dueDay = (plan: Plan, random: Random): Day => plan.today - PAST_DAYS + random.int(0, PAST_DAYS + DUE_FUTURE_DAYS);

function conta(ctx: Context, pagar: boolean): DatasetConta {
  const { plan, random, index, empresaId, k } = ctx;
  const cedenteTipo = random.weighted(pagar ? CEDENTES_PAGAR : CEDENTES_RECEBER);
  const cedente =
    cedenteTipo === 'outro'
      ? { cedente_id: null, cedente_nome: random.pick(pagar ? OUTROS_PAGAR : OUTROS_RECEBER) }
      : { cedente_id: pickRef(plan, random, CEDENTE_COLLECTION[cedenteTipo], k) };
  const vencimento = dueDay(plan, random);
  const pagamento = paymentDay(random, plan.today, vencimento);
  return {
    id: idAt(index),
    empresa_id: empresaId,
    cedente_tipo: cedenteTipo,
    ...cedente,
    descricao: `${random.pick(pagar ? DESCRICOES_PAGAR : DESCRICOES_RECEBER)} ${random.int(1, 9999)}`,
    valor: pagar ? money(random, 30, 30_000) : money(random, 20, 20_000),
    vencimento: dayText(vencimento),
    data_pagamento: pagamento === null ? null : dayText(pagamento),
    excluido: deleted(random),
  };
}

function boletoStatus(random: Random, pago: boolean, vencido: boolean): BoletoStatus {
  if (pago) return 'pago';
  return random.weighted(RARE_BOLETO_STATUS) ?? (vencido ? 'vencido' : 'pendente');
}

function boleto({ plan, random, index, empresaId, k }: Context): DatasetBoleto {
  const vencimento = dueDay(plan, random);
  const pagamento = paymentDay(random, plan.today, vencimento);
  const valor = money(random, 30, 5_000);
  const status = boletoStatus(random, pagamento !== null, vencimento < plan.today);
  const linha = buildLinhaDigitavel({
    banco: random.pick(BANCOS),
    valorCentavos: centsOf(valor),
    vencimento: dayText(vencimento),
    campoLivre: random.digits(25),
  });
  return {
    id: idAt(index),
    empresa_id: empresaId,
    cliente_id: pickRef(plan, random, 'clientes', k),
    numero_documento: String(idAt(index)),
    linha_digitavel: linha,
    valor,
    emissao: dayText(vencimento - random.int(5, 30)),
    vencimento: dayText(vencimento),
    status,
    data_pagamento: pagamento === null ? null : dayText(pagamento),
    data_compensacao: pagamento === null ? null : dayText(Math.min(plan.today, pagamento + random.int(1, 2))),
    excluido: deleted(random),
  };
}

export type RecordOf<K extends CollectionName> = NonNullable<Dataset[K]>[number];

const GENERATORS: { [K in CollectionName]: (ctx: Context) => RecordOf<K> } = {
  empresas: empresa,
  usuarios: usuario,
  clientes: cliente,
  tecnicos: (ctx) => named(ctx, false),
  fornecedores: (ctx) => named(ctx, true),
  pre_clientes: (ctx) => named(ctx, false),
  produtos: produto,
  servicos: servico,
  ordens_servico: ordemServico,
  contas_receber: (ctx) => conta(ctx, false),
  contas_pagar: (ctx) => conta(ctx, true),
  boletos: boleto,
};

// Generation is synchronous, so one generator serves every record; an order's items look up
// catalogue records while the order's own generator is in use, hence a second one.
const recordRandom = new SeededRandom();
const lookupRandom = new SeededRandom();

/** Record `index` of the collection. */
export function at<K extends CollectionName>(plan: Plan, name: K, index: number, random = recordRandom): RecordOf<K> {
  const k = index % plan.companies;
  random.reseed(recordSeed(plan.salts[name], index));
  return GENERATORS[name]({ plan, random, index, k, empresaId: idAt(k), position: Math.floor(index / plan.companies) });
}
