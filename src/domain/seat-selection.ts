// The booking's seat step (SPEC §5): which clicks change the chosen seats, and when payment opens.

import type { PartySize } from './pricing';

export type SeatClickOutcome = 'selected' | 'deselected' | 'not-free' | 'party-full';

/**
 * What a click on a seat does: a chosen seat is released, a free seat is taken while the party still
 * needs seats, anything else is refused. The outcome lets the UI explain a refused click.
 */
export function seatClickOutcome(
  chosen: readonly number[],
  seat: number,
  freeSeats: readonly number[],
  partySize: number,
): SeatClickOutcome {
  if (chosen.includes(seat)) return 'deselected';
  if (!freeSeats.includes(seat)) return 'not-free';
  if (chosen.length >= partySize) return 'party-full';
  return 'selected';
}

/**
 * The chosen seats after a click, in click order. A refused click returns the same array, so a UI
 * that compares by reference does not re-render.
 */
export function toggleSeat(
  chosen: readonly number[],
  seat: number,
  freeSeats: readonly number[],
  partySize: number,
): readonly number[] {
  switch (seatClickOutcome(chosen, seat, freeSeats, partySize)) {
    case 'deselected':
      return chosen.filter((s) => s !== seat);
    case 'selected':
      return [...chosen, seat];
    case 'not-free':
    case 'party-full':
      return chosen;
  }
}

/** Payment at the seat step opens only when exactly one seat per person is chosen. */
export function canPayAtSeatStep(chosen: readonly number[], party: PartySize): boolean {
  return party.adults >= 1 && chosen.length === party.adults + party.kids;
}

/** Keeps only the chosen seats that are still free. */
export function dropUnavailableSeats(chosen: readonly number[], freeSeats: readonly number[]): number[] {
  const free = new Set(freeSeats);
  return chosen.filter((s) => free.has(s));
}

/** When the party shrinks, the seats chosen last are let go first. */
export function trimSeatsToParty(chosen: readonly number[], partySize: number): number[] {
  return chosen.slice(0, Math.max(0, partySize));
}

/** How many seats are still to be chosen. */
export function seatsStillNeeded(chosen: readonly number[], party: PartySize): number {
  return Math.max(0, party.adults + party.kids - chosen.length);
}
