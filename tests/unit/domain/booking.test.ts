import { describe, it, expect } from 'vitest';
import {
  applyTourChange,
  bookableTours,
  bookingRequest,
  canDecrementAdults,
  canDecrementKids,
  canGoToSeats,
  canIncrementAdults,
  canIncrementKids,
  canPayAtCountStep,
  clampCounts,
  countLimits,
  decrementAdults,
  decrementKids,
  hasSeatStep,
  incrementAdults,
  incrementKids,
  isPlacesLeftCritical,
  placesLeft,
  placesLeftLabel,
  setAdults,
  setKids,
} from '../../../src/domain/booking';
import { makeExcursion, makeTour } from './fixtures';

const open = { capacity: 5, childrenAllowed: true };

describe('places left', () => {
  it('is maxAttendants minus the registered attendees', () => {
    expect(placesLeft({ maxAttendants: 20 }, { attendantsRegistred: 15 })).toBe(5);
  });

  it("reads 'Осталось мест: N'", () => {
    expect(placesLeftLabel(5)).toBe('Осталось мест: 5');
  });

  it('is shown red at 0 or below, normal above', () => {
    expect(isPlacesLeftCritical(1)).toBe(false);
    expect(isPlacesLeftCritical(0)).toBe(true);
    expect(isPlacesLeftCritical(-2)).toBe(true);
  });
});

describe('countLimits', () => {
  it('uses maxAttendants minus the registered attendees without a seat map', () => {
    const excursion = makeExcursion({ maxAttendants: 20, busType: 'none' });
    expect(countLimits(excursion, makeTour({ attendantsRegistred: 15 })).capacity).toBe(5);
  });

  it('never reports a negative capacity', () => {
    const excursion = makeExcursion({ maxAttendants: 10, busType: 'none' });
    expect(countLimits(excursion, makeTour({ attendantsRegistred: 12 })).capacity).toBe(0);
  });

  it('is also held to the free seats when there is a seat map', () => {
    const excursion = makeExcursion({ maxAttendants: 20, busType: 'van' });
    const tour = makeTour({ attendantsRegistred: 10, emptySeats: [3, 4, 7] });
    expect(countLimits(excursion, tour).capacity).toBe(3);
  });

  it('carries whether children may come', () => {
    const excursion = makeExcursion({ childrenAllowed: false });
    expect(countLimits(excursion, makeTour()).childrenAllowed).toBe(false);
  });
});

describe('clampCounts', () => {
  it('keeps counts that fit', () => {
    expect(clampCounts({ adults: 2, kids: 3 }, open)).toEqual({ adults: 2, kids: 3 });
  });

  it('raises adults to at least 1 and kids to at least 0', () => {
    expect(clampCounts({ adults: 0, kids: -1 }, open)).toEqual({ adults: 1, kids: 0 });
  });

  it('cuts kids first when the party is too big', () => {
    expect(clampCounts({ adults: 3, kids: 4 }, open)).toEqual({ adults: 3, kids: 2 });
  });

  it('cuts adults to the capacity when they alone exceed it', () => {
    expect(clampCounts({ adults: 9, kids: 2 }, open)).toEqual({ adults: 5, kids: 0 });
  });

  it('drops adults to 0 on a tour with no places left, which blocks booking', () => {
    const counts = clampCounts({ adults: 2, kids: 1 }, { capacity: 0, childrenAllowed: true });
    expect(counts).toEqual({ adults: 0, kids: 0 });
    expect(canGoToSeats(counts)).toBe(false);
  });

  it('keeps kids at 0 when children are not allowed', () => {
    expect(clampCounts({ adults: 1, kids: 2 }, { capacity: 5, childrenAllowed: false })).toEqual({
      adults: 1,
      kids: 0,
    });
  });

  it('treats typed fractions and non-numbers as whole numbers', () => {
    expect(clampCounts({ adults: 2.7, kids: Number.NaN }, open)).toEqual({ adults: 2, kids: 0 });
  });
});

describe('plus and minus', () => {
  it('adds an adult while there is room', () => {
    expect(incrementAdults({ adults: 1, kids: 1 }, open)).toEqual({ adults: 2, kids: 1 });
  });

  it('refuses a sixth person when five places are left', () => {
    const full = { adults: 3, kids: 2 };
    expect(canIncrementAdults(full, open)).toBe(false);
    expect(canIncrementKids(full, open)).toBe(false);
    expect(incrementAdults(full, open)).toEqual(full);
    expect(incrementKids(full, open)).toEqual(full);
  });

  it('never takes adults below 1', () => {
    expect(canDecrementAdults({ adults: 1, kids: 0 })).toBe(false);
    expect(decrementAdults({ adults: 1, kids: 0 }, open)).toEqual({ adults: 1, kids: 0 });
    expect(decrementAdults({ adults: 3, kids: 0 }, open)).toEqual({ adults: 2, kids: 0 });
  });

  it('never takes kids below 0', () => {
    expect(canDecrementKids({ adults: 1, kids: 0 })).toBe(false);
    expect(decrementKids({ adults: 1, kids: 0 }, open)).toEqual({ adults: 1, kids: 0 });
    expect(decrementKids({ adults: 1, kids: 2 }, open)).toEqual({ adults: 1, kids: 1 });
  });

  it('offers no kid plus when children are not allowed', () => {
    const noKids = { capacity: 5, childrenAllowed: false };
    expect(canIncrementKids({ adults: 1, kids: 0 }, noKids)).toBe(false);
    expect(incrementKids({ adults: 1, kids: 0 }, noKids)).toEqual({ adults: 1, kids: 0 });
  });

  it('clamps typed values like the buttons', () => {
    expect(setAdults({ adults: 1, kids: 2 }, 10, open)).toEqual({ adults: 5, kids: 0 });
    expect(setKids({ adults: 2, kids: 0 }, 10, open)).toEqual({ adults: 2, kids: 3 });
    expect(setAdults({ adults: 2, kids: 0 }, 0, open)).toEqual({ adults: 1, kids: 0 });
  });
});

