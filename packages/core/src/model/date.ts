/**
 * ISO 8601 dates and date-times (15.6: "Date values MUST conform to ISO 8601"), checked by hand with
 * calendar arithmetic: one left-to-right pass, no regular expressions, no `Date` (whose parser accepts
 * what ISO 8601 does not and rolls impossible dates over).
 *
 * The spec's only date value is Resource Annotations `lastModified` ("Resource modification time in
 * ISO 8601 form", 10.3), carried from MCP, whose schema asks for "an ISO 8601 formatted string (e.g.,
 * "2025-01-12T15:00:58Z")". Because the requirement is ISO 8601 itself, a MUST-level check must not
 * reject what ISO 8601 allows; so this accepts ISO 8601-1's date and date-time representations, and
 * says in the result whether the value is also an RFC 3339 date-time, the profile MCP tools parse
 * (a lint can recommend it). Accepted, each in extended format (`2025-06-01`) and basic format
 * (`20250601`), one format throughout a value:
 *
 * - calendar dates `YYYY-MM-DD`, and reduced precision `YYYY-MM` and `YYYY` (basic `YYYYMM` is not ISO 8601);
 * - ordinal dates `YYYY-DDD`, week dates `YYYY-Www-D` and `YYYY-Www`;
 * - date-times: a complete date (calendar, ordinal or week), `T` (RFC 3339's note lets it be `t`), and a
 *   time `hh`, `hh:mm` or `hh:mm:ss`, whose last component may carry a decimal fraction (`.` or `,`);
 * - then `Z` (or `z`), an offset `±hh:mm` or `±hh` (basic `±hhmm`), or nothing (local time).
 *
 * Calendar rules: months 01–12; days within the month, February 29 only in Gregorian leap years
 * (divisible by 4, centuries only when divisible by 400; proleptic for years before 1583); ordinal days
 * within 365 or 366; week 53 only in long years; weekday 1–7. Hours 00–23, and `24:00`, `24:00:00` with a
 * zero fraction for the end of a day (ISO 8601:2004 and 8601-1:2019/Amd 1); minutes 00–59; second 60 (a
 * positive leap second) only in the UTC minute 23:59, that is after applying the offset, and in a local
 * time only in a minute 59. Offsets: hours 00–23, minutes 00–59; `-00:00` is refused because ISO 8601
 * writes a zero offset with `+` (the minus form is RFC 3339's "unknown local offset").
 *
 * Refused by choice: four-digit years only (expanded `±YYYYY` years need the partners' agreement);
 * a space between date and time (RFC 3339 allows it for readability, ISO 8601 does not); a time without
 * a date, durations and intervals (they are not date values).
 */

export type IsoDateRepresentation = 'calendar' | 'ordinal' | 'week';
export type IsoDatePrecision = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute' | 'second';

export interface IsoDate {
  ok: true;
  kind: 'date' | 'date-time';
  representation: IsoDateRepresentation;
  /** The smallest unit written (a fraction may follow it). */
  precision: IsoDatePrecision;
  /** Minutes east of UTC; undefined for a date, or a local time with no offset. */
  utcOffsetMinutes?: number;
  /**
   * Also an RFC 3339 `date-time` (section 5.6): an extended calendar date, `T`, hh:mm:ss with an optional
   * `.` fraction, and `Z` or `±hh:mm`. The form of MCP's schema example; the TypeScript SDK takes
   * these values except lower-case `t`/`z` and second 60.
   */
  rfc3339DateTime: boolean;
}

export interface IsoDateFailure {
  ok: false;
  /** Index of the character where the value stops fitting (the start of an out-of-range number). */
  offset: number;
  message: string;
}

export type IsoDateCheck = IsoDate | IsoDateFailure;

/** Checks `text` as an ISO 8601 date or date-time under the forms and rules listed above. */
export function checkIsoDate(text: string): IsoDateCheck {
  try {
    return new DateScanner(text).value();
  } catch (error) {
    if (error instanceof DateSyntaxError) return { ok: false, offset: error.offset, message: error.message };
    throw error;
  }
}

