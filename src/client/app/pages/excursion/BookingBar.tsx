import { Link } from 'react-router-dom';
import { cardPrice, formatRoubles } from '../../../../domain/pricing';
import type { ReplicaExcursion } from '../../../../domain/types';
import { EXCURSION } from './strings';

/** Always within thumb reach on a phone: the 'от' price and the booking button, above the tab bar. */
export function BookingBar({ excursion }: { excursion: ReplicaExcursion }) {
  const withEntry = excursion.entryTickets && excursion.adultEntryPrice > 0;
  return (
    <div className="booking-bar" data-testid="booking-bar">
      <p className="booking-bar-price">
        <strong data-testid="from-price">
          {EXCURSION.from} {formatRoubles(cardPrice(excursion))}
        </strong>
        <span>{withEntry ? EXCURSION.fromNoteWithEntry : EXCURSION.fromNote}</span>
      </p>
      <Link className="button button-accent" to={`/booking/${excursion._id}`}>
        {EXCURSION.book}
      </Link>
    </div>
  );
}
