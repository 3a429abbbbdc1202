import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arrangeList } from '../../../src/client/db/queries/catalogue';
import { nearestCandidates } from '../../../src/client/db/queries/tours';
import { nearestToursByExcursion } from '../../../src/domain/availability';
import { SORT_KEYS, sortExcursions } from '../../../src/domain/sorting';
import type { Tour } from '../../../src/domain/types';
import { hexId, makeExcursion, makeTour } from '../domain/fixtures';

// Lists keep only nearestCandidates of the day's tours and re-derive nearest dates from them every
// minute. That is sound only if it gives exactly what the domain gives over all tours, at any minute.

const TODAY = '2026-06-10';
const excursions = [1, 2, 3, 4].map((n) =>
  makeExcursion({ _id: hexId(n), popularity: n % 3, adultPrice: 1000 * n }),
);

const tourArb = fc.record({
  id: fc.integer({ min: 100, max: 140 }),
  excursion: fc.integer({ min: 1, max: 4 }),
  day: fc.integer({ min: 9, max: 13 }),
  hour: fc.integer({ min: 0, max: 23 }),
  minute: fc.constantFrom(0, 30),
});

function toTours(
  raw: { id: number; excursion: number; day: number; hour: number; minute: number }[],
): Tour[] {
  // Unique ids, as in the replica.
  const byId = new Map(
    raw.map((t) => [
      t.id,
      makeTour({
        _id: hexId(t.id),
        excursionID: hexId(t.excursion),
        date: `2026-06-${String(t.day).padStart(2, '0')}`,
        time: `${t.hour}:${String(t.minute).padStart(2, '0')}`,
      }),
    ]),
  );
  return [...byId.values()];
}

/** A minute of TODAY in Crimea (UTC+3). */
const minuteOfToday = fc
  .integer({ min: 0, max: 24 * 60 - 1 })
  .map((m) => new Date(Date.parse(`${TODAY}T00:00:00+03:00`) + m * 60_000));

describe('nearest candidates', () => {
  it("give every excursion the same nearest tour as all of the day's tours, at any minute of the day", () => {
    fc.assert(
      fc.property(fc.array(tourArb, { maxLength: 40 }), minuteOfToday, (raw, now) => {
        const fromToday = toTours(raw).filter((t) => t.date >= TODAY);
        expect(nearestToursByExcursion(nearestCandidates(fromToday, TODAY), now)).toEqual(
          nearestToursByExcursion(fromToday, now),
        );
      }),
    );
  });

  it('sort lists exactly as the domain sorts them over all tours', () => {
    fc.assert(
      fc.property(fc.array(tourArb, { maxLength: 40 }), minuteOfToday, (raw, now) => {
        const fromToday = toTours(raw).filter((t) => t.date >= TODAY);
        const source = { excursions, tours: nearestCandidates(fromToday, TODAY) };
        for (const key of SORT_KEYS) {
          expect(arrangeList(source, key, now).excursions).toEqual(
            sortExcursions(excursions, key, fromToday, now),
          );
        }
      }),
    );
  });

  it("sort the same with the minute's nearest tours kept across tabs, and hand the kept ones on", () => {
    fc.assert(
      fc.property(fc.array(tourArb, { maxLength: 40 }), minuteOfToday, (raw, now) => {
        const fromToday = toTours(raw).filter((t) => t.date >= TODAY);
        const source = { excursions, tours: nearestCandidates(fromToday, TODAY) };
        const kept = nearestToursByExcursion(source.tours, now);
        for (const key of SORT_KEYS) {
          const list = arrangeList(source, key, now, kept);
          expect(list.excursions).toEqual(sortExcursions(excursions, key, fromToday, now));
          // The same map on every tab: the cards' nearest dates are not derived again.
          expect(list.nearest).toBe(kept);
        }
      }),
    );
  });
});
