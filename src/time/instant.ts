import { isCalendarDate, isRealDate } from './calendar.ts';

/**
 * D43: an instant given as an RFC 3339 date-time with `Z` or a numeric offset (optional fraction of
 * a second), or as a date `YYYY-MM-DD` meaning 00:00 of that day in America/Sao_Paulo (D15).
 */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+-](\d{2}):(\d{2}))$/;

/**
 * The instant as a PostgreSQL `timestamptz` literal, or null when the text is not one of the two
 * forms (a day or an hour that does not exist, a leap second, an offset past ±23:59). The zone
 * arithmetic — São Paulo's offset on that date, DST in the years it had one — is PostgreSQL's.
 */
export function instantLiteral(text: string): string | null {
  if (isRealDate(text)) return `${text} 00:00:00 America/Sao_Paulo`;
  const m = DATE_TIME.exec(text);
  if (m === null) return null;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (!isCalendarDate(year, month, day) || hour > 23 || minute > 59 || second > 59) return null;
  if (m[9] !== undefined && (Number(m[9]) > 23 || Number(m[10]) > 59)) return null;
  return text;
}
