// Building blocks shared by every schema of the wire contract: ids, dates, money, counts and text caps.
// The bounds live here, once, so the server's validation and the client's forms cannot disagree.
import { z } from 'zod';

// --- Limits -------------------------------------------------------------------------------------
// Text caps keep one hostile request from filling the database or a phone's IndexedDB quota.
export const MAX_TITLE_LENGTH = 200;
export const MAX_DESCRIPTION_LENGTH = 10_000;
/** One item of a text list (route stage, assembly point, included item …). */
export const MAX_LIST_ITEM_LENGTH = 500;
/** Items in a text list and in small id lists such as similar excursions or services. */
export const MAX_LIST_ITEMS = 100;
/** Names of people, cities, places and services; also short free text such as a duration. */
export const MAX_NAME_LENGTH = 200;
export const MAX_PERSON_NAME_LENGTH = 100;
/** Covers and gallery photos of an excursion: the form's own limits (src/domain/excursion-form.ts). */
export { MAX_COVER_IMAGES as MAX_IMAGES, MAX_GALLERY_IMAGES as MAX_GALLERY } from '../domain/excursion-form';
export const MAX_MEDIA_ID_LENGTH = 200;
/** Ids a row may reference without a natural small bound (a user's tickets, an excursion's tours). */
export const MAX_ID_LIST = 10_000;
/** The longest free-cancellation window a seller may offer, in hours (30 days). */
export const MAX_FREE_CANCEL_HOURS = 720;
/** An admin's reason for refusing an excursion, shown to its seller. */
export const MAX_MODERATION_REASON_LENGTH = 1000;
export const MAX_EMAIL_LENGTH = 254;

// Money is whole roubles: the spec never shows kopecks and integers add up exactly.
/** Upper bound for one person's price, an entry price or a service price. */
export const MAX_PRICE_RUB = 1_000_000;
/** Upper bound for totals and balances (a full coach at the maximum price still fits). */
export const MAX_AMOUNT_RUB = 1_000_000_000;

/** Seats on the largest vehicle or boat we expect; also bounds seat numbers and party sizes. */
export const MAX_ATTENDANTS = 1000;
export const MAX_SEAT_NUMBER = 1000;
export const MAX_ROWS = 100;

// --- Ids ----------------------------------------------------------------------------------------
// Excursion, tour and ticket ids are 24 lowercase hex (ObjectId-shaped), so they can be told from
// the integer ids of users, places and cities and never need escaping in a URL.
export const ENTITY_ID_PATTERN = /^[0-9a-f]{24}$/;
export const entityIdSchema = z
  .string()
  .regex(ENTITY_ID_PATTERN, { error: 'expected a 24-character lowercase hex id' });

/** User, place, city, banner and offer ids: positive safe integers. */
export const intIdSchema = z.int({ error: 'expected an integer id' }).positive();

/** An integer id that arrived as text (a path segment or a query value). */
export const intIdParamSchema = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,15}$/, { error: 'expected a positive integer id' })
  .transform(Number)
  .pipe(intIdSchema);

// --- Dates and times ----------------------------------------------------------------------------
// z.iso.date() checks the calendar too (2026-02-30 and 2025-02-29 fail), not just the shape.
export const isoDateSchema = z.iso.date({ error: 'expected a calendar date yyyy-MM-dd' });
export const TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
export const timeSchema = z.string().regex(TIME_PATTERN, { error: 'expected a time HH:mm (00:00–23:59)' });

// --- Numbers ------------------------------------------------------------------------------------
/** A non-negative whole number of roubles for one price. */
export const priceSchema = z.int({ error: 'expected whole roubles' }).min(0).max(MAX_PRICE_RUB);
/** A non-negative whole number of roubles for a total or a balance. */
/** An excursion's free-cancellation window in whole hours before departure (up to 30 days). */
export const freeCancelHoursSchema = z.int().min(0).max(MAX_FREE_CANCEL_HOURS);

