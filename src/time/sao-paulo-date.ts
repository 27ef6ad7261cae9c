import { addDaysTo, formatDate, partsOf } from './calendar.ts';

/** Business dates are taken in America/Sao_Paulo (D15). */
const FORMAT = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' });

// Every data request asks for today (D15, D19): formatting it with Intl was ~1.5% of a list
// request's CPU, so the answer is kept for the clock's current second. Keyed by the second, it
// changes at midnight exactly like a fresh computation would.
let cachedSecond = Number.NaN;
let cachedToday = '';

/** Today's date in São Paulo, `YYYY-MM-DD`. */
export function todayInSaoPaulo(now?: Date): string {
  if (now !== undefined) return FORMAT.format(now);
  const ms = Date.now();
  const second = Math.floor(ms / 1000);
  if (second !== cachedSecond) {
    cachedToday = FORMAT.format(ms);
    cachedSecond = second;
  }
  return cachedToday;
}

/** `YYYY-MM-DD` plus whole days (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  return formatDate(addDaysTo(partsOf(date), days));
}
