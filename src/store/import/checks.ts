import { isCalendarDate, parseDate } from '../../time/calendar.ts';

/**
 * Building blocks of data-set validation: checks of single values and of record shapes. A
 * check reports every problem it sees through `report` instead of stopping at the first, so
 * one run tells the author of a file everything to fix.
 */

/** Reports a problem at `field`, a path inside the record being checked. */
export type Report = (field: string, message: string) => void;
export type Check = (value: unknown, field: string, report: Report) => void;

/**
 * `required`: present and not null. `nullable`: may be absent or null (stored as null).
 * `defaulted`: may be absent (the column default applies) but not null, like lists and flags.
 */
export interface FieldRule {
  presence: 'required' | 'nullable' | 'defaulted';
  check: Check;
}
export type Shape = Readonly<Record<string, FieldRule>>;

export const required = (check: Check): FieldRule => ({ presence: 'required', check });
export const nullable = (check: Check): FieldRule => ({ presence: 'nullable', check });
export const defaulted = (check: Check): FieldRule => ({ presence: 'defaulted', check });

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isPresent<T>(value: T | null | undefined): value is T {
  return value !== null && value !== undefined;
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

/**
 * Checks an object against a shape: unknown keys are errors (a misspelt field must not vanish
 * silently), then every known field. True when `value` is an object at all.
 */
export function checkShape(value: unknown, shape: Shape, path: string, report: Report): value is Record<string, unknown> {
  if (!isPlainObject(value)) {
    report(path, 'must be an object');
    return false;
  }
  for (const key of Object.keys(value)) {
    if (!Object.hasOwn(shape, key)) report(join(path, key), 'unknown field');
  }
  for (const [key, rule] of Object.entries(shape)) {
    const field = value[key];
    const at = join(path, key);
    if (isPresent(field)) rule.check(field, at, report);
    else if (rule.presence === 'required') report(at, 'is required');
    else if (field === null && rule.presence === 'defaulted') report(at, 'must not be null (omit it to get the default)');
  }
  return true;
}

/** A positive integer that a JavaScript number holds exactly (D6). */
export const id: Check = (value, at, report) => {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) {
    report(at, 'must be a positive integer no greater than 2^53-1');
  }
};

export const int32: Check = (value, at, report) => {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < -(2 ** 31) || value >= 2 ** 31) {
    report(at, 'must be an integer between -2147483648 and 2147483647');
  }
};

export const bool: Check = (value, at, report) => {
  if (typeof value !== 'boolean') report(at, 'must be true or false');
};

// PostgreSQL text cannot hold NUL, and jsonb refuses unpaired surrogates.
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const text: Check = (value, at, report) => {
  if (typeof value !== 'string') report(at, 'must be a string');
  else if (value.includes('\u0000') || UNPAIRED_SURROGATE.test(value)) report(at, 'must not contain NUL characters or unpaired surrogates');
};

export function oneOf(values: readonly string[]): Check {
  const allowed = new Set(values);
  return (value, at, report) => {
    if (typeof value !== 'string' || !allowed.has(value)) report(at, `must be one of: ${values.join(', ')}`);
  };
}

export const textList: Check = (value, at, report) => {
  if (!Array.isArray(value)) return report(at, 'must be an array of strings');
  value.forEach((item, i) => text(item, `${at}[${i}]`, report));
};

/** An array of objects of one shape. */
export function listOf(shape: Shape): Check {
  return (value, at, report) => {
    if (!Array.isArray(value)) return report(at, 'must be an array of objects');
    value.forEach((item, i) => checkShape(item, shape, `${at}[${i}]`, report));
  };
}

/** An array of records of one shape whose `id`s are unique within the array. */
export function recordList(shape: Shape): Check {
  const records = listOf(shape);
  return (value, at, report) => {
    records(value, at, report);
    if (!Array.isArray(value)) return;
    for (const { index, id: dup, first } of duplicateIds(value)) {
      report(`${at}[${index}].id`, `duplicate id ${dup} (also at ${at}[${first}])`);
    }
  };
}

/** Records whose numeric `id` an earlier record of the array already has. */
export function duplicateIds(records: readonly unknown[]): { index: number; id: number; first: number }[] {
  const seen = new Map<number, number>();
  const found: { index: number; id: number; first: number }[] = [];
  records.forEach((record, index) => {
    if (!isPlainObject(record) || typeof record.id !== 'number') return;
    const first = seen.get(record.id);
    if (first === undefined) seen.set(record.id, index);
    else found.push({ index, id: record.id, first });
  });
  return found;
}

function isClockTime(hour: number, minute: number, second: number): boolean {
  return hour <= 23 && minute <= 59 && second <= 59;
}

const TIME = /^(\d{2}):(\d{2}):(\d{2})$/;
// RFC 3339 date-time: the offset is mandatory, so every value names one instant.
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;

/** `YYYY-MM-DD`, a day that exists (2025-02-30 does not). */
export const date: Check = (value, at, report) => {
  if (typeof value !== 'string' || parseDate(value) === null) {
    report(at, 'must be a date written YYYY-MM-DD that exists in the calendar');
  }
};

/** `HH:mm:ss`. */
export const timeOfDay: Check = (value, at, report) => {
  const m = typeof value === 'string' ? TIME.exec(value) : null;
  if (!m || !isClockTime(Number(m[1]), Number(m[2]), Number(m[3]))) {
    report(at, 'must be a time of day written HH:mm:ss');
  }
};

export const dateTime: Check = (value, at, report) => {
  const m = typeof value === 'string' ? DATE_TIME.exec(value) : null;
  const valid =
    m !== null &&
    isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3])) &&
    isClockTime(Number(m[4]), Number(m[5]), Number(m[6])) &&
    Number(m[7] ?? 0) <= 23 &&
    Number(m[8] ?? 0) <= 59;
  if (!valid) report(at, 'must be an RFC 3339 date-time with an offset, such as 2025-06-02T08:30:00-03:00');
};

/**
 * A number that fits numeric(precision, scale) exactly. Judged on the number's shortest
 * decimal text (String(n)), which is what JSON.stringify sends to the database: a value with
 * more decimals than the column keeps would be rounded silently (D23). Exponent forms
 * (1e-7, 1e+21) are always outside the columns' range, so they are refused with the rest.
 */
export function decimal(precision: number, scale: number): Check {
  const integerDigits = precision - scale;
  const shape = `at most ${integerDigits} digits before the decimal point and ${scale} after it`;
  return (value, at, report) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) return report(at, 'must be a finite number');
    const m = /^-?(\d+)(?:\.(\d+))?$/.exec(String(value));
    if (!m || (m[1] ?? '').length > integerDigits) return report(at, `must have ${shape}`);
    if ((m[2] ?? '').length > scale) report(at, `must have at most ${scale} decimal places`);
  };
}

/** numeric(15,2) */
export const money = decimal(15, 2);

/** numeric(15,4) */
export const quantity = decimal(15, 4);

/** A money value (as `money` accepts it) in whole cents, exactly; null for anything else. */
export function moneyCents(value: unknown): bigint | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const m = /^(-?)(\d{1,13})(?:\.(\d{1,2}))?$/.exec(String(value));
  if (!m) return null;
  const cents = BigInt(m[2] ?? '0') * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] === '-' ? -cents : cents;
}
