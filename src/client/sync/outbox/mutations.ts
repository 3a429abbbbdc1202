import { normaliseTime } from '../../../domain/dates';
import type { Tour, User } from '../../../domain/types';
import type { SyncCollection } from '../../../protocol/sync';
import { tourSlotKey } from '../../../domain/schedule-editor';
import type { RefusedTour } from '../../../protocol/tours';
import type { FavoriteRow, MutationKind, ReplicaDb, Replicated } from '../../db/schema';
import { ticketCheckIn } from './checkin';
import { reviewSave } from './review';

// Each queued mutation kind says how to change the replica at once (optimistically), which request
// carries it to the server, what to do when the server accepts it, and how to undo it when the server
// refuses. Favourites are explicit set/unset, never a toggle, so a replay cannot flip them back.

export interface Touch {
  collection: SyncCollection;
  key: string | number;
}

export interface MutationRequest {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
}

export interface MutationSpec<P> {
  /** Applies the local effect; returns what undo needs. Runs inside the enqueue transaction. */
  apply(db: ReplicaDb, payload: P): Promise<unknown>;
  request(payload: P, userId: number): MutationRequest;
  /** The server accepted it; `data` is its answer. Runs in a transaction with the outbox delete. */
  acknowledge(db: ReplicaDb, payload: P, data: unknown): Promise<void>;
  /** The server refused it: put the replica back as it was. */
  rollback(db: ReplicaDb, payload: P, undo: unknown): Promise<void>;
  /** Rows this mutation marks as pending (their server changes wait until it settles). */
  touches(payload: P): Touch[];
}

export interface FavoritePayload {
  excursionID: string;
}

export interface ToursCreatePayload {
  tours: { tempId: string; excursionID: string; date: string; time: string }[];
}

export interface ToursDeletePayload {
  tourIds: string[];
}

/** The editable profile fields of SPEC §2 "Profile account"; the phone as typed (the server keeps digits). */
export interface ProfilePayload {
  userId: number;
  name: string;
  surname: string;
  middlename: string;
  phone: string;
  email: string;
  avatar: string;
}

const bump = (pending: number | undefined, by: number) => {
  const next = (pending ?? 0) + by;
  return next > 0 ? next : undefined;
};

function favorite(set: boolean): MutationSpec<FavoritePayload> {
  return {
    async apply(db, { excursionID }) {
      const before = await db.favorites.get(excursionID);
      const row: FavoriteRow = { excursionID, _v: before?._v ?? 0, _pending: bump(before?._pending, 1) };
      if (!set) row._deleted = 1;
      await db.favorites.put(row);
      return before ?? null;
    },
    request: ({ excursionID }, userId) => ({
      method: set ? 'POST' : 'DELETE',
      path: `/api/users/${userId}/favorites/${excursionID}`,
    }),
    async acknowledge(db, { excursionID }) {
      const row = await db.favorites.get(excursionID);
      if (!row) return;
      const pending = bump(row._pending, -1);
      if (!pending && row._deleted) await db.favorites.delete(excursionID);
      else await db.favorites.put({ ...row, _pending: pending });
    },
    async rollback(db, { excursionID }, undo) {
      const row = await db.favorites.get(excursionID);
      const pending = bump(row?._pending, -1);
      const previous = undo as FavoriteRow | null;
      if (pending) {
        // A later mutation on the same favourite is still queued; it decides the final state.
        if (row) await db.favorites.put({ ...row, _pending: pending });
      } else if (previous) await db.favorites.put({ ...previous, _pending: undefined });
      else await db.favorites.delete(excursionID);
    },
    touches: ({ excursionID }) => [{ collection: 'favorites', key: excursionID }],
  };
}

