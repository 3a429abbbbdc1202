import { passengerName } from '../../../../../domain/boarding';
import type { CheckInPayload } from '../../../../sync/outbox/checkin';
import { useReplica } from '../../../hooks/replica';
import { useBoardingConflicts } from './hooks';
import type { ManifestRow } from './queries';
import { BOARDING as TEXT } from './strings';

/**
 * Check-ins the server refused when they synced (the ticket was cancelled while the guide was
 * offline): the engine has taken the mark back; this names the passenger and gives the server's
 * reason until the guide dismisses it.
 */
export function BoardingConflicts({ tourId, rows }: { tourId: string; rows: readonly ManifestRow[] }) {
  const db = useReplica();
  const conflicts = useBoardingConflicts(tourId) ?? [];
  if (conflicts.length === 0) return null;
  const nameOf = (ticketId: string) => {
    const row = rows.find((one) => one._id === ticketId);
    return row ? passengerName(row.buyer) : ticketId;
  };
  return (
    <div className="departure-conflicts" role="alert">
      <strong>{TEXT.conflictTitle}</strong>
      <ul>
        {conflicts.map((conflict) => (
          <li key={conflict.id}>
            <span>
              {TEXT.conflict(nameOf((conflict.payload as CheckInPayload).ticketId), conflict.reason)}
            </span>
            <button
              type="button"
              className="button departure-dismiss"
              onClick={() => void db.rejections.update(conflict.id, { seen: 1 })}
            >
              {TEXT.dismiss}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
