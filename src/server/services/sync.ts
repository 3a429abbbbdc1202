import type { Change, SyncResponse } from '../../protocol/sync';
import { changeKey, SYNC_DEFAULT_LIMIT } from '../../protocol/sync';
import type { Db } from '../storage/db';
import { commitMark, readChanges, tourSnapshot, type TourKey } from '../storage/changes';

// GET /api/sync: one page of changes after the caller's cursor. The cursor carries the version the
// client has seen up to and the user it was issued for, so a replica filled for one account is never
// continued for another (login, logout, a shared phone): that answers "start over".

export type PullResult = { kind: 'page'; page: SyncResponse } | { kind: 'reset'; reason: string };

// A first sync (no cursor) is a snapshot at the commit mark `at`, in two stages, then ordinary changes:
// - `s1.{at}.{after}.{user}`: every collection but tours, by version in (after, at];
// - `t1.{at}.{user}[.{excursion}.{date}.{hhmm}]`: tours of version <= at, by excursion, date and time
//   after that key (a phone stores an excursion's tours together: see tourSnapshot);
// - `v1.{after}.{user}`: whatever changed after `after` (tours changed during the first sync included).
// Each carries the user it was issued for, so a replica filled for one account is never continued for
// another (login, logout, a shared phone): that answers "start over".
type Cursor =
  | { stage: 'changes'; after: number; userId: number }
  | { stage: 'rest'; at: number; after: number; userId: number }
  | { stage: 'tours'; at: number; key: TourKey | null; userId: number };

const CHANGES = /^v1\.(\d{1,16})\.(\d{1,10})$/;
const REST = /^s1\.(\d{1,16})\.(\d{1,16})\.(\d{1,10})$/;
const TOURS = /^t1\.(\d{1,16})\.(\d{1,10})(?:\.([0-9a-f]{24})\.(\d{4}-\d{2}-\d{2})\.(\d{2})(\d{2}))?$/;

export function encodeCursor(cursor: Cursor): string {
  switch (cursor.stage) {
    case 'changes':
      return `v1.${cursor.after}.${cursor.userId}`;
    case 'rest':
      return `s1.${cursor.at}.${cursor.after}.${cursor.userId}`;
    case 'tours': {
      const key = cursor.key;
      const tail = key ? `.${key.excursionId}.${key.date}.${key.time.replace(':', '')}` : '';
      return `t1.${cursor.at}.${cursor.userId}${tail}`;
    }
  }
}

export function decodeCursor(text: string): Cursor | null {
  const numbers = (...parts: (string | undefined)[]) => {
    const values = parts.map(Number);
    return values.every(Number.isSafeInteger) ? values : null;
  };
  let match = CHANGES.exec(text);
  if (match) {
    const n = numbers(match[1], match[2]);
    return n ? { stage: 'changes', after: n[0]!, userId: n[1]! } : null;
  }
  match = REST.exec(text);
  if (match) {
    const n = numbers(match[1], match[2], match[3]);
    return n && n[1]! <= n[0]! ? { stage: 'rest', at: n[0]!, after: n[1]!, userId: n[2]! } : null;
  }
  match = TOURS.exec(text);
  if (match) {
    const n = numbers(match[1], match[2]);
    if (!n) return null;
    const [, , , excursionId, date, hh, mm] = match;
    const key = excursionId && date ? { excursionId, date, time: `${hh}:${mm}` } : null;
    return { stage: 'tours', at: n[0]!, key, userId: n[1]! };
  }
  return null;
}

export interface PullRequest {
  cursor: string | undefined;
  limit: number | undefined;
  userId: number | null;
  /** Admins also receive excursions waiting for moderation. */
  admin?: boolean;
  today: string;
}

export async function pullChanges(db: Db, request: PullRequest): Promise<PullResult> {
  const caller = request.userId ?? 0;
  const cursor = request.cursor === undefined ? null : decodeCursor(request.cursor);
  if (request.cursor !== undefined && !cursor) return { kind: 'reset', reason: 'malformed cursor' };
  if (cursor && cursor.userId !== caller) return { kind: 'reset', reason: 'cursor issued for another user' };
  const floor = await tombstoneFloor(db);
  const since = cursor === null ? null : cursor.stage === 'changes' ? cursor.after : cursor.at;
  if (since !== null && since < floor)
    return { kind: 'reset', reason: 'cursor older than the kept tombstones' };

  const limit = request.limit ?? SYNC_DEFAULT_LIMIT;
  const visibility = { today: request.today, userId: request.userId, admin: request.admin ?? false };
  if (cursor?.stage === 'changes') {
    const mark = await commitMark(db);
    const all = await readChanges(db, {
      ...visibility,
      after: cursor.after,
      upTo: mark,
      limit: limit + 1,
      full: false,
    });
    all.sort((a, b) => a.version - b.version);
    const more = all.length > limit;
    const changes = dedupe(more ? all.slice(0, limit) : all);
    const last = changes.at(-1);
    // With more to come, resume after the last change served; otherwise everything up to the mark is
    // known (even versions that touched nothing this caller may see).
    const after = more && last ? last.version : Math.max(mark, cursor.after);
    return page(changes, { stage: 'changes', after, userId: caller }, more);
  }

  // The snapshot: its version is fixed by the first page and carried by the cursor.
  const at = cursor ? cursor.at : await commitMark(db);
  const changes: Change[] = [];
  let key: TourKey | null = null;
  if (cursor === null || cursor.stage === 'rest') {
    const after = cursor?.after ?? 0;
    const all = await readChanges(db, {
      ...visibility,
      after,
      upTo: at,
      limit: limit + 1,
      full: true,
      withoutTours: true,
    });
    all.sort((a, b) => a.version - b.version);
    if (all.length > limit) {
      const served = dedupe(all.slice(0, limit));
      return page(
        served,
        { stage: 'rest', at, after: served.at(-1)?.version ?? after, userId: caller },
        true,
      );
    }
    changes.push(...dedupe(all));
  } else {
    key = cursor.key;
  }
  // The rest is done: the page's room left goes to tours.
  const room = limit - changes.length;
  if (room === 0) return page(changes, { stage: 'tours', at, key: null, userId: caller }, true);
  const tours = await tourSnapshot(db, { ...visibility, at, after: key, limit: room + 1 });
  if (tours.length > room) {
    const served = tours.slice(0, room);
    changes.push(...served);
    const last = served.at(-1);
    const next = last
      ? { excursionId: last.row.excursionID, date: last.row.date, time: last.row.time }
      : null;
    return page(changes, { stage: 'tours', at, key: next, userId: caller }, true);
  }
  changes.push(...tours);
  // The snapshot is complete; anything committed since is one ordinary pull away.
  const more = (await commitMark(db)) > at;
  return page(changes, { stage: 'changes', after: at, userId: caller }, more);
}

function page(changes: Change[], cursor: Cursor, more: boolean): PullResult {
  return { kind: 'page', page: { cursor: encodeCursor(cursor), changes, more } };
}

/** One change per row: a row deleted and re-created in one page keeps only its latest state. */
function dedupe(changes: Change[]): Change[] {
  const latest = new Map<string, Change>();
  for (const change of changes) latest.set(`${change.collection}:${changeKey(change)}`, change);
  return changes.filter((change) => latest.get(`${change.collection}:${changeKey(change)}`) === change);
}

/** Versions below this may have lost their tombstones to compaction; older cursors start over. */
async function tombstoneFloor(db: Db): Promise<number> {
  const [row] = await db.query<{ value: string }>(`SELECT value FROM meta WHERE key = 'sync_floor'`);
  return row ? Number(row.value) : 0;
}
