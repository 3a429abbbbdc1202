import { clampPartySize, excursionsAvailableOn, groupToursByExcursion } from '../../../domain/availability';
import { sortExcursions } from '../../../domain/sorting';
import type { ReplicaExcursion } from '../../../domain/types';
import type { ReplicaDb } from '../schema';
import { visible } from './rows';
import { EPOCH } from './tours';
import { TOUR_TABLES } from '../tour-groups';

// 'Excursions by date' and the date form's count (SPEC §5): an excursion counts when one of its tours
// falls on the date with maxAttendants minus the taken seats at least the party size. As in the domain
// rule, a tour of today that has already left still counts.

/**
 * The excursions bookable on `date` for `partySize` people, by their earliest departure that day
 * (ties: most popular first). Reads only that day's tours and their excursions.
 */
export async function availableOn(
  db: ReplicaDb,
  date: string,
  partySize: number,
): Promise<ReplicaExcursion[]> {
  return db.transaction('r', ['excursions', ...TOUR_TABLES], async () => {
    const tours = visible(await db.tours.onDate(date));
    const excursions = visible(await db.excursions.bulkGet([...groupToursByExcursion(tours).keys()]));
    const available = excursionsAvailableOn(excursions, tours, date, clampPartySize(partySize));
    // Every tour here is on `date`, so 'nearest' from before any tour orders by departure time.
    return sortExcursions(available, 'nearest', tours, EPOCH);
  });
}

/** The N of the date form's 'Показать N экскурсий'. */
export async function availableCount(db: ReplicaDb, date: string, partySize: number): Promise<number> {
  return (await availableOn(db, date, partySize)).length;
}
