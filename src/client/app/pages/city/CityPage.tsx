import { Link, useParams } from 'react-router-dom';
import { parsePositiveIntId } from '../../../../domain/ids';
import { useNearestTours } from '../../hooks/catalogue';
import { useCities, useCity } from '../../hooks/places';
import { PageHeader } from '../../components/PageHeader';
import { excursionCount } from '../../components/lists/counts';
import { DetailHero } from '../../components/lists/DetailHero';
import { ExcursionCardList } from '../../components/lists/ExcursionCardList';
import { ListStatus } from '../../components/lists/ListStatus';
import { itemPhase } from '../../components/lists/phase';
import { LISTS } from '../../components/lists/strings';
import { CityGrid } from '../../components/search/CityGrid';
import type { CityView } from '../../../db/queries/places';
import { CITY } from './strings';
import { useDocumentTitle } from '../../shell/titles';

/** /city/{id} (SPEC §2 'City page'). A malformed id is simply an unknown city. */
export function CityPage() {
  const id = parsePositiveIntId(useParams().id ?? '');
  if (id === null) return <CityMissing />;
  return <CityContent key={id} id={id} />;
}

function CityMissing() {
  return (
    <>
      <PageHeader title={CITY.fallbackTitle} />
      <ListStatus
        action={
          <Link className="button" to="/excursions">
            {CITY.toExcursions}
          </Link>
        }
      >
        {CITY.notFound}
      </ListStatus>
    </>
  );
}

function CityContent({ id }: { id: number }) {
  const view = useCity(id);
  useDocumentTitle(view?.city.name);
  const phase = itemPhase(view);
  if (phase === 'missing') return <CityMissing />;
  if (phase === 'loading' || !view) {
    return (
      <>
        <PageHeader title={CITY.fallbackTitle} />
        <ListStatus>{CITY.loading}</ListStatus>
      </>
    );
  }
  return <CityDetail view={view} />;
}

function CityDetail({ view }: { view: CityView }) {
  const { city, excursions } = view;
  const nearest = useNearestTours();
  const cities = useCities();
  const others = cities?.filter((other) => other.id !== city.id);

  return (
    <article className="city-page">
      <PageHeader title={city.name} />
      <DetailHero image={city.image} alt={city.name} />
      <p className="lead-text">{city.description}</p>

      <section className="list-section" aria-labelledby="city-excursions">
        <h2 id="city-excursions">{CITY.excursions}</h2>
        {excursions.length === 0 ? (
          <ListStatus>{LISTS.noExcursions}</ListStatus>
        ) : nearest === undefined ? (
          <ListStatus loading>{LISTS.loadingExcursions}</ListStatus>
        ) : (
          <>
            <p className="list-count">{excursionCount(excursions.length)}</p>
            <ExcursionCardList excursions={excursions} nearest={nearest} label={city.name} eagerCount={0} />
          </>
        )}
      </section>

      <section className="list-section" aria-labelledby="city-others">
        <h2 id="city-others">{CITY.otherCities}</h2>
        <CityGrid cities={others} rows={1} label={CITY.otherCities} />
      </section>
    </article>
  );
}
