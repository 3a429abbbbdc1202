import type {
  Banner,
  BusType,
  Category,
  City,
  Difficulty,
  Excursion,
  Place,
  SpecialOffer,
  Tour,
} from '../../domain/types';
import type { Queryable } from './db';

// SQL for the public catalogue and the mapping from rows to the entity shapes of SPEC §3. Every list
// is one query (tours and their derived seats are aggregated in SQL), so no list costs N+1 round trips.

export interface ExcursionRow {
  id: string;
  status: string;
  rejection_reason?: string;
  owner_id: number;
  title: string;
  description: string;
  city: string;
  place_id: number | null;
  category: string;
  popularity: number;
  bestseller: boolean;
  adult_price: number;
  kid_price: number;
  adult_init_price: number;
  kid_init_price: number;
  adult_entry_price: number;
  kid_entry_price: number;
  entry_tickets: boolean;
  services: Excursion['services'];
  max_attendants: number;
  bus_type: string;
  number_of_rows: number;
  available_seats: number[];
  reserved_seats: number[];
  duration: string;
  lunch_duration: string;
  difficulty: string;
  children_allowed: boolean;
  free_cancel_hours: number;
  directions: string[];
  assembly_points: string[];
  included: string[];
  not_included: string[];
  images: string[];
  gallery: string[];
  video: string;
  similar_ids: string[];
  tour_ids: string[] | null;
  version: number;
}

export interface Versioned<T> {
  row: T;
  version: number;
}

/** Tours from this date on are part of the catalogue; older ones are history. */
export const EXCURSION_SELECT = `
  SELECT e.*, (
    SELECT array_agg(t.id ORDER BY t.date, t.time, t.id) FROM tours t
    WHERE t.excursion_id = e.id AND t.date >= $1::date
  ) AS tour_ids
  FROM excursions e`;

export function toExcursion(row: ExcursionRow): Excursion {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    city: row.city,
    place: row.place_id ?? 0,
    category: row.category as Category,
    popularity: row.popularity,
    bestseller: row.bestseller,
    ownerID: row.owner_id,
    adultPrice: row.adult_price,
    kidPrice: row.kid_price,
    adultInitPrice: row.adult_init_price,
    kidInitPrice: row.kid_init_price,
    adultEntryPrice: row.adult_entry_price,
    kidEntryPrice: row.kid_entry_price,
    entryTickets: row.entry_tickets,
    services: row.services,
    maxAttendants: row.max_attendants,
    busType: row.bus_type as BusType,
    numberOfRows: row.number_of_rows,
    availableSeats: row.available_seats,
    reservedSeats: row.reserved_seats,
    duration: row.duration,
    lunchDuration: row.lunch_duration,
    difficulty: row.difficulty as Difficulty,
    childrenAllowed: row.children_allowed,
    freeCancelHours: row.free_cancel_hours,
    directions: row.directions,
    assemblyPoints: row.assembly_points,
    included: row.included,
    notIncluded: row.not_included,
    images: row.images,
    gallery: row.gallery,
    video: row.video,
    similarExcursionIDs: row.similar_ids,
    tours: row.tour_ids ?? [],
    ...(row.status === 'pending' || row.status === 'rejected'
      ? { moderation: { status: row.status, reason: row.rejection_reason ?? '' } }
      : {}),
  };
}

export async function listPublishedExcursions(db: Queryable, today: string): Promise<Versioned<Excursion>[]> {
  const rows = await db.query<ExcursionRow>(
    `${EXCURSION_SELECT} WHERE e.status = 'published' ORDER BY e.popularity DESC, e.id`,
    [today],
  );
  return rows.map((row) => ({ row: toExcursion(row), version: row.version }));
}

export async function findExcursion(
  db: Queryable,
  id: string,
  today: string,
): Promise<(Versioned<Excursion> & { status: string }) | null> {
  const rows = await db.query<ExcursionRow & { status: string }>(`${EXCURSION_SELECT} WHERE e.id = $2`, [
    today,
    id,
  ]);
  const row = rows[0];
  return row ? { row: toExcursion(row), version: row.version, status: row.status } : null;
}

export interface TourRow {
  id: string;
  excursion_id: string;
  date: string;
  time: string;
  version: number;
  excursion_status: string;
  owner_id: number;
  bus_type: string;
  available_seats: number[];
  ticket_ids: string[] | null;
  people: number | null;
  seats: number[] | null;
}

