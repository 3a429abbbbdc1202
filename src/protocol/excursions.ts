// The `excursion` JSON part of POST and PUT /api/excursions (multipart, SPEC §7). Online only.
// The form's rules of SPEC §5 (add-excursion steps 0–5) are repeated here so the server enforces
// them too; files travel in their own multipart fields and are checked by the media service.
import { z } from 'zod';
import {
  busTypeSchema,
  categorySchema,
  difficultySchema,
  excursionSchema,
  serviceListSchema,
} from './entities';
import {
  allDistinct,
  countSchema,
  entityIdSchema,
  freeCancelHoursSchema,
  intIdSchema,
  MAX_ATTENDANTS,
  MAX_DESCRIPTION_LENGTH,
  MAX_GALLERY,
  MAX_IMAGES,
  MAX_LIST_ITEMS,
  MAX_NAME_LENGTH,
  MAX_PRICE_RUB,
  MAX_ROWS,
  MAX_TITLE_LENGTH,
  mediaIdSchema,
  optionalMediaIdSchema,
  priceSchema,
  seatListSchema,
  submittedTextListSchema,
} from './primitives';
import { revisionStateSchema } from './moderation';
import { MAX_TOURS_PER_REQUEST, tourSlotKey, tourSlotSchema } from './tours';

/** Multipart field names of POST/PUT /api/excursions, shared so both ends spell them once. */
export const EXCURSION_FORM_FIELDS = {
  excursion: 'excursion',
  previewImages: 'preview_images',
  existingPreviewImages: 'existing_preview_images',
  galleryImages: 'gallery_images',
  existingGalleryImages: 'existing_gallery_images',
  video: 'video',
} as const;

/** Names of kept cover images sent with an edit; new files plus kept names must still fit MAX_IMAGES. */
export const keptPreviewImagesSchema = z.array(mediaIdSchema).max(MAX_IMAGES);
/** Names of kept gallery images sent with an edit; together with new files at most MAX_GALLERY. */
export const keptGalleryImagesSchema = z.array(mediaIdSchema).max(MAX_GALLERY);

const trimmedText = (min: number, max: number) => z.string().trim().min(min).max(max);
const nonEmptyList = (what: string) =>
  submittedTextListSchema.refine((items) => items.length > 0, { error: `at least one ${what} is required` });

const submittedServiceSchema = z.object({
  name: trimmedText(1, MAX_NAME_LENGTH),
  price: priceSchema,
});

/** Fields a seller sends on both create and edit. */
const excursionFieldsShape = {
  title: trimmedText(1, MAX_TITLE_LENGTH),
  description: trimmedText(1, MAX_DESCRIPTION_LENGTH),
  city: trimmedText(1, MAX_NAME_LENGTH),
  place: intIdSchema,
  category: categorySchema,

  // Step 3 of the wizard: the adult price must be above zero.
  adultPrice: z.int().min(1).max(MAX_PRICE_RUB),
  kidPrice: priceSchema,
  // The wizard sends initial prices equal to the entered ones; when left out they default to them.
  adultInitPrice: priceSchema.optional(),
  kidInitPrice: priceSchema.optional(),
  adultEntryPrice: priceSchema,
  kidEntryPrice: priceSchema,
  entryTickets: z.boolean(),
  services: serviceListSchema(submittedServiceSchema),

  // Step 5: room for at least one person.
  maxAttendants: z.int().min(1).max(MAX_ATTENDANTS),
  busType: busTypeSchema,
  numberOfRows: z.int().min(0).max(MAX_ROWS),
  availableSeats: seatListSchema,
  reservedSeats: seatListSchema,

  duration: trimmedText(1, MAX_NAME_LENGTH),
  lunchDuration: trimmedText(0, MAX_NAME_LENGTH),
  difficulty: difficultySchema,
  childrenAllowed: z.boolean(),
  // Left out, a new excursion gets DEFAULT_FREE_CANCEL_HOURS and an edit keeps the window it had.
  freeCancelHours: freeCancelHoursSchema.optional(),

  directions: nonEmptyList('route stage'),
  assemblyPoints: nonEmptyList('assembly point'),
  included: submittedTextListSchema,
  notIncluded: submittedTextListSchema,

  // Server-owned or file-derived fields. Accepted so the spec's client (which sends popularity 0,
  // bestseller false, empty media) is not refused, but the server keeps its own values unless an admin
  // sets popularity/bestseller, and derives media from the multipart files and kept names.
  popularity: countSchema.optional(),
  bestseller: z.boolean().optional(),
  images: z.array(mediaIdSchema).max(MAX_IMAGES).optional(),
  gallery: z.array(mediaIdSchema).max(MAX_GALLERY).optional(),
  video: optionalMediaIdSchema.optional(),
  similarExcursionIDs: z
    .array(entityIdSchema)
    .max(MAX_LIST_ITEMS)
    .refine(allDistinct, { error: 'similar excursions must be distinct' })
    .default([]),
};

