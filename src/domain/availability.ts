// Which excursions and days have room (SPEC §2 'Excursions by date', 'Schedule'; §5 availability).

import type { EntityId, ReplicaExcursion, ReplicaTour } from './types';
import { crimeaNowKey, tourDateTimeKey } from './dates';

/** The schedule shows this many days at first and one more per 'Показать еще' press (SPEC §9). */
export const SCHEDULE_INITIAL_DAYS = 2;
export const SCHEDULE_DAYS_PER_PRESS = 1;

/** The date form's party size: a whole number, at least 1; minus never goes below it (SPEC §5). */
export const MIN_PARTY_SIZE = 1;

export function clampPartySize(value: number): number {
  return Number.isFinite(value) ? Math.max(MIN_PARTY_SIZE, Math.floor(value)) : MIN_PARTY_SIZE;
}

/** Free places of a tour for the date search: maxAttendants minus the seats taken, never below 0. */
export function freePlaces(
  excursion: Pick<ReplicaExcursion, 'maxAttendants'>,
  tour: Pick<ReplicaTour, 'takenSeats'>,
): number {
  return Math.max(0, excursion.maxAttendants - tour.takenSeats.length);
}

export function groupToursByExcursion(tours: readonly ReplicaTour[]): Map<EntityId, ReplicaTour[]> {
  const byExcursion = new Map<EntityId, ReplicaTour[]>();
  for (const tour of tours) {
    const list = byExcursion.get(tour.excursionID);
    if (list) list.push(tour);
    else byExcursion.set(tour.excursionID, [tour]);
  }
  return byExcursion;
}

/** Whether one of the excursion's tours falls on `date` and has room for `partySize` people. */
export function isAvailableOn(
  excursion: Pick<ReplicaExcursion, '_id' | 'maxAttendants'>,
  tours: readonly ReplicaTour[],
  date: string,
  partySize: number,
): boolean {
  return tours.some(
    (tour) =>
      tour.excursionID === excursion._id && tour.date === date && freePlaces(excursion, tour) >= partySize,
  );
}

/** The excursions bookable on `date` for `partySize` people, in their given order. One pass over tours. */
export function excursionsAvailableOn<E extends Pick<ReplicaExcursion, '_id' | 'maxAttendants'>>(
  excursions: readonly E[],
  tours: readonly ReplicaTour[],
  date: string,
  partySize: number,
): E[] {
  const onDate = groupToursByExcursion(tours.filter((tour) => tour.date === date));
  return excursions.filter((excursion) => {
    const candidates = onDate.get(excursion._id);
    return candidates !== undefined && candidates.some((tour) => freePlaces(excursion, tour) >= partySize);
  });
}

/** The excursion's tours from `now` onward, earliest first (ties by _id so the order is stable). */
export function upcomingTours(
  tours: readonly ReplicaTour[],
  excursionId: EntityId,
  now: Date,
): ReplicaTour[] {
  const nowKey = crimeaNowKey(now);
  return tours
    .filter((tour) => tour.excursionID === excursionId && tourDateTimeKey(tour.date, tour.time) >= nowKey)
    .map((tour) => ({ tour, key: tourDateTimeKey(tour.date, tour.time) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.tour._id < b.tour._id ? -1 : 1))
    .map(({ tour }) => tour);
}

/** The excursion's earliest tour from `now` onward, or null ('Нет доступных дат'). */
export function nearestTour(
  tours: readonly ReplicaTour[],
  excursionId: EntityId,
  now: Date,
): ReplicaTour | null {
  return (
    nearestToursByExcursion(
      tours.filter((tour) => tour.excursionID === excursionId),
      now,
    ).get(excursionId) ?? null
  );
}

/**
 * Each excursion's earliest tour from `now` onward, in one pass over the tours, for lists of cards.
 * Past tours do not count; two tours at the same minute resolve to the smaller _id.
 */
export function nearestToursByExcursion(
  tours: readonly ReplicaTour[],
  now: Date,
): Map<EntityId, ReplicaTour> {
  const nowKey = crimeaNowKey(now);
  const best = new Map<EntityId, { tour: ReplicaTour; key: string }>();
  for (const tour of tours) {
    const key = tourDateTimeKey(tour.date, tour.time);
    if (key < nowKey) continue;
    const current = best.get(tour.excursionID);
    if (current === undefined || key < current.key || (key === current.key && tour._id < current.tour._id)) {
      best.set(tour.excursionID, { tour, key });
    }
  }
  return new Map([...best].map(([id, { tour }]) => [id, tour]));
}

/** The distinct dates from `today` onward that have at least one tour, in calendar order. */
export function scheduleDays(tours: readonly ReplicaTour[], today: string): string[] {
  const days = new Set<string>();
  for (const tour of tours) if (tour.date >= today) days.add(tour.date);
  return [...days].sort();
}

/** The days the schedule shows after `presses` presses of 'Показать еще'. */
export function visibleScheduleDays(days: readonly string[], presses: number): string[] {
  return days.slice(0, shownDayCount(days.length, presses));
}

export function shownDayCount(totalDays: number, presses: number): number {
  const wanted = SCHEDULE_INITIAL_DAYS + Math.max(0, Math.floor(presses)) * SCHEDULE_DAYS_PER_PRESS;
  return Math.min(totalDays, wanted);
}

/** 'Показать еще' is disabled once every day is on screen. */
export function canShowMoreDays(totalDays: number, presses: number): boolean {
  return shownDayCount(totalDays, presses) < totalDays;
}
