/** Calendar days, São Paulo wall-clock moments, money in cents and quantities, as the generators write them. */
import type { Random } from '../random.ts';

/** days since 1970-01-01 (UTC calendar) */
export type Day = number;

const DAY_MS = 86_400_000;
// Brazil has had no daylight saving time since 2019: São Paulo is always UTC-03:00.
const SAO_PAULO_OFFSET_SECONDS = 3 * 3600;

export function parseDay(text: string): Day {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
  if (!match || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== text) {
    throw new RangeError(`invalid date "${text}", expected YYYY-MM-DD`);
  }
  return ms / DAY_MS;
}

export function formatDay(day: Day): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function clock(secondOfDay: number): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${pad(Math.floor(secondOfDay / 3600))}:${pad(Math.floor((secondOfDay % 3600) / 60))}:${pad(secondOfDay % 60)}`;
}

type OffsetStyle = 'sao_paulo' | 'utc';

/** A São Paulo wall-clock moment written either with its -03:00 offset or as the UTC instant. */
export function datetime(day: Day, secondOfDay: number, style: OffsetStyle): string {
  if (style === 'sao_paulo') return `${formatDay(day)}T${clock(secondOfDay)}-03:00`;
  const instant = new Date(day * DAY_MS + (secondOfDay + SAO_PAULO_OFFSET_SECONDS) * 1000);
  return `${instant.toISOString().slice(0, 19)}Z`;
}

export function randomOffsetStyle(random: Random): OffsetStyle {
  return random.chance(0.6) ? 'sao_paulo' : 'utc';
}

/** business hours, 08:00:00 to 18:59:59 */
export function businessSecond(random: Random): number {
  return random.int(8 * 3600, 19 * 3600 - 1);
}

/** Money is generated in cents and divided once, so every value has at most 2 decimals. */
export function reais(cents: number): number {
  return cents / 100;
}

/** Quantities are generated in ten-thousandths and divided once: at most 4 decimals. */
export function quantity(tenThousandths: number): number {
  return tenThousandths / 10_000;
}

/** Prices as shops write them: mostly ending in ,90 (just under a round price) or ,00. */
export function randomPriceCents(random: Random, minReais: number, maxReais: number): number {
  const cents = random.int(minReais * 100, maxReais * 100);
  const roll = random.next();
  if (roll < 0.5) return Math.max(90, (Math.floor(cents / 100) - 1) * 100 + 90);
  if (roll < 0.75) return Math.max(100, Math.round(cents / 100) * 100);
  return cents;
}

/** quantidade (ten-thousandths) x valor unitário (cents), rounded half up to cents, in integers. */
export function subtotalCents(quantityTenThousandths: number, unitCents: number): number {
  const product = quantityTenThousandths * unitCents;
  if (!Number.isSafeInteger(product) || product < 0) throw new RangeError('item total out of range');
  const rest = product % 10_000;
  return (product - rest) / 10_000 + (rest >= 5_000 ? 1 : 0);
}

/** Past dates for registrations: up to two years back. */
export function registrationDatetime(random: Random, today: Day): string {
  return datetime(today - random.int(0, 730), businessSecond(random), randomOffsetStyle(random));
}
