import './seller.css';
import './seller-excursion.css';
import { Link, useLocation, useParams } from 'react-router-dom';
import { readTourOutcome } from './departure/TourOperations';
import { formatTourDate } from '../../../../domain/dates';
import { useCurrentUser } from '../../hooks/account';
import { ListStatus } from '../../components/lists/ListStatus';
import { itemPhase } from '../../components/lists/phase';
import { MediaImage } from '../../components/MediaImage';
import { PageHeader } from '../../components/PageHeader';
import { SESSION } from '../../strings';
import { DepartureList } from './departure/DepartureList';
import { useSellerExcursion } from './hooks';
import { SellerIcon, type SellerIconName } from './icons';
import { ModerationBadge } from './ModerationBadge';
import { ResubmitNotice, ReviewHistory, RevisionNotice } from './ModerationReview';
import { canManage } from './ownership';
import { SELLER_EXCURSION as TEXT } from './strings';
import { SellerNotFound } from './SellerNotFound';
import { SellerReviews } from '../reviews/SellerReviews';

/**
 * /profile/myexcursion/{id} (SPEC §2 "Seller excursion page"): the banner from the first image, the
 * title, a refusal's reason with the way back to review, a short summary of the schedule, the ways to
 * change the excursion and its review history. Another seller's excursion is 'Excursion not found';
 * an admin may open any.
 */
export function SellerExcursionPage() {
  const id = useParams().id ?? '';
  const user = useCurrentUser();
  const summary = useSellerExcursion(id);
  const tourOutcome = readTourOutcome(useLocation().state);
  if (!user) return <ListStatus>{SESSION.loading}</ListStatus>;
  const phase = itemPhase(summary);
  if (phase === 'loading') return <ListStatus>{TEXT.loading}</ListStatus>;
  if (!summary || !canManage(user, summary.excursion, { adminExempt: true })) {
    return <SellerNotFound title={TEXT.notFound} hint={TEXT.notFoundHint} back={TEXT.backToList} />;
  }

  const { excursion, upcomingTours, soldPlaces, nextTour } = summary;
  const owner = canManage(user, excursion, { adminExempt: false });
  return (
    <article className="seller-page">
      <PageHeader title={TEXT.backToList} />
      <header className="seller-banner">
        <MediaImage
          id={excursion.images[0]}
          alt=""
          width={1280}
          height={720}
          variant={1280}
          eager
          className="seller-banner-image"
        />
        <div className="seller-banner-body">
          <ModerationBadge excursion={excursion} />
          <h2>{excursion.title}</h2>
        </div>
      </header>
      {excursion.moderation?.status === 'pending' && <p className="seller-note">{TEXT.pendingNote}</p>}
      <ResubmitNotice excursion={excursion} />
      <RevisionNotice excursion={excursion} />
      {tourOutcome && (
        <p className="seller-note" role="status">
          {tourOutcome}
        </p>
      )}

      <section className="seller-summary" aria-label={TEXT.summary}>
        <p>
          <strong>{upcomingTours}</strong>
          <span>{TEXT.upcomingTours}</span>
        </p>
        <p>
          <strong>{soldPlaces}</strong>
          <span>{TEXT.soldPlaces}</span>
        </p>
        <p className="seller-summary-wide">
          <span>{TEXT.nextTour}</span>
          <strong>{nextTour ? formatTourDate(nextTour.date, nextTour.time) : TEXT.noTours}</strong>
        </p>
      </section>

      <nav className="seller-actions" aria-label={excursion.title}>
        <ActionLink to={`/profile/edit/${excursion._id}`} icon="edit" title={TEXT.editDescription}>
          {TEXT.editHint}
        </ActionLink>
        {owner && (
          <ActionLink to={`/profile/schedule/${excursion._id}`} icon="calendar" title={TEXT.schedule}>
            {TEXT.scheduleHint}
          </ActionLink>
        )}
        <ActionLink to={`/excursion/${excursion._id}`} icon="eye" title={TEXT.openPublic}>
          {TEXT.openPublicHint}
        </ActionLink>
      </nav>
      <ReviewHistory excursion={excursion} />
      <DepartureList excursionId={excursion._id} />
      {owner && <SellerReviews excursionId={excursion._id} />}
    </article>
  );
}

function ActionLink({
  to,
  icon,
  title,
  children,
}: {
  to: string;
  icon: SellerIconName;
  title: string;
  children: string;
}) {
  return (
    <Link className="seller-action" to={to}>
      <span className="seller-action-icon">
        <SellerIcon name={icon} />
      </span>
      <span className="seller-action-text">
        <strong>{title}</strong>
        <span>{children}</span>
      </span>
      <SellerIcon name="chevron" />
    </Link>
  );
}
