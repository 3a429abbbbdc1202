// Parsing text from the outside world (a WS frame, a multipart JSON part) into a typed value without
// ever throwing: a malformed message is an answer, not a crash (ARCHITECTURE "Server rules").
import type { z } from 'zod';

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: string };

/** Error texts sent back over the wire stay short; the full issue list is for logs only. */
const MAX_PARSE_ERROR_LENGTH = 300;

/** One line describing the first problem, e.g. "data.channels.0: Invalid option". */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid input';
  const path = issue.path.map(String).join('.');
  const text = path ? `${path}: ${issue.message}` : issue.message;
  return text.slice(0, MAX_PARSE_ERROR_LENGTH);
}

/** Validates an already decoded value. Never throws, even if a transform does. */
export function parseValue<S extends z.ZodType>(schema: S, value: unknown): ParseResult<z.output<S>> {
  try {
    const result = schema.safeParse(value);
    return result.success
      ? { ok: true, value: result.data }
      : { ok: false, error: describeZodError(result.error) };
  } catch {
    return { ok: false, error: 'invalid input' };
  }
}

/** Decodes JSON text and validates it. Never throws. */
export function parseJsonText<S extends z.ZodType>(schema: S, text: string): ParseResult<z.output<S>> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: 'not valid JSON' };
  }
  return parseValue(schema, value);
}

/**
 * True when a decoded value holds U+0000 in any string or key. PostgreSQL text cannot store it, so
 * such input is refused as malformed before it reaches a query (where it would fail as a 500).
 */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\0') || containsNul(item, depth + 1));
}
