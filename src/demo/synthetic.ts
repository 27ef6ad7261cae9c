/**
 * Synthetic data at scale for benchmarks (`seed generate`): any number of companies, with
 * `records` receivables and the other resources sized from it (PER_THOUSAND_RECORDS), spread
 * evenly across the companies, in the import's data-set format.
 *
 * Every record is a pure function of (seed, collection, index): its own PRNG is seeded from
 * them, so the same options always give the same records, whatever the chunk size, and a
 * chunk is generated without holding the rest of the data set. Record `i` of a collection
 * belongs to company `i % companies` and has id `SYNTHETIC_ID_BASE + 1 + i`, so a company's
 * records (and what they point at) are found by arithmetic, never by a lookup table.
 */
import {
  COLLECTIONS,
  type CollectionName,
  type Dataset,
  type DatasetBoleto,
  type DatasetCliente,
  type DatasetConta,
  type DatasetOsItem,
} from '../store/import/dataset.ts';
import type {
  DatasetEmpresa,
  DatasetNamed,
  DatasetOrdemServico,
  DatasetProduto,
  DatasetServico,
  DatasetUsuario,
} from '../store/import/dataset.ts';
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
} from './brazil.ts';
import { subtotalCents } from './demo-dataset/dates-and-money.ts';
import { todayInSaoPaulo } from '../time/sao-paulo-date.ts';
import { hashSeed, SeededRandom, type Random } from './random.ts';

/** Far above the demo data set's ids (and its made-up missing references, 900_000+). */
export const SYNTHETIC_ID_BASE = 10_000_000;

/**
 * The resources `records` sizes, in records per 1,000 of it: `records` receivables, and of the
 * rest about what a service business has per receivable (an order bills ~4 receivables, a
 * customer ~10 over two years). Not `records` of each: 7 x 1,000,000 records took ~4 minutes
 * on 2 cores (orders with their items and 7 indexes, customers with their search columns are
 * the slow ones), while 1,000,000 receivables must load in under 2 minutes.
 */
export const PER_THOUSAND_RECORDS = {
  clientes: 100,
  produtos: 20,
  servicos: 5,
  ordens_servico: 250,
  contas_receber: 1000,
  contas_pagar: 500,
  boletos: 500,
} as const;
type MainCollection = keyof typeof PER_THOUSAND_RECORDS;
type SmallCollection = Exclude<CollectionName, MainCollection | 'empresas'>;

/** An order has 1 to 3 items; item ids are unique across the data set, as in the demo. */
const MAX_ITEMS = 3;

export interface SyntheticOptions {
  companies: number;
  /** receivables, spread evenly across the companies; the other resources in PER_THOUSAND_RECORDS */
  records: number;
  seed: number;
  /** YYYY-MM-DD the dates are spread around; default: today in São Paulo */
  today?: string;
}

export const SYNTHETIC_LIMITS = { companies: 100_000, records: 100_000_000 } as const;

// ---------------------------------------------------------------------------------------
// Plan: counts, ids and references by arithmetic

interface Plan {
  companies: number;
  records: number;
  today: number;
  /** per company */
  small: Record<SmallCollection, number>;
  salts: Record<CollectionName, number>;
}

const isMain = (name: CollectionName): name is MainCollection => name in PER_THOUSAND_RECORDS;

function checkOptions({ companies, records, seed }: SyntheticOptions): void {
  if (!Number.isSafeInteger(companies) || companies < 1 || companies > SYNTHETIC_LIMITS.companies) {
    throw new RangeError(`companies must be an integer from 1 to ${SYNTHETIC_LIMITS.companies}`);
  }
  if (!Number.isSafeInteger(records) || records < 0 || records > SYNTHETIC_LIMITS.records) {
    throw new RangeError(`records must be an integer from 0 to ${SYNTHETIC_LIMITS.records}`);
  }
  if (!Number.isSafeInteger(seed)) throw new RangeError('seed must be an integer');
}

