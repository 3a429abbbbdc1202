// The bounds and rules of a review, shared by the server's checks (protocol/reviews.ts) and the screens' forms.
// Kept apart from the protocol's schemas so a screen that only needs a number does not load Zod.
import { tripEnd } from './trip-time';

export const MIN_RATING = 1;
export const MAX_RATING = 5;
export const MAX_REVIEW_TEXT = 2000;
export const MAX_REVIEW_PHOTOS = 5;
export const MAX_REVIEW_REPLY = 1000;
export const MAX_HIDE_REASON = 300;
/** For how long after it was first written its author may change a review. */
export const REVIEW_EDIT_DAYS = 14;

/** Until when its author may change a review first written at `createdAt`. */
export function reviewEditableUntil(createdAt: Date | string): Date {
  return new Date(new Date(createdAt).getTime() + REVIEW_EDIT_DAYS * 86_400_000);
}

/**
 * Since when a paid ticket's holder counts as having gone on the trip, and so may review it: the
 * trip's end once it is over, before that the boarding check-in; null while neither. The server
 * decides with this and the app offers the review by it, so what the phone offers the server takes.
 */
export function wentSince(
  trip: { date: string; time: string; duration: string } | null,
  checkedInAt: Date | string | null | undefined,
  now: Date,
): Date | null {
  const end = trip ? tripEnd(trip.date, trip.time, trip.duration) : null;
  if (end && end.getTime() <= now.getTime()) return end;
  return checkedInAt ? new Date(checkedInAt) : null;
}
