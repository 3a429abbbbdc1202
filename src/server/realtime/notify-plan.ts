import type { ServerEvent } from './events';

// How queued publishes go out as notifications (realtime/pg-fanout.ts). A notification carries at
// most 8000 bytes: publishes queued together go in as many notifications as they need, each of whole
// publishes, in order; one publish bigger than that is stored and sent by id.

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; leave room for the envelope. */
export const MAX_INLINE_PAYLOAD_BYTES = 7900;
/** What a notification's envelope adds to its events: the sender's id and a sequence number. */
const ENVELOPE_BYTES = 80;

/** One step of sending: notifications of inline events (each a JSON list body), or a stored publish. */
export type NotifyStep = { inline: string[] } | { stored: ServerEvent[] };

/**
 * Under load many bookings publish while one NOTIFY is in flight. Their publishes go together, cut
 * into notifications that each fit (whole publishes, in order), rather than stored as one big batch
 * that every other process must read back.
 */
export function planNotifications(publishes: ServerEvent[][]): NotifyStep[] {
  const steps: NotifyStep[] = [];
  let parts: string[] = [];
  let current: string[] = [];
  let size = 0;
  const cut = () => {
    if (current.length > 0) parts.push(current.join(','));
    current = [];
    size = 0;
  };
  const flushParts = () => {
    if (parts.length > 0) steps.push({ inline: parts });
    parts = [];
  };
  for (const events of publishes) {
    const json = events.map((event) => JSON.stringify(event));
    const bytes = json.reduce((sum, text) => sum + Buffer.byteLength(text) + 1, 0);
    if (bytes > MAX_INLINE_PAYLOAD_BYTES - ENVELOPE_BYTES) {
      cut();
      flushParts();
      steps.push({ stored: events });
      continue;
    }
    if (size + bytes > MAX_INLINE_PAYLOAD_BYTES - ENVELOPE_BYTES) cut();
    current.push(...json);
    size += bytes;
  }
  cut();
  flushParts();
  return steps;
}
