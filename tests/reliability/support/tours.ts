import type { Excursion, Tour } from '../../../src/domain/types';
import { newEntityId } from '../../../src/server/services/ids';
import { DEMO } from '../../support/api';
import { tourNow, tourWithRoom } from '../../support/booking';
import type { TestServer } from '../../support/server';

// Shared by the reliability tests: a tour with only its last places left, and the invariants of the
// sold seats read straight from the database.

/**
 * A fresh future tour of a `busType` excursion with all but `left` places sold to the box office
 * (straight in the database); `used` collects the tours already taken by a test.
 */
export async function tourWithLastPlaces(
  server: TestServer,
  busType: 'coach' | 'none',
  left: number,
  used: Set<string>,
): Promise<{ excursion: Excursion; tour: Tour }> {
  const found = await tourWithRoom(server, busType, left + 1, used);
  used.add(found.tour._id);
  const { excursion, tour } = found;
  const free =
    busType === 'none' ? excursion.maxAttendants - tour.attendantsRegistred : tour.emptySeats.length;
  const id = newEntityId();
  await server.db.query(
    `INSERT INTO tickets (id, user_id, tour_id, adults, kids, excursion_price, status) VALUES ($1, $2, $3, $4, 0, 0, 'confirmed')`,
    [id, DEMO.boxOffice, tour._id, free - left],
  );
  if (busType !== 'none')
    await server.db.query(
      'INSERT INTO ticket_seats (ticket_id, tour_id, seat) SELECT $1, $2, unnest($3::int[])',
      [id, tour._id, tour.emptySeats.slice(left)],
    );
  return { excursion, tour: await tourNow(server, tour._id) };
}

/** People on live (not cancelled) tickets of a tour. */
export async function peopleOn(server: TestServer, tourId: string): Promise<number> {
  const [row] = await server.db.query<{ n: number }>(
    `SELECT coalesce(sum(adults + kids), 0)::int AS n FROM tickets WHERE tour_id = $1 AND status <> 'cancelled'`,
    [tourId],
  );
  return Number(row?.n);
}

/** Seats of a tour held by more than one live ticket (a double sale), ignoring the unique index. */
export async function doubleSoldSeats(server: TestServer, tourId: string): Promise<number[]> {
  const rows = await server.db.query<{ seat: number }>(
    `SELECT s.seat FROM ticket_seats s JOIN tickets k ON k.id = s.ticket_id
     WHERE s.tour_id = $1 AND k.status <> 'cancelled' GROUP BY s.seat HAVING count(*) > 1 ORDER BY s.seat`,
    [tourId],
  );
  return rows.map((row) => row.seat);
}

/** Deadlocks PostgreSQL has broken in the current database so far. */
export async function deadlocks(server: TestServer): Promise<number> {
  const [row] = await server.db.query<{ n: number }>(
    'SELECT deadlocks::int AS n FROM pg_stat_database WHERE datname = current_database()',
  );
  return Number(row?.n);
}
