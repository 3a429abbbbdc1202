// Route parameters and live messages carry ids as untrusted text; these checks reject malformed ones
// before they reach a lookup or a URL.

import type { EntityId } from './types';

const ENTITY_ID = /^[0-9a-f]{24}$/;
const POSITIVE_INT = /^[1-9][0-9]*$/;

/** Excursion, tour and ticket ids: exactly 24 lowercase hex characters. */
export function isEntityId(value: unknown): value is EntityId {
  return typeof value === 'string' && ENTITY_ID.test(value);
}

/** User, place and city ids: a safe integer above 0. */
export function isPositiveIntId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/**
 * A positive integer id from text such as a route segment ('12' → 12). Signs, leading zeros, spaces,
 * decimals and values beyond the safe-integer range give null, so '012' and '12abc' are not read as 12.
 */
export function parsePositiveIntId(text: string): number | null {
  if (!POSITIVE_INT.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}
