import { replicaExcursion, replicaTour, type Change } from '../../protocol/sync';
import { COMMIT_FENCE_LOCK, type Db, type Queryable } from './db';
import {
  EXCURSION_SELECT,
  TOUR_SELECT,
  toExcursion,
  toTour,
  type ExcursionRow,
  type TourRow,
} from './catalogue';
import { readManifest } from './manifest';
import { readReviewQueueChanges } from './review-queue';
import { readReviewChanges } from './reviews';
import { listUserTickets } from './tickets';
import { findUser } from './users';

// Reads "everything that changed in (after, mark]" for the sync pull. Each collection is one indexed
// range scan on its version column, limited, so a page costs a fixed number of queries whatever the
// catalogue size.

/** Versions below this may have lost their tombstones to compaction (compaction.ts keeps it). */
export async function syncFloor(db: Queryable): Promise<number> {
  const [row] = await db.query<{ value: string }>(`SELECT value FROM meta WHERE key = 'sync_floor'`);
  return row ? Number(row.value) : 0;
}

/**
 * The highest version below which every version is committed or rolled back. Taking the commit
 * fence exclusively waits for the transactions that hold versions (they hold it shared) to end.
 */
export async function commitMark(db: Db): Promise<number> {
  return db.transaction(
    async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [COMMIT_FENCE_LOCK]);
      const [row] = await tx.query<{ last_value: number; is_called: boolean }>(
        'SELECT last_value, is_called FROM change_version',
      );
      return row?.is_called ? row.last_value : 0;
    },
    // Holding the fence shared while asking for it exclusively would deadlock two readers.
    { joinFence: false },
  );
}

export interface RangeQuery {
  after: number;
  upTo: number;
  limit: number;
  today: string;
  /** A full pull (no cursor) skips tombstones, unpublished rows and past tours: there is nothing to undo. */
  full: boolean;
  userId: number | null;
  /** Admins see excursions waiting for moderation too. */
  admin?: boolean;
  /** Leave tours out: a first sync sends them afterwards, grouped by excursion (see tourSnapshot). */
  withoutTours?: boolean;
}

/**
 * Who sees an excursion and its tours: everyone once it is published; before that (pending or
 * rejected) its owner, to follow the review, and admins, to do it.
 */
function visibleTo(q: RangeQuery, status: string, ownerId: number): boolean {
  return status === 'published' || q.admin === true || (q.userId !== null && ownerId === q.userId);
}

/** The viewer's id as the query's last parameter, when visibleSql uses it (a full pull, not an admin). */
const viewerParam = (q: RangeQuery): number[] => (q.full && !q.admin ? [q.userId ?? -1] : []);

/** The same rule in SQL, for a full pull; `$n` is the viewer's id (see viewerParam). */
const visibleSql = (q: RangeQuery, param: string) =>
  q.admin ? 'true' : `(e.status = 'published' OR e.owner_id = ${param})`;

const PUBLIC_TOMBSTONES = ['excursions', 'tours', 'places', 'cities', 'banners', 'special_offers', 'reviews'];
const PERSONAL_TOMBSTONES = ['user', 'tickets', 'favorites'];

export async function readChanges(db: Queryable, q: RangeQuery): Promise<Change[]> {
  const range = [q.after, q.upTo, q.limit] as const;
  const parts = await Promise.all([
    excursionChanges(db, q),
    q.withoutTours ? Promise.resolve([]) : tourChanges(db, q),
    simple(db, 'places', 'SELECT id, name, preview, image, description, gallery, version FROM places', range),
    simple(db, 'cities', 'SELECT id, name, image, description, version FROM cities', range),
    simple(db, 'banners', 'SELECT id, title, subtitle, image, link, version FROM banners', range),
    simple(
      db,
      'special_offers',
      `SELECT id, title, description, image, discount, excursion_id AS "excursionID", version FROM special_offers`,
      range,
    ),
    readReviewChanges(db, { ...q, admin: q.admin ?? false }),
    q.full ? Promise.resolve([]) : tombstoneChanges(db, q),
    q.userId === null ? Promise.resolve([]) : personalChanges(db, q, q.userId),
    q.admin ? readReviewQueueChanges(db, q) : Promise.resolve([]),
  ]);
  return parts.flat();
}

async function excursionChanges(db: Queryable, q: RangeQuery): Promise<Change[]> {
  const rows = await db.query<ExcursionRow>(
    `${EXCURSION_SELECT} WHERE e.version > $2 AND e.version <= $3 ${q.full ? `AND ${visibleSql(q, '$5')}` : ''}
     ORDER BY e.version LIMIT $4`,
    [q.today, q.after, q.upTo, q.limit, ...viewerParam(q)],
  );
  // An excursion taken out of the catalogue (moderation) is a deletion for replicas that may not see it.
  return rows.map((row): Change =>
    visibleTo(q, row.status, row.owner_id)
      ? { collection: 'excursions', op: 'put', version: row.version, row: replicaExcursion(toExcursion(row)) }
      : { collection: 'excursions', op: 'delete', version: row.version, id: row.id },
  );
}

async function tourChanges(db: Queryable, q: RangeQuery): Promise<Change[]> {
  const rows = await db.query<TourRow>(
    `${TOUR_SELECT} WHERE t.version > $1 AND t.version <= $2
       ${q.full ? `AND ${visibleSql(q, '$5')} AND t.date >= $4::date` : ''}
     ORDER BY t.version LIMIT $3`,
    q.full ? [q.after, q.upTo, q.limit, q.today, ...viewerParam(q)] : [q.after, q.upTo, q.limit],
  );
  return rows.map((row): Change =>
    visibleTo(q, row.excursion_status, row.owner_id)
      ? { collection: 'tours', op: 'put', version: row.version, row: replicaTour(toTour(row)) }
      : { collection: 'tours', op: 'delete', version: row.version, id: row.id },
  );
}