// ---------------------------------------------------------------------------
// Calendar arithmetic (proleptic Gregorian)

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Day of the week of January 1 (1 = Monday ... 7 = Sunday), by counting days from 0001-01-01, a Monday. */
function weekdayOfJanuaryFirst(year: number): number {
  const previous = year - 1;
  const days = previous * 365 + Math.floor(previous / 4) - Math.floor(previous / 100) + Math.floor(previous / 400);
  return (((days % 7) + 7) % 7) + 1;
}

/** ISO weeks in a year: 53 when it starts on a Thursday, or on a Wednesday in a leap year; else 52. */
export function weeksInYear(year: number): number {
  const weekday = weekdayOfJanuaryFirst(year);
  return weekday === 4 || (weekday === 3 && isLeapYear(year)) ? 53 : 52;
}

// ---------------------------------------------------------------------------
// The scanner

class DateSyntaxError extends Error {
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

type Format = 'basic' | 'extended';

class DateScanner {
  private index = 0;
  /** Where the time zone designator starts (the end of the text for a local time). */
  private zoneAt = 0;
  /** Set by the first component whose form tells basic from extended. */
  private format: Format | undefined;

  constructor(private readonly text: string) {}

  value(): IsoDate {
    const date = this.date();
    if (this.atEnd()) {
      return {
        ok: true,
        kind: 'date',
        representation: date.representation,
        precision: date.precision,
        rfc3339DateTime: false,
      };
    }
    const separator = this.text[this.index];
    if (separator === ' ') this.fail('a space between date and time is RFC 3339 readability, not ISO 8601; write "T"');
    if (separator !== 'T' && separator !== 't') this.fail('expected "T" and a time, or the end of the date');
    if (date.precision === 'week') this.fail('a date-time needs a complete week date with its weekday (YYYY-Www-D)');
    if (date.precision !== 'day') this.fail('a date-time needs a complete date, not reduced precision');
    this.index++;
    const time = this.time();
    return {
      ok: true,
      kind: 'date-time',
      representation: date.representation,
      precision: time.precision,
      ...(time.utcOffsetMinutes !== undefined ? { utcOffsetMinutes: time.utcOffsetMinutes } : {}),
      rfc3339DateTime: date.representation === 'calendar' && this.format === 'extended' && time.rfc3339,
    };
  }

