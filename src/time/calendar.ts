/**
 * Business dates (`YYYY-MM-DD`, years 0001-9999) in plain proleptic Gregorian arithmetic.
 * Date.UTC is avoided on purpose: it maps years 0-99 to 1900-1999, so 0050-01-01 would read as
 * 1950-01-01 and a real date would be refused.
 */
export interface CalendarDate {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days of `month` (1-12) in `year`. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** A day that exists; year 0 does not (there is no year zero, and PostgreSQL refuses it). */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** `YYYY-MM-DD` naming a day that exists (2025-02-30 does not), or null. */
export function parseDate(text: string): CalendarDate | null {
  const m = DATE.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return isCalendarDate(year, month, day) ? { year, month, day } : null;
}

/** `YYYY-MM-DD` naming a day that exists, 0001-01-01 to 9999-12-31 (0050-01-01 included). */
export function isRealDate(text: string): boolean {
  return parseDate(text) !== null;
}

/** The parts of a date the caller already validated; a text that is no date is a bug there. */
export function partsOf(text: string): CalendarDate {
  const date = parseDate(text);
  if (date === null) throw new Error(`not a calendar date: ${text}`);
  return date;
}

/** Orders dates as integers, so a year past 9999 still compares right (text would not). */
export function dateKey(date: CalendarDate): number {
  return date.year * 10_000 + date.month * 100 + date.day;
}

export function formatDate({ year, month, day }: CalendarDate): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/**
 * The same day `months` later (earlier when negative); from a day the target month lacks
 * (29-31), its last day (D16). The year may pass 9999: compare the result with dateKey.
 */
export function addMonthsTo(date: CalendarDate, months: number): CalendarDate {
  const monthIndex = date.month - 1 + months;
  const year = date.year + Math.floor(monthIndex / 12);
  const month = (((monthIndex % 12) + 12) % 12) + 1;
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
}

/** The date `days` later (earlier when negative); setUTCFullYear takes years 0-99 as written. */
export function addDaysTo(date: CalendarDate, days: number): CalendarDate {
  const instant = new Date(0);
  instant.setUTCFullYear(date.year, date.month - 1, date.day + days);
  return { year: instant.getUTCFullYear(), month: instant.getUTCMonth() + 1, day: instant.getUTCDate() };
}
