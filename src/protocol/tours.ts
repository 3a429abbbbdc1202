// Tour calls of SPEC §7: the list, one tour, and a seller's schedule edits (queued offline).
// Error answers of the schedule calls use {message} (see errors.ts).
import { z } from 'zod';
import { tourSchema } from './entities';
import { allDistinct, entityIdSchema, isoDateSchema, MAX_ID_LIST, timeSchema } from './primitives';

/** One schedule save creates or deletes at most this many tours; a seller's week fits many times over. */
export const MAX_TOURS_PER_REQUEST = 200;

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

/** A key for "the same run": two requested tours with one key would be one bus booked twice. */
export function tourSlotKey(tour: { excursionID?: string; date: string; time: string }): string {
  return `${tour.excursionID ?? ''} ${tour.date} ${tour.time}`;
}

/** POST /api/tours body: 1..200 distinct new tours. */
export const createToursRequestSchema = z.object({
  tours: z
    .array(newTourSchema)
    .min(1)
    .max(MAX_TOURS_PER_REQUEST)
    .refine((tours) => allDistinct(tours.map(tourSlotKey)), { error: 'the same tour is listed twice' }),
});
export type CreateToursRequest = z.output<typeof createToursRequestSchema>;

/** POST /api/tours answers the created tours, with their server ids, for the replica. */
export const createToursResponseSchema = z.object({
  tours: z.array(tourSchema).max(MAX_TOURS_PER_REQUEST),
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
