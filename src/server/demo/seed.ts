import { randomBytes } from 'node:crypto';
import { crimeaToday } from '../../domain/dates';
import { entryPrice, totalPrice } from '../../domain/pricing';
import type { Logger } from '../log';
import type { MediaStore } from '../media/store';
import { newEntityId } from '../services/ids';
import { hashPassword } from '../services/passwords';
import { resetSequence } from '../storage/admin';
import type { Db, Queryable } from '../storage/db';
import { buildDemoCatalogue } from './catalogue';
import type { DemoCatalogue } from './model';

// The demo world of a first start: fixed user ids (1 admin, 2 and 3 sellers, 4 a tourist, 5 the box
// office that holds pre-sold seats), because the demo catalogue names its owners by these ids.

export const DEMO_ACCOUNTS = [
  {
    id: 2,
    email: 'seller@example.ru',
    password: 'seller123',
    role: 'seller',
    name: 'Андрей',
    surname: 'Соколов',
  },
  {
    id: 3,
    email: 'seller2@example.ru',
    password: 'seller123',
    role: 'seller',
    name: 'Марина',
    surname: 'Ковальчук',
  },
  {
    id: 4,
    email: 'tourist@example.ru',
    password: 'tourist123',
    role: 'user',
    name: 'Ольга',
    surname: 'Петрова',
  },
] as const;

const BOX_OFFICE = { id: 5, email: 'kassa@example.ru', name: 'Касса', surname: 'Продажи' } as const;

/** Seeds the demo catalogue once; a later start finds the marker and reuses the data. */
export async function seedDemoData(db: Db, media: MediaStore, now: Date, log: Logger): Promise<boolean> {
  const [marker] = await db.query<{ value: string }>(`SELECT value FROM meta WHERE key = 'demo_seeded'`);
  if (marker) return false;
  const startedAt = Date.now();
  const today = crimeaToday(now);
  const catalogue = buildDemoCatalogue(today);
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((account) => hashPassword(account.password)));

  for (const item of catalogue.media) await media.put(item.id, item.body);

  const seeded = await db.transaction(async (tx) => {
    // Two processes starting together on one PostgreSQL: the second waits here, then sees the marker.
    await tx.query('SELECT pg_advisory_xact_lock(727002)');
    const [again] = await tx.query(`SELECT 1 FROM meta WHERE key = 'demo_seeded'`);
    if (again) return false;
    await insertUsers(tx, hashes);
    await insertCatalogue(tx, catalogue);
    await insertBookings(tx, catalogue);
    await tx.query(`INSERT INTO meta (key, value) VALUES ('demo_seeded', $1)`, [today]);
    return true;
  });
  if (seeded) {
    log.info(
      `demo data seeded for ${today}: ${catalogue.excursions.length} excursions, ${catalogue.tours.length} tours ` +
        `in ${Date.now() - startedAt} ms`,
    );
    for (const account of DEMO_ACCOUNTS)
      log.info(`demo ${account.role}: ${account.email} / ${account.password}`);
  }
  return seeded;
}

async function insertUsers(tx: Queryable, hashes: string[]): Promise<void> {
  for (const [index, account] of DEMO_ACCOUNTS.entries()) {
    await tx.query(
      `INSERT INTO users (id, email, password_hash, role, name, surname) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT DO NOTHING`,
      [account.id, account.email, hashes[index], account.role, account.name, account.surname],
    );
  }
  // Nobody logs in as the box office: its password is random and never shown.
  await tx.query(
    `INSERT INTO users (id, email, password_hash, role, name, surname) VALUES ($1, $2, $3, 'user', $4, $5)
     ON CONFLICT DO NOTHING`,
    [
      BOX_OFFICE.id,
      BOX_OFFICE.email,
      `locked$${randomBytes(16).toString('hex')}`,
      BOX_OFFICE.name,
      BOX_OFFICE.surname,
    ],
  );
  await resetSequence(tx, 'users');
}

