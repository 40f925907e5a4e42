import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { z } from 'zod';
import { checkIsoDate, daysInMonth, isLeapYear, weeksInYear, type IsoDate } from 'mcpdesc-core/internal/model/date.js';
import { sharedRoot } from '../helpers/paths.js';

function accepted(text: string): IsoDate {
  const checked = checkIsoDate(text);
  assert.ok(checked.ok, `${text}: ${checked.ok ? '' : checked.message}`);
  return checked;
}

/** Asserts a refusal at `offset` whose message contains `fragment`. */
function refused(text: string, offset: number, fragment: string): void {
  const checked = checkIsoDate(text);
  assert.equal(checked.ok, false, `${text} is refused`);
  if (checked.ok) return;
  assert.equal(checked.offset, offset, `${text}: ${checked.message}`);
  assert.ok(checked.message.includes(fragment), `${text}: "${checked.message}" mentions "${fragment}"`);
}

test('leap years: the century rule (2000 and 2024 leap, 1900 and 2100 not)', () => {
  assert.deepEqual(
    [2000, 2024, 1900, 2100, 2025, 1600, 0].map((year) => isLeapYear(year)),
    [true, true, false, false, false, true, true],
  );
  accepted('2000-02-29');
  accepted('2024-02-29');
  refused('1900-02-29', 8, 'day 29 is not in February 1900 (it has 28 days)');
  refused('2025-02-29', 8, 'day 29 is not in February 2025');
  refused('2024-02-30', 8, 'day 30 is not in February 2024 (it has 29 days)');
  accepted('2024-366');
  refused('2025-366', 5, 'ordinal day 366 is not in 2025 (001 to 365)');
  refused('1900-366', 5, 'ordinal day 366');
});

test('month lengths: the 31st of every 30-day month is refused, days and months start at 01', () => {
  for (const month of [4, 6, 9, 11]) {
    assert.equal(daysInMonth(2025, month), 30);
    const text = `2025-${String(month).padStart(2, '0')}-31`;
    refused(text, 8, 'it has 30 days');
  }
  for (const month of [1, 3, 5, 7, 8, 10, 12]) accepted(`2025-${String(month).padStart(2, '0')}-31`);
  refused('2025-13-01', 5, 'month 13 is not 01 to 12');
  refused('2025-00-01', 5, 'month 00');
  refused('2025-01-00', 8, 'day 00 is not in January 2025');
  refused('2025-1-01', 5, 'expected a two-digit month');
  refused('2025-01-1', 9, 'expected a two-digit day');
});

test('date-times: hours, minutes, seconds, 24:00 and fractions', () => {
  assert.equal(accepted('2026-08-24T10:00:00Z').rfc3339DateTime, true);
  accepted('2026-08-24T23:59:59.999999999Z');
  accepted('2026-08-24T10:00:00,5+02:00');
  accepted('2026-08-24T10:30');
  accepted('2026-08-24T10');
  accepted('2026-08-24T10.5Z');
  accepted('2026-08-24T10:30,25');
  refused('2026-08-24T25:00:00Z', 11, 'hour 25');
  refused('2026-08-24T10:60:00Z', 14, 'minute 60');
  refused('2026-08-24T10:00:61Z', 17, 'second 61');
  refused('2026-08-24T10:00:00.Z', 20, 'expected digits after the decimal sign');
  refused('2026-08-24T1:00:00Z', 12, 'expected a two-digit hour');
  // 24:00 ends a day (ISO 8601:2004, 8601-1:2019/Amd 1); RFC 3339 has no hour 24
  assert.equal(accepted('2026-08-24T24:00').rfc3339DateTime, false);
  accepted('2026-08-24T24:00:00');
  accepted('2026-08-24T24:00:00.000Z');
  refused('2026-08-24T24:00:01', 11, 'hour 24 is only 24:00');
  refused('2026-08-24T24:30', 11, 'hour 24 is only 24:00');
  refused('2026-08-24T24:00:00.5', 11, 'hour 24 is only 24:00');
});

test('leap seconds: 60 only in the UTC minute 23:59, after the offset; in local time only in minute 59', () => {
  assert.equal(accepted('2016-12-31T23:59:60Z').rfc3339DateTime, true);
  accepted('2016-12-31T23:59:60.5Z');
  accepted('2017-01-01T00:59:60+01:00');
  accepted('2016-12-31T15:59:60-08:00');
  accepted('2016-12-31T23:59:60');
  refused('2016-12-31T23:59:60+01:00', 17, 'only occurs at 23:59:60 UTC');
  refused('2016-12-31T12:00:60Z', 17, 'only occurs at 23:59:60 UTC');
  refused('2016-12-31T12:30:60', 17, 'only follows minute 59');
});

