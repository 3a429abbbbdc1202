import { Link } from 'react-router-dom';
import { formatTourDate } from '../../../../domain/dates';
import type { ReplicaExcursion, Place, ReplicaTour } from '../../../../domain/types';
import { Icon } from '../../shell/icons';
import { EXCURSION } from './strings';

export interface ExcursionSummaryProps {
  excursion: ReplicaExcursion;
  nearestTour: ReplicaTour | null;
  place: Place | null;
}

/** Title, where it goes and when the next bus leaves. */
export function ExcursionSummary({ excursion, nearestTour, place }: ExcursionSummaryProps) {
  return (
    <header className="excursion-summary">
      <p className="excursion-kicker">
        {excursion.city} · {excursion.category}
      </p>
      <h1>{excursion.title}</h1>
      {place && (
        <p className="excursion-place">
          {EXCURSION.place}: <Link to={`/place/${place.id}`}>{place.name}</Link>
        </p>
      )}
      <p className="excursion-nearest" data-testid="nearest-date">
        <Icon name="calendar" size={20} />
        <span>
          <span className="excursion-nearest-label">{EXCURSION.nearestDate}</span>
          <strong className="excursion-nearest-value">
            {nearestTour ? formatTourDate(nearestTour.date, nearestTour.time) : EXCURSION.noDates}
          </strong>
        </span>
      </p>
    </header>
  );
}
