// HTTP-level names both ends must spell the same way: headers and the token's storage key. No zod
// here, so the app's first bundle can use them without pulling in the schema library.

/** Authenticated calls send `Authorization: Bearer {token}` (SPEC §7). */
export const AUTHORIZATION_HEADER = 'Authorization';
export const BEARER_PREFIX = 'Bearer ';

/**
 * Every queued (outbox) request carries its mutation id here; the server remembers processed keys per
 * user, so a replay after a lost answer changes nothing twice (ARCHITECTURE "Outbox").
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** The local-storage key of the access token (SPEC §9). */
export const ACCESS_TOKEN_STORAGE_KEY = 'access_token';

/** JSON content type; the favourites calls send it even without a body (SPEC §7). */
export const JSON_CONTENT_TYPE = 'application/json';

/** The Authorization header value for a token. */
export function bearer(token: string): string {
  return `${BEARER_PREFIX}${token}`;
}

/**
 * The token of an Authorization header value, or null when the header is missing or not a bearer one.
 * The scheme is matched case-insensitively, as RFC 7235 says schemes are.
 */
export function readBearerToken(header: string | null | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}
