import './booking.css';
import './booking-dock.css';
import { Link, useParams } from 'react-router-dom';
import { bookableTours } from '../../../../domain/booking';
import { isEntityId } from '../../../../domain/ids';
import { ListStatus } from '../../components/lists/ListStatus';
import { PageHeader } from '../../components/PageHeader';
import { useHasSynced } from '../../hooks/account';
import { useExcursion, useToursOfExcursion } from '../../hooks/excursion';
import { useNow } from '../../hooks/now';
import { useSession } from '../../hooks/session';
import { BookingForm } from './BookingForm';
import { BOOKING } from './strings';

/** /booking/{excursionId} (SPEC §2 Booking), from the replica: it opens at once when the data is there. */
export function BookingPage() {
  const id = useParams().id ?? '';
  const excursion = useExcursion(id);
  const tours = useToursOfExcursion(id);
  const synced = useHasSynced();
  const now = useNow();
  const { userId } = useSession();

  // A malformed id can never match a row, so it is "not found" as soon as the replica is complete.
  const found = isEntityId(id) ? excursion : null;
  const future = tours ? bookableTours(tours, now) : undefined;

  let body;
  if (found === undefined || (found === null && !synced) || (found && future === undefined)) {
    body = <ListStatus>{BOOKING.loading}</ListStatus>;
  } else if (found === null) {
    body = <Missing title={BOOKING.notFound} />;
  } else if (!future || !isNonEmpty(future)) {
    body = synced ? (
      <Missing title={BOOKING.noTours} hint={BOOKING.noToursHint} />
    ) : (
      <ListStatus>{BOOKING.loading}</ListStatus>
    );
  } else {
    // Keyed by excursion: another excursion starts a fresh booking, not this one's choices.
    body = <BookingForm key={found._id} excursion={found} tours={future} userId={userId} />;
  }

  return (
    <div className="booking-page">
      <PageHeader title={BOOKING.title} />
      {body}
    </div>
  );
}

function Missing({ title, hint }: { title: string; hint?: string }) {
  return (
    <section className="empty-state">
      <h2>{title}</h2>
      {hint && <p>{hint}</p>}
      <Link className="button" to="/excursions">
        {BOOKING.allExcursions}
      </Link>
    </section>
  );
}

function isNonEmpty<T>(list: readonly T[]): list is readonly [T, ...T[]] {
  return list.length > 0;
}
