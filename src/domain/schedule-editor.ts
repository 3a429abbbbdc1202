// The seller's schedule editor (SPEC §2, §4): tours grouped by date, times added and removed locally,
// and on save the difference becomes creations and deletions.

import type { EntityId, ReplicaTour } from './types';
import { isIsoDate, normaliseTime } from './dates';

/** New tours get a temporary id with this prefix until the server stores them. */
/** One schedule save creates or deletes at most this many tours; a seller's week fits many times over. */
export const MAX_TOURS_PER_REQUEST = 200;

/** A key for "the same run": two requested tours with one key would be one bus booked twice. */
export function tourSlotKey(tour: { excursionID?: string; date: string; time: string }): string {
  return `${tour.excursionID ?? ''} ${tour.date} ${tour.time}`;
}

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

/**
 * What saving must send: tours added in the editor are created, stored tours no longer present are
 * deleted. A tour already in `original` is never created again, even with a temporary id: that is a
 * creation queued by an earlier save and still waiting for the server.
 */
export function scheduleChanges(
  original: readonly Pick<ReplicaTour, '_id'>[],
  edited: readonly EditableTour[],
): ScheduleChanges {
  const stored = new Set(original.map((t) => t._id));
  const kept = new Set(edited.map((t) => t._id));
  return {
    toCreate: edited
      .filter((t) => isTemporaryTourId(t._id) && !stored.has(t._id))
      .map(({ date, time }) => ({ date, time })),
    toDelete: original.filter((t) => !kept.has(t._id)).map((t) => t._id),
  };
}

/** With nothing to send, the save button shows 'Нет изменений' instead of calling the server. */
export function hasScheduleChanges(changes: ScheduleChanges): boolean {
  return changes.toCreate.length > 0 || changes.toDelete.length > 0;
}

/** The editor's unsaved work on top of the stored schedule; the stored one may change underneath. */
export interface ScheduleEdits {
  /** Tours added in the editor, with temporary ids from `temporaryTourId`. */
  added: readonly EditableTour[];
  /** Ids of stored tours the seller removed. */
  removed: readonly EntityId[];
  /** Dates opened with 'Добавить дату' that may have no tour yet. */
  dates: readonly string[];
  /** The next temporary id's sequence number. */
  sequence: number;
}

export const NO_EDITS: ScheduleEdits = { added: [], removed: [], dates: [], sequence: 1 };

/**
 * The schedule as the editor shows it: the stored tours minus those removed, plus those added. The
 * stored list is live (the server accepts, refuses or adds tours while the editor is open), so edits
 * are kept apart and laid over it rather than copied into it once.
 */
export function editedSchedule(stored: readonly EditableTour[], edits: ScheduleEdits): EditableTour[] {
  const removed = new Set(edits.removed);
  return [...stored.filter((t) => !removed.has(t._id)), ...edits.added];
}

/** Adds a time to a date in the edits; the same edits back when addTime refuses it. */
export function addTimeEdit(
  stored: readonly EditableTour[],
  edits: ScheduleEdits,
  date: string,
  time: string,
): ScheduleEdits {
  const current = editedSchedule(stored, edits);
  const next = addTime(current, date, time, edits.sequence);
  if (next === current) return edits;
  const tour = next[next.length - 1] as EditableTour;
  return { ...edits, added: [...edits.added, tour], sequence: edits.sequence + 1 };
}

/** Removes a tour: one added in the editor is simply dropped, a stored one is marked for deletion. */
export function removeTourEdit(edits: ScheduleEdits, id: EntityId): ScheduleEdits {
  if (edits.added.some((t) => t._id === id)) return { ...edits, added: removeTour([...edits.added], id) };
  if (edits.removed.includes(id)) return edits;
  return { ...edits, removed: [...edits.removed, id] };
}

/** Opens a date for new times. Past days cannot be picked (SPEC §5); a date opened twice is one date. */
export function addDateEdit(edits: ScheduleEdits, date: string, today: string): ScheduleEdits {
  if (!isIsoDate(date) || date < today || edits.dates.includes(date)) return edits;
  return { ...edits, dates: [...edits.dates, date] };
}

/**
 * The days the editor lists: every date from `today` with a tour, plus the dates opened with
 * 'Добавить дату' (shown empty until a time is added), in calendar order.
 */
export function scheduleDays(
  tours: readonly EditableTour[],
  openedDates: readonly string[],
  today: string,
): ScheduleDate[] {
  const days = groupByDate(tours.filter((t) => t.date >= today));
  const known = new Set(days.map((d) => d.date));
  const empty = [...new Set(openedDates)]
    .filter((d) => d >= today && !known.has(d))
    .map((date) => ({ date, tours: [] }));
  return [...days, ...empty].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
