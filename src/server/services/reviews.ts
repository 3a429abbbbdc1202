import { reviewEditableUntil, wentSince } from '../../domain/review-rules';
import {
  MAX_HIDE_REASON,
  MAX_REVIEW_PHOTOS,
  MAX_REVIEW_REPLY,
  MAX_REVIEW_TEXT,
  REVIEW_EDIT_DAYS,
  type ReviewWriteRequest,
} from '../../protocol/reviews';
import type { ServerEvent } from '../realtime/events';
import type { Queryable } from '../storage/db';
import {
  authorNames,
  insertReview,
  lockReviewTicket,
  lockReviewWithOwner,
  readReview,
  setReviewHidden,
  setReviewPhotos,
  setReviewReply,
  toReview,
  updateReviewContent,
  type ReviewRow,
  type ReviewTicketRow,
} from '../storage/reviews';
import type { Principal } from '../storage/users';
import { ServiceError } from './errors';
import type { MutationResult } from './mutation';

// Verified reviews (protocol/reviews.ts). Only a ticket's owner writes its review, and only for a
// paid trip that happened: the guide checked the ticket in, or the departure is over (its time plus
// the excursion's duration). The author changes it for REVIEW_EDIT_DAYS; the excursion's seller
// answers it once; an admin hides it with a reason and shows it again. Every change is announced as
// an update of its excursion without a row, which makes open apps pull.

export const REVIEW_TEXTS = {
  badTicketId: 'Некорректный идентификатор билета',
  badReviewId: 'Некорректный идентификатор отзыва',
  badRating: 'Оценка — целое число от 1 до 5',
  textTooLong: `Текст отзыва — не длиннее ${MAX_REVIEW_TEXT} символов`,
  badReview: 'Некорректный отзыв: нужны оценка от 1 до 5 и текст',
  ticketNotFound: 'Билет не найден',
  notYours: 'Оставить отзыв может только владелец билета',
  cancelled: 'Билет отменён: отзыв оставляют о состоявшейся поездке',
  unpaid: 'Билет не оплачен: отзыв оставляют об оплаченной поездке',
  tooEarly: 'Отзыв можно оставить после поездки',
  excursionGone: 'Экскурсии этого билета больше нет',
  editClosed: `Отзыв можно изменить в течение ${REVIEW_EDIT_DAYS} дней после того, как он написан`,
  reviewNotFound: 'Отзыв не найден',
  reviewFirst: 'Сначала поставьте оценку, затем добавьте фото',
  noPhotos: 'Прикрепите хотя бы одно фото в поле photos',
  tooManyPhotos: `К отзыву можно приложить не больше ${MAX_REVIEW_PHOTOS} фото`,
  badPhotoId: 'Некорректное имя фото',
  photoNotFound: 'Этого фото нет в отзыве',
  badMultipart: 'Отправьте фото отзыва как multipart/form-data',
  tooBig: `Слишком большой запрос: не больше ${MAX_REVIEW_PHOTOS} фото за раз`,
  fileRefused: (name: string, message: string) => `Файл «${name}»: ${message}`,
  badReply: `Ответ — от 1 до ${MAX_REVIEW_REPLY} символов`,
  replyNotSeller: 'Ответить на отзыв может только продавец этой экскурсии',
  replyTwice: 'На этот отзыв уже дан ответ',
  adminOnly: 'Скрывать и показывать отзывы может только администратор',
  badReason: `Причина — от 1 до ${MAX_HIDE_REASON} символов`,
  alreadyHidden: 'Отзыв уже скрыт',
  notHidden: 'Отзыв не скрыт',
} as const;

/** What the public calls an author who gave no name. */
export const ANONYMOUS_AUTHOR = 'Путешественник';
/** Leaves room for the initial within the protocol's 120. */
const MAX_FIRST_NAME = 100;

/** The start of `text` at most `max` UTF-16 units long (what the protocol's limits count), never half a character. */
function clip(text: string, max: number): string {
  let clipped = '';
  for (const character of text) {
    if (clipped.length + character.length > max) break;
    clipped += character;
  }
  return clipped;
}