  private date(): { representation: IsoDateRepresentation; precision: IsoDatePrecision } {
    const year = this.number(4, 'a four-digit year');
    if (this.atEnd() || this.peek('T') || this.peek('t') || this.peek(' '))
      return { representation: 'calendar', precision: 'year' };
    const extended = this.peek('-');
    if (extended) this.index++;
    else if (!this.peekDigit() && !this.peek('W'))
      this.fail('expected "-" and a month, ordinal day or week after the year (expanded years are not accepted)');
    this.format = extended ? 'extended' : 'basic';
    if (this.peek('W')) {
      this.index++;
      const weekAt = this.index;
      const week = this.number(2, 'a two-digit week number');
      if (week < 1 || week > weeksInYear(year))
        this.fail(`week ${pad(week)} is not in ${year} (weeks 01 to ${weeksInYear(year)})`, weekAt);
      if (this.atDateEnd()) return { representation: 'week', precision: 'week' };
      if (extended) this.expect('-', 'expected "-" and a weekday after the week');
      const dayAt = this.index;
      const weekday = this.number(1, 'a weekday digit 1 (Monday) to 7 (Sunday)');
      if (weekday < 1 || weekday > 7) this.fail(`weekday ${weekday} is not 1 (Monday) to 7 (Sunday)`, dayAt);
      return { representation: 'week', precision: 'day' };
    }
    const digitsAt = this.index;
    const digits = this.digitRun();
    if (digits === 3) {
      const day = Number(this.text.slice(digitsAt, this.index));
      const days = isLeapYear(year) ? 366 : 365;
      if (day < 1 || day > days)
        this.fail(`ordinal day ${this.text.slice(digitsAt, this.index)} is not in ${year} (001 to ${days})`, digitsAt);
      return { representation: 'ordinal', precision: 'day' };
    }
    if (!extended && digits === 2) this.fail('basic-format YYYYMM is not ISO 8601; write YYYY-MM', digitsAt);
    if ((extended && digits !== 2) || (!extended && digits !== 4))
      this.fail(
        extended ? 'expected a two-digit month or a three-digit ordinal day' : 'expected MMDD or DDD after the year',
        digitsAt,
      );
    const month = Number(this.text.slice(digitsAt, digitsAt + 2));
    if (month < 1 || month > 12) this.fail(`month ${pad(month)} is not 01 to 12`, digitsAt);
    let dayAt = digitsAt + 2;
    if (extended) {
      if (this.atDateEnd()) return { representation: 'calendar', precision: 'month' };
      this.expect('-', 'expected "-" and a day after the month');
      dayAt = this.index;
      this.number(2, 'a two-digit day');
    }
    const day = Number(this.text.slice(dayAt, dayAt + 2));
    if (day < 1 || day > daysInMonth(year, month))
      this.fail(
        `day ${pad(day)} is not in ${monthNames[month - 1]} ${year} (it has ${daysInMonth(year, month)} days)`,
        dayAt,
      );
    return { representation: 'calendar', precision: 'day' };
  }

  private time(): { precision: IsoDatePrecision; utcOffsetMinutes?: number; rfc3339: boolean } {
    const hourAt = this.index;
    const hour = this.number(2, 'a two-digit hour');
    let precision: IsoDatePrecision = 'hour';
    let minute = 0;
    let second = 0;
    let minuteAt = -1;
    let secondAt = -1;
    if (this.component()) {
      minuteAt = this.index;
      minute = this.number(2, 'a two-digit minute');
      precision = 'minute';
      if (this.component()) {
        secondAt = this.index;
        second = this.number(2, 'a two-digit second');
        precision = 'second';
      }
    }
    let fractionIsZero = true;
    let fractionSign = '';
    if (this.peek('.') || this.peek(',')) {
      fractionSign = this.text[this.index]!;
      this.index++;
      const digitsAt = this.index;
      if (this.digitRun() === 0) this.fail('expected digits after the decimal sign');
      fractionIsZero = /^0+$/.test(this.text.slice(digitsAt, this.index));
    }
    if (hour > 24) this.fail(`hour ${pad(hour)} is not 00 to 23 (or 24:00 for the end of the day)`, hourAt);
    if (hour === 24 && (minute !== 0 || second !== 0 || !fractionIsZero))
      this.fail('hour 24 is only 24:00 or 24:00:00, the end of the day', hourAt);
    if (minute > 59) this.fail(`minute ${pad(minute)} is not 00 to 59`, minuteAt);
    if (second > 60) this.fail(`second ${pad(second)} is not 00 to 59 (or 60 for a leap second)`, secondAt);
    const utcOffsetMinutes = this.zone();
    if (second === 60) {
      const utcMinute =
        utcOffsetMinutes === undefined ? minute : (((hour * 60 + minute - utcOffsetMinutes) % 1440) + 1440) % 1440;
      const lastMinute = utcOffsetMinutes === undefined ? 59 : 23 * 60 + 59;
      if (utcMinute !== lastMinute)
        this.fail(
          utcOffsetMinutes === undefined
            ? 'a leap second (60) only follows minute 59'
            : 'a leap second (60) only occurs at 23:59:60 UTC; this time is not in that UTC minute',
          secondAt,
        );
    }
    if (!this.atEnd()) this.fail('expected the end of the value after the time zone');
    const zoneText = this.text.slice(this.zoneAt);
    return {
      precision,
      ...(utcOffsetMinutes !== undefined ? { utcOffsetMinutes } : {}),
      rfc3339:
        precision === 'second' &&
        hour !== 24 &&
        fractionSign !== ',' &&
        (zoneText === 'Z' || zoneText === 'z' || zoneText.length === 6),
    };
  }

