// Entity schemas of SPEC §3, one per type of src/domain/types.ts. Each is tied to its domain type
// with `satisfies z.ZodType<T>` (and tests/unit/protocol/entities.types.test.ts checks exact
// equality both ways), so a field added or renamed on either side fails to compile.
//
// Entities are read liberally where it costs nothing (unknown keys are stripped, not refused: a newer
// server may add fields an installed client does not know) but every bound is enforced, because the
// same schemas guard what the server stores and what the client writes into its replica.
import { z } from 'zod';
import {
  BUS_TYPES,
  CATEGORIES,
  DIFFICULTIES,
  MODERATION_STATUSES,
  REFUND_STATUSES,
  ROLES,
  MAX_TOUR_NOTICE_REASON,
  TOUR_NOTICE_KINDS,
  type Banner,
  type ManifestEntry,
  type City,
  type Excursion,
  type ReplicaExcursion,
  type Place,
  type Service,
  type SpecialOffer,
  type Ticket,
  type TicketService,
  type TicketTourInfo,
  type Tour,
  type TourNotice,
  type User,
} from '../domain/types';

export { MAX_TOUR_NOTICE_REASON };

import {
  allDistinct,
  amountSchema,
  countSchema,
  descriptionSchema,
  emailSchema,
  entityIdListSchema,
  entityIdSchema,
  freeCancelHoursSchema,
  intIdSchema,
  isoDateSchema,
  listItemSchema,
  MAX_ATTENDANTS,
  MAX_GALLERY,
  MAX_MODERATION_REASON_LENGTH,
  MAX_IMAGES,
  MAX_LIST_ITEMS,
  MAX_PERSON_NAME_LENGTH,
  MAX_ROWS,
  mediaIdSchema,
  nameSchema,
  optionalMediaIdSchema,
  priceSchema,
  seatListSchema,
  shortTextSchema,
  storedPhoneSchema,
  textListSchema,
  timeSchema,
  titleSchema,
} from './primitives';

export const busTypeSchema = z.enum(BUS_TYPES);
export const difficultySchema = z.enum(DIFFICULTIES);
export const categorySchema = z.enum(CATEGORIES);
export const roleSchema = z.enum(ROLES);

export const serviceSchema = z.object({
  name: nameSchema,
  price: priceSchema,
}) satisfies z.ZodType<Service>;

/** Services of one excursion or ticket; names are distinct so a service cannot be charged twice. */
export function serviceListSchema<T extends z.ZodType<Service>>(item: T) {
  return z
    .array(item)
    .max(MAX_LIST_ITEMS)
    .refine((services) => allDistinct(services.map((service) => service.name)), {
      error: 'service names must be distinct',
    });
}

export const excursionSchema = z.object({
  _id: entityIdSchema,
  title: titleSchema,
  description: descriptionSchema,
  city: nameSchema,
  place: intIdSchema,
  category: categorySchema,
  popularity: countSchema,
  bestseller: z.boolean(),
  ownerID: intIdSchema,

  adultPrice: priceSchema,
  kidPrice: priceSchema,
  adultInitPrice: priceSchema,
  kidInitPrice: priceSchema,
  adultEntryPrice: priceSchema,
  kidEntryPrice: priceSchema,
  entryTickets: z.boolean(),
  services: serviceListSchema(serviceSchema),

  maxAttendants: z.int().min(0).max(MAX_ATTENDANTS),
  busType: busTypeSchema,
  // 0 is allowed: an excursion without a bus layout (busType none) has no rows.
  numberOfRows: z.int().min(0).max(MAX_ROWS),
  availableSeats: seatListSchema,
  reservedSeats: seatListSchema,

  duration: shortTextSchema,
  lunchDuration: shortTextSchema,
  difficulty: difficultySchema,
  childrenAllowed: z.boolean(),
  freeCancelHours: freeCancelHoursSchema.optional(),

  directions: textListSchema,
  assemblyPoints: textListSchema,
  included: textListSchema,
  notIncluded: textListSchema,

  images: z.array(mediaIdSchema).max(MAX_IMAGES),
  gallery: z.array(mediaIdSchema).max(MAX_GALLERY),
  video: optionalMediaIdSchema,

  similarExcursionIDs: z.array(entityIdSchema).max(MAX_LIST_ITEMS),
  tours: entityIdListSchema,
  moderation: z
    .object({ status: z.enum(MODERATION_STATUSES), reason: z.string().max(MAX_MODERATION_REASON_LENGTH) })
    .optional(),
}) satisfies z.ZodType<Excursion>;

/**
 * What the replica keeps of an excursion: everything but its list of tour ids. The replica holds the
 * tours themselves (indexed by excursion), and the lists would be a quarter of the first pull's bytes.
 */
export const replicaExcursionSchema = excursionSchema.omit({
  tours: true,
}) satisfies z.ZodType<ReplicaExcursion>;

export const tourSchema = z.object({
  _id: entityIdSchema,
  excursionID: entityIdSchema,
  date: isoDateSchema,
  time: timeSchema,
  attendantsRegistred: z.int().min(0).max(MAX_ATTENDANTS),
  tickets: entityIdListSchema,
  takenSeats: seatListSchema,
  emptySeats: seatListSchema,
}) satisfies z.ZodType<Tour>;

