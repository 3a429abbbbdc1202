import './zod-config';
import { z } from 'zod';
import {
  changeSchema,
  cursorSchema,
  SYNC_MAX_LIMIT,
  type Change,
  type SyncResponse,
} from '../../protocol/sync';

// A pulled page is checked against the protocol before it touches the replica, exactly as
// `syncResponseSchema` would check it, but a slice of changes at a time with the main thread given
// back in between. A first sync brings a couple of thousand rows; checked in one go (Zod parses
// without compiling in the browser, see zod-config) that is one task long enough to block a tap on a
// slow phone, and it runs just as the first screen is drawn.

/** Changes checked per task. */
export const PARSE_SLICE = 100;

const envelopeSchema = z.object({
  cursor: cursorSchema,
  changes: z.array(z.unknown()).max(SYNC_MAX_LIMIT),
  more: z.boolean().default(false),
});
const sliceSchema = z.array(changeSchema);

/** Gives the main thread back: `scheduler.yield()` where there is one, else a zero timeout. */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The page if it is a valid GET /api/sync answer, else null; the same verdict as `syncResponseSchema`. */
export async function parseSyncPage(
  data: unknown,
  pause: () => Promise<void> = yieldToMain,
): Promise<SyncResponse | null> {
  const envelope = envelopeSchema.safeParse(data);
  if (!envelope.success) return null;
  const raw = envelope.data.changes;
  const changes: Change[] = [];
  for (let start = 0; start < raw.length; start += PARSE_SLICE) {
    if (start > 0) await pause();
    const slice = sliceSchema.safeParse(raw.slice(start, start + PARSE_SLICE));
    if (!slice.success) return null;
    for (const change of slice.data) changes.push(change);
  }
  return { cursor: envelope.data.cursor, changes, more: envelope.data.more };
}