const toursCreate: MutationSpec<ToursCreatePayload> = {
  async apply(db, { tours }) {
    const excursions = await db.excursions.bulkGet(tours.map((t) => t.excursionID));
    const rows: Replicated<Tour>[] = tours.map((t, i) => ({
      _id: t.tempId,
      excursionID: t.excursionID,
      date: t.date,
      time: t.time,
      attendantsRegistred: 0,
      tickets: [],
      takenSeats: [],
      emptySeats: excursions[i]?.availableSeats ?? [],
      _v: 0,
      _pending: 1,
    }));
    await db.tours.bulkPut(rows);
    return null;
  },
  request: ({ tours }) => ({
    method: 'POST',
    path: '/api/tours',
    body: { tours: tours.map(({ excursionID, date, time }) => ({ excursionID, date, time })) },
  }),
  async acknowledge(db, { tours }, data) {
    const answer = (data ?? {}) as { tours?: Tour[]; refused?: RefusedTour[] };
    const created = answer.tours ?? [];
    const refused = answer.refused ?? [];
    const tempIds = tours.map((t) => t.tempId);
    const temps = new Map((await db.tours.bulkGet(tempIds)).flatMap((row) => (row ? [[row._id, row]] : [])));
    await db.tours.bulkDelete(tempIds);
    // The answer holds only the tours it created (a past date is refused, the rest created all the
    // same), so each is matched to its temporary tour by its slot, not by its place in the list.
    const createdAt = new Map(created.map((tour) => [slotKey(tour), tour]));
    const realId = new Map(
      tours.flatMap((t) => {
        const tour = createdAt.get(slotKey(t));
        return tour ? [[t.tempId, tour._id] as const] : [];
      }),
    );
    const deletedLocally = new Set(
      tours.flatMap((t) => (temps.get(t.tempId)?._deleted ? [realId.get(t.tempId) ?? ''] : [])),
    );
    const fresh = await db.tours.bulkGet(created.map((t) => t._id));
    await db.tours.bulkPut(
      created.flatMap((tour, i) => {
        // Version 0: the pull or socket delta that follows brings the real version and replaces it.
        const base = fresh[i] ?? { ...tour, _v: 0 };
        // Deleted while its creation was on the way: it stays hidden until that deletion is answered.
        if (deletedLocally.has(tour._id))
          return [{ ...base, _deleted: 1 as const, _pending: bump(base._pending, 1) }];
        return fresh[i] ? [] : [base];
      }),
    );
    // A tour that was not created has nothing left for a queued deletion to delete.
    await rewriteQueuedDeletes(db, (id) => realId.get(id) ?? (tempIds.includes(id) ? null : id));
    if (refused.length > 0) await recordRefusedTours(db, refused, tours);
  },
  async rollback(db, { tours }) {
    const tempIds = new Set(tours.map((t) => t.tempId));
    await db.tours.bulkDelete([...tempIds]);
    // A deletion queued for a tour that was never created has nothing left to delete.
    await rewriteQueuedDeletes(db, (id) => (tempIds.has(id) ? null : id));
  },
  touches: ({ tours }) => tours.map((t) => ({ collection: 'tours', key: t.tempId })),
};

const slotKey = (tour: { excursionID: string; date: string; time: string }) =>
  tourSlotKey({ ...tour, time: normaliseTime(tour.time) ?? tour.time });

/**
 * The tours a schedule save asked for and the server did not create (a date already past), kept as a
 * refusal for the schedule editor's notice, in the server's words, one line each.
 */
async function recordRefusedTours(
  db: ReplicaDb,
  refused: readonly RefusedTour[],
  asked: ToursCreatePayload['tours'],
): Promise<void> {
  const first = refused[0] && asked.find((t) => slotKey(t) === slotKey(refused[0] as RefusedTour));
  await db.rejections.put({
    // The temporary id is random and used once, so a refusal is recorded once.
    id: `refused:${first?.tempId ?? crypto.randomUUID()}`,
    kind: 'tours.create',
    payload: { tours: refused.map(({ excursionID, date, time }) => ({ excursionID, date, time })) },
    reason: [...new Set(refused.map((tour) => tour.message))].join('\n'),
    at: Date.now(),
    seen: 0,
  });
}

/**
 * A tour deleted while its creation was still queued is deleted by its temporary id; once the server
 * has answered the creation, the queued deletions are rewritten to its real id (or dropped, `null`,
 * when the creation was refused). The queue is strictly ordered, so they are always sent after it.
 */
