import type { RejectionRow } from '../../../db/schema';
import { useReplica } from '../../hooks/replica';
import { SCHEDULE as TEXT } from './strings';

/**
 * A schedule change the server refused (a tour with sold tickets, say): the engine has already put
 * the chip back; this says why, in the server's words, until the seller dismisses it.
 */
export function RejectionNotice({ rejection }: { rejection: RejectionRow }) {
  const db = useReplica();
  return (
    <div className="sched-refused" role="alert">
      <p>
        <strong>{TEXT.refused}</strong>
        <span>{rejection.reason}</span>
      </p>
      <button
        type="button"
        className="button sched-refused-dismiss"
        onClick={() => void db.rejections.update(rejection.id, { seen: 1 })}
      >
        {TEXT.dismiss}
      </button>
    </div>
  );
}
