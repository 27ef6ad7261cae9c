/**
 * The synthetic data set's plan: its options, how many records of each collection, which company
 * owns record `i` and what its id is — all by arithmetic, never by a lookup table (synthetic.ts).
 */
import { COLLECTIONS, type CollectionName } from '../../store/import/dataset.ts';
import type { Day } from '../../time/days-and-seconds.ts';
import { dayAround } from '../core/moments.ts';
import { hashSeed, type Random } from '../core/random.ts';

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

export interface SyntheticOptions {
  companies: number;
  /** receivables, spread evenly across the companies; the other resources in PER_THOUSAND_RECORDS */
  records: number;
  seed: number;
  /** YYYY-MM-DD the dates are spread around; default: today in São Paulo */
  today?: string;
}

export const SYNTHETIC_LIMITS = { companies: 100_000, records: 100_000_000 } as const;

export interface Plan {
  companies: number;
  records: number;
  today: Day;
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

export function makePlan(options: SyntheticOptions): Plan {
  checkOptions(options);
  const { companies, records, seed } = options;
  return {
    companies,
    records,
    today: dayAround(options.today),
    small: smallCounts(Math.ceil(records / companies)),
    salts: Object.fromEntries(COLLECTIONS.map((name) => [name, hashSeed(`synthetic/${seed}/${name}`)])) as Record<CollectionName, number>,
  };
}

export function totalOf(plan: Plan, name: CollectionName): number {
  if (name === 'empresas') return plan.companies;
  // At least one of each resource once there are records at all.
  return isMain(name) ? Math.ceil((plan.records * PER_THOUSAND_RECORDS[name]) / 1000) : plan.small[name] * plan.companies;
}

/** How many records of the collection company `k` (0-based) has. */
function countIn(plan: Plan, name: CollectionName, k: number): number {
  const total = totalOf(plan, name);
  return k < total ? Math.floor((total - 1 - k) / plan.companies) + 1 : 0;
}

export const idAt = (index: number): number => SYNTHETIC_ID_BASE + 1 + index;
export const indexOf = (id: number): number => id - SYNTHETIC_ID_BASE - 1;

/** The id of a random record of the collection owned by company `k`; null when it has none. */
export function pickRef(plan: Plan, random: Random, name: CollectionName, k: number): number | null {
  const count = countIn(plan, name, k);
  return count === 0 ? null : idAt(random.int(0, count - 1) * plan.companies + k);
}

/** A well-mixed 32-bit seed for record `index` of a collection (murmur3's finaliser). */
export function recordSeed(salt: number, index: number): number {
  let h = (salt ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