  /** `Z`, `±hh:mm`, `±hh` (basic `±hhmm`), or nothing; returns minutes east of UTC. */
  private zone(): number | undefined {
    this.zoneAt = this.index;
    if (this.atEnd()) return undefined;
    if (this.peek('Z') || this.peek('z')) {
      this.index++;
      return 0;
    }
    const sign = this.text[this.index];
    if (sign !== '+' && sign !== '-') this.fail('expected "Z", an offset "+hh:mm" or "-hh:mm", or the end of the time');
    this.index++;
    const hourAt = this.index;
    const hours = this.number(2, 'a two-digit offset hour');
    let minutes = 0;
    let minuteAt = -1;
    if (!this.atEnd()) {
      if (this.format === 'extended') this.expect(':', 'expected ":" and offset minutes (extended format)');
      else if (this.peek(':')) this.fail('an extended-format offset in a basic-format value; write ±hhmm');
      minuteAt = this.index;
      minutes = this.number(2, 'two-digit offset minutes');
    }
    if (hours > 23) this.fail(`offset hour ${pad(hours)} is not 00 to 23`, hourAt);
    if (minutes > 59) this.fail(`offset minute ${pad(minutes)} is not 00 to 59`, minuteAt);
    if (sign === '-' && hours === 0 && minutes === 0)
      this.fail(
        'ISO 8601 writes a zero offset as "+00:00" or "Z" ("-00:00" is RFC 3339\'s unknown local offset)',
        this.zoneAt,
      );
    return (sign === '+' ? 1 : -1) * (hours * 60 + minutes);
  }

  /** After hh or hh:mm: whether another component follows, in the value's format. */
  private component(): boolean {
    if (this.peek(':')) {
      if (this.format === 'basic') this.fail('an extended-format time in a basic-format value; write hhmmss');
      this.format = 'extended';
      this.index++;
      return true;
    }
    if (this.peekDigit()) {
      if (this.format === 'extended') this.fail('expected ":" between time components (extended format)');
      this.format = 'basic';
      return true;
    }
    return false;
  }

  private atEnd(): boolean {
    return this.index >= this.text.length;
  }

  /** The date part ends at the end of the text or at the date-time separator. */
  private atDateEnd(): boolean {
    return this.atEnd() || this.peek('T') || this.peek('t') || this.peek(' ');
  }

  private peek(character: string): boolean {
    return this.text[this.index] === character;
  }

  private peekDigit(): boolean {
    const code = this.text.charCodeAt(this.index);
    return code >= 0x30 && code <= 0x39;
  }

  /** Advances over consecutive ASCII digits; returns how many. */
  private digitRun(): number {
    const start = this.index;
    while (this.peekDigit()) this.index++;
    return this.index - start;
  }

  /** Exactly `count` digits, as a number. */
  private number(count: number, what: string): number {
    const start = this.index;
    for (let read = 0; read < count; read++) {
      if (!this.peekDigit()) this.fail(`expected ${what}`);
      this.index++;
    }
    return Number(this.text.slice(start, this.index));
  }

  private expect(character: string, message: string): void {
    if (!this.peek(character)) this.fail(message);
    this.index++;
  }

  /** Stops the scan; a message that says what was expected also says what was found instead. */
  private fail(message: string, offset = this.index): never {
    if (!message.startsWith('expected')) throw new DateSyntaxError(offset, message);
    const found = offset >= this.text.length ? 'the end of the value' : `"${this.text[offset]}"`;
    throw new DateSyntaxError(offset, `${message}; found ${found} at offset ${offset}`);
  }
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}
