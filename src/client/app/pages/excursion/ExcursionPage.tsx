import './excursion.css';
import './excursion-price-route.css';
import './excursion-gallery-booking.css';
import { Link, useParams } from 'react-router-dom';
import { isEntityId } from '../../../../domain/ids';
import { useCurrentUser, useHasSynced } from '../../hooks/account';
import { useNearestTours } from '../../hooks/catalogue';
import { useExcursionDetail } from '../../hooks/excursion';
import { BookingBar } from './BookingBar';
import { ExcursionFacts } from './ExcursionFacts';
import { ExcursionHero } from './ExcursionHero';
import { ExcursionSummary } from './ExcursionSummary';
import { FaqSection } from './FaqSection';
import { GallerySection } from './GallerySection';
import { IncludedLists } from './IncludedLists';
import { PriceBlock } from './PriceBlock';
import { RouteSection } from './RouteSection';
import { ReviewsSection } from '../reviews/ReviewsSection';
import { SimilarExcursions } from './SimilarExcursions';
import { useFirstScreenDrawn } from '../../first-screen';
import { EXCURSION } from './strings';
import { VideoSection } from './VideoSection';
import { useDocumentTitle } from '../../shell/titles';

/** SPEC §2 "Excursion detail" (/excursion/{id}). */
export function ExcursionPage() {
  const id = useParams().id ?? '';
  const detail = useExcursionDetail(id);
  useDocumentTitle(detail?.excursion.title);
  const synced = useHasSynced();
  const nearestTours = useNearestTours();
  const user = useCurrentUser();

  // A malformed id can never match a row, so it is "not found" as soon as the replica is complete.
  const found = isEntityId(id) ? detail : null;
  const loading = found === undefined || (found === null && !synced);
  useFirstScreenDrawn(!loading, synced);
  if (loading) {
    return <p className="excursion-status">{EXCURSION.loading}</p>;
  }
  if (found === null) {
    return (
      <section className="empty-state">
        <h1>{EXCURSION.notFound}</h1>
        <p>{EXCURSION.notFoundHint}</p>
        <Link className="button" to="/excursions">
          {EXCURSION.allExcursions}
        </Link>
      </section>
    );
  }

  const { excursion, nearestTour, place, similar } = found;
  return (
    <article className="excursion-page">
      <ExcursionHero excursion={excursion} />
      <ExcursionSummary excursion={excursion} nearestTour={nearestTour} place={place} />
      <ExcursionFacts excursion={excursion} />
      <section className="excursion-section" aria-labelledby="excursion-about">
        <h2 id="excursion-about">{EXCURSION.about}</h2>
        <p className="excursion-description">{excursion.description}</p>
      </section>
      <PriceBlock excursion={excursion} />
      <RouteSection directions={excursion.directions} assemblyPoints={excursion.assemblyPoints} />
      <IncludedLists included={excursion.included} notIncluded={excursion.notIncluded} />
      <ReviewsSection excursionId={excursion._id} user={user} />
      <FaqSection />
      <GallerySection title={excursion.title} gallery={excursion.gallery} />
      {excursion.video !== '' && <VideoSection video={excursion.video} />}
      <SimilarExcursions similar={similar} nearestTours={nearestTours} user={user} />
      <BookingBar excursion={excursion} />
    </article>
  );
}