/** Supporting records grow slowly with the company's size, within human bounds. */
function smallCounts(perCompany: number): Record<SmallCollection, number> {
  const scaled = (divisor: number, min: number, max: number) => Math.min(max, Math.max(min, Math.ceil(perCompany / divisor)));
  return { usuarios: 3, tecnicos: scaled(2000, 3, 100), fornecedores: scaled(500, 5, 300), pre_clientes: scaled(200, 5, 1000) };
}

function makePlan(options: SyntheticOptions): Plan {
  checkOptions(options);
  const { companies, records, seed } = options;
  return {
    companies,
    records,
    today: dayOf(options.today ?? todayInSaoPaulo()),
    small: smallCounts(Math.ceil(records / companies)),
    salts: Object.fromEntries(COLLECTIONS.map((name) => [name, hashSeed(`synthetic/${seed}/${name}`)])) as Record<CollectionName, number>,
  };
}

function totalOf(plan: Plan, name: CollectionName): number {
  if (name === 'empresas') return plan.companies;
  // At least one of each resource once there are records at all.
  return isMain(name) ? Math.ceil((plan.records * PER_THOUSAND_RECORDS[name]) / 1000) : plan.small[name] * plan.companies;
}

/** How many records of the collection company `k` (0-based) has. */
function countIn(plan: Plan, name: CollectionName, k: number): number {
  const total = totalOf(plan, name);
  return k < total ? Math.floor((total - 1 - k) / plan.companies) + 1 : 0;
}

const idAt = (index: number): number => SYNTHETIC_ID_BASE + 1 + index;
const indexOf = (id: number): number => id - SYNTHETIC_ID_BASE - 1;

/** The id of a random record of the collection owned by company `k`; null when it has none. */
function pickRef(plan: Plan, random: Random, name: CollectionName, k: number): number | null {
  const count = countIn(plan, name, k);
  return count === 0 ? null : idAt(random.int(0, count - 1) * plan.companies + k);
}

/** Counts of the records `syntheticChunks` yields, by collection. */
export function syntheticTotals(options: SyntheticOptions): Record<CollectionName, number> {
  const plan = makePlan(options);
  return Object.fromEntries(COLLECTIONS.map((name) => [name, totalOf(plan, name)])) as Record<CollectionName, number>;
}

// ---------------------------------------------------------------------------------------
// Small helpers: seeds, days, money

/** A well-mixed 32-bit seed for record `index` of a collection (murmur3's finaliser). */
function recordSeed(salt: number, index: number): number {
  let h = (salt ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

const DAY_MS = 86_400_000;

function dayOf(text: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
  if (Number.isNaN(ms)) throw new RangeError(`invalid date "${text}", expected YYYY-MM-DD`);
  return ms / DAY_MS;
}

/** A few thousand distinct days at most (24 months around today): each is formatted once. */
const dateTexts = new Map<number, string>();
function dateText(day: number): string {
  let text = dateTexts.get(day);
  if (text === undefined) dateTexts.set(day, (text = new Date(day * DAY_MS).toISOString().slice(0, 10)));
  return text;
}

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));
const clock = (second: number): string =>
  `${pad2(Math.floor(second / 3600))}:${pad2(Math.floor((second % 3600) / 60))}:${pad2(second % 60)}`;
/** 08:00:00 to 18:59:59 */
const businessSecond = (random: Random): number => random.int(8 * 3600, 19 * 3600 - 1);
/** São Paulo wall-clock time (UTC-03:00 all year since 2019). */
const saoPaulo = (day: number, second: number): string => `${dateText(day)}T${clock(second)}-03:00`;

/** Due dates span ~24 months: 18 back and 6 ahead, so the last 12 months hold about half. */
const DUE_PAST_DAYS = 548;
const DUE_FUTURE_DAYS = 182;
/** Things that happened (registrations, orders) span the last ~24 months. */
const HISTORY_DAYS = 730;

/** Cents, log-uniform between the bounds (small amounts are more common). */
function cents(random: Random, minReais: number, maxReais: number): number {
  return Math.round(Math.exp(Math.log(minReais * 100) + random.next() * Math.log(maxReais / minReais)));
}

/** Money is made in integer cents and divided once, so it has at most 2 decimals. */
const money = (random: Random, minReais: number, maxReais: number): number => cents(random, minReais, maxReais) / 100;