/** The author as the public sees them: the first name and the surname's initial ('Анна К.'). */
export function publicAuthorName(name: string, surname: string): string {
  const first = clip(name.trim().replace(/\s+/g, ' '), MAX_FIRST_NAME).trim();
  if (first === '') return ANONYMOUS_AUTHOR;
  const initial = Array.from(surname.trim())[0];
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

/** A review's change as the apps hear it: their excursion changed, with no row, so they pull. */
function reviewEvents(excursionId: string): ServerEvent[] {
  return [{ channel: 'EXCURSION_UPDATE', data: { action: 'update', excursion_id: excursionId } }];
}

function answer(status: 200 | 201, row: ReviewRow): MutationResult {
  return { status, body: toReview(row), events: reviewEvents(row.excursion_id) };
}

type TripTicket = ReviewTicketRow & { excursion_id: string; date: string };

/**
 * The rules every change of a review by its author passes, in the order a caller can fix them: the
 * ticket is theirs, paid and not cancelled, and the trip happened. Locks the ticket (see
 * lockReviewTicket) and answers it with its review, if written.
 */
async function authorGate(
  tx: Queryable,
  principal: Principal,
  ticketId: string,
  now: Date,
): Promise<{ ticket: TripTicket; review: ReviewRow | undefined }> {
  const ticket = await lockReviewTicket(tx, ticketId);
  if (!ticket) throw new ServiceError('notFound', REVIEW_TEXTS.ticketNotFound);
  if (ticket.user_id !== principal.id) throw new ServiceError('forbidden', REVIEW_TEXTS.notYours);
  if (ticket.status === 'cancelled') throw new ServiceError('conflict', REVIEW_TEXTS.cancelled);
  if (ticket.status !== 'confirmed') throw new ServiceError('conflict', REVIEW_TEXTS.unpaid);
  const { excursion_id: excursionId, date, time, duration } = ticket;
  if (!excursionId || !date || !time || duration === null)
    throw new ServiceError('notFound', REVIEW_TEXTS.excursionGone);
  if (!wentSince({ date, time, duration }, ticket.checked_in_at, now))
    throw new ServiceError('conflict', REVIEW_TEXTS.tooEarly);
  const review = await readReview(tx, ticketId);
  return { ticket: { ...ticket, excursion_id: excursionId, date }, review };
}

function assertEditable(review: ReviewRow, now: Date): void {
  if (now.getTime() > reviewEditableUntil(review.created_at).getTime())
    throw new ServiceError('conflict', REVIEW_TEXTS.editClosed);
}

/** PUT /api/tickets/{id}/review: writes the ticket's review (201) or changes it (200). */
export async function writeReview(
  tx: Queryable,
  principal: Principal,
  ticketId: string,
  request: ReviewWriteRequest,
  now: Date,
): Promise<MutationResult> {
  const { ticket, review } = await authorGate(tx, principal, ticketId, now);
  const names = await authorNames(tx, principal.id);
  const authorName = publicAuthorName(names?.name ?? '', names?.surname ?? '');
  if (review) {
    assertEditable(review, now);
    const row = await updateReviewContent(tx, ticketId, { ...request, authorName, at: now });
    return answer(200, row);
  }
  const row = await insertReview(tx, {
    ticketId,
    excursionId: ticket.excursion_id,
    authorId: principal.id,
    authorName,
    tripDate: ticket.date,
    rating: request.rating,
    text: request.text,
    at: now,
  });
  return answer(201, row);
}

/** The author's review, still editable, before photos are added or removed. */
async function editableReview(tx: Queryable, principal: Principal, ticketId: string, now: Date) {
  const { review } = await authorGate(tx, principal, ticketId, now);
  if (!review) throw new ServiceError('conflict', REVIEW_TEXTS.reviewFirst);
  assertEditable(review, now);
  return review;
}

/**
 * Whether `count` more photos may be added to the ticket's review now: checked before any file is
 * decoded and stored, and again by addReviewPhotos inside the write.
 */
export async function checkPhotoRoom(
  tx: Queryable,
  principal: Principal,
  ticketId: string,
  count: number,
  now: Date,
): Promise<void> {
  const review = await editableReview(tx, principal, ticketId, now);
  if (review.photos.length + count > MAX_REVIEW_PHOTOS)
    throw new ServiceError('conflict', REVIEW_TEXTS.tooManyPhotos);
}

/** POST /api/tickets/{id}/review/photos, once the files are stored: adds their media ids. */
export async function addReviewPhotos(
  tx: Queryable,
  principal: Principal,
  ticketId: string,
  photos: readonly string[],
  now: Date,
): Promise<MutationResult> {
  if (photos.length === 0) throw new ServiceError('invalid', REVIEW_TEXTS.noPhotos);
  const review = await editableReview(tx, principal, ticketId, now);
  if (review.photos.length + photos.length > MAX_REVIEW_PHOTOS)
    throw new ServiceError('conflict', REVIEW_TEXTS.tooManyPhotos);
  return answer(200, await setReviewPhotos(tx, ticketId, [...review.photos, ...photos], now));
}

/**
 * DELETE /api/tickets/{id}/review/photos/{photo}: takes the photo out of the review; `removed` is the
 * media id whose file the caller deletes once the write has committed.
 */
export async function removeReviewPhoto(
  tx: Queryable,
  principal: Principal,
  ticketId: string,
  photo: string,
  now: Date,
): Promise<MutationResult & { removed: string }> {
  const review = await editableReview(tx, principal, ticketId, now);
  if (!review.photos.includes(photo)) throw new ServiceError('notFound', REVIEW_TEXTS.photoNotFound);
  const row = await setReviewPhotos(
    tx,
    ticketId,
    review.photos.filter((id) => id !== photo),
    now,
  );
  return { ...answer(200, row), removed: photo };
}

/**
 * POST /api/reviews/{id}/reply: the excursion's owner answers, once, while a seller. An admin may
 * edit any excursion but does not speak for its seller, so an admin's reply is refused.
 */
export async function replyToReview(
  tx: Queryable,
  principal: Principal,
  reviewId: string,
  text: string,
  now: Date,
): Promise<MutationResult> {
  const review = await lockReviewWithOwner(tx, reviewId);
  if (!review) throw new ServiceError('notFound', REVIEW_TEXTS.reviewNotFound);
  if (principal.role !== 'seller' || review.owner_id !== principal.id)
    throw new ServiceError('forbidden', REVIEW_TEXTS.replyNotSeller);
  if (review.reply !== null) throw new ServiceError('conflict', REVIEW_TEXTS.replyTwice);
  return answer(200, await setReviewReply(tx, reviewId, text, now));
}

/** POST /api/reviews/{id}/hide: an admin takes a review from the public, with a reason its author sees. */
export async function hideReview(
  tx: Queryable,
  principal: Principal,
  reviewId: string,
  reason: string,
  now: Date,
): Promise<MutationResult> {
  if (principal.role !== 'admin') throw new ServiceError('forbidden', REVIEW_TEXTS.adminOnly);
  const review = await lockReviewWithOwner(tx, reviewId);
  if (!review) throw new ServiceError('notFound', REVIEW_TEXTS.reviewNotFound);
  if (review.hidden_at !== null) throw new ServiceError('conflict', REVIEW_TEXTS.alreadyHidden);
  return answer(200, await setReviewHidden(tx, reviewId, reason, now));
}

/** POST /api/reviews/{id}/unhide: an admin shows a hidden review again. */
export async function unhideReview(
  tx: Queryable,
  principal: Principal,
  reviewId: string,
  now: Date,
): Promise<MutationResult> {
  if (principal.role !== 'admin') throw new ServiceError('forbidden', REVIEW_TEXTS.adminOnly);
  const review = await lockReviewWithOwner(tx, reviewId);
  if (!review) throw new ServiceError('notFound', REVIEW_TEXTS.reviewNotFound);
  if (review.hidden_at === null) throw new ServiceError('conflict', REVIEW_TEXTS.notHidden);
  return answer(200, await setReviewHidden(tx, reviewId, null, now));
}
