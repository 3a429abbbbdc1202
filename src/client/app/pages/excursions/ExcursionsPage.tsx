import './excursions.css';
import { Link } from 'react-router-dom';
import { sortTabLabel } from '../../../../domain/sorting';
import { useHasSynced } from '../../hooks/account';
import { useSortedExcursions } from '../../hooks/catalogue';
import { useCities, usePlaces } from '../../hooks/places';
import { CategoryTiles } from '../../components/lists/CategoryTiles';
import { excursionCount } from '../../components/lists/counts';
import { ExcursionCardList } from '../../components/lists/ExcursionCardList';
import { ListStatus } from '../../components/lists/ListStatus';
import { listPhase, settledList } from '../../components/lists/phase';
import { useSortParam } from '../../components/lists/sort-param';
import { SortTabs } from '../../components/lists/SortTabs';
import { LISTS } from '../../components/lists/strings';
import { CityGrid } from '../../components/search/CityGrid';
import { PlacesGrid } from '../../components/search/PlacesGrid';
import { useFirstScreenDrawn } from '../../first-screen';
import { EXCURSIONS } from './strings';

const PANEL_ID = 'excursions-panel';

/** /excursions (SPEC §2): every excursion under four sort tabs, then destinations and places. */
export function ExcursionsPage() {
  const [sortKey, setSortKey] = useSortParam();
  const list = useSortedExcursions(sortKey);
  const synced = useHasSynced();
  const cities = useCities();
  const places = usePlaces();
  const phase = listPhase(list?.excursions, synced);
  useFirstScreenDrawn(phase !== 'loading', synced);
  // The grids below the list wait for it: drawn above an unfilled list they would be near the top,
  // and their thirty pictures would be fetched and decoded before the cards the screen is for.
  const listed = phase !== 'loading';

  return (
    <div className="excursions-page">
      <h1>{EXCURSIONS.title}</h1>
      <p className="list-count">
        {phase === 'ready' && list ? `${excursionCount(list.excursions.length)} · ` : ''}
        {EXCURSIONS.intro}
      </p>
      <CategoryTiles label={EXCURSIONS.categories} />

      <section className="excursions-results" aria-labelledby="excursions-list">
        {/* Cards are h3: the list needs its h2 for the outline, read by screen readers only. */}
        <h2 id="excursions-list" className="visually-hidden">
          {EXCURSIONS.list}
        </h2>
        <SortTabs value={sortKey} onChange={setSortKey} controls={PANEL_ID} />
        <div id={PANEL_ID} role="tabpanel" aria-label={sortTabLabel(sortKey)}>
          {phase === 'ready' && list ? (
            <ExcursionCardList
              excursions={list.excursions}
              nearest={list.nearest}
              label={EXCURSIONS.list}
              order={sortKey}
            />
          ) : (
            <ListStatus loading={phase !== 'empty'}>
              {phase === 'empty' ? LISTS.noExcursions : LISTS.loadingExcursions}
            </ListStatus>
          )}
        </div>
      </section>

      <section className="list-section" aria-labelledby="excursions-cities">
        <h2 id="excursions-cities">{EXCURSIONS.cities}</h2>
        <CityGrid
          cities={listed ? settledList(cities, synced) : undefined}
          rows={1}
          label={EXCURSIONS.cities}
        />
      </section>
      <section className="list-section" aria-labelledby="excursions-places">
        <div className="list-section-head">
          <h2 id="excursions-places">{EXCURSIONS.places}</h2>
          <Link to="/stories">{EXCURSIONS.allPlaces}</Link>
        </div>
        <PlacesGrid
          places={listed ? settledList(places, synced) : undefined}
          rows={2}
          label={EXCURSIONS.places}
        />
      </section>
    </div>
  );
}
