/**
 * Money and quantities as both generators make them: amounts in integer cents and quantities in
 * integer ten-thousandths, divided once at the end, so a value never carries more decimals than
 * the API serves (2 and 4).
 */
import type { Random } from './random.ts';

export function reais(cents: number): number {
  return cents / 100;
}

/** Integer cents of an amount in reais that has at most 2 decimals. */
export function centsOf(valor: number): number {
  return Math.round(valor * 100);
}

export function quantity(tenThousandths: number): number {
  return tenThousandths / 10_000;
}

/** quantidade (ten-thousandths) x valor unitário (cents), rounded half up to cents, in integers. */
export function subtotalCents(quantityTenThousandths: number, unitCents: number): number {
  const product = quantityTenThousandths * unitCents;
  if (!Number.isSafeInteger(product) || product < 0) throw new RangeError('item total out of range');
  const rest = product % 10_000;
  return (product - rest) / 10_000 + (rest >= 5_000 ? 1 : 0);
}

/** Cents, log-uniform between the bounds in reais (small amounts are more common). */
export function logUniformCents(random: Random, minReais: number, maxReais: number): number {
  return Math.round(Math.exp(Math.log(minReais * 100) + random.next() * Math.log(maxReais / minReais)));
}

/**
 * Prices as shops write them: half end in ,90 (just under a whole real), a quarter in ,00 (the
 * sandbox rounds to the nearest real, the synthetic set down), the rest stay as drawn.
 */
function shopPrice(random: Random, cents: number, whole: 'nearest' | 'down'): number {
  const roll = random.next();
  if (roll < 0.5) return Math.max(90, cents - (cents % 100) - 10);
  if (roll < 0.75) return Math.max(100, whole === 'nearest' ? Math.round(cents / 100) * 100 : cents - (cents % 100));
  return cents;
}

/** A shop price in cents, drawn uniformly between the bounds in reais (the sandbox's catalogues). */
export function randomPriceCents(random: Random, minReais: number, maxReais: number): number {
  return shopPrice(random, random.int(minReais * 100, maxReais * 100), 'nearest');
}

/** A shop price in cents, drawn log-uniformly between the bounds in reais (the synthetic catalogues). */
export function logPriceCents(random: Random, minReais: number, maxReais: number): number {
  return shopPrice(random, logUniformCents(random, minReais, maxReais), 'down');
}
