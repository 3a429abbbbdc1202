import { describe, it, expect } from 'vitest';
import {
  addDays,
  crimeaNowKey,
  crimeaToday,
  dayTitle,
  daysBetween,
  excursionsForDateTitle,
  formatDayMonth,
  formatDisplayDate,
  formatShortDate,
  formatTourDate,
  isIsoDate,
  isTime,
  mondayFirstWeekday,
  normaliseTime,
  parseIsoDate,
  tourDateTimeKey,
} from '../../../src/domain/dates';

describe('parsing', () => {
  it('reads a yyyy-MM-dd date into its parts', () => {
    expect(parseIsoDate('2026-11-23')).toEqual({ year: 2026, month: 11, day: 23 });
  });

  it('rejects dates that do not exist on the calendar', () => {
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-04-31')).toBe(false);
    expect(isIsoDate('2026-00-10')).toBe(false);
  });

  it('rejects other shapes of date', () => {
    expect(isIsoDate('23.11.2026')).toBe(false);
    expect(isIsoDate('2026-1-5')).toBe(false);
    expect(isIsoDate('2026-11-23T09:00')).toBe(false);
    expect(isIsoDate('')).toBe(false);
  });

  it('pads times to HH:mm and rejects impossible ones', () => {
    expect(normaliseTime('9:05')).toBe('09:05');
    expect(normaliseTime('23:59')).toBe('23:59');
    expect(normaliseTime('24:00')).toBeNull();
    expect(normaliseTime('12:60')).toBeNull();
    expect(normaliseTime('')).toBeNull();
    expect(isTime('09:00')).toBe(true);
    expect(isTime('9')).toBe(false);
  });
});

describe('addDays', () => {
  it('moves across month and year ends on the calendar', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
  });

  it('knows leap days', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
  });

  it('is unaffected by the last-Sunday-of-March and October DST dates elsewhere in Europe', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
  });

  it('adds a whole year of days exactly', () => {
    expect(addDays('2026-01-01', 365)).toBe('2027-01-01');
  });

  it('throws on a malformed date instead of inventing one', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
  });

  it('counts whole days between two dates', () => {
    expect(daysBetween('2026-11-21', '2026-11-23')).toBe(2);
    expect(daysBetween('2026-11-23', '2026-11-21')).toBe(-2);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
  });

  it('gives Monday-first weekday numbers', () => {
    expect(mondayFirstWeekday('2026-11-23')).toBe(0); // a Monday
    expect(mondayFirstWeekday('2026-11-22')).toBe(6); // a Sunday
  });
});

describe('Crimean today', () => {
  it('is the UTC date when it is already the same day in Crimea', () => {
    expect(crimeaToday(new Date('2026-11-21T09:00:00Z'))).toBe('2026-11-21');
  });

  it('turns to the next day at 21:00 UTC, which is midnight in Crimea', () => {
    expect(crimeaToday(new Date('2026-11-21T20:59:59Z'))).toBe('2026-11-21');
    expect(crimeaToday(new Date('2026-11-21T21:00:00Z'))).toBe('2026-11-22');
  });

  it('stays on UTC+3 in summer too, as Crimea has no DST', () => {
    expect(crimeaNowKey(new Date('2026-07-01T06:30:00Z'))).toBe('2026-07-01T09:30');
    expect(crimeaNowKey(new Date('2026-01-01T06:30:00Z'))).toBe('2026-01-01T09:30');
  });

  it('gives a minute key that compares with tour keys', () => {
    const now = crimeaNowKey(new Date('2026-11-21T06:00:00Z'));
    expect(now).toBe('2026-11-21T09:00');
    expect(tourDateTimeKey('2026-11-21', '09:00') >= now).toBe(true);
    expect(tourDateTimeKey('2026-11-21', '8:59') >= now).toBe(false);
  });

  it('orders a stray unpadded time correctly', () => {
    expect(tourDateTimeKey('2026-11-21', '9:00') < tourDateTimeKey('2026-11-21', '10:00')).toBe(true);
  });
});

describe('display formats', () => {
  it('shows DD.MM.YYYY', () => {
    expect(formatDisplayDate('2026-03-05')).toBe('05.03.2026');
  });

  it('shows dd.mm.yy in titles', () => {
    expect(formatShortDate('2026-11-21')).toBe('21.11.26');
    expect(formatShortDate('2030-01-02')).toBe('02.01.30');
  });

  it("titles the date page 'Экскурсии за 21.11.26'", () => {
    expect(excursionsForDateTitle('2026-11-21')).toBe('Экскурсии за 21.11.26');
  });

  it('shows the day and the month in the genitive', () => {
    expect(formatDayMonth('2026-11-23')).toBe('23 ноября');
    expect(formatDayMonth('2026-01-01')).toBe('1 января');
    expect(formatDayMonth('2026-05-09')).toBe('9 мая');
    expect(formatDayMonth('2026-08-31')).toBe('31 августа');
  });

  it("shows a tour's date with its time: '23 ноября, 09:00'", () => {
    expect(formatTourDate('2026-11-23', '09:00')).toBe('23 ноября, 09:00');
    expect(formatTourDate('2026-03-08', '9:30')).toBe('8 марта, 09:30');
  });

  it('shows a malformed date as it is, so bad data stays visible', () => {
    expect(formatDisplayDate('soon')).toBe('soon');
    expect(formatShortDate('2026-02-30')).toBe('2026-02-30');
    expect(formatDayMonth('')).toBe('');
  });
});

describe('dayTitle', () => {
  it("says 'Сегодня' for today", () => {
    expect(dayTitle('2026-11-21', '2026-11-21')).toBe('Сегодня');
  });

  it("says 'Завтра' for tomorrow, also across a year end", () => {
    expect(dayTitle('2026-11-22', '2026-11-21')).toBe('Завтра');
    expect(dayTitle('2027-01-01', '2026-12-31')).toBe('Завтра');
  });

  it('gives the day and month for later days', () => {
    expect(dayTitle('2026-11-23', '2026-11-21')).toBe('23 ноября');
  });
});
