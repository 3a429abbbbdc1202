import type { EntityId } from '../../../domain/types';
import type { Review } from '../../../protocol/reviews';
import type { ReplicaDb } from '../schema';

// The averages the cards and the excursion page show, kept apart from the review queries because the
// home screen's cards read them: this module pulls in nothing but itself (the protocol's types only).
// A hidden review never counts: the public does not see it, only its author and admins receive it.

const MIN_RATING = 1;
const MAX_RATING = 5;

export interface RatingSummary {
  /** The mean of the ratings, unrounded (screens show one decimal). */
  average: number;
  count: number;
}

export interface RatingBreakdown extends RatingSummary {
  /** How many reviews gave each number of stars, from MAX_RATING down to MIN_RATING. */
  stars: { rating: number; count: number }[];
}

/** The reviews everyone sees: not hidden. */
export function publicOnly<T extends Pick<Review, 'hidden'>>(rows: readonly T[]): T[] {
  return rows.filter((row) => row.hidden === null);
}

/** The public reviews' average, count and distribution; null when there are none. */
export function ratingBreakdown(rows: readonly Pick<Review, 'rating' | 'hidden'>[]): RatingBreakdown | null {
  const shown = publicOnly(rows);
  if (shown.length === 0) return null;
  const stars: RatingBreakdown['stars'] = [];
  for (let rating = MAX_RATING; rating >= MIN_RATING; rating--)
    stars.push({ rating, count: shown.filter((row) => row.rating === rating).length });
  const total = shown.reduce((sum, row) => sum + row.rating, 0);
  return { average: total / shown.length, count: shown.length, stars };
}

/** Each excursion's average and count of public reviews; an excursion without any is absent. */
export function ratingsByExcursion(
  rows: readonly Pick<Review, 'excursionID' | 'rating' | 'hidden'>[],
): Map<EntityId, RatingSummary> {
  const sums = new Map<EntityId, { total: number; count: number }>();
  for (const row of publicOnly(rows)) {
    const sum = sums.get(row.excursionID) ?? { total: 0, count: 0 };
    sum.total += row.rating;
    sum.count += 1;
    sums.set(row.excursionID, sum);
  }
  return new Map([...sums].map(([id, { total, count }]) => [id, { average: total / count, count }]));
}

/** '4,8': one decimal, with the Russian decimal comma. */
export function formatAverage(average: number): string {
  return (Math.round(average * 10) / 10).toFixed(1).replace('.', ',');
}

/** Every excursion's summary from one read of the reviews table (a few hundred rows in the demo). */
export async function allRatings(db: ReplicaDb): Promise<Map<EntityId, RatingSummary>> {
  return ratingsByExcursion(await db.reviews.toArray());
}
