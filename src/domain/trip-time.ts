// How long a trip lasts and when it ends. The duration is the seller's free text ('8 часов',
// '3 часа 30 минут', '1,5 часа', '90 минут'); the calendar entry and the review rule ("the tour has
// ended") both need a number of minutes from it.
import { departureInstant } from './cancellation';

/** What a trip is taken to last when its duration says no number of hours or minutes. */
export const DEFAULT_TRIP_MINUTES = 180;
/** The longest duration read from the text: a trip longer than two days is a typo. */
const MAX_TRIP_MINUTES = 48 * 60;

const HOURS = /(\d+(?:[.,]\d+)?)\s*(?:ч|час)/i;
const MINUTES = /(\d+)\s*(?:мин|м\b)/i;

/** The trip's length in minutes, from its duration text; DEFAULT_TRIP_MINUTES when none is found. */
export function tripMinutes(duration: string): number {
  const hours = HOURS.exec(duration);
  const minutes = MINUTES.exec(duration);
  const total =
    (hours ? Math.round(Number(hours[1]?.replace(',', '.')) * 60) : 0) + (minutes ? Number(minutes[1]) : 0);
  if (!(total > 0)) return DEFAULT_TRIP_MINUTES;
  return Math.min(total, MAX_TRIP_MINUTES);
}

/** The instant the trip departing at `date` `time` (Crimean time) ends; null for a malformed date or time. */
export function tripEnd(date: string, time: string, duration: string): Date | null {
  const departure = departureInstant(date, time);
  return departure ? new Date(departure.getTime() + tripMinutes(duration) * 60_000) : null;
}
