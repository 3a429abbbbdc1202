// Dates travel as calendar strings (yyyy-MM-dd) and times as HH:mm, both in Crimean local time.
// Arithmetic is done on calendar dates through UTC, never on local Date objects, so the device's own
// time zone and its DST switches cannot shift a day.

import { EXCURSIONS_FOR_DATE_PREFIX, MONTHS_GENITIVE, TODAY, TOMORROW } from './strings';

export interface CalendarDate {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

/**
 * Crimea (Europe/Simferopol) has kept UTC+3 with no DST since October 2014. A fixed offset is used
 * instead of Intl's time-zone database because a stale database on an old device would still place
 * Simferopol in the Ukrainian zone and get "today" wrong near midnight.
 */
export const CRIMEA_UTC_OFFSET_MINUTES = 180;

const MS_PER_DAY = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{1,2}):(\d{2})$/;

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The parts of a yyyy-MM-dd string, or null when it is not a real calendar date (2026-02-30). */
export function parseIsoDate(iso: string): CalendarDate | null {
  const match = ISO_DATE.exec(iso);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

export function isIsoDate(value: string): boolean {
  return parseIsoDate(value) !== null;
}

export function toIsoDate(date: CalendarDate): string {
  return `${String(date.year).padStart(4, '0')}-${pad2(date.month)}-${pad2(date.day)}`;
}

/** HH:mm with leading zero ('9:05' → '09:05'), or null when it is not a time of day. */
export function normaliseTime(time: string): string | null {
  const match = TIME.exec(time.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  return `${pad2(hours)}:${pad2(minutes)}`;
}

export function isTime(time: string): boolean {
  return normaliseTime(time) !== null;
}

function requireDate(iso: string): CalendarDate {
  const parsed = parseIsoDate(iso);
  if (!parsed) throw new RangeError(`Not a yyyy-MM-dd date: ${iso}`);
  return parsed;
}

function utcMidnight(date: CalendarDate): number {
  return Date.UTC(date.year, date.month - 1, date.day);
}

function fromUtc(ms: number): CalendarDate {
  const d = new Date(ms);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** The calendar date `days` after (or before, when negative) `iso`. Throws on a malformed date. */
export function addDays(iso: string, days: number): string {
  return toIsoDate(fromUtc(utcMidnight(requireDate(iso)) + Math.trunc(days) * MS_PER_DAY));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). Throws on a malformed date. */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcMidnight(requireDate(to)) - utcMidnight(requireDate(from))) / MS_PER_DAY);
}

/** Monday = 0 … Sunday = 6, the order the date picker uses. */
export function mondayFirstWeekday(iso: string): number {
  return (new Date(utcMidnight(requireDate(iso))).getUTCDay() + 6) % 7;
}

/** Today's date in Crimea for the instant `now`. */
export function crimeaToday(now: Date): string {
  return toIsoDate(fromUtc(now.getTime() + CRIMEA_UTC_OFFSET_MINUTES * 60_000));
}

/** A sortable 'yyyy-MM-ddTHH:mm' key for the instant `now` in Crimean local time. */
export function crimeaNowKey(now: Date): string {
  const shifted = new Date(now.getTime() + CRIMEA_UTC_OFFSET_MINUTES * 60_000);
  return `${crimeaToday(now)}T${pad2(shifted.getUTCHours())}:${pad2(shifted.getUTCMinutes())}`;
}

/**
 * A key that orders tours by date and time and compares with crimeaNowKey. The time is padded first so
 * a stray '9:00' still sorts before '10:00'.
 */
export function tourDateTimeKey(date: string, time: string): string {
  return `${date}T${normaliseTime(time) ?? time}`;
}

// Display formats. A malformed date is returned as it is, so a bad record shows up instead of hiding.

/** DD.MM.YYYY */
export function formatDisplayDate(iso: string): string {
  const d = parseIsoDate(iso);
  return d ? `${pad2(d.day)}.${pad2(d.month)}.${String(d.year).padStart(4, '0')}` : iso;
}

/** dd.mm.yy, as used in titles. */
export function formatShortDate(iso: string): string {
  const d = parseIsoDate(iso);
  return d ? `${pad2(d.day)}.${pad2(d.month)}.${pad2(d.year % 100)}` : iso;
}

/** 'Экскурсии за 21.11.26' */
export function excursionsForDateTitle(iso: string): string {
  return `${EXCURSIONS_FOR_DATE_PREFIX} ${formatShortDate(iso)}`;
}

/** '23 ноября' */
export function formatDayMonth(iso: string): string {
  const d = parseIsoDate(iso);
  return d ? `${d.day} ${MONTHS_GENITIVE[d.month - 1] ?? ''}` : iso;
}

/** A schedule day's title: 'Сегодня', 'Завтра', otherwise '23 ноября'. */
export function dayTitle(iso: string, today: string): string {
  if (iso === today) return TODAY;
  if (isIsoDate(today) && iso === addDays(today, 1)) return TOMORROW;
  return formatDayMonth(iso);
}

/** A tour's date as the card shows it: '23 ноября, 09:00'. */
export function formatTourDate(date: string, time: string): string {
  return `${formatDayMonth(date)}, ${normaliseTime(time) ?? time}`;
}
