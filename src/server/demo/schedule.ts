// Tour generation: each excursion runs on fixed weekdays at fixed times, for a window of days
// starting today. Tour ids derive from (excursion, date, time), so re-seeding on a later day keeps
// the ids of tours that are still in the window.
import type { Excursion, Tour } from '../../domain/types';
import { addDays, mondayFirstWeekday } from '../../domain/dates';
import { hexId } from './prng';
import type { ScheduleSeed } from './model';

/** How far ahead the demo schedule reaches (today inclusive). */
export const SCHEDULE_DAYS = 60;

/** A tour plus the day offset from today, which the booking step uses to model demand. */
export interface ScheduledTour {
  tour: Tour;
  dayOffset: number;
}

export function buildTours(excursion: Excursion, schedule: ScheduleSeed, today: string): ScheduledTour[] {
  const out: ScheduledTour[] = [];
  for (let d = 0; d < SCHEDULE_DAYS; d++) {
    const date = addDays(today, d);
    if (!schedule.days.includes(mondayFirstWeekday(date))) continue;
    for (const time of schedule.times) {
      out.push({
        dayOffset: d,
        tour: {
          _id: hexId(`tour:${excursion._id}:${date}:${time}`),
          excursionID: excursion._id,
          date,
          time,
          attendantsRegistred: 0,
          tickets: [],
          takenSeats: [],
          // Nothing sold yet: every seat on sale is free. Buses only; 'none' has no seat numbers.
          emptySeats: [...excursion.availableSeats],
        },
      });
    }
  }
  return out;
}
