import '../../zod-config';
import { z } from 'zod';
import {
  changeSchema,
  cursorSchema,
  SYNC_COLLECTIONS,
  SYNC_MAX_LIMIT,
  type Change,
  type SyncResponse,
} from '../../../protocol/sync';
import { sliceBudget, yieldToMain } from '../../yield';

// A pulled page is checked against the protocol before it touches the replica, exactly as
// `syncResponseSchema` would check it, but a slice of changes at a time with the main thread given
// back in between. A first sync brings a couple of thousand rows; checked in one go (Zod parses
// without compiling in the browser, see zod-config) that is one task long enough to block a tap on a
// slow phone, and it runs just as the first screen is drawn.
//
// A change of a collection this app does not know is skipped, not refused: the server gains
// collections before every installed app has taken its update (updates wait for the user's tap), and
// one unknown change must not stop an older app from syncing everything else. Such an app's replica
// catches up on the new collection once it is updated (tab.ts). A change of a known collection that
// fails its schema still makes the whole page invalid.

/** The most changes checked per task. */
export const PARSE_SLICE = 100;

/**
 * The longest a task checks changes before giving the main thread back. Slices by count alone would
 * be long tasks when the page holds excursions (whole descriptions, routes, questions), each one
 * counting towards Lighthouse's Total Blocking Time on a slow phone.
 */
export const PARSE_BUDGET_MS = 4;

const KNOWN: ReadonlySet<string> = new Set(SYNC_COLLECTIONS);

/** A change of a collection that a later server has and this app does not (its `collection` is a name). */
function isUnknownCollection(item: unknown): boolean {
  if (typeof item !== 'object' || item === null) return false;
  const collection = (item as { collection?: unknown }).collection;
  return typeof collection === 'string' && !KNOWN.has(collection);
}

const envelopeSchema = z.object({
  cursor: cursorSchema,
  changes: z.array(z.unknown()).max(SYNC_MAX_LIMIT),
  more: z.boolean().default(false),
});

/**
 * The page if it is a valid GET /api/sync answer, else null: the same verdict as `syncResponseSchema`,
 * except that changes of collections outside SYNC_COLLECTIONS are left out rather than refused.
 */
export async function parseSyncPage(
  data: unknown,
  pause: () => Promise<void> = yieldToMain,
  clock: () => number = () => performance.now(),
): Promise<SyncResponse | null> {
  // The page's JSON was parsed just before, in this same task, already long on a slow phone:
  // checking starts in the next one.
  await pause();
  const envelope = envelopeSchema.safeParse(data);
  if (!envelope.success) return null;
  const raw = envelope.data.changes;
  // The envelope's check walks every change once, and the first change of each kind sets up its
  // schema (Zod builds its lookups on first use): each in a task of its own, not one together.
  if (raw.length > 0) await pause();
  const changes: Change[] = [];
  const budget = sliceBudget(PARSE_BUDGET_MS);
  const sliceSize = budget === Number.POSITIVE_INFINITY ? Number.POSITIVE_INFINITY : PARSE_SLICE;
  let sliceStart = clock();
  let inSlice = 0;
  for (const item of raw) {
    // Skipped before the slice's count: leaving a change out takes no checking.
    if (isUnknownCollection(item)) continue;
    if (inSlice === sliceSize || (inSlice > 0 && clock() - sliceStart >= budget)) {
      await pause();
      sliceStart = clock();
      inSlice = 0;
    }
    const change = changeSchema.safeParse(item);
    if (!change.success) return null;
    changes.push(change.data);
    inSlice += 1;
  }
  return { cursor: envelope.data.cursor, changes, more: envelope.data.more };
}
