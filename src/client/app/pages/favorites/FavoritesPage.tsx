import './favorites.css';
import { Link } from 'react-router-dom';
import { useFavoriteExcursions } from '../../hooks/account';
import { useNearestTours } from '../../hooks/catalogue';
import { excursionCount } from '../../components/lists/counts';
import { ExcursionCardList } from '../../components/lists/ExcursionCardList';
import { ListStatus } from '../../components/lists/ListStatus';
import { syncedListPhase } from '../../components/lists/phase';
import { FAVORITES } from './strings';

/** /favorite (SPEC §2): behind RequireAuth, so anonymous visitors are already on the login page. */
export function FavoritesPage() {
  const excursions = useFavoriteExcursions();
  const nearest = useNearestTours();
  const phase = nearest === undefined ? 'loading' : syncedListPhase(excursions);

  return (
    <div className="favorites-page">
      <header className="favorites-banner">
        <svg className="favorites-heart" width="56" height="56" viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M12 21s-7.5-4.6-9.6-9.3C.9 8.2 3.1 4.5 6.8 4.5c2 0 3.4 1.1 4.2 2.4.8-1.3 2.2-2.4 4.2-2.4 3.7 0 5.9 3.7 4.4 7.2C19.5 16.4 12 21 12 21z"
            fill="currentColor"
          />
        </svg>
        <div>
          <h1>{FAVORITES.title}</h1>
          <p>
            {phase === 'ready' && excursions ? `${excursionCount(excursions.length)} · ` : ''}
            {FAVORITES.text}
          </p>
        </div>
      </header>
      {phase === 'ready' && excursions && nearest ? (
        <>
          {/* The cards' titles are h3: the list's own heading keeps the outline in order. */}
          <h2 className="visually-hidden">{FAVORITES.list}</h2>
          <ExcursionCardList excursions={excursions} nearest={nearest} label={FAVORITES.list} />
        </>
      ) : (
        <ListStatus
          action={
            phase === 'empty' && (
              <Link className="button button-accent" to="/excursions">
                {FAVORITES.browse}
              </Link>
            )
          }
        >
          {phase === 'empty' ? FAVORITES.empty : FAVORITES.loading}
        </ListStatus>
      )}
    </div>
  );
}
