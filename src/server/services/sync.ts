import type { Change, SyncResponse } from '../../protocol/sync';
import { changeKey, SYNC_DEFAULT_LIMIT } from '../../protocol/sync';
import { decodeCursor, encodeCursor, type SyncCursor } from '../../protocol/sync-cursor';
import type { Db } from '../storage/db';
import { commitMark, readChanges, syncFloor, tourSnapshot, type TourKey } from '../storage/changes';

// GET /api/sync: one page of changes after the caller's cursor. The cursor carries the version the
// client has seen up to and the user it was issued for, so a replica filled for one account is never
// continued for another (login, logout, a shared phone): that answers "start over".

export type PullResult = { kind: 'page'; page: SyncResponse } | { kind: 'reset'; reason: string };

// The cursor's grammar (its stages and the user it was issued for) is protocol/sync-cursor.ts.

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
  const admin = request.admin ?? false;
  // An admin's cursor is marked, so a promotion or a demotion starts the replica over (admins see more).
  const viewer = { userId: caller, admin };
  const cursor = request.cursor === undefined ? null : decodeCursor(request.cursor);
  if (request.cursor !== undefined && !cursor) return { kind: 'reset', reason: 'malformed cursor' };
  if (cursor && cursor.userId !== caller) return { kind: 'reset', reason: 'cursor issued for another user' };
  if (cursor && (cursor.admin ?? false) !== admin)
    return { kind: 'reset', reason: 'cursor issued for another role' };
  const floor = await syncFloor(db);
  const since = cursor === null ? null : cursor.stage === 'changes' ? cursor.after : cursor.at;
  if (since !== null && since < floor)
    return { kind: 'reset', reason: 'cursor older than the kept tombstones' };

  const limit = request.limit ?? SYNC_DEFAULT_LIMIT;
  const visibility = { today: request.today, userId: request.userId, admin };
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
    const changes = dedupe(more ? all.slice(0, pageEnd(all, limit)) : all);
    const last = changes.at(-1);
    // With more to come, resume after the last change served; otherwise everything up to the mark is
    // known (even versions that touched nothing this caller may see).
    const after = more && last ? last.version : Math.max(mark, cursor.after);
    return page(changes, { stage: 'changes', after, ...viewer }, more);
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
      const served = dedupe(all.slice(0, pageEnd(all, limit)));
      return page(served, { stage: 'rest', at, after: served.at(-1)?.version ?? after, ...viewer }, true);
    }
    changes.push(...dedupe(all));
  } else {
    key = cursor.key;
  }
  // The rest is done: the page's room left goes to tours.
  const room = limit - changes.length;
  if (room === 0) return page(changes, { stage: 'tours', at, key: null, ...viewer }, true);
  const tours = await tourSnapshot(db, { ...visibility, at, after: key, limit: room + 1 });
  if (tours.length > room) {
    const served = tours.slice(0, room);
    changes.push(...served);
    const last = served.at(-1);
    const next = last
      ? { excursionId: last.row.excursionID, date: last.row.date, time: last.row.time }
      : null;
    return page(changes, { stage: 'tours', at, key: next, ...viewer }, true);
  }
  changes.push(...tours);
  // The snapshot is complete; anything committed since is one ordinary pull away.
  const more = (await commitMark(db)) > at;
  return page(changes, { stage: 'changes', after: at, ...viewer }, more);
}

/**
 * Where a full page of changes sorted by version ends: never between two changes of one version (a
 * ticket the caller both bought and sells is a 'tickets' and a 'manifest' change of one version), as
 * the next page starts after the last version served. When the page holds only that one version, it
 * ends past it instead: each collection read limit + 1 rows, and a version has at most one row in each.
 */
function pageEnd(sorted: readonly Change[], limit: number): number {
  const splits = (end: number) =>
    sorted[end] !== undefined && sorted[end]?.version === sorted[end - 1]?.version;
  let end = limit;
  while (end > 1 && splits(end)) end -= 1;
  if (!splits(end)) return end;
  end = limit;
  while (splits(end)) end += 1;
  return end;
}

function page(changes: Change[], cursor: SyncCursor, more: boolean): PullResult {
  return { kind: 'page', page: { cursor: encodeCursor(cursor), changes, more } };
}

/** One change per row: a row deleted and re-created in one page keeps only its latest state. */
function dedupe(changes: Change[]): Change[] {
  const latest = new Map<string, Change>();
  for (const change of changes) latest.set(`${change.collection}:${changeKey(change)}`, change);
  return changes.filter((change) => latest.get(`${change.collection}:${changeKey(change)}`) === change);
}
