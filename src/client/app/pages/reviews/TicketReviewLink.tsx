import './reviews.css';
import './reviews-list.css';
import { Link } from 'react-router-dom';
import type { Ticket } from '../../../../domain/types';
import { mayReview } from '../../../db/queries/reviews';
import { useLiveQuery } from '../../hooks/live-query';
import { useNow } from '../../hooks/now';
import { useReplica } from '../../hooks/replica';
import { REVIEW_LINK as TEXT } from './strings';

/**
 * The ticket page's way to the review: 'Ваш отзыв' once there is one, 'Оставить отзыв' once the
 * holder may write one (paid, and checked in or the trip over), nothing before.
 */
export function TicketReviewLink({ ticket }: { ticket: Ticket }) {
  const db = useReplica();
  const now = useNow();
  const state = useLiveQuery(async () => {
    if (await db.reviews.get(ticket._id)) return 'yours' as const;
    const tour = (await db.tours.get(ticket.tourID)) ?? null;
    const excursionId = tour?.excursionID ?? ticket.tour?.excursionID;
    const excursion = (excursionId && (await db.excursions.get(excursionId))) || null;
    return mayReview({ ticket, tour, excursion }, now) ? ('write' as const) : null;
  }, [db, ticket, now]);
  if (!state) return null;
  return (
    <Link
      className={`button ticket-review-link${state === 'yours' ? ' secondary' : ''}`}
      to={`/profile/tickets/ticket/${ticket._id}/review`}
    >
      {state === 'yours' ? TEXT.yours : TEXT.write}
    </Link>
  );
}
