import type { Change, SyncResponse } from '../../protocol/sync';
import { changeKey, SYNC_DEFAULT_LIMIT } from '../../protocol/sync';
import type { Db } from '../storage/db';
import { commitMark, readChanges } from '../storage/changes';

// GET /api/sync: one page of changes after the caller's cursor. The cursor carries the version the
// client has seen up to and the user it was issued for, so a replica filled for one account is never
// continued for another (login, logout, a shared phone): that answers "start over".

export type PullResult = { kind: 'page'; page: SyncResponse } | { kind: 'reset'; reason: string };

interface Cursor {
  after: number;
  userId: number;
}

const CURSOR = /^v1\.(\d{1,16})\.(\d{1,10})$/;

export function encodeCursor(cursor: Cursor): string {
  return `v1.${cursor.after}.${cursor.userId}`;
}

export function decodeCursor(text: string): Cursor | null {
  const match = CURSOR.exec(text);
  if (!match) return null;
  const after = Number(match[1]);
  const userId = Number(match[2]);
  return Number.isSafeInteger(after) && Number.isSafeInteger(userId) ? { after, userId } : null;
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
  if (cursor && cursor.after < floor)
    return { kind: 'reset', reason: 'cursor older than the kept tombstones' };

  const limit = request.limit ?? SYNC_DEFAULT_LIMIT;
  const mark = await commitMark(db);
  const after = cursor?.after ?? 0;
  const all = await readChanges(db, {
    after,
    upTo: mark,
    limit: limit + 1,
    today: request.today,
    full: cursor === null,
    userId: request.userId,
    admin: request.admin ?? false,
  });
  all.sort((a, b) => a.version - b.version);
  const more = all.length > limit;
  const changes = dedupe(more ? all.slice(0, limit) : all);
  const last = changes.at(-1);
  // With more to come, resume after the last change served; otherwise everything up to the mark is
  // known (even versions that touched nothing this caller may see).
  const next = more && last ? last.version : Math.max(mark, after);
  return { kind: 'page', page: { cursor: encodeCursor({ after: next, userId: caller }), changes, more } };
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
