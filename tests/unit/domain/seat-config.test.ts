import { describe, it, expect } from 'vitest';
import {
  addRow,
  canRemoveRow,
  changeBusType,
  configSeatState,
  initialSeatConfiguration,
  maxPeople,
  removeRow,
  toggleReservedSeat,
} from '../../../src/domain/seat-config';
import type { SeatConfiguration } from '../../../src/domain/seat-config';

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

describe('initialSeatConfiguration', () => {
  it('starts a coach with 13 rows and all 50 seats on sale', () => {
    const config = initialSeatConfiguration('coach');
    expect(config.numberOfRows).toBe(13);
    expect(config.availableSeats).toEqual(range(1, 50));
    expect(config.reservedSeats).toEqual([]);
  });

  it('starts a van with 5 rows and all 17 seats on sale', () => {
    const config = initialSeatConfiguration('van');
    expect(config.numberOfRows).toBe(5);
    expect(config.availableSeats).toEqual(range(1, 17));
  });

  it("gives 'none' no rows and no seats", () => {
    expect(initialSeatConfiguration('none')).toEqual({
      busType: 'none',
      numberOfRows: 0,
      availableSeats: [],
      reservedSeats: [],
    });
  });
});

describe('changeBusType', () => {
  it('resets the rows to the default of the new type', () => {
    const coach = removeRow(initialSeatConfiguration('coach'));
    expect(coach.numberOfRows).toBe(12);
    const van = changeBusType(coach, 'van');
    expect(van.numberOfRows).toBe(5);
    expect(van.availableSeats).toEqual(range(1, 17));
    expect(changeBusType(van, 'coach').numberOfRows).toBe(13);
  });

  it('keeps the configuration when the type does not change', () => {
    const config = toggleReservedSeat(initialSeatConfiguration('van'), 3);
    expect(changeBusType(config, 'van')).toBe(config);
  });
});

describe('toggleReservedSeat', () => {
  it('moves an available seat to reserved', () => {
    const config = toggleReservedSeat(initialSeatConfiguration('van'), 3);
    expect(config.reservedSeats).toEqual([3]);
    expect(config.availableSeats).not.toContain(3);
    expect(configSeatState(config, 3)).toBe('unavailable');
  });

  it('moves a reserved seat back to available, in order', () => {
    const twice = toggleReservedSeat(toggleReservedSeat(initialSeatConfiguration('van'), 3), 3);
    expect(twice.reservedSeats).toEqual([]);
    expect(twice.availableSeats).toEqual(range(1, 17));
    expect(configSeatState(twice, 3)).toBe('available');
  });

  it('ignores a number outside the bus', () => {
    const config = initialSeatConfiguration('van');
    expect(toggleReservedSeat(config, 18)).toBe(config);
    expect(toggleReservedSeat(config, 0)).toBe(config);
  });

  it("ignores clicks for 'none'", () => {
    const config = initialSeatConfiguration('none');
    expect(toggleReservedSeat(config, 1)).toBe(config);
  });
});

describe('rows', () => {
  it('adds a coach row of four new seats on sale', () => {
    const config = addRow(initialSeatConfiguration('coach'));
    expect(config.numberOfRows).toBe(14);
    expect(config.availableSeats).toEqual(range(1, 54));
  });

  it('adds a van row of three new seats, keeping reserved seats reserved', () => {
    const config = addRow(toggleReservedSeat(initialSeatConfiguration('van'), 17));
    expect(config.numberOfRows).toBe(6);
    expect(config.reservedSeats).toEqual([17]);
    expect(config.availableSeats).toEqual([...range(1, 16), 18, 19, 20]);
  });

  it('removes the last row and its seats from both lists', () => {
    const reserved = toggleReservedSeat(toggleReservedSeat(initialSeatConfiguration('coach'), 50), 3);
    const config = removeRow(reserved);
    expect(config.numberOfRows).toBe(12);
    expect(config.availableSeats).toEqual(range(1, 46).filter((s) => s !== 3));
    expect(config.reservedSeats).toEqual([3]);
  });

  it('never removes the last remaining row', () => {
    let config: SeatConfiguration = initialSeatConfiguration('van');
    for (let i = 0; i < 10; i++) config = removeRow(config);
    expect(config.numberOfRows).toBe(1);
    expect(config.availableSeats).toEqual([1, 2, 3, 4, 5]);
    expect(canRemoveRow(config)).toBe(false);
  });

  it("has no rows to add or remove for 'none'", () => {
    const config = initialSeatConfiguration('none');
    expect(addRow(config)).toBe(config);
    expect(canRemoveRow(config)).toBe(false);
  });
});

describe('maxPeople', () => {
  it('equals the number of seats on sale', () => {
    expect(maxPeople(initialSeatConfiguration('coach'), 0)).toBe(50);
    const config = toggleReservedSeat(toggleReservedSeat(initialSeatConfiguration('van'), 1), 2);
    expect(maxPeople(config, 99)).toBe(15);
  });

  it("equals the entered number for 'none'", () => {
    expect(maxPeople(initialSeatConfiguration('none'), 30)).toBe(30);
    expect(maxPeople(initialSeatConfiguration('none'), -4)).toBe(0);
    expect(maxPeople(initialSeatConfiguration('none'), Number.NaN)).toBe(0);
  });

  it('does not count duplicates or seats beyond the bus', () => {
    const config: SeatConfiguration = {
      busType: 'van',
      numberOfRows: 1,
      availableSeats: [1, 1, 2, 9],
      reservedSeats: [],
    };
    expect(maxPeople(config, 0)).toBe(2);
  });
});
