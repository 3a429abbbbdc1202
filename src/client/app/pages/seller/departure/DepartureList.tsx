import './departure.css';
import './departure-entries.css';
import './departure-boarding.css';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatTourDate } from '../../../../../domain/dates';
import type { EntityId } from '../../../../../domain/types';
import { SellerIcon } from '../icons';
import { useUpcomingDepartures } from './hooks';
import { useQrReaderKeptOffline } from './keep-reader';
import { DEPARTURES as TEXT } from './strings';

/** How many departures show before 'show all': a season schedule has hundreds. */
const FIRST_SHOWN = 10;

/** The excursion's upcoming departures, each with its bookings and check-ins, linking to its manifest. */
export function DepartureList({ excursionId }: { excursionId: EntityId }) {
  const lines = useUpcomingDepartures(excursionId);
  const [all, setAll] = useState(false);
  useQrReaderKeptOffline(Boolean(lines?.some((line) => line.booked > 0)));
  if (!lines) return null;
  const shown = all ? lines : lines.slice(0, FIRST_SHOWN);
  return (
    <section className="departure-lines" aria-labelledby="departure-lines-title">
      <h2 id="departure-lines-title">{TEXT.title}</h2>
      {lines.length === 0 ? (
        <p className="departure-empty">{TEXT.empty}</p>
      ) : (
        <ul>
          {shown.map(({ tour, booked, boarded }) => (
            <li key={tour._id}>
              <Link className="departure-line" to={`/profile/departure/${tour._id}`}>
                <strong>{formatTourDate(tour.date, tour.time)}</strong>{' '}
                <span>{TEXT.counts(booked, boarded)}</span>
                <SellerIcon name="chevron" />
              </Link>
            </li>
          ))}
        </ul>
      )}
      {!all && lines.length > FIRST_SHOWN && (
        <button type="button" className="departure-more" onClick={() => setAll(true)}>
          {TEXT.showAll(lines.length)}
        </button>
      )}
    </section>
  );
}
