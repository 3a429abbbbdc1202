// Error bodies of SPEC §8 / ARCHITECTURE "Server rules": 4xx answers carry {detail} (auth, users,
// uploads, tickets, admin) or {message} (tours). Both shapes are kept because the spec's clients read
// exactly those fields.
import { z } from 'zod';

/** Error texts are for people and logs; a cap keeps a hostile body from flooding the UI. */
export const MAX_ERROR_TEXT_LENGTH = 2000;

const errorTextSchema = z.string().min(1).max(MAX_ERROR_TEXT_LENGTH);

/** {detail: string}: every error answer except the tour schedule calls. */
export const detailErrorSchema = z.object({ detail: errorTextSchema });
export type DetailError = z.output<typeof detailErrorSchema>;

/** {message: string}: POST and DELETE /api/tours. */
export const messageErrorSchema = z.object({ message: errorTextSchema });
export type MessageError = z.output<typeof messageErrorSchema>;

/**
 * The server's error text from any error body, or undefined when it has none, so a caller can write
 * `readErrorText(body) ?? 'Ошибка входа'` as SPEC §8 asks. Reads `detail` first, then `message`;
 * never throws, whatever the body is.
 */
export function readErrorText(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  for (const key of ['detail', 'message'] as const) {
    const value = record[key];
    if (typeof value === 'string' && value.trim().length > 0) return value.slice(0, MAX_ERROR_TEXT_LENGTH);
  }
  return undefined;
}
