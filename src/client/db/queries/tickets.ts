import type { EntityId, ReplicaExcursion, Ticket, ReplicaTour } from '../../../domain/types';
import type { ReplicaDb } from '../schema';
import { visible, visibleRow } from './rows';
import { TOUR_TABLES } from '../tour-groups';

// The user's tickets with the rows their screens show. A missing tour or excursion is reported as null
// rather than dropping the ticket: the list shows 'Excursion not found', the detail 'Tour or excursion
// not found'.

export interface TicketView {
  ticket: Ticket;
  tour: ReplicaTour | null;
  /** Found through the tour, or through the ticket's attached tour info when the tour is gone. */
  excursion: ReplicaExcursion | null;
}

async function withTrips(db: ReplicaDb, list: readonly Ticket[]): Promise<TicketView[]> {
  const tours = await db.tours.bulkGet(list.map((ticket) => ticket.tourID));
  const excursionIdOf = (ticket: Ticket, i: number): EntityId | undefined =>
    visibleRow(tours[i])?.excursionID ?? ticket.tour?.excursionID;
  const ids = [...new Set(list.flatMap((ticket, i) => excursionIdOf(ticket, i) ?? []))];
  const excursions = new Map(visible(await db.excursions.bulkGet(ids)).map((e) => [e._id, e]));
  return list.map((ticket, i) => {
    const excursionId = excursionIdOf(ticket, i);
    return {
      ticket,
      tour: visibleRow(tours[i]) ?? null,
      excursion: (excursionId && excursions.get(excursionId)) || null,
    };
  });
}

/** The user's tickets, newest first (ids begin with their creation time). */
export async function tickets(db: ReplicaDb): Promise<TicketView[]> {
  return db.transaction('r', ['tickets', ...TOUR_TABLES, 'excursions'], async () =>
    withTrips(db, visible(await db.tickets.reverse().toArray())),
  );
}

/** One ticket with its tour and excursion, or null for an unknown ticket ('Ticket not found'). */
export async function ticket(db: ReplicaDb, id: EntityId): Promise<TicketView | null> {
  return db.transaction('r', ['tickets', ...TOUR_TABLES, 'excursions'], async () => {
    const found = visibleRow(await db.tickets.get(id));
    return found ? ((await withTrips(db, [found]))[0] ?? null) : null;
  });
}
