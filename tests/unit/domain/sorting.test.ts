import { describe, it, expect } from 'vitest';
import type { Excursion, Tour } from '../../../src/domain/types';
import { SORT_KEYS, isSortKey, sortExcursions, sortTabLabel } from '../../../src/domain/sorting';
import { NOW, hexId, makeExcursion, makeTour } from './fixtures';

function ids(list: readonly Excursion[]): string[] {
  return list.map((e) => e._id);
}

const a = makeExcursion({ _id: hexId(1), popularity: 10, adultPrice: 3000, adultEntryPrice: 0 });
const b = makeExcursion({ _id: hexId(2), popularity: 50, adultPrice: 1500, adultEntryPrice: 1000 });
const c = makeExcursion({ _id: hexId(3), popularity: 30, adultPrice: 1000, adultEntryPrice: 200 });
const d = makeExcursion({ _id: hexId(4), popularity: 40, adultPrice: 4000, adultEntryPrice: 0 });

describe('sort keys', () => {
  it('has the four sorts with their Russian tab labels', () => {
    expect(SORT_KEYS.map(sortTabLabel)).toEqual(['Ближайшие', 'Популярные', 'Подешевле', 'Подороже']);
  });

  it('recognises only the four keys', () => {
    expect(isSortKey('cheaper')).toBe(true);
    expect(isSortKey('cheapest')).toBe(false);
  });
});

describe('nearest', () => {
  // NOW is 2026-11-21 12:00 in Crimea.
  const tours: Tour[] = [
    makeTour({ _id: hexId(101), excursionID: a._id, date: '2026-11-25', time: '09:00' }),
    makeTour({ _id: hexId(102), excursionID: b._id, date: '2026-11-22', time: '10:00' }),
    makeTour({ _id: hexId(103), excursionID: b._id, date: '2026-11-30', time: '10:00' }),
    makeTour({ _id: hexId(104), excursionID: c._id, date: '2026-11-22', time: '08:00' }),
  ];

  it('puts the earliest upcoming tour first', () => {
    expect(ids(sortExcursions([a, b, c], 'nearest', tours, NOW))).toEqual([c._id, b._id, a._id]);
  });

  it('puts excursions without tours last', () => {
    expect(ids(sortExcursions([d, a, c], 'nearest', tours, NOW))).toEqual([c._id, a._id, d._id]);
  });

  it('ignores tours that are already over', () => {
    const past = makeTour({ _id: hexId(105), excursionID: a._id, date: '2026-11-21', time: '11:59' });
    expect(ids(sortExcursions([a, c], 'nearest', [...tours, past], NOW))).toEqual([c._id, a._id]);
  });

  it('counts a tour starting at this very minute as upcoming', () => {
    const now = makeTour({ _id: hexId(106), excursionID: a._id, date: '2026-11-21', time: '12:00' });
    expect(ids(sortExcursions([c, a], 'nearest', [...tours, now], NOW))).toEqual([a._id, c._id]);
  });

  it('sorts an excursion whose tours are all past with those without tours, by popularity', () => {
    const onlyPast = [makeTour({ _id: hexId(107), excursionID: a._id, date: '2026-11-01', time: '09:00' })];
    // Neither has an upcoming tour: d (40) before a (10).
    expect(ids(sortExcursions([a, d], 'nearest', onlyPast, NOW))).toEqual([d._id, a._id]);
  });

  it('breaks a tie in date-time by popularity, highest first', () => {
    const same = [
      makeTour({ _id: hexId(108), excursionID: a._id, date: '2026-11-22', time: '08:00' }),
      makeTour({ _id: hexId(109), excursionID: d._id, date: '2026-11-22', time: '08:00' }),
    ];
    expect(ids(sortExcursions([a, d], 'nearest', same, NOW))).toEqual([d._id, a._id]);
  });

  it('compares times as times even when one is written without a leading zero', () => {
    const mixed = [
      makeTour({ _id: hexId(110), excursionID: a._id, date: '2026-11-22', time: '10:00' }),
      makeTour({ _id: hexId(111), excursionID: d._id, date: '2026-11-22', time: '9:00' }),
    ];
    expect(ids(sortExcursions([a, d], 'nearest', mixed, NOW))).toEqual([d._id, a._id]);
  });
});

