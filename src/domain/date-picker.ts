// The month grid of the 'Выбор даты' bottom sheet: Monday-first weeks, past days disabled.

import { mondayFirstWeekday, parseIsoDate, toIsoDate } from './dates';
import { MONTHS_NOMINATIVE, WEEKDAY_LABELS } from './strings';

export interface YearMonth {
  year: number;
  /** 1–12 */
  month: number;
}

export interface PickerDay {
  /** yyyy-MM-dd, what 'Выбрать дату' returns. */
  date: string;
  day: number;
  /** Past days are greyed and cannot be picked. */
  disabled: boolean;
  isToday: boolean;
}

export interface MonthGrid extends YearMonth {
  /** 'Ноябрь 2026' */
  title: string;
  weekdayLabels: readonly string[];
  /** Weeks of exactly seven cells; null pads the days before the 1st and after the last. */
  weeks: (PickerDay | null)[][];
}

/** A day can be picked from today onward. Both dates are yyyy-MM-dd, so text order is date order. */
export function isPickableDate(date: string, today: string): boolean {
  return parseIsoDate(date) !== null && date >= today;
}

export function yearMonthOf(iso: string): YearMonth {
  const d = parseIsoDate(iso);
  if (!d) throw new RangeError(`Not a yyyy-MM-dd date: ${iso}`);
  return { year: d.year, month: d.month };
}

export function shiftMonth(ym: YearMonth, delta: number): YearMonth {
  const index = ym.year * 12 + (ym.month - 1) + Math.trunc(delta);
  return { year: Math.floor(index / 12), month: (((index % 12) + 12) % 12) + 1 };
}

/** Months wholly in the past hold nothing pickable, so the picker need not go back to them. */
export function canGoToPreviousMonth(ym: YearMonth, today: string): boolean {
  const current = yearMonthOf(today);
  return ym.year * 12 + ym.month > current.year * 12 + current.month;
}

export function monthTitle(ym: YearMonth): string {
  return `${MONTHS_NOMINATIVE[ym.month - 1] ?? ''} ${ym.year}`;
}

export function monthGrid(ym: YearMonth, today: string): MonthGrid {
  const lastDay = new Date(Date.UTC(ym.year, ym.month, 0)).getUTCDate();
  const cells: (PickerDay | null)[] = [];
  const lead = mondayFirstWeekday(toIsoDate({ year: ym.year, month: ym.month, day: 1 }));
  for (let i = 0; i < lead; i++) cells.push(null);
  for (let day = 1; day <= lastDay; day++) {
    const date = toIsoDate({ year: ym.year, month: ym.month, day });
    cells.push({ date, day, disabled: date < today, isToday: date === today });
  }
  while (cells.length % 7 !== 0) cells.push(null);

  const weeks: (PickerDay | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return { year: ym.year, month: ym.month, title: monthTitle(ym), weekdayLabels: WEEKDAY_LABELS, weeks };
}