test('offsets: Z, ±hh:mm up to 23:59, ±hh; +25:00, -00:00 and mixed formats refused', () => {
  assert.equal(accepted('2026-08-24T10:00:00+14:00').utcOffsetMinutes, 840);
  assert.equal(accepted('2026-08-24T10:00:00-14:00').utcOffsetMinutes, -840);
  assert.equal(accepted('2026-08-24T10:00:00-03:30').utcOffsetMinutes, -210);
  assert.equal(accepted('2026-08-24T10:00:00+23:59').utcOffsetMinutes, 1439);
  assert.equal(accepted('2026-08-24T10:00:00+00:00').utcOffsetMinutes, 0);
  assert.equal(accepted('2026-08-24T10:00:00z').utcOffsetMinutes, 0);
  const hourOffset = accepted('2026-08-24T10:00:00+02');
  assert.deepEqual([hourOffset.utcOffsetMinutes, hourOffset.rfc3339DateTime], [120, false]);
  assert.equal(accepted('2026-08-24T10:00:00').utcOffsetMinutes, undefined, 'local time');
  refused('2026-08-24T10:00:00+25:00', 20, 'offset hour 25 is not 00 to 23');
  refused('2026-08-24T10:00:00+24:00', 20, 'offset hour 24');
  refused('2026-08-24T10:00:00+05:60', 23, 'offset minute 60');
  refused('2026-08-24T10:00:00-00:00', 19, 'zero offset as "+00:00" or "Z"');
  refused('2026-08-24T10:00:00+0100', 22, 'expected ":" and offset minutes');
  refused('2026-08-24T10:00:00+1', 21, 'expected a two-digit offset hour');
  refused('2026-08-24T10:00:00Z+01:00', 20, 'expected the end of the value');
  refused('2026-08-24T10:00:00 Z', 19, 'expected "Z", an offset');
});

test('reduced precision, ordinal and week dates, basic format: ISO 8601 forms accepted', () => {
  assert.deepEqual(
    [
      '2025',
      '2025-06',
      '2025-06-01',
      '2025-152',
      '2025-W23',
      '2025-W23-1',
      '20250601',
      '2025152',
      '2025W23',
      '2025W231',
    ].map((text) => {
      const { representation, precision } = accepted(text);
      return `${representation} ${precision}`;
    }),
    [
      'calendar year',
      'calendar month',
      'calendar day',
      'ordinal day',
      'week week',
      'week day',
      'calendar day',
      'ordinal day',
      'week week',
      'week day',
    ],
  );
  const basic = accepted('20260824T100000Z');
  assert.deepEqual([basic.kind, basic.rfc3339DateTime], ['date-time', false]);
  accepted('20260824T1000+0100');
  accepted('2026-236T10:00:00Z');
  accepted('2026-W35-1T10:00:00Z');
  accepted('2026236T100000');
});

test('weeks: week 53 only in long years, weekdays 1 to 7', () => {
  // a long year starts on a Thursday, or on a Wednesday in a leap year
  assert.deepEqual(
    [2015, 2020, 2021, 2026, 2024, 2032, 2004].map((year) => weeksInYear(year)),
    [53, 53, 52, 53, 52, 53, 53],
  );
  accepted('2020-W53-7');
  accepted('2026-W53');
  refused('2021-W53', 6, 'week 53 is not in 2021 (weeks 01 to 52)');
  refused('2025-W00', 6, 'week 00');
  refused('2025-W23-8', 9, 'weekday 8');
  refused('2025-W23-0', 9, 'weekday 0');
  refused('2025-W231', 8, 'expected "-" and a weekday');
});

test('forms refused by choice or because ISO 8601 does not have them', () => {
  refused('2026-08-24 10:00:00Z', 10, 'a space between date and time');
  refused('202608', 4, 'basic-format YYYYMM is not ISO 8601');
  refused('+12026-08-24', 0, 'expected a four-digit year');
  refused('-0001-01-01', 0, 'expected a four-digit year');
  refused('10:00:00Z', 2, 'expected a four-digit year');
  refused('2026-08T10:00', 7, 'needs a complete date');
  refused('2026T10', 4, 'needs a complete date');
  refused('2026-W35T10:00', 8, 'complete week date');
  refused('20260824T10:00:00', 11, 'extended-format time in a basic-format value');
  refused('2026-08-24T100000', 13, 'expected ":" between time components');
  refused('20260824T1000+01:00', 16, 'extended-format offset in a basic-format value');
  refused('P1D', 0, 'expected a four-digit year');
  refused('2026-08-24/2026-08-25', 10, 'expected "T"');
  refused('yesterday', 0, 'expected a four-digit year; found "y" at offset 0');
  refused('', 0, 'found the end of the value');
  refused('2026-08-24T', 11, 'expected a two-digit hour');
  refused('2026-08-24T10:00:00ZZ', 20, 'expected the end of the value');
  refused('２０２６-08-24', 0, 'expected a four-digit year');
  refused('2026-08-24x', 10, 'expected "T"');
  refused('2026-', 5, 'expected a two-digit month or a three-digit ordinal day');
  refused('2026-0824', 5, 'expected a two-digit month');
});

