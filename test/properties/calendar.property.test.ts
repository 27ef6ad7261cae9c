import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { addDaysTo, addMonthsTo, daysInMonth, formatDate, parseDate, type CalendarDate } from '../../src/time/calendar.ts';
import { fc } from './fixed-seed.ts';

/** Business dates (D16, D18), against JavaScript's own proleptic Gregorian calendar as the reference. */
const date: fc.Arbitrary<CalendarDate> = fc
  .record({ year: fc.integer({ min: 1, max: 9999 }), month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 31 }) })
  .filter(({ year, month, day }) => day <= daysInMonth(year, month))
  // fast-check builds records without a prototype; the code under test returns plain objects.
  .map((d) => ({ ...d }));

/** The reference: Date with setUTCFullYear, which (unlike Date.UTC) takes years 0-99 as written. */
function reference(year: number, month: number, day: number): Date {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  return d;
}
const isRealByReference = (year: number, month: number, day: number): boolean => {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const d = reference(year, month, day);
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
};

describe('calendar (property)', () => {
  test('parseDate accepts YYYY-MM-DD exactly when the day exists, years 0001-9999', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), (y, m, d) => {
        const text = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
        assert.equal(parseDate(text) !== null, isRealByReference(y, m, d), text);
      }),
    );
  });

  test('formatDate and parseDate are inverses', () => {
    fc.assert(fc.property(date, (d) => assert.deepEqual(parseDate(formatDate(d)), d)));
  });

  test('addMonthsTo keeps the day when the month has it, else takes the month end (D16)', () => {
    fc.assert(
      fc.property(date, fc.integer({ min: -24, max: 24 }), (d, months) => {
        const r = addMonthsTo(d, months);
        assert.equal(r.year * 12 + r.month, d.year * 12 + d.month + months);
        assert.equal(r.day, Math.min(d.day, daysInMonth(r.year, r.month)));
      }),
    );
  });

  test('addDaysTo agrees with the reference, and going back returns the same day', () => {
    fc.assert(
      fc.property(date, fc.integer({ min: -800, max: 800 }), (d, days) => {
        const r = addDaysTo(d, days);
        const ref = reference(d.year, d.month, d.day + days);
        assert.deepEqual(r, { year: ref.getUTCFullYear(), month: ref.getUTCMonth() + 1, day: ref.getUTCDate() });
        assert.deepEqual(addDaysTo(r, -days), d);
      }),
    );
  });
});
