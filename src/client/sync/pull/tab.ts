import { SYNC_RESET_STATUS } from '../../../protocol/sync';
import type { HttpAnswer, HttpClient } from '../../api/http';
import { NetworkError, readAnswer } from '../../api/http';
import type { ReplicaDb } from '../../db/schema';
import { applyChanges } from './apply';
import { clearSynced } from './settle';
import { markReplicaFilled, syncPath, takeEarlyAnswer } from '../../boot/first-page';
import { parseSyncPage } from './parse';
import type { EarlyAnswer, PullOutcome } from './runner';

// The tab runner: GET /api/sync from the stored cursor until the server says there is no more. Each page is applied
// with its cursor in one transaction. A "start over" answer clears the synced tables but keeps the
// outbox and the rows its queued mutations touched, so nothing done offline is lost.

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
  for (;;) {
    const cursor = (await db.meta.get('cursor'))?.value as string | undefined;
    const path = syncPath(cursor);
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
      await clearSynced(db);
      continue;
    }
    if (answer.status === 401) return { ok: false, error: 'unauthorized' };
    if (!answer.ok) return { ok: false, error: 'server' };
    // Checked a slice at a time, so a first sync does not block the first screen (parse.ts).
    const page = await parseSyncPage(answer.data);
    if (!page) return { ok: false, error: 'server' };
    await applyChanges(db, page.changes, page.cursor);
    pages += 1;
    count += page.changes.length;
    if (!page.more) {
      onFilled();
      return { ok: true, pages, changes: count };
    }
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
