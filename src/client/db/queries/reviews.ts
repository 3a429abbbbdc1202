import { wentSince as tripWentSince } from '../../../domain/review-rules';
import type { EntityId, ReplicaExcursion, Ticket } from '../../../domain/types';
import type { Review } from '../../../protocol/reviews';
import type { ReplicaDb, Replicated } from '../schema';
import { TOUR_TABLES } from '../tour-groups';
import { ticket as ticketView, tickets as ticketViews, type TicketView } from './tickets';

// Reviews as the screens read them, and the pure rules behind them: who may write one (a paid ticket
// whose holder went: checked in, or the trip is over) and the trips still waiting for a review. The
// averages are in ratings.ts.

export type ReviewRow = Replicated<Review>;

/** How long after the trip a ticket is listed under 'Ждут отзыва'. */
export const AWAITING_REVIEW_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Newest first, by when each was first written (then by id, so the order is stable). */
export function newestFirst<T extends Pick<Review, 'createdAt' | '_id'>>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) =>
    a.createdAt === b.createdAt ? (a._id < b._id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1,
  );
}

/** The departure a ticket is for: its tour in the replica, or the tour info the ticket carries. */
export function tripOf(view: Pick<TicketView, 'ticket' | 'tour'>): { date: string; time: string } | null {
  const trip = view.tour ?? view.ticket.tour;
  return trip ? { date: trip.date, time: trip.time } : null;
}

/**
 * Since when the ticket's holder counts as having gone on the trip (domain/review-rules.ts, the rule
 * the server applies too); null while not, or for a ticket that is not paid.
 */
export function wentSince(
  ticket: Pick<Ticket, 'status' | 'checkedInAt'>,
  trip: { date: string; time: string } | null,
  duration: string | undefined,
  now: Date,
): Date | null {
  if (ticket.status !== 'confirmed') return null;
  return tripWentSince(trip && { ...trip, duration: duration ?? '' }, ticket.checkedInAt, now);
}

/** Whether the holder of a ticket may write its review now. */
export function mayReview(view: Pick<TicketView, 'ticket' | 'tour' | 'excursion'>, now: Date): boolean {
  return wentSince(view.ticket, tripOf(view), view.excursion?.duration, now) !== null;
}

/** Whether the author may still change the review at `now`. */
export function stillEditable(review: Pick<Review, 'editableUntil'>, now: Date): boolean {
  const until = Date.parse(review.editableUntil);
  return Number.isNaN(until) || now.getTime() < until;
}

/** One excursion's reviews as the replica holds them (hidden ones only reach their author and admins), newest first. */
export async function excursionReviews(db: ReplicaDb, excursionId: EntityId): Promise<ReviewRow[]> {
  return newestFirst(await db.reviews.where('excursionID').equals(excursionId).toArray());
}

export interface TicketReview {
  view: TicketView;
  review: ReviewRow | null;
}

/** A ticket with its trip and its review (null when none yet); null for an unknown ticket. */
export async function ticketReview(db: ReplicaDb, ticketId: EntityId): Promise<TicketReview | null> {
  return db.transaction('r', ['tickets', ...TOUR_TABLES, 'excursions', 'reviews'], async () => {
    const view = await ticketView(db, ticketId);
    if (!view) return null;
    return { view, review: (await db.reviews.get(ticketId)) ?? null };
  });
}

export interface AwaitingReview {
  ticket: Ticket;
  excursion: ReplicaExcursion | null;
  trip: { date: string; time: string };
}

/** The trips of `views` that ended (or were boarded) within AWAITING_REVIEW_DAYS and have no review. */
export function awaitingFrom(
  views: readonly TicketView[],
  reviewed: ReadonlySet<EntityId>,
  now: Date,
): AwaitingReview[] {
  return views.flatMap((view) => {
    const trip = tripOf(view);
    const since = wentSince(view.ticket, trip, view.excursion?.duration, now);
    if (!trip || !since || reviewed.has(view.ticket._id)) return [];
    if (now.getTime() - since.getTime() > AWAITING_REVIEW_DAYS * DAY_MS) return [];
    return [{ ticket: view.ticket, excursion: view.excursion, trip }];
  });
}

/** The signed-in user's trips waiting for a review, newest ticket first. */
export async function awaitingReviews(db: ReplicaDb, userId: number, now: Date): Promise<AwaitingReview[]> {
  return db.transaction('r', ['tickets', ...TOUR_TABLES, 'excursions', 'reviews'], async () => {
    const views = (await ticketViews(db)).filter((view) => view.ticket.userID === userId);
    const ids = views.map((view) => view.ticket._id);
    const reviews = await db.reviews.bulkGet(ids);
    const reviewed = new Set(reviews.flatMap((review) => (review ? [review._id] : [])));
    return awaitingFrom(views, reviewed, now);
  });
}
