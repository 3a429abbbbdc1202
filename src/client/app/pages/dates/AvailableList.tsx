import { useMemo } from 'react';
import { freePlaces } from '../../../../domain/availability';
import type { EntityId, ReplicaTour } from '../../../../domain/types';
import { ExcursionCard } from '../../components/ExcursionCard';
import { useCurrentUser, useHasSynced } from '../../hooks/account';
import { useAvailableOn } from '../../hooks/availability';
import { useToursOnDay } from '../../hooks/schedule';
import { DATES_PAGE } from './strings';

/**
 * The cards of the excursions bookable on `date` for `quantity` people. Each card shows that day's
 * first departure with room for the party, not the excursion's overall nearest tour.
 */
export function AvailableList({ date, quantity }: { date: string; quantity: number }) {
  const excursions = useAvailableOn(date, quantity);
  const dayTours = useToursOnDay(date);
  const user = useCurrentUser();
  const synced = useHasSynced();

  const departures = useMemo(() => {
    const first = new Map<EntityId, ReplicaTour>();
    // toursOnDay comes ordered by time, so the first fitting tour per excursion is the earliest.
    for (const { tour, excursion } of dayTours ?? []) {
      if (!first.has(excursion._id) && freePlaces(excursion, tour) >= quantity)
        first.set(excursion._id, tour);
    }
    return first;
  }, [dayTours, quantity]);

  if (excursions === undefined || (excursions.length === 0 && synced !== true)) {
    return <p className="dates-status">{DATES_PAGE.loading}</p>;
  }
  if (excursions.length === 0) {
    return (
      <div className="dates-empty">
        <p className="dates-empty-title">{DATES_PAGE.empty}</p>
        <p>{DATES_PAGE.emptyHint}</p>
      </div>
    );
  }
  return (
    <>
      {/* Cards are h3: the list needs its h2 for the outline, read by screen readers only. */}
      <h2 className="visually-hidden">{DATES_PAGE.list}</h2>
      <ul className="dates-list">
        {excursions.map((excursion, index) => (
          <li key={excursion._id}>
            <ExcursionCard
              excursion={excursion}
              nearestTour={departures.get(excursion._id)}
              user={user}
              eager={index === 0}
            />
          </li>
        ))}
      </ul>
    </>
  );
}
