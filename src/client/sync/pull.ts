import { SYNC_RESET_STATUS } from '../../protocol/sync';
import type { HttpClient } from '../api/http';
import { NetworkError } from '../api/http';
import type { ReplicaDb } from '../db/schema';
import { applyChanges, clearSynced } from './apply';
import { parseSyncPage } from './parse-page';

// GET /api/sync from the stored cursor until the server says there is no more. Each page is applied
// with its cursor in one transaction. A "start over" answer clears the synced tables but keeps the
// outbox and the rows its queued mutations touched, so nothing done offline is lost.

export const PAGE_SIZE = 2000;

export type PullOutcome = { ok: true; pages: number; changes: number } | { ok: false; error: PullError };
export type PullError = 'offline' | 'unauthorized' | 'server';

export async function pullAll(http: HttpClient, db: ReplicaDb, token: string | null): Promise<PullOutcome> {
  let pages = 0;
  let count = 0;
  let resets = 0;
  for (;;) {
    const cursor = (await db.meta.get('cursor'))?.value as string | undefined;
    const query = new URLSearchParams({ limit: String(PAGE_SIZE), ...(cursor ? { cursor } : {}) });
    let answer;
    try {
      answer = await http.request('GET', `/api/sync?${query}`, { token });
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
    // Checked a slice at a time, so a first sync does not block the first screen (parse-page.ts).
    const page = await parseSyncPage(answer.data);
    if (!page) return { ok: false, error: 'server' };
    await applyChanges(db, page.changes, page.cursor);
    pages += 1;
    count += page.changes.length;
    if (!page.more) return { ok: true, pages, changes: count };
  }
}
