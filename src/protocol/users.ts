// Profile, avatar upload, favourites and role changes (SPEC §7 /api/users/*, /api/uploadfile/).
import { z } from 'zod';
import { verificationCodeSchema } from './auth';
import { roleSchema, userSchema } from './entities';
import {
  entityIdListSchema,
  entityIdSchema,
  intIdParamSchema,
  intIdSchema,
  MAX_PERSON_NAME_LENGTH,
  mediaIdSchema,
  optionalMediaIdSchema,
  submittedEmailSchema,
  submittedPhoneSchema,
} from './primitives';

/** GET /api/users/me answers the user object. */
export const meResponseSchema = userSchema;

// Names are trimmed so " Иван" and "Иван" are one name; they may be empty (the spec marks only the
// phone as required).
const submittedPersonNameSchema = z.string().trim().max(MAX_PERSON_NAME_LENGTH);

/**
 * PUT /api/users/{id} body. The phone is accepted as the mask shows it and stored as digits only
 * (SPEC §3, §5). Queued offline: the outbox sends it with an Idempotency-Key.
 */
export const updateUserRequestSchema = z.object({
  name: submittedPersonNameSchema,
  surname: submittedPersonNameSchema,
  middlename: submittedPersonNameSchema,
  phone: submittedPhoneSchema,
  email: submittedEmailSchema,
  avatar: optionalMediaIdSchema,
});
export type UpdateUserRequest = z.output<typeof updateUserRequestSchema>;
export type UpdateUserRequestInput = z.input<typeof updateUserRequestSchema>;

/**
 * PUT /api/users/{id} answers the saved user, so the replica takes the server's normalised copy. A
 * new e-mail does not take effect at once: the answer keeps the old one and names the new address in
 * `emailChangePending`, to which a six-digit code was mailed; POST /api/users/{id}/email/confirm
 * with that code makes it the account's e-mail.
 */
export const updateUserResponseSchema = userSchema.extend({
  emailChangePending: z.string().optional(),
});
export type UpdateUserResponse = z.output<typeof updateUserResponseSchema>;

/** GET /api/users/{id}/email: the new address waiting for its code, or null. */
export const emailChangeStatusSchema = z.object({
  emailChangePending: z.string().nullable(),
});
export type EmailChangeStatus = z.output<typeof emailChangeStatusSchema>;

/** POST /api/users/{id}/email/confirm body: the code mailed to the new address. */
export const confirmEmailRequestSchema = z.object({
  code: verificationCodeSchema,
});
export type ConfirmEmailRequest = z.output<typeof confirmEmailRequestSchema>;

/** POST /api/users/{id}/email/confirm answers the user with the new e-mail. */
export const confirmEmailResponseSchema = userSchema;

/** The multipart field of POST /api/uploadfile/. */
export const UPLOAD_FILE_FIELD = 'file';

/** POST /api/uploadfile/ answer: the stored file name, then used as the avatar. */
export const uploadFileResponseSchema = z.object({
  filename: mediaIdSchema,
});
export type UploadFileResponse = z.output<typeof uploadFileResponseSchema>;

/** Path parameters of /api/users/{userId}/favorites/{excursionId}, parsed from their text form. */
export const favoriteParamsSchema = z.object({
  userId: intIdParamSchema,
  excursionId: entityIdSchema,
});
export type FavoriteParams = z.output<typeof favoriteParamsSchema>;

/**
 * POST and DELETE /api/users/{userId}/favorites/{excursionId} take no body. POST means "set" and DELETE
 * "unset", both idempotent, so a replayed outbox entry is harmless (never a blind toggle). The answer
 * is the resulting favourites list: the spec's client reads only the status, ours reconciles with it.
 */
export const favoritesResponseSchema = z.object({
  favorites: entityIdListSchema,
});
export type FavoritesResponse = z.output<typeof favoritesResponseSchema>;

/** Path parameter {id} of /api/users/{id}/… */
export const userIdParamSchema = intIdParamSchema;

/**
 * POST /api/users/{id}/promote-to-seller and /demote-to-user take no body and answer the user's id and
 * new role; the admin panel shows its own fixed success text (SPEC §8).
 */
export const roleChangeResponseSchema = z.object({
  user_id: intIdSchema,
  role: roleSchema,
});
export type RoleChangeResponse = z.output<typeof roleChangeResponseSchema>;