export const amountSchema = z.int({ error: 'expected whole roubles' }).min(0).max(MAX_AMOUNT_RUB);
/** A count of things (popularity, registered attendants). z.int() already caps at a safe integer. */
export const countSchema = z.int({ error: 'expected a whole count' }).min(0);
export const seatNumberSchema = z.int({ error: 'expected a seat number' }).min(1).max(MAX_SEAT_NUMBER);

/** True when no value occurs twice; used for seat and id lists, where a duplicate is a bug or an attack. */
export function allDistinct(values: readonly unknown[]): boolean {
  return new Set(values).size === values.length;
}

/** A list of distinct seat numbers. */
export const seatListSchema = z
  .array(seatNumberSchema)
  .max(MAX_SEAT_NUMBER)
  .refine(allDistinct, { error: 'seat numbers must be distinct' });

/** A list of entity ids without a natural small bound. */
export const entityIdListSchema = z.array(entityIdSchema).max(MAX_ID_LIST);

// --- Text ---------------------------------------------------------------------------------------
export const titleSchema = z.string().min(1).max(MAX_TITLE_LENGTH);
export const descriptionSchema = z.string().max(MAX_DESCRIPTION_LENGTH);
export const nameSchema = z.string().min(1).max(MAX_NAME_LENGTH);
export const shortTextSchema = z.string().max(MAX_NAME_LENGTH);
export const listItemSchema = z.string().max(MAX_LIST_ITEM_LENGTH);
export const textListSchema = z.array(listItemSchema).max(MAX_LIST_ITEMS);

/**
 * A text list as a seller submits it: items trimmed and empty items dropped (SPEC §5 drops them on
 * submit; doing it here too means an older client cannot store blank route stages).
 */
export const submittedTextListSchema = z
  .array(z.string().max(MAX_LIST_ITEM_LENGTH))
  .max(MAX_LIST_ITEMS)
  .transform((items) => items.map((item) => item.trim()).filter((item) => item.length > 0));

// --- Media --------------------------------------------------------------------------------------
// Media ids are file names in the media directory (served by /api/images/{id} and /api/app_media/{id}).
// Letters, digits, dot, dash and underscore only, never starting with a dot: no slash means no path
// traversal, and the id can go into a URL unescaped.
export const MEDIA_ID_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
export const mediaIdSchema = z
  .string()
  .max(MAX_MEDIA_ID_LENGTH)
  .regex(MEDIA_ID_PATTERN, { error: 'expected a media file name' });
/** A media id or '' for "none" (avatar, video, a place's image). */
export const optionalMediaIdSchema = z.union([z.literal(''), mediaIdSchema]);

// --- Contact details ----------------------------------------------------------------------------
// SPEC §5 asks only for a loose e-mail pattern; a strict one would refuse real addresses (.рф domains).
export const LOOSE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** An e-mail as stored: shape checked, not rewritten. */
export const emailSchema = z
  .string()
  .max(MAX_EMAIL_LENGTH)
  .regex(LOOSE_EMAIL_PATTERN, { error: 'expected an e-mail address' });
/**
 * An e-mail as a person typed it: trimmed and lower-cased, so "Ivan@Mail.ru " and "ivan@mail.ru" are
 * one account and one login.
 */
export const submittedEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(MAX_EMAIL_LENGTH)
  .regex(LOOSE_EMAIL_PATTERN, { error: 'expected an e-mail address' });

/** E.164 allows at most 15 digits. */
export const MAX_PHONE_DIGITS = 15;
/** A phone as stored: digits only, '' when unknown. */
export const storedPhoneSchema = z
  .string()
  .regex(new RegExp(`^\\d{0,${MAX_PHONE_DIGITS}}$`), { error: 'expected digits only' });
/**
 * A phone as the masked input sends it ("8(999)123-45-67", "+7 999 123 45 67"): every non-digit is
 * stripped, then 10 to 15 digits must remain (SPEC §5 requires a phone and saves it as digits).
 */
export const submittedPhoneSchema = z
  .string()
  .max(40)
  .transform((raw) => raw.replace(/\D/g, ''))
  .pipe(z.string().regex(/^\d{10,15}$/, { error: 'expected a phone number of 10 to 15 digits' }));
