import { addDaysTo, formatDate } from './calendar.ts';

/** Business dates are taken in America/Sao_Paulo (D15). */
const FORMAT = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today's date in São Paulo, `YYYY-MM-DD`. */
export function todayInSaoPaulo(now: Date = new Date()): string {
  return FORMAT.format(now);
}

/** `YYYY-MM-DD` plus whole days (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const [year = 1, month = 1, day = 1] = date.split('-').map(Number);
  return formatDate(addDaysTo({ year, month, day }, days));
}
