// The money rules after a booking: how long an unpaid hold lasts, and until when a paid ticket is
// cancelled for a full refund. The server decides with these; the client shows the same numbers.
import { differenceInMinutes, subHours } from 'date-fns';
import {
  CRIMEA_UTC_OFFSET_MINUTES,
  crimeaNowKey,
  formatDisplayDate,
  normaliseTime,
  parseIsoDate,
} from './dates';

/** How long seats stay held for an unpaid booking (SPEC: 15 minutes). */
export const HOLD_MINUTES = 15;

/** The free-cancellation window an excursion has unless its seller sets another. */
export const DEFAULT_FREE_CANCEL_HOURS = 24;

/** The instant a tour departs: its date and time are Crimean local time (UTC+3 all year). */
export function departureInstant(date: string, time: string): Date | null {
  const day = parseIsoDate(date);
  const clock = normaliseTime(time);
  if (!day || !clock) return null;
  const [hours, minutes] = clock.split(':').map(Number) as [number, number];
  const utc = Date.UTC(day.year, day.month - 1, day.day, hours, minutes);
  return new Date(utc - CRIMEA_UTC_OFFSET_MINUTES * 60_000);
}

/**
 * Until when a ticket of a tour departing at `date` `time` may be cancelled for a full refund; null
 * for a window of 0 hours, which means no free cancellation at all.
 */
export function freeCancelDeadline(date: string, time: string, hours: number): Date | null {
  if (!(hours > 0)) return null;
  const departure = departureInstant(date, time);
  return departure ? subHours(departure, hours) : null;
}

/** Whole minutes left of a hold at `now`, at least 1 while it lasts, 0 once it ran out. */
export function holdMinutesLeft(holdUntil: string | Date, now: Date): number {
  const until = typeof holdUntil === 'string' ? new Date(holdUntil) : holdUntil;
  if (!(until.getTime() > now.getTime())) return 0;
  return Math.max(1, differenceInMinutes(until, now, { roundingMethod: 'ceil' }));
}

/** 'DD.MM.YYYY HH:mm' of an instant in Crimean time, whatever the device's own zone. */
export function formatCrimeaInstant(instant: Date): string {
  const [date = '', time = ''] = crimeaNowKey(instant).split('T');
  return `${formatDisplayDate(date)} ${time}`;
}
