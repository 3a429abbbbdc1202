import { Link } from 'react-router-dom';
import { formatTourDate } from '../../../domain/dates';
import { cardOldPrice, cardPrice, formatRoubles } from '../../../domain/pricing';
import type { ReplicaExcursion, ReplicaTour, User } from '../../../domain/types';
import { formatAverage } from '../../db/queries/ratings';
import { useExcursionRating } from '../pages/reviews/ratings-store';
import { RATING } from '../pages/reviews/strings';
import { CARD } from '../strings';
import { Carousel } from './Carousel';
import { FavoriteButton } from './FavoriteButton';

export interface ExcursionCardProps {
  excursion: ReplicaExcursion;
  nearestTour: ReplicaTour | undefined;
  user?: User | null;
  eager?: boolean;
}

/** SPEC §2 "Excursion card". */
export function ExcursionCard({ excursion, nearestTour, user, eager }: ExcursionCardProps) {
  const oldPrice = cardOldPrice(excursion);
  const rating = useExcursionRating(excursion._id);
  const canEdit =
    !!user && (user.role === 'admin' || (user.role === 'seller' && user.id === excursion.ownerID));
  return (
    <article className="excursion-card">
      <div className="card-media">
        <Carousel
          images={excursion.images}
          alt={excursion.title}
          width={480}
          height={320}
          variant={480}
          eager={eager}
          label={excursion.title}
        />
        {excursion.bestseller && <span className="tag tag-hit">{CARD.bestseller}</span>}
        <FavoriteButton excursionId={excursion._id} className="card-favorite" />
        {canEdit && (
          <Link className="card-edit" to={`/profile/edit/${excursion._id}`} aria-label={CARD.edit}>
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
              <path
                d="M3 17.3V21h3.7L17.8 9.9l-3.7-3.7zM20.7 7a1 1 0 0 0 0-1.4l-2.3-2.3a1 1 0 0 0-1.4 0l-1.8 1.8 3.7 3.7z"
                fill="currentColor"
              />
            </svg>
          </Link>
        )}
      </div>
      <Link className="card-body" to={`/excursion/${excursion._id}`}>
        <h3>{excursion.title}</h3>
        <p className="card-date">
          {nearestTour ? formatTourDate(nearestTour.date, nearestTour.time) : CARD.noDates}
        </p>
        <p className="card-price">
          <span>
            {CARD.from} {formatRoubles(cardPrice(excursion))}
          </span>
          {oldPrice !== null && (
            <s aria-label={`${CARD.oldPrice}: ${formatRoubles(oldPrice)}`}>{formatRoubles(oldPrice)}</s>
          )}
          {rating && (
            // On the price's line, so a card that learns its rating after its first paint keeps its height.
            <span
              className="card-rating"
              aria-label={RATING.label(formatAverage(rating.average), rating.count)}
            >
              <span aria-hidden="true">★</span> {formatAverage(rating.average)} · {rating.count}
            </span>
          )}
        </p>
      </Link>
    </article>
  );
}
