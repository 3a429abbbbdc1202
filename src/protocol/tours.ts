// Tour calls of SPEC §7: the list, one tour, and a seller's schedule edits (queued offline).
// Error answers of the schedule calls use {message} (see errors.ts).
import { z } from 'zod';
import { MAX_TOURS_PER_REQUEST, tourSlotKey } from '../domain/schedule-editor';
import { MAX_TOUR_NOTICE_REASON } from '../domain/types';
import { tourSchema } from './entities';
import { allDistinct, entityIdSchema, isoDateSchema, MAX_ID_LIST, timeSchema } from './primitives';

// Plain values of the schedule, kept in the domain so screens read them without loading these schemas.
export { MAX_TOURS_PER_REQUEST, tourSlotKey };

/** GET /api/tours */
export const toursResponseSchema = z.object({
  tours: z.array(tourSchema).max(MAX_ID_LIST),
});
export type ToursResponse = z.output<typeof toursResponseSchema>;

/** GET /api/tours/{tourID} */
export const tourResponseSchema = tourSchema;

/** A date-time slot of a schedule. Whether it lies in the past is the server's check: it owns the clock. */
export const tourSlotSchema = z.object({
  date: isoDateSchema,
  time: timeSchema,
});
export type TourSlot = z.output<typeof tourSlotSchema>;

export const newTourSchema = z.object({
  excursionID: entityIdSchema,
  date: isoDateSchema,
  time: timeSchema,
});
export type NewTour = z.output<typeof newTourSchema>;

/** POST /api/tours body: 1..200 distinct new tours. */
export const createToursRequestSchema = z.object({
  tours: z
    .array(newTourSchema)
    .min(1)
    .max(MAX_TOURS_PER_REQUEST)
    .refine((tours) => allDistinct(tours.map(tourSlotKey)), { error: 'the same tour is listed twice' }),
});
export type CreateToursRequest = z.output<typeof createToursRequestSchema>;

/** A requested tour the server did not create, and why (the message names the date in Russian). */
export const refusedTourSchema = z.object({
  excursionID: entityIdSchema,
  date: isoDateSchema,
  time: timeSchema,
  message: z.string().min(1).max(300),
});
export type RefusedTour = z.output<typeof refusedTourSchema>;

/**
 * POST /api/tours answers the created tours, with their server ids, for the replica, in the order
 * they were asked for; a tour that could not be created (a date already past) is left out of `tours`
 * and listed in `refused`, and the rest are created all the same.
 */
export const createToursResponseSchema = z.object({
  tours: z.array(tourSchema).max(MAX_TOURS_PER_REQUEST),
  refused: z.array(refusedTourSchema).max(MAX_TOURS_PER_REQUEST).optional(),
});
export type CreateToursResponse = z.output<typeof createToursResponseSchema>;

/** DELETE /api/tours body: 1..200 distinct tour ids. */
export const deleteToursRequestSchema = z.object({
  tour_ids: z
    .array(entityIdSchema)
    .min(1)
    .max(MAX_TOURS_PER_REQUEST)
    .refine(allDistinct, { error: 'a tour id is listed twice' }),
});
export type DeleteToursRequest = z.output<typeof deleteToursRequestSchema>;

/**
 * DELETE /api/tours answers the ids it removed. Ids that were already gone are included too, so a
 * replayed outbox entry gets the same answer as the first attempt.
 */
export const deleteToursResponseSchema = z.object({
  tour_ids: z.array(entityIdSchema).max(MAX_TOURS_PER_REQUEST),
});
export type DeleteToursResponse = z.output<typeof deleteToursResponseSchema>;

const noticeReasonSchema = z.string().trim().min(3).max(MAX_TOUR_NOTICE_REASON);

/** POST /api/tours/{tourID}/cancel body: why the departure is cancelled, told to every buyer. */
export const cancelTourRequestSchema = z.object({ reason: noticeReasonSchema });
export type CancelTourRequest = z.output<typeof cancelTourRequestSchema>;

/** POST /api/tours/{tourID}/move body: the new date and time, and why, told to every buyer. */
export const moveTourRequestSchema = z.object({
  date: isoDateSchema,
  time: timeSchema,
  reason: noticeReasonSchema,
});
export type MoveTourRequest = z.output<typeof moveTourRequestSchema>;

/**
 * What cancelling or moving a departure answers: the tour (moved; absent once cancelled), how many
 * tickets it changed and how many of them are being refunded.
 */
export const tourOperationResponseSchema = z.object({
  tour_id: entityIdSchema,
  tour: tourSchema.optional(),
  tickets: z.int().min(0),
  refunds: z.int().min(0),
});
export type TourOperationResponse = z.output<typeof tourOperationResponseSchema>;
