import type { KnownTicketStatus } from './types';
import { TICKET_STATUSES } from './types';
import { TICKET_STATUS_LABELS } from './strings';

export function isKnownTicketStatus(status: string): status is KnownTicketStatus {
  const known: readonly string[] = TICKET_STATUSES;
  return known.includes(status);
}

/** The Russian label of a ticket status; a value the app does not know is shown as it is (SPEC §4). */
export function ticketStatusLabel(status: string): string {
  return isKnownTicketStatus(status) ? TICKET_STATUS_LABELS[status] : status;
}

/**
 * A class name for styling a ticket by status ('to payment' → 'status-to-payment'). The raw value comes
 * from the server and may hold spaces or anything else, so it is reduced to [a-z0-9-]; the prefix keeps
 * the name from starting with a digit, and a value with nothing usable left gets a shared fallback.
 */
export function ticketStatusClassName(status: string): string {
  const slug = status
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `status-${slug === '' ? 'other' : slug}`;
}
