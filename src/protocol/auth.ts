// Login, registration and the e-mailed code (SPEC §7 /auth/*). Online only: the server decides.
// Error answers use {detail} (see errors.ts).
import { z } from 'zod';
import { userSchema } from './entities';
import { intIdSchema, submittedEmailSchema } from './primitives';

export const MIN_PASSWORD_LENGTH = 6;
/** A cap so a multi-megabyte "password" cannot make the password hash a denial of service. */
export const MAX_PASSWORD_LENGTH = 128;
export const VERIFICATION_CODE_LENGTH = 6;
export const MAX_ACCESS_TOKEN_LENGTH = 4096;

// Passwords are taken as typed: trimming would silently change a password with edge spaces.
export const passwordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, { error: `password must be at least ${MIN_PASSWORD_LENGTH} characters` })
  .max(MAX_PASSWORD_LENGTH);

/**
 * The referrer of a registration, from the /profile/login/{ref_id} link. Accepted as a positive integer
 * or its decimal text, and '' / null / absent for "none"; normalised to `number | null` so the server
 * stores one shape. Anything else (words, negatives, fractions) is refused: a broken referral link
 * should be noticed, and `normaliseReferrerId` lets the client drop it before sending.
 */
export const referrerIdSchema = z
  .union([
    intIdSchema,
    z
      .string()
      .trim()
      .regex(/^(?:[1-9]\d{0,15})?$/, { error: 'expected a referrer user id' }),
    z.null(),
  ])
  .optional()
  .transform((value, ctx): number | null => {
    if (value === undefined || value === null || value === '') return null;
    const id = typeof value === 'number' ? value : Number(value);
    if (!Number.isSafeInteger(id)) {
      ctx.issues.push({ code: 'custom', message: 'expected a referrer user id', input: value });
      return z.NEVER;
    }
    return id;
  });

/** Turns a route parameter or stored value into a referrer id, or null when it is not one. Never throws. */
export function normaliseReferrerId(raw: unknown): number | null {
  const result = referrerIdSchema.safeParse(raw);
  return result.success ? result.data : null;
}

/** POST /auth/register body. `refferalOf` keeps the spec's spelling: it is the wire name. */
export const registerRequestSchema = z.object({
  login_email: submittedEmailSchema,
  password: passwordSchema,
  refferalOf: referrerIdSchema,
});
export type RegisterRequest = z.output<typeof registerRequestSchema>;
export type RegisterRequestInput = z.input<typeof registerRequestSchema>;

/** POST /auth/login body. */
export const loginRequestSchema = z.object({
  login_email: submittedEmailSchema,
  password: passwordSchema,
});
export type LoginRequest = z.output<typeof loginRequestSchema>;

/**
 * Register and login both answer that a code was mailed; the client only needs a 2xx to move to the
 * code step (SPEC §7 does not show more), so the answer is a fixed marker.
 */
export const codeSentResponseSchema = z.object({
  status: z.literal('code_sent'),
});
export type CodeSentResponse = z.output<typeof codeSentResponseSchema>;

/** Six digits; surrounding spaces from a paste are forgiven, nothing else is. */
export const verificationCodeSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), {
    error: `expected ${VERIFICATION_CODE_LENGTH} digits`,
  });

/** POST /auth/verify-2fa body. */
export const verifyCodeRequestSchema = z.object({
  login_email: submittedEmailSchema,
  code: verificationCodeSchema,
});
export type VerifyCodeRequest = z.output<typeof verifyCodeRequestSchema>;

export const accessTokenSchema = z.string().min(1).max(MAX_ACCESS_TOKEN_LENGTH);

/** POST /auth/verify-2fa answer: the profile and the bearer token kept under ACCESS_TOKEN_STORAGE_KEY. */
export const authResponseSchema = z.object({
  user_data: userSchema,
  access_token: accessTokenSchema,
});
export type AuthResponse = z.output<typeof authResponseSchema>;

/** POST /auth/password-reset body ('Забыли пароль?'): the account's e-mail. */
export const passwordResetRequestSchema = z.object({
  email: submittedEmailSchema,
});
export type PasswordResetRequest = z.output<typeof passwordResetRequestSchema>;

/**
 * POST /auth/password-reset answer: the same whether or not the e-mail has an account, so the answer
 * does not tell which addresses are registered.
 */
export const passwordResetResponseSchema = z.object({
  ok: z.literal(true),
});
export type PasswordResetResponse = z.output<typeof passwordResetResponseSchema>;

/**
 * POST /auth/password-reset/confirm body: the mailed code and the new password, under the same rules
 * as a registration's. The answer is verify-2fa's (authResponseSchema).
 */
export const passwordResetConfirmSchema = z.object({
  email: submittedEmailSchema,
  code: verificationCodeSchema,
  password: passwordSchema,
});
export type PasswordResetConfirmRequest = z.output<typeof passwordResetConfirmSchema>;
