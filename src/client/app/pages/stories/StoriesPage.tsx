import './stories.css';
import { useHasSynced } from '../../hooks/account';
import { useCities, usePlaces } from '../../hooks/places';
import { ListStatus } from '../../components/lists/ListStatus';
import { listPhase, settledList } from '../../components/lists/phase';
import { LISTS } from '../../components/lists/strings';
import { CityGrid } from '../../components/search/CityGrid';
import { PlaceList } from './PlaceList';
import { STORIES } from './strings';

/** /stories (SPEC §2): the historical places, then a 'see also' row of destinations. */
export function StoriesPage() {
  const synced = useHasSynced();
  const places = usePlaces();
  const cities = useCities();
  const phase = listPhase(places, synced);

  return (
    <div className="stories-page">
      <h1>{STORIES.title}</h1>
      <p className="list-count">{STORIES.intro}</p>
      {phase === 'ready' && places ? (
        <PlaceList places={places} label={STORIES.list} />
      ) : (
        <ListStatus>{phase === 'empty' ? STORIES.empty : LISTS.loading}</ListStatus>
      )}
      <section className="list-section" aria-labelledby="stories-cities">
        <h2 id="stories-cities">{STORIES.seeAlso}</h2>
        <CityGrid cities={settledList(cities, synced)} rows={1} label={STORIES.seeAlso} />
      </section>
    </div>
  );
}
