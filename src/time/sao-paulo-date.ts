import { addDaysTo, formatDate, partsOf } from './calendar.ts';

/** Business dates are taken in America/Sao_Paulo (D15). */
const FORMAT = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today's date in São Paulo, `YYYY-MM-DD`. */
export function todayInSaoPaulo(now: Date = new Date()): string {
  return FORMAT.format(now);
}

/** `YYYY-MM-DD` plus whole days (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  return formatDate(addDaysTo(partsOf(date), days));
}
