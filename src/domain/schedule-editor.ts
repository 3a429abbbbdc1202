// The seller's schedule editor (SPEC §2, §4): tours grouped by date, times added and removed locally,
// and on save the difference becomes creations and deletions.

import type { EntityId, Tour } from './types';
import { isIsoDate, normaliseTime } from './dates';

/** New tours get a temporary id with this prefix until the server stores them. */
export const TEMPORARY_TOUR_PREFIX = 'tour';

export interface EditableTour {
  _id: EntityId;
  date: string;
  time: string;
}

export interface ScheduleDate {
  date: string;
  tours: EditableTour[];
}

export interface ScheduleChanges {
  toCreate: { date: string; time: string }[];
  toDelete: EntityId[];
}

/**
 * Real ids are 24 lowercase hex characters, which can never start with 'tour', so the prefix alone
 * tells a local tour from a stored one.
 */
export function isTemporaryTourId(id: string): boolean {
  return id.startsWith(TEMPORARY_TOUR_PREFIX);
}

/** A temporary id from a counter the caller keeps, so ids are deterministic. */
export function temporaryTourId(sequence: number): string {
  return `${TEMPORARY_TOUR_PREFIX}-${sequence}`;
}

/** A time must be entered (and be a real HH:mm) before it can be added. */
export function canAddTime(time: string): boolean {
  return normaliseTime(time) !== null;
}

/** Tours grouped by date, dates in calendar order and times in clock order within each date. */
export function groupByDate(tours: readonly EditableTour[]): ScheduleDate[] {
  const byDate = new Map<string, EditableTour[]>();
  for (const tour of tours) {
    const list = byDate.get(tour.date);
    if (list) list.push(tour);
    else byDate.set(tour.date, [tour]);
  }
  return [...byDate.keys()].sort().map((date) => ({
    date,
    tours: (byDate.get(date) ?? []).sort((a, b) => {
      const ta = normaliseTime(a.time) ?? a.time;
      const tb = normaliseTime(b.time) ?? b.time;
      return ta < tb ? -1 : ta > tb ? 1 : 0;
    }),
  }));
}

/**
 * Adds a time to a date. Refused (same array back) when the date or time is not valid or the date
 * already has that time, since two runs at the same minute would be the same tour.
 */
export function addTime(
  tours: readonly EditableTour[],
  date: string,
  time: string,
  sequence: number,
): readonly EditableTour[] {
  const normalised = normaliseTime(time);
  if (normalised === null || !isIsoDate(date)) return tours;
  if (tours.some((t) => t.date === date && (normaliseTime(t.time) ?? t.time) === normalised)) return tours;
  return [...tours, { _id: temporaryTourId(sequence), date, time: normalised }];
}

export function removeTour(tours: readonly EditableTour[], id: EntityId): EditableTour[] {
  return tours.filter((t) => t._id !== id);
}

/** What saving must send: temporary tours are created, stored tours no longer present are deleted. */
export function scheduleChanges(
  original: readonly Pick<Tour, '_id'>[],
  edited: readonly EditableTour[],
): ScheduleChanges {
  const kept = new Set(edited.map((t) => t._id));
  return {
    toCreate: edited.filter((t) => isTemporaryTourId(t._id)).map(({ date, time }) => ({ date, time })),
    toDelete: original.filter((t) => !isTemporaryTourId(t._id) && !kept.has(t._id)).map((t) => t._id),
  };
}

/** With nothing to send, the save button shows 'Нет изменений' instead of calling the server. */
export function hasScheduleChanges(changes: ScheduleChanges): boolean {
  return changes.toCreate.length > 0 || changes.toDelete.length > 0;
}