// Derived seat fields come from live tickets in the same query: the tour row never stores them, so
// they cannot disagree with the tickets.
export const TOUR_SELECT = `
  SELECT t.id, t.excursion_id, t.date, t.time, t.version, e.bus_type, e.available_seats, e.status AS excursion_status, e.owner_id,
         k.ticket_ids, k.people, s.seats
  FROM tours t
  JOIN excursions e ON e.id = t.excursion_id
  LEFT JOIN LATERAL (
    SELECT array_agg(x.id ORDER BY x.created_at, x.id) AS ticket_ids, sum(x.adults + x.kids)::int AS people
    FROM tickets x WHERE x.tour_id = t.id AND x.status <> 'cancelled'
  ) k ON true
  LEFT JOIN LATERAL (
    SELECT array_agg(ts.seat ORDER BY ts.seat) AS seats
    FROM ticket_seats ts WHERE ts.tour_id = t.id AND ts.active
  ) s ON true`;

export function toTour(row: TourRow): Tour {
  const people = row.people ?? 0;
  const taken = row.bus_type === 'none' ? Array.from({ length: people }, (_, i) => i + 1) : (row.seats ?? []);
  const takenSet = new Set(taken);
  return {
    _id: row.id,
    excursionID: row.excursion_id,
    date: row.date,
    time: row.time,
    attendantsRegistred: people,
    tickets: row.ticket_ids ?? [],
    takenSeats: taken,
    emptySeats: row.bus_type === 'none' ? [] : row.available_seats.filter((seat) => !takenSet.has(seat)),
  };
}

export async function listPublicTours(db: Queryable, today: string): Promise<Versioned<Tour>[]> {
  const rows = await db.query<TourRow>(
    `${TOUR_SELECT} WHERE t.date >= $1::date AND e.status = 'published' ORDER BY t.date, t.time, t.id`,
    [today],
  );
  return rows.map((row) => ({ row: toTour(row), version: row.version }));
}

/** A tour, with its excursion's status and owner, who decide who may see it. */
export async function findTour(
  db: Queryable,
  id: string,
): Promise<(Versioned<Tour> & { excursionStatus: string; ownerId: number }) | null> {
  const rows = await db.query<TourRow>(`${TOUR_SELECT} WHERE t.id = $1`, [id]);
  const row = rows[0];
  return row
    ? { row: toTour(row), version: row.version, excursionStatus: row.excursion_status, ownerId: row.owner_id }
    : null;
}

/**
 * Gives the tour a new version (its seats or tickets changed) and reads it, in one round trip. The
 * read sees the statement's snapshot, from before the bump, so the new version comes from RETURNING.
 */
export async function bumpTour(db: Queryable, id: string): Promise<Versioned<Tour> | null> {
  const rows = await db.query<TourRow & { bumped: number }>(
    `WITH bumped AS (UPDATE tours SET version = 0 WHERE id = $1 RETURNING version)
     SELECT q.*, b.version AS bumped FROM (${TOUR_SELECT} WHERE t.id = $1) q CROSS JOIN bumped b`,
    [id],
  );
  const row = rows[0];
  return row ? { row: toTour(row), version: row.bumped } : null;
}

export async function listCities(db: Queryable): Promise<Versioned<City>[]> {
  const rows = await db.query<City & { version: number }>(
    'SELECT id, name, image, description, version FROM cities ORDER BY sort, id',
  );
  return rows.map(({ version, ...row }) => ({ row, version }));
}

export async function listPlaces(db: Queryable): Promise<Versioned<Place>[]> {
  const rows = await db.query<Place & { version: number }>(
    'SELECT id, name, preview, image, description, gallery, version FROM places ORDER BY sort, id',
  );
  return rows.map(({ version, ...row }) => ({ row, version }));
}

export async function listBanners(db: Queryable): Promise<Versioned<Banner>[]> {
  const rows = await db.query<Banner & { version: number }>(
    'SELECT id, title, subtitle, image, link, version FROM banners ORDER BY sort, id',
  );
  return rows.map(({ version, ...row }) => ({ row, version }));
}

export async function listSpecialOffers(db: Queryable): Promise<Versioned<SpecialOffer>[]> {
  const rows = await db.query<SpecialOffer & { version: number }>(
    `SELECT id, title, description, image, discount, excursion_id AS "excursionID", version
     FROM special_offers ORDER BY sort, id`,
  );
  return rows.map(({ version, ...row }) => ({ row, version }));
}