/** Shop prices: mostly ending in ,90 or ,00. */
function price(random: Random, minReais: number, maxReais: number): number {
  const amount = cents(random, minReais, maxReais);
  const roll = random.next();
  if (roll < 0.5) return Math.max(90, amount - (amount % 100) - 10) / 100;
  if (roll < 0.75) return Math.max(100, amount - (amount % 100)) / 100;
  return amount / 100;
}

// ---------------------------------------------------------------------------------------
// Vocabulary

const PRODUTOS: readonly (readonly [string, string, number, number])[] = [
  ['Tela LCD', 'un', 120, 900],
  ['Bateria', 'un', 60, 350],
  ['Conector de carga', 'un', 15, 80],
  ['Cabo USB-C 1 m', 'un', 15, 60],
  ['Carregador rápido 20 W', 'un', 40, 150],
  ['Película de vidro 3D', 'un', 10, 40],
  ['Capa de silicone', 'un', 15, 60],
  ['Fone de ouvido Bluetooth', 'un', 60, 400],
  ['Pasta térmica 4 g', 'un', 15, 60],
  ['Memória RAM 8 GB DDR4', 'un', 150, 400],
  ['SSD 480 GB', 'un', 180, 450],
  ['Teclado para notebook', 'un', 80, 300],
  ['Filtro de ar-condicionado', 'un', 20, 90],
  ['Capacitor 35 µF', 'un', 25, 70],
  ['Gás refrigerante R410A', 'kg', 60, 180],
  ['Tubo de cobre 1/4"', 'm', 25, 70],
  ['Cabo PP 3x2,5 mm', 'm', 8, 25],
  ['Fita isolante 20 m', 'un', 5, 20],
  ['Parafusos sortidos', 'cx', 20, 60],
  ['Compressor rotativo', 'un', 900, 2800],
  ['Placa eletrônica', 'un', 250, 1200],
  ['Controle remoto universal', 'un', 25, 90],
];
const MARCAS = [
  'Samsung',
  'Motorola',
  'Xiaomi',
  'LG',
  'Apple',
  'Dell',
  'Lenovo',
  'Positivo',
  'Multilaser',
  'Midea',
  'Gree',
  'Elgin',
  'Genérico',
] as const;

const SERVICOS: readonly (readonly [string, number, number])[] = [
  ['Troca de tela', 60, 250],
  ['Troca de bateria', 50, 150],
  ['Formatação e backup', 80, 200],
  ['Limpeza interna', 60, 180],
  ['Instalação de ar-condicionado split', 350, 900],
  ['Higienização de split', 120, 280],
  ['Carga de gás', 200, 450],
  ['Visita técnica', 60, 150],
  ['Manutenção preventiva', 150, 600],
  ['Reparo em placa', 150, 700],
  ['Diagnóstico', 40, 120],
  ['Troca de conector', 60, 160],
  ['Instalação elétrica', 120, 500],
];
const SERVICO_VARIANTES = ['residencial', 'comercial', 'urgente', 'em garantia', 'contrato mensal', 'fora do horário'] as const;

const OS_STATUS: readonly (readonly [string, number])[] = [
  ['aberta', 12],
  ['concluida', 35],
  ['cancelada', 6],
  ['em_analise', 5],
  ['aguardando_aprovacao', 5],
  ['aprovada', 5],
  ['reprovada', 3],
  ['em_execucao', 8],
  ['pausada', 3],
  ['aguardando_orcamento', 4],
  ['orcamento', 4],
  ['aguardando_peca', 3],
  ['em_garantia', 2],
];
const STATUS_PERSONALIZADOS = ['aguardando_peca', 'em_garantia'];