describe('popular', () => {
  it('orders by popularity, highest first', () => {
    expect(ids(sortExcursions([a, b, c, d], 'popular', [], NOW))).toEqual([b._id, d._id, c._id, a._id]);
  });
});

describe('cheaper and pricier', () => {
  // Card prices: a 3000, b 2500, c 1200, d 4000.
  it('orders by adult price plus adult entry price, ascending', () => {
    expect(ids(sortExcursions([a, b, c, d], 'cheaper', [], NOW))).toEqual([c._id, b._id, a._id, d._id]);
  });

  it('orders by adult price plus adult entry price, descending', () => {
    expect(ids(sortExcursions([a, b, c, d], 'pricier', [], NOW))).toEqual([d._id, a._id, b._id, c._id]);
  });

  it('counts the entry price, so a lower ticket price can still sort later', () => {
    const withEntry = makeExcursion({ _id: hexId(5), adultPrice: 900, adultEntryPrice: 700 });
    const without = makeExcursion({ _id: hexId(6), adultPrice: 1500, adultEntryPrice: 0 });
    expect(ids(sortExcursions([withEntry, without], 'cheaper', [], NOW))).toEqual([
      without._id,
      withEntry._id,
    ]);
  });
});

describe('determinism', () => {
  it('does not change the input array', () => {
    const input = [a, b, c];
    sortExcursions(input, 'popular', [], NOW);
    expect(ids(input)).toEqual([a._id, b._id, c._id]);
  });

  it('orders full ties by _id whatever the input order', () => {
    const x = makeExcursion({ _id: hexId(0xbb), popularity: 5, adultPrice: 100 });
    const y = makeExcursion({ _id: hexId(0xaa), popularity: 5, adultPrice: 100 });
    const z = makeExcursion({ _id: hexId(0xcc), popularity: 5, adultPrice: 100 });
    for (const key of SORT_KEYS) {
      expect(ids(sortExcursions([x, y, z], key, [], NOW))).toEqual([y._id, x._id, z._id]);
      expect(ids(sortExcursions([z, x, y], key, [], NOW))).toEqual([y._id, x._id, z._id]);
    }
  });

  it('breaks price ties by popularity before _id', () => {
    const low = makeExcursion({ _id: hexId(1), popularity: 1, adultPrice: 100 });
    const high = makeExcursion({ _id: hexId(2), popularity: 9, adultPrice: 100 });
    expect(ids(sortExcursions([low, high], 'cheaper', [], NOW))).toEqual([high._id, low._id]);
  });
});

describe('scale', () => {
  it('sorts 5,000 excursions against 100,000 tours, those without a tour last', () => {
    const excursions = Array.from({ length: 5000 }, (_, i) =>
      makeExcursion({
        _id: hexId(i + 1),
        popularity: (i * 7919) % 1000,
        adultPrice: 500 + ((i * 31) % 5000),
      }),
    );
    const tours = Array.from({ length: 100_000 }, (_, i) => {
      const day = 1 + (i % 28);
      return makeTour({
        _id: hexId(1_000_000 + i),
        excursionID: hexId(1 + (i % 4000)),
        date: `2026-12-${String(day).padStart(2, '0')}`,
        time: `${String(8 + (i % 10)).padStart(2, '0')}:00`,
      });
    });
    const sorted = sortExcursions(excursions, 'nearest', tours, NOW);

    expect(sorted).toHaveLength(5000);
    // Excursions 4001..5000 have no tours and must all be at the end.
    expect(sorted.slice(4000).every((e) => parseInt(e._id, 16) > 4000)).toBe(true);
  });
});
