import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkFormat } from 'mcpdesc-core/internal/schema/formats.js';

/** JSON Schema's date-time is RFC 3339's `date-time` (section 5.6); the cases are the RFC's own (5.8) and its grammar's edges. */
test('date-time: the examples of RFC 3339 section 5.8 are accepted', () => {
  for (const value of [
    '1985-04-12T23:20:50.52Z',
    '1996-12-19T16:39:57-08:00',
    '1990-12-31T23:59:60Z',
    '1990-12-31T15:59:60-08:00',
    '1937-01-01T12:00:27.87+00:20',
  ])
    assert.equal(checkFormat('date-time', value), true, value);
});

test("date-time: RFC 3339's grammar, not its readability note and not ISO 8601's wider forms", () => {
  // 5.6 allows "t" and "z" (ABNF is case-insensitive) and -00:00 (4.3, unknown local offset).
  for (const value of ['1985-04-12t23:20:50z', '1985-04-12T23:20:50-00:00'])
    assert.equal(checkFormat('date-time', value), true, value);
  for (const value of [
    '1985-04-12 23:20:50Z', // the space of 5.6's NOTE is for applications, not the date-time rule
    '1985-04-12T23:20Z', // seconds are required
    '1985-04-12T23:20:50', // so is the offset
    '1985-W15-5T23:20:50Z', // ISO 8601 week date
    '1985-102T23:20:50Z', // ISO 8601 ordinal date
    '1985-04-12T23:20:50+0200', // ISO 8601 basic offset
    '1990-12-31T23:58:60Z', // a leap second only at 23:59 UTC
    '2023-02-29T00:00:00Z', // the calendar of model/date.ts
  ])
    assert.equal(checkFormat('date-time', value), false, value);
});
