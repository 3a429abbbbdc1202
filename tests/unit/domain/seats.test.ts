import { describe, it, expect } from 'vitest';
import type { SeatCell, SeatLayout } from '../../../src/domain/seats';
import {
  allSeatNumbers,
  defaultRows,
  hasSeatLayout,
  isSeatNumber,
  normaliseRows,
  seatCount,
  seatLayout,
  seatState,
} from '../../../src/domain/seats';

function seatNumbersOf(layout: SeatLayout): number[] {
  return layout.rows.flat().flatMap((cell) => (cell.kind === 'seat' ? [cell.number] : []));
}

function kinds(row: SeatCell[] | undefined): string[] {
  return (row ?? []).map((cell) => (cell.kind === 'seat' ? String(cell.number) : cell.kind));
}

function countKind(layout: SeatLayout, kind: SeatCell['kind']): number {
  return layout.rows.flat().filter((cell) => cell.kind === kind).length;
}

describe('seatCount', () => {
  it('gives a coach rows*4-2 seats', () => {
    expect(seatCount('coach', 13)).toBe(50);
    expect(seatCount('coach', 1)).toBe(2);
    expect(seatCount('coach', 2)).toBe(6);
  });

  it('gives a van 2+rows*3 seats', () => {
    expect(seatCount('van', 5)).toBe(17);
    expect(seatCount('van', 1)).toBe(5);
    expect(seatCount('van', 2)).toBe(8);
  });

  it("gives 'none' no seats", () => {
    expect(seatCount('none', 13)).toBe(0);
  });

  it('never counts fewer than one row', () => {
    expect(seatCount('coach', 0)).toBe(2);
    expect(seatCount('van', -3)).toBe(5);
  });
});

describe('rows', () => {
  it('defaults to 13 rows for a coach and 5 for a van', () => {
    expect(defaultRows('coach')).toBe(13);
    expect(defaultRows('van')).toBe(5);
  });

  it("gives 'none' no rows", () => {
    expect(defaultRows('none')).toBe(0);
    expect(hasSeatLayout('none')).toBe(false);
  });

  it('floors fractions and lifts anything below 1 or not a number to 1', () => {
    expect(normaliseRows(4.7)).toBe(4);
    expect(normaliseRows(0)).toBe(1);
    expect(normaliseRows(Number.NaN)).toBe(1);
    expect(normaliseRows(Number.POSITIVE_INFINITY)).toBe(1);
  });
});

describe('allSeatNumbers', () => {
  it('numbers seats sequentially from 1', () => {
    expect(allSeatNumbers('van', 1)).toEqual([1, 2, 3, 4, 5]);
    expect(allSeatNumbers('coach', 13)).toHaveLength(50);
    expect(allSeatNumbers('coach', 13).at(-1)).toBe(50);
  });

  it("is empty for 'none'", () => {
    expect(allSeatNumbers('none', 5)).toEqual([]);
  });

  it('knows which numbers belong to the bus', () => {
    expect(isSeatNumber('coach', 2, 6)).toBe(true);
    expect(isSeatNumber('coach', 2, 7)).toBe(false);
    expect(isSeatNumber('coach', 2, 0)).toBe(false);
    expect(isSeatNumber('coach', 2, 1.5)).toBe(false);
  });
});

