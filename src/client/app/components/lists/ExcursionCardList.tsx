import './lists.css';
import type { EntityId, Excursion, Tour } from '../../../../domain/types';
import { useCurrentUser } from '../../hooks/account';
import { ExcursionCard } from '../ExcursionCard';

export interface ExcursionCardListProps {
  excursions: readonly Excursion[];
  /** Each excursion's nearest tour; an excursion absent from it has no dates. */
  nearest: ReadonlyMap<EntityId, Tour>;
  label?: string;
  /** How many leading cards load their picture eagerly (the ones above the fold). */
  eagerCount?: number;
}

/** A column of excursion cards (SPEC §2 'Excursion card'), the same on every list screen. */
export function ExcursionCardList({ excursions, nearest, label, eagerCount = 1 }: ExcursionCardListProps) {
  const user = useCurrentUser();
  return (
    <ul className="excursion-list" aria-label={label}>
      {excursions.map((excursion, index) => (
        <li key={excursion._id}>
          <ExcursionCard
            excursion={excursion}
            nearestTour={nearest.get(excursion._id)}
            user={user}
            eager={index < eagerCount}
          />
        </li>
      ))}
    </ul>
  );
}
