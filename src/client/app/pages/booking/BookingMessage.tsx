import { CloseIcon } from './icons';
import { BOOKING, SEATS } from './strings';
import type { SubmitState } from './useBookTicket';

/** The outcome of a refused booking (SPEC §8): the server's own reason under the fixed title. */
export function BookingMessage({ state, onClose }: { state: SubmitState; onClose: () => void }) {
  if (state.phase !== 'failed' && state.phase !== 'offline') return null;
  const offline = state.phase === 'offline';
  return (
    <div className={`booking-alert${offline ? ' booking-alert-offline' : ''}`} role="alert">
      <div>
        <p className="booking-alert-title">{offline ? BOOKING.offline : BOOKING.failed}</p>
        {offline ? <p>{BOOKING.offlineDetail}</p> : state.detail && <p>{state.detail}</p>}
      </div>
      <button type="button" className="booking-alert-close" aria-label={BOOKING.close} onClick={onClose}>
        <CloseIcon />
      </button>
    </div>
  );
}

/**
 * Chosen seats that another buyer took meanwhile (a live update): the selection has already dropped
 * them, and this says which ones and asks for others, until the person picks again.
 */
export function SeatsTakenMessage({ seats }: { seats: readonly number[] }) {
  if (seats.length === 0) return null;
  return (
    <div className="booking-alert booking-alert-seats" role="alert" data-testid="seats-taken">
      <div>
        <p className="booking-alert-title">{SEATS.takenMeanwhile(seats)}</p>
        <p>{SEATS.chooseAnother(seats.length)}</p>
      </div>
    </div>
  );
}
