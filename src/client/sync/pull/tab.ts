import { SYNC_RESET_STATUS } from '../../../protocol/sync';
import type { HttpAnswer, HttpClient } from '../../api/http';
import { NetworkError, readAnswer } from '../../api/http';
import type { ReplicaDb } from '../../db/schema';
import { applyChanges } from './apply';
import { clearSynced } from './settle';
import { markReplicaFilled, syncPath, takeEarlyAnswer } from '../../boot/first-page';
import { parseSyncPage } from './parse';
import type { EarlyAnswer, PullOutcome } from './runner';
import {
  CATCH_UP_CURSOR_META,
  COLLECTIONS_META,
  forgetUnknownCollections,
  KNOWN_COLLECTIONS,
  lacksKnown,
  recordedCollections,
} from './replica-collections';
import { changesCursorVersion } from '../../../protocol/sync-cursor';

// The pull both runners run (the tab itself, or the worker through worker.ts): GET /api/sync from the
// stored cursor until the server says there is no more. Each page is applied with its cursor in one
// transaction. A "start over" answer clears the synced tables but keeps the outbox and the rows its
// queued mutations touched, so nothing done offline is lost.
//
// Once the replica is up to date, a replica that lacks a collection this app knows (the app was
// updated since it was filled, replica-collections.ts) catches up: a snapshot pulled again from no
// cursor, applied over the rows it holds (only what is newer is written, so every row stays readable
// the whole time), its position kept apart from the replica's cursor. The snapshot's last page records
// this app's collections; then the pull goes on from the replica's own cursor, which brings what
// changed while the snapshot was read, deletions included.

export interface PullOptions {
  /** Where an early first page comes from; by default this context's own (boot/first-page.ts). */
  early?: EarlyAnswer;
  /** Called once the replica is filled; by default remembered in this context's local storage. */
  onFilled?: () => void;
}

export async function pullAll(
  http: HttpClient,
  db: ReplicaDb,
  token: string | null,
  options: PullOptions = {},
): Promise<PullOutcome> {
  const early = options.early ?? takeEarly;
  const onFilled = options.onFilled ?? markReplicaFilled;
  let pages = 0;
  let count = 0;
  let resets = 0;
  // The replica's cursor has reached the server's present in this pull.
  let upToDate = false;
  // At most one catch-up snapshot per pull: its last page records the collections.
  let caughtUp = false;
  await forgetUnknownCollections(db);
  for (;;) {
    const cursor = (await db.meta.get('cursor'))?.value as string | undefined;
    const catchingUp = upToDate && !caughtUp && lacksKnown(await recordedCollections(db));
    const from = catchingUp
      ? ((await db.meta.get(CATCH_UP_CURSOR_META))?.value as string | undefined)
      : cursor;
    const path = syncPath(from);
    let answer;
    try {
      // A first visit's first page may already be on its way (boot/first-page.ts).
      answer = await (early(path, token) ?? http.request('GET', path, { token }));
    } catch (error) {
      if (error instanceof NetworkError) return { ok: false, error: 'offline' };
      throw error;
    }
    if (answer.status === SYNC_RESET_STATUS && resets < 2) {
      resets += 1;
      // A catch-up's cursor is its own: the snapshot starts again, the replica stays.
      if (catchingUp) await db.meta.delete(CATCH_UP_CURSOR_META);
      else await clearSynced(db);
      continue;
    }
    if (answer.status === 401) return { ok: false, error: 'unauthorized' };
    if (!answer.ok) return { ok: false, error: 'server' };
    // Checked a slice at a time, so a first sync does not block the first screen (parse.ts).
    const page = await parseSyncPage(answer.data);
    if (!page) return { ok: false, error: 'server' };
    pages += 1;
    count += page.changes.length;
    if (catchingUp) {
      // The snapshot is whole once its cursor reaches the changes stage; the replica's own cursor
      // brings the rest.
      const whole = !page.more || changesCursorVersion(page.cursor) !== undefined;
      const written = await applyChanges(
        db,
        page.changes,
        page.cursor,
        undefined,
        whole
          ? {
              asideFromCursor: true,
              rows: [{ key: COLLECTIONS_META, value: KNOWN_COLLECTIONS }],
              forget: [CATCH_UP_CURSOR_META],
            }
          : { asideFromCursor: true, rows: [{ key: CATCH_UP_CURSOR_META, value: page.cursor }] },
      );
      // Pulled for another account than the one signed in now: the pull after the login or logout
      // brings the right one.
      if (!written) return { ok: true, pages, changes: count };
      if (whole) {
        caughtUp = true;
        upToDate = false;
      }
      continue;
    }
    // A pull from no cursor fills every collection this app knows.
    const written = await applyChanges(
      db,
      page.changes,
      page.cursor,
      undefined,
      from === undefined ? { rows: [{ key: COLLECTIONS_META, value: KNOWN_COLLECTIONS }] } : {},
    );
    // Pulled for another account than the one signed in now: the cursor stays where it was, so asking
    // again would bring the same page forever; the pull after the login or logout brings the right one.
    if (!written) return { ok: true, pages, changes: count };
    if (page.more) continue;
    upToDate = true;
    if (!caughtUp && lacksKnown(await recordedCollections(db))) continue;
    onFilled();
    return { ok: true, pages, changes: count };
  }
}

/** The early first page as the HTTP client would have answered it (boot/first-page.ts), if it is this one. */
function takeEarly(path: string, token: string | null): Promise<HttpAnswer> | undefined {
  return takeEarlyAnswer(path, token)?.then(
    (response) => readAnswer(response),
    (error: unknown) => {
      throw new NetworkError(error);
    },
  );
}
