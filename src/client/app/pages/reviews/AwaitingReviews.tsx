import './reviews.css';
import './reviews-list.css';
import { Link } from 'react-router-dom';
import { formatDisplayDate } from '../../../../domain/dates';
import { useAwaitingReviews } from './hooks';
import { AWAITING as TEXT } from './strings';

/** The profile's 'Ждут отзыва': the user's trips of the last 30 days without a review yet. */
export function AwaitingReviews({ userId }: { userId: number }) {
  const awaiting = useAwaitingReviews(userId);
  if (!awaiting || awaiting.length === 0) return null;
  return (
    <section className="profile-card awaiting-reviews" aria-labelledby="awaiting-reviews-title">
      <h2 id="awaiting-reviews-title">{TEXT.title}</h2>
      <ul>
        {awaiting.map(({ ticket, excursion, trip }) => (
          <li key={ticket._id}>
            <Link to={`/profile/tickets/ticket/${ticket._id}/review`}>
              <span className="awaiting-text">
                <strong>{excursion?.title ?? TEXT.unknownExcursion}</strong>
                <span>{TEXT.trip(formatDisplayDate(trip.date))}</span>
              </span>
              <span className="awaiting-action">{TEXT.write}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