describe('coach layout', () => {
  it('is 5 columns wide on every row', () => {
    const layout = seatLayout('coach', 13);
    expect(layout?.columns).toBe(5);
    for (const row of layout?.rows ?? []) expect(row).toHaveLength(5);
  });

  it('has a cabin row with the wheel, then a first row of two seats plus the door', () => {
    const layout = seatLayout('coach', 3);
    expect(kinds(layout?.rows[0])).toEqual(['wheel', 'empty', 'aisle', 'empty', 'empty']);
    expect(kinds(layout?.rows[1])).toEqual(['1', '2', 'aisle', 'empty', 'door']);
  });

  it('seats four per later row, numbered left to right across the aisle', () => {
    const layout = seatLayout('coach', 3);
    expect(kinds(layout?.rows[2])).toEqual(['3', '4', 'aisle', '5', '6']);
    expect(kinds(layout?.rows[3])).toEqual(['7', '8', 'aisle', '9', '10']);
  });

  it('draws exactly rows*4-2 seats, numbered 1 to the count, plus one wheel and one door', () => {
    for (const rows of [1, 2, 5, 13, 20]) {
      const layout = seatLayout('coach', rows);
      if (!layout) throw new Error('coach must have a layout');
      expect(layout.rows).toHaveLength(rows + 1);
      expect(seatNumbersOf(layout)).toEqual(allSeatNumbers('coach', rows));
      expect(countKind(layout, 'wheel')).toBe(1);
      expect(countKind(layout, 'door')).toBe(1);
    }
  });
});

describe('van layout', () => {
  it('puts cabin seats 1 and 2 beside the wheel', () => {
    expect(kinds(seatLayout('van', 5)?.rows[0])).toEqual(['wheel', 'empty', '1', '2']);
  });

  it('has a first row with seats 3 and 4 and the door', () => {
    expect(kinds(seatLayout('van', 5)?.rows[1])).toEqual(['3', '4', 'aisle', 'door']);
  });

  it('seats three per middle row, with the aisle kept free', () => {
    const layout = seatLayout('van', 5);
    expect(kinds(layout?.rows[2])).toEqual(['5', '6', 'aisle', '7']);
    expect(kinds(layout?.rows[4])).toEqual(['11', '12', 'aisle', '13']);
  });

  it('fills the aisle of the last row with an extra middle seat', () => {
    expect(kinds(seatLayout('van', 5)?.rows[5])).toEqual(['14', '15', '16', '17']);
  });

  it('with one row, puts seats 3, 4, the middle seat 5 and the door in it', () => {
    const layout = seatLayout('van', 1);
    expect(layout?.rows).toHaveLength(2);
    expect(kinds(layout?.rows[1])).toEqual(['3', '4', '5', 'door']);
  });

  it('draws exactly 2+rows*3 seats, numbered 1 to the count, on 4 columns, with one wheel and one door', () => {
    for (const rows of [1, 2, 3, 5, 9]) {
      const layout = seatLayout('van', rows);
      if (!layout) throw new Error('van must have a layout');
      expect(layout.columns).toBe(4);
      for (const row of layout.rows) expect(row).toHaveLength(4);
      expect(seatNumbersOf(layout)).toEqual(allSeatNumbers('van', rows));
      expect(countKind(layout, 'wheel')).toBe(1);
      expect(countKind(layout, 'door')).toBe(1);
    }
  });
});

describe('seatLayout', () => {
  it("has no layout for 'none', which uses a plain visitor count", () => {
    expect(seatLayout('none', 13)).toBeNull();
  });

  it('draws one row when asked for fewer', () => {
    expect(seatNumbersOf(seatLayout('coach', 0) ?? { busType: 'coach', columns: 5, rows: [] })).toEqual([
      1, 2,
    ]);
  });
});

describe('seatState', () => {
  const availability = { emptySeats: [1, 2, 3, 5], selected: [2], reserved: [5] };

  it('shows a free, unchosen seat as available', () => {
    expect(seatState(1, availability)).toBe('available');
  });

  it('shows a chosen free seat as selected', () => {
    expect(seatState(2, availability)).toBe('selected');
  });

  it('shows a taken seat as unavailable', () => {
    expect(seatState(4, availability)).toBe('unavailable');
  });

  it('shows a seat the seller reserved as unavailable even if the tour lists it free', () => {
    expect(seatState(5, availability)).toBe('unavailable');
  });

  it('shows a chosen seat that someone else has since taken as unavailable', () => {
    expect(seatState(4, { ...availability, selected: [4] })).toBe('unavailable');
  });
});