async function insertCatalogue(tx: Queryable, c: DemoCatalogue): Promise<void> {
  for (const [sort, city] of c.cities.entries()) {
    await tx.query('INSERT INTO cities (id, name, image, description, sort) VALUES ($1, $2, $3, $4, $5)', [
      city.id,
      city.name,
      city.image,
      city.description,
      sort,
    ]);
  }
  for (const [sort, place] of c.places.entries()) {
    await tx.query(
      'INSERT INTO places (id, name, preview, image, description, gallery, sort) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [place.id, place.name, place.preview, place.image, place.description, place.gallery, sort],
    );
  }
  for (const [sort, banner] of c.banners.entries()) {
    await tx.query(
      'INSERT INTO banners (id, title, subtitle, image, link, sort) VALUES ($1, $2, $3, $4, $5, $6)',
      [banner.id, banner.title, banner.subtitle, banner.image, banner.link, sort],
    );
  }
  for (const e of c.excursions) {
    await tx.query(
      `INSERT INTO excursions (id, owner_id, title, description, city, place_id, category, popularity, bestseller,
         adult_price, kid_price, adult_init_price, kid_init_price, adult_entry_price, kid_entry_price, entry_tickets,
         services, max_attendants, bus_type, number_of_rows, available_seats, reserved_seats, duration, lunch_duration,
         difficulty, children_allowed, directions, assembly_points, included, not_included, images, gallery, video,
         similar_ids)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22,
         $23, $24, $25, $26, $27, $28, $29, $30, $31, $32, $33, $34)`,
      [
        e._id,
        e.ownerID,
        e.title,
        e.description,
        e.city,
        e.place,
        e.category,
        e.popularity,
        e.bestseller,
        e.adultPrice,
        e.kidPrice,
        e.adultInitPrice,
        e.kidInitPrice,
        e.adultEntryPrice,
        e.kidEntryPrice,
        e.entryTickets,
        JSON.stringify(e.services),
        e.maxAttendants,
        e.busType,
        e.numberOfRows,
        e.availableSeats,
        e.reservedSeats,
        e.duration,
        e.lunchDuration,
        e.difficulty,
        e.childrenAllowed,
        JSON.stringify(e.directions),
        JSON.stringify(e.assemblyPoints),
        JSON.stringify(e.included),
        JSON.stringify(e.notIncluded),
        e.images,
        e.gallery,
        e.video,
        e.similarExcursionIDs,
      ],
    );
  }
  for (const [sort, offer] of c.specialOffers.entries()) {
    await tx.query(
      `INSERT INTO special_offers (id, title, description, image, discount, excursion_id, sort)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [offer.id, offer.title, offer.description, offer.image, offer.discount, offer.excursionID, sort],
    );
  }
  // Tours go in as one statement per 1,000 rows: unnest keeps the parameter count fixed.
  for (let i = 0; i < c.tours.length; i += 1000) {
    const chunk = c.tours.slice(i, i + 1000);
    await tx.query(
      `INSERT INTO tours (id, excursion_id, date, time)
       SELECT * FROM unnest($1::text[], $2::text[], $3::date[], $4::text[])`,
      [
        chunk.map((t) => t._id),
        chunk.map((t) => t.excursionID),
        chunk.map((t) => t.date),
        chunk.map((t) => t.time),
      ],
    );
  }
  for (const media of c.media) {
    await tx.query('INSERT INTO media (id, kind, content_type, bytes) VALUES ($1, $2, $3, $4)', [
      media.id,
      media.kind,
      media.contentType,
      Buffer.byteLength(media.body),
    ]);
  }
  for (const table of ['cities', 'places', 'banners', 'special_offers']) await resetSequence(tx, table);
}

async function insertBookings(tx: Queryable, c: DemoCatalogue): Promise<void> {
  const excursionOf = new Map(c.tours.map((tour) => [tour._id, tour.excursionID]));
  const excursions = new Map(c.excursions.map((e) => [e._id, e]));
  for (const booking of c.bookings) {
    const excursion = excursions.get(excursionOf.get(booking.tourID) ?? '');
    if (!excursion) throw new Error(`demo booking for unknown tour ${booking.tourID}`);
    const id = newEntityId();
    const price = totalPrice(excursion, booking, []);
    const entry = entryPrice(excursion, booking);
    await tx.query(
      `INSERT INTO tickets (id, user_id, tour_id, adults, kids, assembly_point, services, excursion_price, entry_price,
         status) VALUES ($1, $2, $3, $4, $5, $6, '[]', $7, $8, 'confirmed')`,
      [id, BOX_OFFICE.id, booking.tourID, booking.adults, booking.kids, booking.assemblyPoint, price, entry],
    );
    if (booking.seats.length > 0) {
      await tx.query(`INSERT INTO ticket_seats (ticket_id, tour_id, seat) SELECT $1, $2, unnest($3::int[])`, [
        id,
        booking.tourID,
        booking.seats,
      ]);
    }
  }
}
