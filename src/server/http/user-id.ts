import { parsePositiveIntId } from '../../domain/ids';

/** The largest id a users row can have (its id is a PostgreSQL integer). */
export const MAX_USER_ID = 2_147_483_647;

/**
 * A user id from a route segment, or null. Beyond PostgreSQL's integer range no user can exist, and
 * such a value sent to the database would fail there (a 500) instead of being refused here.
 */
export function parseUserId(text: string): number | null {
  const id = parsePositiveIntId(text);
  return id !== null && id <= MAX_USER_ID ? id : null;
}
