import type { ManifestEntry } from '../../../domain/types';
import { apiPaths } from '../../../protocol/paths';
import type { CheckInResponse } from '../../../protocol/tickets';
import type { Replicated } from '../../db/schema';
import type { MutationSpec } from './mutations';

// A guide's boarding check-in, made offline against the manifest on the phone and queued. The server
// keeps the earliest check-in time it hears of, so the replica takes the server's answer; a ticket
// cancelled while the guide was offline is refused when it syncs, and the check-in is rolled back
// with the server's reason kept in `rejections`.

export interface CheckInPayload {
  ticketId: string;
  /** The code the guide scanned or typed, which matched the manifest's. */
  code: string;
  /** When the guide checked the ticket in (an ISO instant of the phone's clock). */
  at: string;
}

const bump = (pending: number | undefined, by: number) => {
  const next = (pending ?? 0) + by;
  return next > 0 ? next : undefined;
};

const earliest = (a: string | undefined, b: string) => (a !== undefined && a < b ? a : b);

export const ticketCheckIn: MutationSpec<CheckInPayload> = {
  async apply(db, { ticketId, at }) {
    const before = await db.manifest.get(ticketId);
    if (!before) return null;
    await db.manifest.put({
      ...before,
      checkedInAt: earliest(before.checkedInAt, at),
      _pending: bump(before._pending, 1),
    });
    return before.checkedInAt ?? null;
  },
  request: ({ ticketId, code, at }) => ({
    method: 'POST',
    path: apiPaths.ticketCheckIn(ticketId),
    body: { code, at },
  }),
  async acknowledge(db, { ticketId }, data) {
    const row = await db.manifest.get(ticketId);
    if (!row) return;
    const answered = (data as Partial<CheckInResponse> | undefined)?.checkedInAt;
    const next: Replicated<ManifestEntry> = { ...row, _pending: bump(row._pending, -1) };
    if (answered) next.checkedInAt = answered;
    await db.manifest.put(next);
  },
  async rollback(db, { ticketId }, undo) {
    const row = await db.manifest.get(ticketId);
    if (!row) return;
    const pending = bump(row._pending, -1);
    // The pending mark goes with the local time, so the server's row held behind it (a ticket
    // cancelled meanwhile) is released after this rollback.
    const { checkedInAt: _local, _pending: _mark, ...rest } = row;
    const previous = undo as string | null;
    // Another check-in of the same ticket still queued keeps the local mark until it settles.
    if (pending) await db.manifest.put({ ...row, _pending: pending });
    else await db.manifest.put(previous ? { ...rest, checkedInAt: previous } : rest);
  },
  touches: ({ ticketId }) => [{ collection: 'manifest', key: ticketId }],
};
