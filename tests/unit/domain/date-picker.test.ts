import { describe, it, expect } from 'vitest';
import {
  canGoToPreviousMonth,
  isPickableDate,
  monthGrid,
  monthTitle,
  shiftMonth,
  yearMonthOf,
} from '../../../src/domain/date-picker';

describe('monthGrid', () => {
  // November 2026 starts on a Sunday and has 30 days.
  const grid = monthGrid({ year: 2026, month: 11 }, '2026-11-21');

  it('labels weekdays Monday first', () => {
    expect(grid.weekdayLabels).toEqual(['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс']);
  });

  it('titles the month in the nominative with the year', () => {
    expect(grid.title).toBe('Ноябрь 2026');
  });

  it('puts the 1st under its weekday, padding the days before it', () => {
    const firstWeek = grid.weeks[0] ?? [];
    expect(firstWeek.slice(0, 6)).toEqual([null, null, null, null, null, null]);
    expect(firstWeek[6]?.date).toBe('2026-11-01');
  });

  it('has whole weeks of seven cells holding every day once', () => {
    for (const week of grid.weeks) expect(week).toHaveLength(7);
    const days = grid.weeks.flat().flatMap((cell) => (cell ? [cell.day] : []));
    expect(days).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(grid.weeks).toHaveLength(6);
  });

  it('greys out days before today and keeps today and later pickable', () => {
    const cells = grid.weeks.flat();
    const day = (n: number) => cells.find((c) => c?.day === n);
    expect(day(20)?.disabled).toBe(true);
    expect(day(21)?.disabled).toBe(false);
    expect(day(21)?.isToday).toBe(true);
    expect(day(30)?.disabled).toBe(false);
  });

  it('starts a month beginning on Monday without padding', () => {
    // June 2026 starts on a Monday.
    const june = monthGrid({ year: 2026, month: 6 }, '2026-01-01');
    expect(june.weeks[0]?.[0]?.date).toBe('2026-06-01');
  });

  it('lays out a February of exactly four weeks', () => {
    // February 2027 starts on a Monday and has 28 days.
    expect(monthGrid({ year: 2027, month: 2 }, '2027-01-01').weeks).toHaveLength(4);
  });

  it('disables a whole past month', () => {
    const past = monthGrid({ year: 2026, month: 10 }, '2026-11-21');
    expect(past.weeks.flat().every((cell) => cell === null || cell.disabled)).toBe(true);
  });
});

describe('month navigation', () => {
  it('moves across year ends', () => {
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth({ year: 2027, month: 1 }, -1)).toEqual({ year: 2026, month: 12 });
    expect(shiftMonth({ year: 2026, month: 5 }, 14)).toEqual({ year: 2027, month: 7 });
  });

  it("does not go back before today's month", () => {
    expect(canGoToPreviousMonth({ year: 2026, month: 11 }, '2026-11-21')).toBe(false);
    expect(canGoToPreviousMonth({ year: 2026, month: 12 }, '2026-11-21')).toBe(true);
    expect(canGoToPreviousMonth({ year: 2027, month: 1 }, '2026-12-31')).toBe(true);
  });

  it('takes the month of a date and names it', () => {
    expect(yearMonthOf('2026-03-08')).toEqual({ year: 2026, month: 3 });
    expect(monthTitle({ year: 2027, month: 1 })).toBe('Январь 2027');
  });
});

describe('isPickableDate', () => {
  it('allows today and later, refuses the past and malformed dates', () => {
    expect(isPickableDate('2026-11-21', '2026-11-21')).toBe(true);
    expect(isPickableDate('2026-12-01', '2026-11-21')).toBe(true);
    expect(isPickableDate('2026-11-20', '2026-11-21')).toBe(false);
    expect(isPickableDate('2026-11-99', '2026-11-21')).toBe(false);
  });
});
