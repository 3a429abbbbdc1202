import './place.css';
import { Link, useParams } from 'react-router-dom';
import { parsePositiveIntId } from '../../../../domain/ids';
import { useCurrentUser } from '../../hooks/account';
import { useExcursionsByCity } from '../../hooks/catalogue';
import { usePlace, usePlaces } from '../../hooks/places';
import { ExcursionCard } from '../../components/ExcursionCard';
import { PageHeader } from '../../components/PageHeader';
import { DetailHero } from '../../components/lists/DetailHero';
import { ListStatus } from '../../components/lists/ListStatus';
import { itemPhase } from '../../components/lists/phase';
import { PlacesGrid } from '../../components/search/PlacesGrid';
import type { PlaceView } from '../../../db/queries/places';
import { PlaceGallery } from './PlaceGallery';
import { similarPlaces } from './similar';
import { PLACE } from './strings';
import { useDocumentTitle } from '../../shell/titles';

/** /place/{id} (SPEC §2 'Place page'). A malformed id is simply an unknown place. */
export function PlacePage() {
  const id = parsePositiveIntId(useParams().id ?? '');
  if (id === null) return <PlaceMissing />;
  return <PlaceContent key={id} id={id} />;
}

function PlaceMissing() {
  return (
    <>
      <PageHeader title={PLACE.fallbackTitle} />
      <ListStatus
        action={
          <Link className="button" to="/stories">
            {PLACE.toStories}
          </Link>
        }
      >
        {PLACE.notFound}
      </ListStatus>
    </>
  );
}

function PlaceContent({ id }: { id: number }) {
  const view = usePlace(id);
  useDocumentTitle(view?.place.name);
  const phase = itemPhase(view);
  if (phase === 'missing') return <PlaceMissing />;
  if (phase === 'loading' || !view) {
    return (
      <>
        <PageHeader title={PLACE.fallbackTitle} />
        <ListStatus>{PLACE.loading}</ListStatus>
      </>
    );
  }
  return <PlaceDetail view={view} />;
}

function PlaceDetail({ view }: { view: PlaceView }) {
  const { place, excursion, nearestTour } = view;
  const user = useCurrentUser();
  const places = usePlaces();
  const sameCity = useExcursionsByCity(excursion?.city ?? '');
  const similar = places ? similarPlaces(places, place.id, sameCity ?? []) : undefined;

  return (
    <article className="place-page">
      <PageHeader title={place.name} />
      <DetailHero image={place.image} alt={place.name} />
      <p className="lead-text">{place.description}</p>

      <section className="list-section" aria-labelledby="place-excursion">
        <h2 id="place-excursion">{PLACE.excursion}</h2>
        {excursion ? (
          <ExcursionCard excursion={excursion} nearestTour={nearestTour ?? undefined} user={user} />
        ) : (
          <p className="place-no-excursion">{PLACE.noExcursion}</p>
        )}
      </section>

      {place.gallery.length > 0 && (
        <section className="list-section place-gallery" aria-labelledby="place-gallery">
          <h2 id="place-gallery">{PLACE.gallery}</h2>
          <PlaceGallery name={place.name} images={place.gallery} />
        </section>
      )}

      <section className="list-section" aria-labelledby="place-similar">
        <h2 id="place-similar">{PLACE.similar}</h2>
        <PlacesGrid places={similar} rows={1} label={PLACE.similar} />
      </section>
    </article>
  );
}