type CedenteTipo = DatasetConta['cedente_tipo'];
const CEDENTES_RECEBER: readonly (readonly [CedenteTipo, number])[] = [
  ['cliente', 70],
  ['pre_cliente', 5],
  ['fornecedor', 4],
  ['usuario', 4],
  ['outro', 17],
];
const CEDENTES_PAGAR: readonly (readonly [CedenteTipo, number])[] = [
  ['fornecedor', 70],
  ['usuario', 10],
  ['cliente', 4],
  ['pre_cliente', 2],
  ['outro', 14],
];
const CEDENTE_COLLECTION: Readonly<Record<Exclude<CedenteTipo, 'outro'>, CollectionName>> = {
  cliente: 'clientes',
  fornecedor: 'fornecedores',
  usuario: 'usuarios',
  pre_cliente: 'pre_clientes',
};
const OUTROS_RECEBER = [
  'Venda balcão',
  'Cliente avulso',
  'Prefeitura Municipal',
  'Condomínio Edifício Central',
  'Recebimento de cartão',
] as const;
const OUTROS_PAGAR = ['Receita Federal', 'Companhia de Energia', 'Prefeitura Municipal', 'Banco do Brasil', 'Correios'] as const;
const DESCRICOES_RECEBER = [
  'Ordem de serviço',
  'Venda de peças',
  'Contrato de manutenção',
  'Mensalidade',
  'Instalação',
  'Parcela de serviço',
] as const;
const DESCRICOES_PAGAR = [
  'Compra de peças',
  'Aluguel',
  'Energia elétrica',
  'Internet e telefone',
  'Folha de pagamento',
  'Impostos',
  'Frete',
] as const;
const BANCOS = ['001', '033', '104', '237', '341', '748', '756'] as const;

// ---------------------------------------------------------------------------------------
// Records

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

