import { DEFAULT_FREE_CANCEL_HOURS } from '../../../../domain/cancellation';
import { MONEY } from './strings';

// How the money rules read on screen. Instants are shown in Crimean time (formatCrimeaInstant in
// src/domain/cancellation.ts), so the phone's own time zone cannot move a deadline.

/** An ISO instant as a Date, or null when it is missing or not a date. */
export function parseInstant(iso: string | undefined): Date | null {
  if (!iso) return null;
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** An excursion's cancellation policy in a line; an excursion without its own window has the default. */
export function cancelPolicyText(freeCancelHours: number | undefined): string {
  const hours = freeCancelHours ?? DEFAULT_FREE_CANCEL_HOURS;
  return hours > 0 ? MONEY.freeCancelHours(hours) : MONEY.noFreeCancel;
}
