import { clampPartySize, MIN_PARTY_SIZE } from '../../../../domain/availability';
import { isPickableDate } from '../../../../domain/date-picker';

// How a date and a party size travel to /excursions/date: as navigation state (SPEC §2) and in the
// URL as well, so a reload or a shared link opens the same list.

export const EXCURSIONS_BY_DATE_PATH = '/excursions/date';

export interface DateQuery {
  /** yyyy-MM-dd */
  date: string;
  quantity: number;
}

export function excursionsByDateHref({ date, quantity }: DateQuery): string {
  const params = new URLSearchParams({ date, qty: String(quantity) });
  return `${EXCURSIONS_BY_DATE_PATH}?${params.toString()}`;
}

function isDateQuery(value: unknown): value is DateQuery {
  if (typeof value !== 'object' || value === null) return false;
  const { date, quantity } = value as Record<string, unknown>;
  return typeof date === 'string' && typeof quantity === 'number';
}

/**
 * The date and party size from the navigation state, else from ?date=&qty=. A missing, malformed or
 * past date becomes today (past days cannot be picked, and their tours have left); a missing or
 * malformed size becomes the minimum.
 */
export function readDateQuery(state: unknown, search: URLSearchParams, today: string): DateQuery {
  const raw = isDateQuery(state)
    ? state
    : { date: search.get('date') ?? '', quantity: Number(search.get('qty') ?? MIN_PARTY_SIZE) };
  return {
    date: isPickableDate(raw.date, today) ? raw.date : today,
    quantity: clampPartySize(raw.quantity),
  };
}
