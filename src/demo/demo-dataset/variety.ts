/** Fixed positions that make every company show every variant and a soft-deleted record. */
import type { Random } from '../core/random.ts';

/**
 * Spreads one fixed position per variant over a collection, so even small collections
 * show every variant (all statuses, all cedente types) without relying on luck.
 */
export function spreadVariant<T>(index: number, count: number, variants: readonly T[]): T | undefined {
  for (let j = 0; j < variants.length; j++) {
    if (index === Math.floor(((j + 0.5) * count) / variants.length)) return variants[j];
  }
  return undefined;
}

/** Soft-deleted at a rate, and always at one fixed position so every company has one. */
export function isDeleted(random: Random, index: number, count: number, rate: number): boolean {
  return random.chance(rate) || index === Math.floor(count * 0.61);
}