describe('steps', () => {
  it('has a seat step only for a bus with a seat map', () => {
    expect(hasSeatStep('coach')).toBe(true);
    expect(hasSeatStep('van')).toBe(true);
    expect(hasSeatStep('none')).toBe(false);
  });

  it('enables К выбору мест only with at least one adult', () => {
    expect(canGoToSeats({ adults: 1, kids: 0 })).toBe(true);
    expect(canGoToSeats({ adults: 0, kids: 2 })).toBe(false);
  });

  it('offers payment on the count step only for busType none', () => {
    expect(canPayAtCountStep('none', { adults: 2, kids: 1 }, open)).toBe(true);
    expect(canPayAtCountStep('coach', { adults: 2, kids: 1 }, open)).toBe(false);
    expect(canPayAtCountStep('none', { adults: 0, kids: 1 }, open)).toBe(false);
    expect(canPayAtCountStep('none', { adults: 4, kids: 2 }, open)).toBe(false);
  });
});

describe('applyTourChange', () => {
  const coach = makeExcursion({ maxAttendants: 50, busType: 'coach' });

  it('clamps the counts to the new tour’s free seats', () => {
    const tour = makeTour({ attendantsRegistred: 47, emptySeats: [10, 11, 12] });
    const next = applyTourChange({ counts: { adults: 2, kids: 2 }, seats: [] }, coach, tour);
    expect(next.counts).toEqual({ adults: 2, kids: 1 });
  });

  it('drops chosen seats that are not free on the new tour', () => {
    const tour = makeTour({ attendantsRegistred: 0, emptySeats: [1, 2, 3, 5] });
    const next = applyTourChange({ counts: { adults: 3, kids: 0 }, seats: [2, 4, 5] }, coach, tour);
    expect(next.seats).toEqual([2, 5]);
    expect(next.counts).toEqual({ adults: 3, kids: 0 });
  });

  it('lets go of the seats chosen last when the party had to shrink', () => {
    const tour = makeTour({ attendantsRegistred: 48, emptySeats: [6, 7, 8] });
    const next = applyTourChange({ counts: { adults: 3, kids: 0 }, seats: [8, 7, 6] }, coach, tour);
    expect(next.counts).toEqual({ adults: 2, kids: 0 });
    expect(next.seats).toEqual([8, 7]);
  });

  it('keeps everything that still fits', () => {
    const tour = makeTour({ attendantsRegistred: 0, emptySeats: [1, 2, 3, 4] });
    const selection = { counts: { adults: 1, kids: 1 }, seats: [3, 1] };
    expect(applyTourChange(selection, coach, tour)).toEqual(selection);
  });
});

describe('bookableTours', () => {
  // 10:00 in Crimea (UTC+3) on 2026-11-23.
  const now = new Date('2026-11-23T07:00:00Z');

  it('keeps only tours after the current minute, earliest first', () => {
    const past = makeTour({ _id: 'a', date: '2026-11-22', time: '12:00' });
    const startingNow = makeTour({ _id: 'b', date: '2026-11-23', time: '10:00' });
    const later = makeTour({ _id: 'c', date: '2026-11-23', time: '10:01' });
    const tomorrow = makeTour({ _id: 'd', date: '2026-11-24', time: '09:00' });
    expect(bookableTours([tomorrow, startingNow, later, past], now).map((t) => t._id)).toEqual(['c', 'd']);
  });

  it('orders a stray unpadded time before a later one and breaks ties by id', () => {
    const nine = makeTour({ _id: 'z', date: '2026-11-24', time: '9:00' });
    const ten = makeTour({ _id: 'a', date: '2026-11-24', time: '10:00' });
    const tenToo = makeTour({ _id: 'b', date: '2026-11-24', time: '10:00' });
    expect(bookableTours([tenToo, ten, nine], now).map((t) => t._id)).toEqual(['z', 'a', 'b']);
  });
});

describe('bookingRequest', () => {
  const excursion = makeExcursion({
    busType: 'coach',
    adultPrice: 2000,
    kidPrice: 1200,
    adultEntryPrice: 500,
    kidEntryPrice: 300,
  });
  const draft = {
    tourId: 'tour-1',
    userId: 4,
    assemblyPoint: 'Ялта, набережная',
    selection: { counts: { adults: 2, kids: 1 }, seats: [12, 3, 7] },
    services: [
      { name: 'Обед', price: 400, selected: true },
      { name: 'Аудиогид', price: 150, selected: false },
    ],
  };

  it('prices the party like the server and sends only the ticked services', () => {
    expect(bookingRequest(excursion, draft)).toEqual({
      tourID: 'tour-1',
      userID: 4,
      adults: 2,
      kids: 1,
      seats: [3, 7, 12],
      assemblyPoint: 'Ялта, набережная',
      services: [{ name: 'Обед', price: 400 }],
      // 2*2000 + 1200 + 400*3
      excursionPrice: 6400,
      // 2*500 + 300
      entryPrice: 1300,
    });
  });

  it('sends no seats for an excursion without a seat map', () => {
    const none = makeExcursion({ ...excursion, busType: 'none' });
    expect(bookingRequest(none, draft).seats).toEqual([]);
  });
});
