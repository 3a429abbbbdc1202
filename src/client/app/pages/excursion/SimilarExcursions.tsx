import type { EntityId, ReplicaExcursion, ReplicaTour, User } from '../../../../domain/types';
import { ExcursionCard } from '../../components/ExcursionCard';
import { EXCURSION } from './strings';

export interface SimilarExcursionsProps {
  similar: readonly ReplicaExcursion[];
  nearestTours: ReadonlyMap<EntityId, ReplicaTour> | undefined;
  user: User | null | undefined;
}

/** A swipeable row of the seller's "similar" picks, each a regular card. */
export function SimilarExcursions({ similar, nearestTours, user }: SimilarExcursionsProps) {
  if (similar.length === 0) return null;
  return (
    <section className="excursion-section" aria-labelledby="excursion-similar">
      <h2 id="excursion-similar">{EXCURSION.similar}</h2>
      <ul className="similar-row" data-testid="similar">
        {similar.map((item) => (
          <li key={item._id}>
            <ExcursionCard excursion={item} nearestTour={nearestTours?.get(item._id)} user={user} />
          </li>
        ))}
      </ul>
    </section>
  );
}