test('linear time: a long fraction is scanned once', () => {
  const started = performance.now();
  assert.ok(checkIsoDate('2026-08-24T10:00:00.' + '0'.repeat(1_000_000) + 'Z').ok);
  assert.equal(checkIsoDate('2026-08-24T10:00:00.' + '0'.repeat(1_000_000) + 'x').ok, false);
  assert.ok(performance.now() - started < 2000);
});

/**
 * JSON-Schema-Test-Suite's `date-time` and `date` formats are RFC 3339 `date-time` and `full-date`,
 * a profile of ISO 8601, run as data. `rfc3339DateTime` must match every date-time case; an ISO 8601
 * verdict may only be wider, and the cases where it is are listed with the ISO 8601 form they use.
 */
test('JSON-Schema-Test-Suite date-time and date cases: RFC 3339 agrees, ISO 8601 only wider', () => {
  const wider: Record<string, string> = {
    '1990-12-31T24:00:00Z': 'hour 24, the end of the day',
    '2013-350T01:01:01': 'an ordinal date with a local time',
    '1985-04-12T23:20:50+01': 'an offset in hours',
    '2013-350': 'an ordinal date',
    '20230328': 'a basic-format calendar date',
    '2023-W01': 'a week',
    '2023-W13-2': 'a week date',
    '2022W527': 'a basic-format week date',
    '2020-11-28T23:55:45Z': 'a date-time where a date was asked for',
  };
  const folder = join(
    sharedRoot,
    'standard-suites',
    'json-schema-test-suite',
    'tests',
    'draft2020-12',
    'optional',
    'format',
  );
  const isFullDate = (checked: ReturnType<typeof checkIsoDate>, text: string): boolean =>
    checked.ok &&
    checked.kind === 'date' &&
    checked.representation === 'calendar' &&
    checked.precision === 'day' &&
    text.length === 10;
  let compared = 0;
  const widerSeen = new Set<string>();
  for (const format of ['date-time', 'date']) {
    const groups = JSON.parse(readFileSync(join(folder, `${format}.json`), 'utf8')) as {
      tests: { data: unknown; valid: boolean; description: string }[];
    }[];
    for (const { tests } of groups) {
      for (const { data, valid, description } of tests) {
        if (typeof data !== 'string') continue;
        const checked = checkIsoDate(data);
        const profile = format === 'date-time' ? checked.ok && checked.rfc3339DateTime : isFullDate(checked, data);
        assert.equal(profile, valid, `${format} RFC 3339: ${description} (${JSON.stringify(data)})`);
        if (checked.ok !== valid) {
          assert.ok(checked.ok && data in wider, `${format} ISO 8601: ${description} (${JSON.stringify(data)})`);
          widerSeen.add(data);
        }
        compared++;
      }
    }
  }
  assert.deepEqual([...widerSeen].sort(), Object.keys(wider).sort(), 'every listed difference still occurs');
  assert.ok(compared > 100, `compared ${compared}`);
});

/**
 * The MCP TypeScript SDK parses `lastModified` with zod's `z.iso.datetime({ offset: true })`. Over a grid
 * of dates, times and zones, it accepts exactly our RFC 3339 date-times, less lower-case `t`/`z` and
 * second 60 (which it does not take), plus `-00:00` (which ISO 8601 does not take, so we refuse it).
 */
test('differential: the MCP SDK lastModified schema (zod iso.datetime with offset)', () => {
  const sdk = z.iso.datetime({ offset: true });
  const disagreements = new Set<string>();
  let compared = 0;
  for (const year of ['1900', '2000', '2024', '2025', '0000'])
    for (const monthDay of ['01-31', '02-28', '02-29', '02-30', '04-30', '04-31', '12-31', '13-01', '00-10', '06-00'])
      for (const separator of ['T', 't'])
        for (const time of [
          '00:00:00',
          '23:59:59',
          '23:59:60',
          '24:00:00',
          '10:00',
          '10:00:00.5',
          '10:00:00,5',
          '10:60:00',
          '25:00:00',
        ])
          for (const zone of [
            'Z',
            'z',
            '+00:00',
            '-00:00',
            '+14:00',
            '+23:59',
            '+24:00',
            '-05:30',
            '+05:60',
            '+0100',
            '+01',
            '',
          ]) {
            const text = `${year}-${monthDay}${separator}${time}${zone}`;
            const checked = checkIsoDate(text);
            const ours =
              checked.ok && checked.rfc3339DateTime && separator === 'T' && zone !== 'z' && !time.endsWith(':60');
            if (sdk.safeParse(text).success !== ours) disagreements.add(text);
            compared++;
          }
  assert.equal(compared, 10800);
  for (const text of disagreements) assert.ok(text.endsWith('-00:00') && !checkIsoDate(text).ok, text);
  assert.ok(disagreements.size > 0, 'the -00:00 difference is still there');
});
