import { formatDate, parseDate } from './calendar.ts';

/**
 * Days counted from 1970-01-01 and seconds counted from midnight: integers the data generators
 * add and subtract (a due date 30 days after an issue date), written back as `YYYY-MM-DD` and
 * `HH:MM:SS`. The calendar is the UTC one, with no time zone involved.
 */
export type Day = number;

export const DAY_MS = 86_400_000;

/**
 * The day of a `YYYY-MM-DD` that exists (calendar.ts decides); anything else is the caller's
 * mistake. Built with setUTCFullYear, which takes years 0-99 as written (Date.UTC would not).
 */
export function dayOf(text: string): Day {
  const date = parseDate(text);
  if (date === null) throw new RangeError(`invalid date "${text}", expected YYYY-MM-DD`);
  const instant = new Date(0);
  instant.setUTCFullYear(date.year, date.month - 1, date.day);
  return instant.getTime() / DAY_MS;
}

export function dateOfDay(day: Day): string {
  const instant = new Date(day * DAY_MS);
  return formatDate({ year: instant.getUTCFullYear(), month: instant.getUTCMonth() + 1, day: instant.getUTCDate() });
}

// Not padStart: the synthetic generator writes a time for most of its records.
const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

/** `HH:MM:SS` of a second of the day (0 to 86,399). */
export function timeOfDay(secondOfDay: number): string {
  return `${pad2(Math.floor(secondOfDay / 3600))}:${pad2(Math.floor((secondOfDay % 3600) / 60))}:${pad2(secondOfDay % 60)}`;
}
