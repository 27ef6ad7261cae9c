/**
 * Dates and moments as both generators write them: days spread around a `today`, business hours,
 * São Paulo wall-clock moments. The arithmetic is on day numbers (time/days-and-seconds.ts).
 */
import { DAY_MS, dateOfDay, dayOf, timeOfDay, type Day } from '../../time/days-and-seconds.ts';
import { todayInSaoPaulo } from '../../time/sao-paulo-date.ts';
import type { Random } from './random.ts';

/** ~18 months: the oldest due dates and the oldest orders still open. */
export const PAST_DAYS = 548;
/** ~24 months: how far back things that happened (registrations, orders) go. */
export const HISTORY_DAYS = 730;

/** The day the data is spread around: `today` (YYYY-MM-DD) when given, else today in São Paulo. */
export function dayAround(today: string | undefined): Day {
  return dayOf(today ?? todayInSaoPaulo());
}

// A few thousand distinct days at most (two years around today), written for most records of
// the synthetic data set: each is formatted once.
const dayTexts = new Map<Day, string>();

/** `YYYY-MM-DD` of a day. */
export function dayText(day: Day): string {
  let text = dayTexts.get(day);
  if (text === undefined) dayTexts.set(day, (text = dateOfDay(day)));
  return text;
}

/** 08:00:00 to 18:59:59, as a second of the day */
export function businessSecond(random: Random): number {
  return random.int(8 * 3600, 19 * 3600 - 1);
}

/** A São Paulo wall-clock moment with its offset: UTC-03:00 all year, as Brazil has had no daylight saving time since 2019. */
export function saoPauloMoment(day: Day, secondOfDay: number): string {
  return `${dayText(day)}T${timeOfDay(secondOfDay)}-03:00`;
}

const SAO_PAULO_OFFSET_SECONDS = 3 * 3600;

type OffsetStyle = 'sao_paulo' | 'utc';

/** A São Paulo wall-clock moment written either with its -03:00 offset or as the UTC instant (clients must read both). */
export function datetime(day: Day, secondOfDay: number, style: OffsetStyle): string {
  if (style === 'sao_paulo') return saoPauloMoment(day, secondOfDay);
  const instant = new Date(day * DAY_MS + (secondOfDay + SAO_PAULO_OFFSET_SECONDS) * 1000);
  return `${instant.toISOString().slice(0, 19)}Z`;
}

export function randomOffsetStyle(random: Random): OffsetStyle {
  return random.chance(0.6) ? 'sao_paulo' : 'utc';
}

/** A registration up to two years back, in business hours, in either offset style (the sandbox shows both). */
export function registrationDatetime(random: Random, today: Day): string {
  return datetime(today - random.int(0, HISTORY_DAYS), businessSecond(random), randomOffsetStyle(random));
}
