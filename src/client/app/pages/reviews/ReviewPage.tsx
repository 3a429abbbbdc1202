import './reviews.css';
import './reviews-list.css';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { crimeaToday, formatDisplayDate } from '../../../../domain/dates';
import type { User } from '../../../../domain/types';
import { MAX_REVIEW_TEXT } from '../../../../domain/review-rules';
import { saveReview } from '../../../commands/reviews';
import { mayReview, stillEditable, tripOf, type ReviewRow } from '../../../db/queries/reviews';
import type { TicketView } from '../../../db/queries/tickets';
import { awaitSettled } from '../../../sync/outbox/actions';
import { ListStatus } from '../../components/lists/ListStatus';
import { PageHeader } from '../../components/PageHeader';
import { useCurrentUser } from '../../hooks/account';
import { useNow } from '../../hooks/now';
import { useReplica } from '../../hooks/replica';
import { useReviewRejection, useTicketReview } from './hooks';
import { ReviewPhotos } from './ReviewPhotos';
import { StarInput } from './StarInput';
import { REVIEW_FORM as TEXT } from './strings';

/** How long the form waits for the server's answer before it says the review waits on the phone. */
const SETTLE_WAIT_MS = 4000;

/** An ISO instant as the day it falls on in Crimea: '12.12.2026'. */
const dayOf = (instant: string) => {
  const time = Date.parse(instant);
  return Number.isNaN(time) ? instant : formatDisplayDate(crimeaToday(new Date(time)));
};

/** The author's name as the public sees it until the server's copy arrives: 'Анна К.'. */
const publicName = (user: User) =>
  [user.name.trim(), user.surname.trim() ? `${user.surname.trim().charAt(0)}.` : '']
    .filter(Boolean)
    .join(' ');

/**
 * /profile/tickets/ticket/{id}/review: the holder of a paid ticket who went on the trip rates it and
 * says how it was. The rating and text are saved on the phone at once and sent when there is a
 * network; photos go up online only, once the review is on the server. Editable for a while, then
 * read-only; a review an admin hid says so and why.
 */
export function ReviewPage() {
  const id = useParams().id ?? '';
  const user = useCurrentUser();
  const found = useTicketReview(id);
  const rejection = useReviewRejection(id);
  const now = useNow();

  if (found === undefined || user === undefined) return <ListStatus>{TEXT.loading}</ListStatus>;
  if (found === null || !user || found.view.ticket.userID !== user.id) {
    return (
      <section className="empty-state">
        <h1>{TEXT.notFound}</h1>
        <p>{TEXT.notFoundHint}</p>
        <Link className="button" to="/profile/tickets">
          {TEXT.backToTicket}
        </Link>
      </section>
    );
  }

  const { view, review } = found;
  const trip = tripOf(view);
  // A hidden review may still be changed within its window; it stays hidden until an admin shows it.
  const editable = review === null || stillEditable(review, now);
  return (
    <article className="review-page">
      <PageHeader title={TEXT.title} />
      {(view.excursion || trip) && (
        <p className="review-trip">
          {TEXT.trip(view.excursion?.title ?? '', trip ? formatDisplayDate(trip.date) : '')}
        </p>
      )}
      {review === null && !mayReview(view, now) ? (
        <section className="review-note">
          <p>{TEXT.notAllowed}</p>
          <Link className="button" to={`/profile/tickets/ticket/${id}`}>
            {TEXT.backToTicket}
          </Link>
        </section>
      ) : (
        <>
          {review?.hidden && (
            <div className="review-note review-note-hidden" role="status">
              <p>{TEXT.hidden}</p>
              <p>{TEXT.hiddenReason(review.hidden.reason)}</p>
            </div>
          )}
          {rejection && (
            <p className="review-note review-note-error" role="alert">
              {TEXT.rejected(rejection.reason)}
            </p>
          )}
          <ReviewForm key={id} view={view} review={review} user={user} editable={editable} />
          {review && (
            <p className="review-window">
              {editable
                ? TEXT.editableUntil(dayOf(review.editableUntil))
                : TEXT.readOnly(dayOf(review.editableUntil))}
            </p>
          )}
          {review && <ReviewPhotos review={review} editable={editable} />}
          {review?.reply && (
            <section className="review-reply" aria-label={TEXT.reply}>
              <h2>{TEXT.reply}</h2>
              <p>{review.reply.text}</p>
            </section>
          )}
        </>
      )}
    </article>
  );
}

type Status = { kind: 'idle' } | { kind: 'saving' } | { kind: 'done'; text: string; error?: boolean };

function ReviewForm({
  view,
  review,
  user,
  editable,
}: {
  view: TicketView;
  review: ReviewRow | null;
  user: User;
  editable: boolean;
}) {
  const db = useReplica();
  // Filled once from the review on the phone; later changes of the row (the server's copy) do not
  // overwrite what is being typed.
  const [rating, setRating] = useState<number | null>(review?.rating ?? null);
  const [text, setText] = useState(review?.text ?? '');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [missingRating, setMissingRating] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (rating === null) {
      setMissingRating(true);
      return;
    }
    const trip = tripOf(view);
    setStatus({ kind: 'saving' });
    const mutationId = await saveReview(db, user.id, {
      ticketId: view.ticket._id,
      rating,
      text,
      draft: {
        excursionID: view.excursion?._id ?? view.ticket.tour?.excursionID ?? '',
        authorID: user.id,
        authorName: publicName(user),
        tripDate: trip?.date ?? '',
        at: new Date().toISOString(),
      },
    });
    const settled = await awaitSettled(db, mutationId, SETTLE_WAIT_MS);
    if (settled.state === 'accepted') setStatus({ kind: 'done', text: TEXT.saved });
    else if (settled.state === 'queued') setStatus({ kind: 'done', text: TEXT.queued });
    else setStatus({ kind: 'done', text: TEXT.rejected(settled.reason), error: true });
  };

  return (
    <form className="review-form" onSubmit={(event) => void submit(event)} noValidate>
      <StarInput
        legend={TEXT.rating}
        value={rating}
        disabled={!editable}
        onChange={(next) => {
          setRating(next);
          setMissingRating(false);
        }}
      />
      {missingRating && (
        <p className="review-field-error" role="alert">
          {TEXT.chooseRating}
        </p>
      )}
      <label className="review-text">
        <span>{TEXT.text}</span>
        <textarea
          value={text}
          maxLength={MAX_REVIEW_TEXT}
          rows={6}
          readOnly={!editable}
          aria-describedby="review-text-counter"
          onChange={(event) => setText(event.target.value)}
        />
      </label>
      <p className="review-counter" id="review-text-counter">
        <span>{TEXT.textHint}</span>
        <span aria-live="polite">{TEXT.counter(text.length, MAX_REVIEW_TEXT)}</span>
      </p>
      {review?._pending && <p className="review-pending">{TEXT.pending}</p>}
      {editable && (
        <button type="submit" className="button" disabled={status.kind === 'saving'}>
          {review ? TEXT.saveChanges : TEXT.save}
        </button>
      )}
      {status.kind === 'done' && (
        <p className={status.error ? 'review-note review-note-error' : 'review-saved'} role="status">
          {status.text}
        </p>
      )}
    </form>
  );
}
