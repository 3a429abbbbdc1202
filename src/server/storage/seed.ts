import { randomBytes } from 'node:crypto';
import { crimeaToday } from '../../domain/dates';
import { entryPrice, totalPrice } from '../../domain/pricing';
import type { Config } from '../config';
import { buildDemoCatalogue } from '../demo/catalogue';
import type { DemoCatalogue } from '../demo/model';
import type { Logger } from '../log';
import type { MediaStore } from '../media/store';
import { newEntityId } from '../services/ids';
import { hashPassword } from '../services/passwords';
import type { Db, Queryable } from './db';

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

/** The advisory lock the admin account is made under. */
const ADMIN_LOCK = 727003;

interface BootstrapAdmin {
  id: number;
  email: string;
  role: string;
}

/**
 * Makes sure the admin account the start-up creates for ADMIN_EMAIL exists: user 1 on a fresh
 * database. That account is marked (users.bootstrap_admin), and a later start finds it by the mark,
 * keeps it an admin and moves it to a changed ADMIN_EMAIL when that address is free. An account that
 * merely holds the address is never promoted: addresses are claimed by whoever registers them, and
 * the role must not follow. Several processes starting together on a fresh database all find no
 * admin; the insert runs under an advisory lock and looks again first, so one of them makes the
 * account and the others find it.
 */
export async function ensureAdmin(db: Db, config: Config, log: Logger): Promise<void> {
  const email = config.ADMIN_EMAIL;
  const findMarked = async (q: Queryable) =>
    (
      await q.query<BootstrapAdmin>(
        `SELECT id, email, role FROM users WHERE bootstrap_admin
         ORDER BY (lower(email) = lower($1)) DESC, id LIMIT 1`,
        [email],
      )
    )[0];
  const marked = await findMarked(db);
  if (marked) return updateBootstrapAdmin(db, marked, email, log);
  // Hashed outside the lock: scrypt is slow, and a process that loses the race wastes only this.
  const hash = await hashPassword(config.ADMIN_PASSWORD);
  const outcome = await db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${ADMIN_LOCK})`);
    const found = await findMarked(tx);
    if (found) return found;
    const [holder] = await tx.query<{ id: number }>('SELECT id FROM users WHERE lower(email) = lower($1)', [
      email,
    ]);
    if (holder) return 'taken' as const;
    const [{ count } = { count: 0 }] = await tx.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM users',
    );
    if (count === 0) {
      await tx.query(
        `INSERT INTO users (id, email, password_hash, role, name, surname, bootstrap_admin)
         VALUES (1, $1, $2, 'admin', 'Администратор', '', true)`,
        [email, hash],
      );
      await resetSequence(tx, 'users');
    } else {
      await tx.query(
        `INSERT INTO users (email, password_hash, role, name, bootstrap_admin)
         VALUES ($1, $2, 'admin', 'Администратор', true)`,
        [email, hash],
      );
    }
    return 'made' as const;
  });
  if (outcome === 'made') log.info(`admin account: ${email}`);
  else if (outcome === 'taken')
    log.error(`ADMIN_EMAIL ${email} belongs to an existing account, which is not made an admin`);
  else await updateBootstrapAdmin(db, outcome, email, log);
}

/** Keeps the start-up's admin an admin, at ADMIN_EMAIL unless another account holds that address. */
async function updateBootstrapAdmin(
  db: Db,
  admin: BootstrapAdmin,
  email: string,
  log: Logger,
): Promise<void> {
  if (admin.role !== 'admin') await db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [admin.id]);
  if (admin.email.toLowerCase() === email.toLowerCase()) return;
  try {
    const moved = await db.query(
      `UPDATE users SET email = $2 WHERE id = $1
         AND NOT EXISTS (SELECT 1 FROM users other WHERE lower(other.email) = lower($2) AND other.id <> $1)
       RETURNING id`,
      [admin.id, email],
    );
    if (moved.length > 0) {
      log.info(`admin account moved to ${email}`);
      return;
    }
  } catch (error) {
    // A registration of the same address committed in between: the unique index refused the move.
    if ((error as { code?: string }).code !== '23505') throw error;
  }
  log.error(`ADMIN_EMAIL ${email} belongs to another account; the admin keeps ${admin.email}`);
}

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

async function resetSequence(db: Queryable, table: string): Promise<void> {
  await db.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`);
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
