import { describe, it, expect } from 'vitest';
import {
  canPayAtSeatStep,
  dropUnavailableSeats,
  seatClickOutcome,
  seatsStillNeeded,
  toggleSeat,
  trimSeatsToParty,
} from '../../../src/domain/seat-selection';

const free = [1, 2, 3, 4, 5, 6, 7];

describe('toggleSeat', () => {
  it('selects a free seat while the party needs more seats', () => {
    expect(toggleSeat([1], 3, free, 2)).toEqual([1, 3]);
  });

  it('deselects a chosen seat when clicked again', () => {
    expect(toggleSeat([1, 3], 1, free, 2)).toEqual([3]);
    expect(seatClickOutcome([1, 3], 1, free, 2)).toBe('deselected');
  });

  it('refuses a seat that is not free', () => {
    const chosen = [1];
    expect(toggleSeat(chosen, 9, free, 3)).toBe(chosen);
    expect(seatClickOutcome(chosen, 9, free, 3)).toBe('not-free');
  });

  it('rejects a third seat for a party of two', () => {
    const chosen = [1, 2];
    expect(toggleSeat(chosen, 3, free, 2)).toBe(chosen);
    expect(seatClickOutcome(chosen, 3, free, 2)).toBe('party-full');
  });

  it('still deselects when the party is full', () => {
    expect(toggleSeat([1, 2], 2, free, 2)).toEqual([1]);
  });

  it('keeps the click order', () => {
    expect(toggleSeat(toggleSeat([], 5, free, 3), 2, free, 3)).toEqual([5, 2]);
  });
});

describe('canPayAtSeatStep', () => {
  it('opens payment when one seat per person is chosen', () => {
    expect(canPayAtSeatStep([1, 2, 3], { adults: 2, kids: 1 })).toBe(true);
  });

  it('keeps payment closed with too few seats', () => {
    expect(canPayAtSeatStep([1, 2], { adults: 2, kids: 1 })).toBe(false);
  });

  it('keeps payment closed with too many seats, e.g. after the party shrank', () => {
    expect(canPayAtSeatStep([1, 2, 3], { adults: 2, kids: 0 })).toBe(false);
  });

  it('keeps payment closed without an adult', () => {
    expect(canPayAtSeatStep([], { adults: 0, kids: 0 })).toBe(false);
  });
});

describe('keeping the choice consistent', () => {
  it('drops seats that are no longer free', () => {
    expect(dropUnavailableSeats([2, 9, 4], [1, 2, 3, 4])).toEqual([2, 4]);
  });

  it('trims the seats chosen last down to the party size', () => {
    expect(trimSeatsToParty([5, 2, 7], 2)).toEqual([5, 2]);
    expect(trimSeatsToParty([5, 2], 0)).toEqual([]);
    expect(trimSeatsToParty([5, 2], 4)).toEqual([5, 2]);
  });

  it('counts the seats still to choose', () => {
    expect(seatsStillNeeded([1], { adults: 2, kids: 1 })).toBe(2);
    expect(seatsStillNeeded([1, 2, 3, 4], { adults: 2, kids: 1 })).toBe(0);
  });
});