type SeatFields = { availableSeats: number[]; reservedSeats: number[] };

/** A seat is either offered or kept back by the seller, never both. */
function seatsDisjoint(fields: SeatFields): boolean {
  const reserved = new Set(fields.reservedSeats);
  return fields.availableSeats.every((seat) => !reserved.has(seat));
}

type PriceFields = {
  adultPrice: number;
  kidPrice: number;
  adultInitPrice?: number | undefined;
  kidInitPrice?: number | undefined;
  entryTickets: boolean;
  adultEntryPrice: number;
  kidEntryPrice: number;
};

/**
 * Fills the initial prices and clears entry prices when there are no entrance tickets: a hidden
 * entry price left in the form must not reach the price shown to tourists.
 */
function normalisePrices<T extends PriceFields>(fields: T) {
  return {
    ...fields,
    adultInitPrice: fields.adultInitPrice ?? fields.adultPrice,
    kidInitPrice: fields.kidInitPrice ?? fields.kidPrice,
    adultEntryPrice: fields.entryTickets ? fields.adultEntryPrice : 0,
    kidEntryPrice: fields.entryTickets ? fields.kidEntryPrice : 0,
  };
}

/**
 * The `excursion` part of POST /api/excursions. `ownerID` must equal the token's user (an admin may
 * name another owner); `tours` are the first runs as date-time slots, at least one (wizard step 4).
 */
export const createExcursionPayloadSchema = z
  .object({
    ...excursionFieldsShape,
    ownerID: intIdSchema,
    tours: z
      .array(tourSlotSchema)
      .min(1, { error: 'at least one date and time is required' })
      .max(MAX_TOURS_PER_REQUEST)
      .refine((slots) => allDistinct(slots.map(tourSlotKey)), { error: 'the same date and time twice' }),
  })
  .refine(seatsDisjoint, { error: 'a seat is both available and reserved', path: ['reservedSeats'] })
  .transform(normalisePrices);
export type CreateExcursionPayload = z.output<typeof createExcursionPayloadSchema>;
export type CreateExcursionPayloadInput = z.input<typeof createExcursionPayloadSchema>;

/**
 * The `excursion` part of PUT /api/excursions/{id}. The schedule is edited through /api/tours, so no
 * tours here; an `ownerID` is accepted and ignored (ownership never moves through an edit).
 */
export const updateExcursionPayloadSchema = z
  .object({
    ...excursionFieldsShape,
    ownerID: intIdSchema.optional(),
  })
  .refine(seatsDisjoint, { error: 'a seat is both available and reserved', path: ['reservedSeats'] })
  .transform(normalisePrices);
export type UpdateExcursionPayload = z.output<typeof updateExcursionPayloadSchema>;
export type UpdateExcursionPayloadInput = z.input<typeof updateExcursionPayloadSchema>;

/**
 * POST /api/excursions and PUT /api/excursions/{id} answer the stored excursion; a seller's edit of a
 * published one answers the live excursion with the revision that waits for review
 * (protocol/moderation.ts).
 */
export const excursionWriteResponseSchema = excursionSchema.extend({
  revision: revisionStateSchema.optional(),
});
