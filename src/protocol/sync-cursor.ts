// The pull cursor of GET /api/sync: the server writes it, the client stores it and sends it back. The
// client reads one thing of it: whether its replica's first sync is complete (changesCursorVersion).
//
// A first sync (no cursor) is a snapshot at the commit mark `at`, in two stages, then ordinary changes:
// - `s1.{at}.{after}.{user}`: every collection but tours, by version in (after, at];
// - `t1.{at}.{user}[.{excursion}.{date}.{hhmm}]`: tours of version <= at, by excursion, date and time
//   after that key (a phone stores an excursion's tours together);
// - `v1.{after}.{user}`: whatever changed after `after` (tours changed during the first sync included).
// `{user}` is the user's id (0 signed out), followed by `a` for an admin.
// Each carries the user it was issued for, so a replica filled for one account is never continued for
// another (login, logout, a shared phone): the server answers "start over". A replica whose first sync
// was cut short (the tab closed, the signal lost) holds a stage cursor and only part of the catalogue.

/** Where a first sync's tour stage stopped: the last tour sent, by excursion, date and time. */
export interface CursorTourKey {
  excursionId: string;
  date: string;
  time: string;
}

/**
 * Whom a cursor was issued for: the user (0 signed out) and whether as an admin, who sees more (the
 * excursions waiting for review). A promoted or demoted user's cursor no longer fits, so they start over.
 */
interface Viewer {
  userId: number;
  admin?: boolean;
}

export type SyncCursor =
  | ({ stage: 'changes'; after: number } & Viewer)
  | ({ stage: 'rest'; at: number; after: number } & Viewer)
  | ({ stage: 'tours'; at: number; key: CursorTourKey | null } & Viewer);

const CHANGES = /^v1\.(\d{1,16})\.(\d{1,10})(a?)$/;
const REST = /^s1\.(\d{1,16})\.(\d{1,16})\.(\d{1,10})(a?)$/;
const TOURS = /^t1\.(\d{1,16})\.(\d{1,10})(a?)(?:\.([0-9a-f]{24})\.(\d{4}-\d{2}-\d{2})\.(\d{2})(\d{2}))?$/;

export function encodeCursor(cursor: SyncCursor): string {
  const viewer = `${cursor.userId}${cursor.admin ? 'a' : ''}`;
  switch (cursor.stage) {
    case 'changes':
      return `v1.${cursor.after}.${viewer}`;
    case 'rest':
      return `s1.${cursor.at}.${cursor.after}.${viewer}`;
    case 'tours': {
      const key = cursor.key;
      const tail = key ? `.${key.excursionId}.${key.date}.${key.time.replace(':', '')}` : '';
      return `t1.${cursor.at}.${viewer}${tail}`;
    }
  }
}

/** The cursor a text stands for; null for anything the grammar does not allow. */
export function decodeCursor(text: string): SyncCursor | null {
  const numbers = (...parts: (string | undefined)[]) => {
    const values = parts.map(Number);
    return values.every(Number.isSafeInteger) ? values : null;
  };
  let match = CHANGES.exec(text);
  if (match) {
    const n = numbers(match[1], match[2]);
    return n ? { stage: 'changes', after: n[0]!, userId: n[1]!, admin: match[3] === 'a' } : null;
  }
  match = REST.exec(text);
  if (match) {
    const n = numbers(match[1], match[2], match[3]);
    return n && n[1]! <= n[0]!
      ? { stage: 'rest', at: n[0]!, after: n[1]!, userId: n[2]!, admin: match[4] === 'a' }
      : null;
  }
  match = TOURS.exec(text);
  if (match) {
    const n = numbers(match[1], match[2]);
    if (!n) return null;
    const [, , , admin, excursionId, date, hh, mm] = match;
    const key = excursionId && date ? { excursionId, date, time: `${hh}:${mm}` } : null;
    return { stage: 'tours', at: n[0]!, key, userId: n[1]!, admin: admin === 'a' };
  }
  return null;
}

/** The version a changes cursor stands for; undefined for a first sync's stage cursor or none. */
export function changesCursorVersion(cursor: string | undefined): number | undefined {
  const decoded = cursor ? decodeCursor(cursor) : null;
  return decoded?.stage === 'changes' ? decoded.after : undefined;
}
