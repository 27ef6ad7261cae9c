import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { dateOfDay, dayOf, timeOfDay } from '../../src/time/days-and-seconds.ts';

// The day numbers and times of day the data generators compute with (src/demo/core).

test('day numbers count from 1970-01-01, leap days included', () => {
  assert.equal(dayOf('1970-01-01'), 0);
  assert.equal(dayOf('1970-01-02'), 1);
  assert.equal(dayOf('1969-12-31'), -1);
  assert.equal(dayOf('2024-03-01') - dayOf('2024-02-28'), 2, '2024 has a 29 February');
  assert.equal(dayOf('2025-03-01') - dayOf('2025-02-28'), 1, '2025 has none');
  assert.equal(dateOfDay(dayOf('2026-11-27') + 30), '2026-12-27');
});

test('a date that does not exist is refused, not rolled over', () => {
  for (const bad of ['2025-02-29', '2025-02-30', '2025-13-01', '2025-1-01', 'hoje']) {
    assert.throws(() => dayOf(bad), RangeError, bad);
  }
});

test('dayOf and dateOfDay are inverse over four centuries', () => {
  fc.assert(
    fc.property(fc.integer({ min: dayOf('1900-01-01'), max: dayOf('2299-12-31') }), (day) => dayOf(dateOfDay(day)) === day),
    { seed: 20261127 },
  );
});

test('timeOfDay writes HH:MM:SS', () => {
  assert.equal(timeOfDay(0), '00:00:00');
  assert.equal(timeOfDay(3600 + 2 * 60 + 3), '01:02:03');
  assert.equal(timeOfDay(86_399), '23:59:59');
});