/** Where a tour snapshot resumes: after this tour in (excursion, date, time) order, its unique key. */
export interface TourKey {
  excursionId: string;
  date: string;
  time: string;
}

export interface TourSnapshotQuery {
  /** The snapshot's version: tours changed after it come later, as ordinary changes. */
  at: number;
  after: TourKey | null;
  limit: number;
  today: string;
  userId: number | null;
  admin?: boolean;
}

/**
 * A first sync's tours: those at or below the snapshot's version that the caller may see, from today,
 * grouped by excursion (one keyset range on the unique (excursion_id, date, time) index). A phone
 * stores an excursion's tours together, so a page that brings them together writes a few records
 * instead of one per tour. A tour changed after the snapshot is skipped here and comes with the
 * changes after it.
 */
export type TourPut = Extract<Change, { collection: 'tours'; op: 'put' }>;

export async function tourSnapshot(db: Queryable, q: TourSnapshotQuery): Promise<TourPut[]> {
  const range: RangeQuery = {
    after: 0,
    upTo: q.at,
    limit: q.limit,
    today: q.today,
    full: true,
    userId: q.userId,
    admin: q.admin ?? false,
  };
  const key = q.after ? [q.after.excursionId, q.after.date, q.after.time] : [];
  const viewer = viewerParam(range);
  const rows = await db.query<TourRow>(
    `${TOUR_SELECT} WHERE t.version <= $1 AND t.date >= $2::date
       ${q.after ? `AND (t.excursion_id, t.date, t.time) > ($4, $5::date, $6)` : ''}
       AND ${visibleSql(range, `$${4 + key.length}`)}
     ORDER BY t.excursion_id, t.date, t.time LIMIT $3`,
    [q.at, q.today, q.limit, ...key, ...viewer],
  );
  return rows.map((row): TourPut => ({
    collection: 'tours',
    op: 'put',
    version: row.version,
    row: replicaTour(toTour(row)),
  }));
}

type SimpleCollection = 'places' | 'cities' | 'banners' | 'special_offers';

async function simple(
  db: Queryable,
  collection: SimpleCollection,
  select: string,
  [after, upTo, limit]: readonly [number, number, number],
): Promise<Change[]> {
  const rows = await db.query<{ version: number }>(
    `${select} WHERE version > $1 AND version <= $2 ORDER BY version LIMIT $3`,
    [after, upTo, limit],
  );
  return rows.map(({ version, ...row }) => ({ collection, op: 'put', version, row }) as Change);
}

async function tombstoneChanges(db: Queryable, q: RangeQuery): Promise<Change[]> {
  const rows = await db.query<{ collection: string; id: string; version: number }>(
    `SELECT collection, id, version FROM tombstones
     WHERE version > $1 AND version <= $2
       AND (collection = ANY($3::text[]) OR (collection = ANY($4::text[]) AND user_id = $5))
     ORDER BY version LIMIT $6`,
    [q.after, q.upTo, PUBLIC_TOMBSTONES, PERSONAL_TOMBSTONES, q.userId ?? -1, q.limit],
  );
  return rows.flatMap(({ collection, id, version }): Change[] => {
    // An admin's review row goes with its excursion.
    if (collection === 'excursions' && q.admin)
      return [
        { collection, op: 'delete', version, id },
        { collection: 'review_queue', op: 'delete', version, id },
      ];
    switch (collection) {
      case 'excursions':
      case 'tours':
      case 'tickets':
      case 'reviews':
        return [{ collection, op: 'delete', version, id } as Change];
      case 'favorites':
        // Stored as "user:excursion"; the replica keys favourites by excursion.
        return [{ collection, op: 'delete', version, id: id.slice(id.indexOf(':') + 1) } as Change];
      default:
        return [{ collection, op: 'delete', version, id: Number(id) } as Change];
    }
  });
}

async function personalChanges(db: Queryable, q: RangeQuery, userId: number): Promise<Change[]> {
  const [user, tickets, favorites, manifest] = await Promise.all([
    findUser(db, userId, q.after),
    listUserTickets(db, userId, q.after, q.upTo, q.limit),
    db.query<{ excursion_id: string; version: number }>(
      `SELECT excursion_id, version FROM favorites WHERE user_id = $1 AND version > $2 AND version <= $3
       ORDER BY version LIMIT $4`,
      [userId, q.after, q.upTo, q.limit],
    ),
    // No code path deletes a ticket (they are cancelled); if one does, the manifest needs tombstones.
    readManifest(db, { ...q, userId, admin: q.admin ?? false }),
  ]);
  const changes: Change[] = [];
  if (user && user.version <= q.upTo)
    changes.push({ collection: 'user', op: 'put', version: user.version, row: user.row });
  for (const ticket of tickets)
    changes.push({ collection: 'tickets', op: 'put', version: ticket.version, row: ticket.row });
  for (const favorite of favorites) {
    changes.push({
      collection: 'favorites',
      op: 'put',
      version: favorite.version,
      row: { excursionID: favorite.excursion_id },
    });
  }
  for (const entry of manifest)
    changes.push({ collection: 'manifest', op: 'put', version: entry.version, row: entry.row });
  return changes;
}