export const ticketServiceSchema = z.object({
  name: nameSchema,
  price: priceSchema,
  selected: z.boolean(),
}) satisfies z.ZodType<TicketService>;

export const ticketTourInfoSchema = z.object({
  date: isoDateSchema,
  time: timeSchema,
  excursionID: entityIdSchema,
}) satisfies z.ZodType<TicketTourInfo>;

/** Any status string is kept (SPEC §4 shows unknown values as they are); only its size is bounded. */
export const ticketStatusSchema = z.string().min(1).max(50);

/** A seller's cancellation or move of a departure, as a ticket carries it. */
export const tourNoticeSchema = z.object({
  kind: z.enum(TOUR_NOTICE_KINDS),
  reason: z.string().min(1).max(MAX_TOUR_NOTICE_REASON),
  at: z.iso.datetime({ offset: true }),
  from: z.object({ date: isoDateSchema, time: timeSchema }).optional(),
}) satisfies z.ZodType<TourNotice>;

export const ticketSchema = z.object({
  _id: entityIdSchema,
  userID: intIdSchema,
  tourID: entityIdSchema,
  tour: ticketTourInfoSchema.optional(),
  // Stored tickets are read with `min(0)`; the booking request is the place that demands an adult.
  adults: z.int().min(0).max(MAX_ATTENDANTS),
  kids: z.int().min(0).max(MAX_ATTENDANTS),
  seats: seatListSchema,
  assemblyPoint: listItemSchema,
  services: serviceListSchema(ticketServiceSchema),
  excursionPrice: amountSchema,
  entryPrice: amountSchema,
  status: ticketStatusSchema,
  checkCode: z.string().max(200).optional(),
  holdUntil: z.iso.datetime({ offset: true }).optional(),
  cancelReason: z.string().min(1).max(50).optional(),
  freeCancelUntil: z.iso.datetime({ offset: true }).optional(),
  refund: z.object({ amount: amountSchema, status: z.enum(REFUND_STATUSES) }).optional(),
  checkedInAt: z.iso.datetime({ offset: true }).optional(),
  tourNotice: tourNoticeSchema.optional(),
}) satisfies z.ZodType<Ticket>;

const personNameSchema = z.string().max(MAX_PERSON_NAME_LENGTH);

export const userSchema = z.object({
  id: intIdSchema,
  name: personNameSchema,
  surname: personNameSchema,
  middlename: personNameSchema,
  phone: storedPhoneSchema,
  email: emailSchema,
  avatar: optionalMediaIdSchema,
  role: roleSchema,
  balance: amountSchema,
  tickets: entityIdListSchema,
  favorites: entityIdListSchema,
  userExcursions: entityIdListSchema,
  isAuthenticated: z.boolean(),
}) satisfies z.ZodType<User>;

/** One booking of a seller's departure (ManifestEntry): the seller's and admins' own collection. */
export const manifestEntrySchema = z.object({
  _id: entityIdSchema,
  tourID: entityIdSchema,
  excursionID: entityIdSchema,
  date: isoDateSchema,
  time: timeSchema,
  buyer: z.object({
    name: personNameSchema,
    surname: personNameSchema,
    phone: storedPhoneSchema,
    email: emailSchema,
  }),
  adults: z.int().min(0).max(MAX_ATTENDANTS),
  kids: z.int().min(0).max(MAX_ATTENDANTS),
  seats: seatListSchema,
  assemblyPoint: listItemSchema,
  services: serviceListSchema(ticketServiceSchema),
  status: ticketStatusSchema,
  checkCode: z.string().max(200),
  checkedInAt: z.iso.datetime({ offset: true }).optional(),
  cancelReason: z.string().min(1).max(50).optional(),
}) satisfies z.ZodType<ManifestEntry>;

export const placeSchema = z.object({
  id: intIdSchema,
  name: nameSchema,
  preview: descriptionSchema,
  image: optionalMediaIdSchema,
  description: descriptionSchema,
  gallery: z.array(mediaIdSchema).max(MAX_GALLERY),
}) satisfies z.ZodType<Place>;

export const citySchema = z.object({
  id: intIdSchema,
  name: nameSchema,
  image: optionalMediaIdSchema,
  description: descriptionSchema,
}) satisfies z.ZodType<City>;

/**
 * In-app routes only ("/excursions/parks"): a banner from the server must not become an open redirect,
 * so absolute URLs and protocol-relative "//host" links are refused.
 */
export const inAppLinkSchema = z
  .string()
  .max(500)
  .regex(/^\/(?!\/)\S*$/, { error: 'expected an in-app route starting with /' });

export const bannerSchema = z.object({
  id: intIdSchema,
  title: shortTextSchema,
  subtitle: shortTextSchema,
  image: optionalMediaIdSchema,
  link: inAppLinkSchema,
}) satisfies z.ZodType<Banner>;

export const specialOfferSchema = z.object({
  id: intIdSchema,
  title: shortTextSchema,
  description: descriptionSchema,
  image: optionalMediaIdSchema,
  discount: z.int().min(0).max(100),
  excursionID: entityIdSchema.nullable(),
}) satisfies z.ZodType<SpecialOffer>;
