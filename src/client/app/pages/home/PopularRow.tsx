import { useCurrentUser, useHasSynced } from '../../hooks/account';
import { useSortedExcursions } from '../../hooks/catalogue';
import { ExcursionCard } from '../../components/ExcursionCard';
import { useFirstScreenDrawn } from '../../first-screen';
import { HOME_PAGE } from './strings';

/** How many of the most popular excursions the home row shows; the rest are a tap away. */
const POPULAR_COUNT = 8;

/** The home screen's row of the most popular excursions (domain 'popular' sort). */
export function PopularRow({ labelledBy }: { labelledBy: string }) {
  const list = useSortedExcursions('popular');
  const user = useCurrentUser();
  const synced = useHasSynced();
  const loading = list === undefined || (list.excursions.length === 0 && synced !== true);
  useFirstScreenDrawn(!loading, synced);

  if (loading) {
    return (
      <div className="h-scroll excursion-row" aria-busy="true">
        <p className="excursion-row-item excursion-row-skeleton">{HOME_PAGE.loadingExcursions}</p>
        <div className="excursion-row-item excursion-row-skeleton" aria-hidden="true" />
      </div>
    );
  }
  if (list.excursions.length === 0) return <p className="home-status">{HOME_PAGE.noExcursions}</p>;
  return (
    <ul className="h-scroll excursion-row" aria-labelledby={labelledBy}>
      {list.excursions.slice(0, POPULAR_COUNT).map((excursion, index) => (
        <li key={excursion._id} className="excursion-row-item">
          {/* The first card's picture is the largest thing on the first screen: asked for at once. */}
          <ExcursionCard
            excursion={excursion}
            nearestTour={list.nearest.get(excursion._id)}
            user={user}
            eager={index === 0}
          />
        </li>
      ))}
    </ul>
  );
}
