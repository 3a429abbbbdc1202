// The bounds of a review, shared by the server's checks (protocol/reviews.ts) and the screens' forms.
// Kept apart from the protocol's schemas so a screen that only needs a number does not load Zod.

export const MIN_RATING = 1;
export const MAX_RATING = 5;
export const MAX_REVIEW_TEXT = 2000;
export const MAX_REVIEW_PHOTOS = 5;
export const MAX_REVIEW_REPLY = 1000;
export const MAX_HIDE_REASON = 300;
/** For how long after it was first written its author may change a review. */
export const REVIEW_EDIT_DAYS = 14;
