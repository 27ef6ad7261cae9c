/** References between records: to live ones, and dangling ones to soft-deleted or missing records. */
import type { Random } from '../core/random.ts';
import type { CompanyPlan } from './companies.ts';
import { spreadVariant } from './variety.ts';

/** Ids a company's collection can point at: live records, soft-deleted ones, and ids that never existed. */
export interface RefPool {
  live: number[];
  deleted: number[];
  missing: number[];
}

interface RefWeights {
  live: number;
  deleted: number;
  missing: number;
  none: number;
}

export function poolOf(plan: CompanyPlan, records: readonly { id: number; excluido?: boolean }[]): RefPool {
  return {
    live: records.filter((r) => !r.excluido).map((r) => r.id),
    deleted: records.filter((r) => r.excluido).map((r) => r.id),
    missing: [1, 2, 3].map((k) => 900_000 + plan.id * 1000 + k),
  };
}

type DanglingKind = 'deleted' | 'missing';

/** Fixed positions where a reference dangles, so every company shows both kinds of it. */
export function forcedDangling(index: number, count: number): DanglingKind | undefined {
  return spreadVariant<DanglingKind>(count - 1 - index, count, ['deleted', 'missing']);
}

export function pickRef(random: Random, pool: RefPool, weights: RefWeights, forced?: DanglingKind): number | null {
  if (forced && pool[forced].length > 0) return random.pick(pool[forced]);
  const kind = random.weighted([
    ['live', pool.live.length > 0 ? weights.live : 0],
    ['deleted', pool.deleted.length > 0 ? weights.deleted : 0],
    ['missing', weights.missing],
    ['none', weights.none],
  ] as const);
  return kind === 'none' ? null : random.pick(pool[kind]);
}