function empresa({ random, index, empresaId }: Context): DatasetEmpresa {
  return {
    id: empresaId,
    nome: `${generateBusinessName(random).razao_social} (sintética ${index + 1})`,
    status_personalizados: STATUS_PERSONALIZADOS,
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
    data_cadastro: saoPaulo(plan.today - random.int(0, HISTORY_DAYS - 1), businessSecond(random)),
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
    data_cadastro: saoPaulo(plan.today - random.int(0, HISTORY_DAYS - 1), businessSecond(random)),
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
    data_cadastro: saoPaulo(plan.today - random.int(0, HISTORY_DAYS - 1), businessSecond(random)),
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
  const unitCents = Math.round((source.valor ?? 0) * 100);
  return {
    id,
    tipo,
    item_id: ref,
    descricao: source.nome ?? tipo,
    quantidade: tenThousandths / 10_000,
    valor_unitario: unitCents / 100,
    subtotal: subtotalCents(tenThousandths, unitCents) / 100,
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
    data_abertura: dateText(abertura),
    hora_abertura: clock(second),
    criada_em: saoPaulo(abertura, second),
    data_conclusao: concluida ? saoPaulo(Math.min(plan.today, abertura + random.int(0, 10)), businessSecond(random)) : null,
    itens: Array.from({ length: itemCount }, (_, n) => item(ctx, idAt(index * MAX_ITEMS + n))),
    excluido: deleted(random),
  };
}

/** Past due dates are mostly paid, around the due date; future ones seldom (early payment). */
function paymentDay(random: Random, today: number, vencimento: number): number | null {
  if (vencimento <= today) return random.chance(0.85) ? Math.min(today, vencimento + random.int(-5, 20)) : null;
  return random.chance(0.05) ? today - random.int(0, 10) : null;
}

function conta(ctx: Context, pagar: boolean): DatasetConta {
  const { plan, random, index, empresaId, k } = ctx;
  const cedenteTipo = random.weighted(pagar ? CEDENTES_PAGAR : CEDENTES_RECEBER);
  const cedente =
    cedenteTipo === 'outro'
      ? { cedente_id: null, cedente_nome: random.pick(pagar ? OUTROS_PAGAR : OUTROS_RECEBER) }
      : { cedente_id: pickRef(plan, random, CEDENTE_COLLECTION[cedenteTipo], k) };
  const vencimento = plan.today - DUE_PAST_DAYS + random.int(0, DUE_PAST_DAYS + DUE_FUTURE_DAYS);
  const pagamento = paymentDay(random, plan.today, vencimento);
  return {
    id: idAt(index),
    empresa_id: empresaId,
    cedente_tipo: cedenteTipo,
    ...cedente,
    descricao: `${random.pick(pagar ? DESCRICOES_PAGAR : DESCRICOES_RECEBER)} ${random.int(1, 9999)}`,
    valor: pagar ? money(random, 30, 30_000) : money(random, 20, 20_000),
    vencimento: dateText(vencimento),
    data_pagamento: pagamento === null ? null : dateText(pagamento),
    excluido: deleted(random),
  };
}

function boletoStatus(random: Random, pago: boolean, vencido: boolean): DatasetBoleto['status'] {
  if (pago) return 'pago';
  const rare = random.weighted<DatasetBoleto['status'] | null>([
    [null, 92],
    ['cancelado', 4],
    ['rejeitado', 1],
    ['nao_autorizado', 1],
    ['nao_realizado', 1],
    ['aguardando_confirmacao', 1],
  ]);
  return rare ?? (vencido ? 'vencido' : 'pendente');
}

function boleto({ plan, random, index, empresaId, k }: Context): DatasetBoleto {
  const vencimento = plan.today - DUE_PAST_DAYS + random.int(0, DUE_PAST_DAYS + DUE_FUTURE_DAYS);
  const pagamento = paymentDay(random, plan.today, vencimento);
  const valor = money(random, 30, 5_000);
  const status = boletoStatus(random, pagamento !== null, vencimento < plan.today);
  const linha = buildLinhaDigitavel({
    banco: random.pick(BANCOS),
    valorCentavos: Math.round(valor * 100),
    vencimento: dateText(vencimento),
    campoLivre: random.digits(25),
  });
  return {
    id: idAt(index),
    empresa_id: empresaId,
    cliente_id: pickRef(plan, random, 'clientes', k),
    numero_documento: String(idAt(index)),
    linha_digitavel: linha,
    valor,
    emissao: dateText(vencimento - random.int(5, 30)),
    vencimento: dateText(vencimento),
    status,
    data_pagamento: pagamento === null ? null : dateText(pagamento),
    data_compensacao: pagamento === null ? null : dateText(Math.min(plan.today, pagamento + random.int(1, 2))),
    excluido: deleted(random),
  };
}

type RecordOf<K extends CollectionName> = NonNullable<Dataset[K]>[number];

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

function at<K extends CollectionName>(plan: Plan, name: K, index: number, random = recordRandom): RecordOf<K> {
  const k = index % plan.companies;
  random.reseed(recordSeed(plan.salts[name], index));
  return GENERATORS[name]({ plan, random, index, k, empresaId: idAt(k), position: Math.floor(index / plan.companies) });
}

// ---------------------------------------------------------------------------------------
// Chunks

export const DEFAULT_CHUNK_SIZE = 50_000;

function put<K extends CollectionName>(chunk: Dataset, plan: Plan, name: K, start: number, end: number): void {
  const records: RecordOf<K>[] = new Array<RecordOf<K>>(end - start);
  for (let index = start; index < end; index++) records[index - start] = at(plan, name, index);
  // Dataset[K] is exactly an array of RecordOf<K>.
  (chunk as { [P in K]?: RecordOf<K>[] })[name] = records;
}

/**
 * The data set in chunks of at most `chunkSize` records (an order's items ride with it), in
 * the import's collection order: companies first, then what names them; `only` restricts it
 * to some collections. Lazy: only the current chunk exists in memory.
 */
export function* syntheticChunks(
  options: SyntheticOptions,
  chunkSize = DEFAULT_CHUNK_SIZE,
  only?: readonly CollectionName[],
): Generator<Dataset> {
  if (!Number.isSafeInteger(chunkSize) || chunkSize < 1) throw new RangeError('chunk size must be a positive integer');
  const plan = makePlan(options);
  let chunk: Dataset = {};
  let size = 0;
  for (const name of COLLECTIONS) {
    if (only !== undefined && !only.includes(name)) continue;
    const total = totalOf(plan, name);
    for (let start = 0; start < total;) {
      const end = Math.min(total, start + chunkSize - size);
      put(chunk, plan, name, start, end);
      size += end - start;
      start = end;
      if (size === chunkSize) {
        yield chunk;
        chunk = {};
        size = 0;
      }
    }
  }
  if (size > 0) yield chunk;
}