async function rewriteQueuedDeletes(db: ReplicaDb, map: (id: string) => string | null): Promise<void> {
  const queued = await db.outbox.filter((row) => row.kind === 'tours.delete').toArray();
  for (const row of queued) {
    const { tourIds } = row.payload as ToursDeletePayload;
    const next = tourIds.map(map).filter((id): id is string => id !== null);
    if (next.length === tourIds.length && next.every((id, i) => id === tourIds[i])) continue;
    if (next.length === 0) await db.outbox.delete(row.seq as number);
    else await db.outbox.update(row.seq as number, { payload: { tourIds: next } });
  }
}

const toursDelete: MutationSpec<ToursDeletePayload> = {
  async apply(db, { tourIds }) {
    const rows = await db.tours.bulkGet(tourIds);
    await db.tours.bulkPut(
      rows.flatMap((row) => (row ? [{ ...row, _deleted: 1 as const, _pending: bump(row._pending, 1) }] : [])),
    );
    return null;
  },
  request: ({ tourIds }) => ({ method: 'DELETE', path: '/api/tours', body: { tour_ids: tourIds } }),
  async acknowledge(db, { tourIds }) {
    await db.tours.bulkDelete(tourIds);
  },
  async rollback(db, { tourIds }) {
    const rows = await db.tours.bulkGet(tourIds);
    await db.tours.bulkPut(
      rows.flatMap((row) => {
        if (!row) return [];
        const { _deleted: _gone, ...rest } = row;
        return [{ ...rest, _pending: bump(row._pending, -1) }];
      }),
    );
  },
  touches: ({ tourIds }) => tourIds.map((key) => ({ collection: 'tours', key })),
};

const digits = (phone: string) => phone.replace(/\D/g, '');

const profileUpdate: MutationSpec<ProfilePayload> = {
  async apply(db, { userId, phone, email: _email, ...fields }) {
    const before = await db.users.get(userId);
    if (!before) return null;
    // A new e-mail is the account's only once the code mailed to it is confirmed (commands/email-change.ts).
    await db.users.put({ ...before, ...fields, phone: digits(phone), _pending: bump(before._pending, 1) });
    return before;
  },
  request: ({ userId: _id, ...fields }, userId) => ({
    method: 'PUT',
    path: `/api/users/${userId}`,
    body: fields,
  }),
  async acknowledge(db, { userId }, data) {
    const row = await db.users.get(userId);
    if (!row) return;
    const pending = bump(row._pending, -1);
    // The server's normalised copy wins unless a later edit is still queued.
    const saved = !pending && data && typeof data === 'object' ? (data as User) : row;
    // The answer's emailChangePending marker is not part of the user row.
    const { emailChangePending: _marker, ...user } = saved as User & { emailChangePending?: string };
    await db.users.put({ ...row, ...user, _v: row._v, _pending: pending });
  },
  async rollback(db, { userId }, undo) {
    const row = await db.users.get(userId);
    if (!row) return;
    const pending = bump(row._pending, -1);
    const previous = undo as Replicated<User> | null;
    if (pending || !previous) await db.users.put({ ...row, _pending: pending });
    else await db.users.put({ ...previous, _v: Math.max(previous._v, row._v), _pending: undefined });
  },
  touches: ({ userId }) => [{ collection: 'user', key: userId }],
};

export const MUTATIONS: Partial<Record<MutationKind, MutationSpec<never>>> = {
  'favorite.set': favorite(true) as MutationSpec<never>,
  'favorite.unset': favorite(false) as MutationSpec<never>,
  'tours.create': toursCreate as MutationSpec<never>,
  'tours.delete': toursDelete as MutationSpec<never>,
  'profile.update': profileUpdate as MutationSpec<never>,
  'ticket.checkin': ticketCheckIn as MutationSpec<never>,
  'review.save': reviewSave as MutationSpec<never>,
};

export function specOf(kind: MutationKind): MutationSpec<unknown> {
  const spec = MUTATIONS[kind];
  if (!spec) throw new Error(`no mutation spec for ${kind}`);
  return spec as MutationSpec<unknown>;
}
