// The seller's seat configuration (SPEC §4): bus type, rows, and which seats are on sale.

import type { BusType, ReplicaExcursion } from './types';
import type { SeatState } from './seats';
import { MIN_ROWS, allSeatNumbers, defaultRows, hasSeatLayout, normaliseRows, seatCount } from './seats';

export type SeatConfiguration = Pick<
  ReplicaExcursion,
  'busType' | 'numberOfRows' | 'availableSeats' | 'reservedSeats'
>;

/** A fresh layout of the bus type: default rows, every seat on sale. 'none' has no rows and no seats. */
export function initialSeatConfiguration(busType: BusType): SeatConfiguration {
  const rows = defaultRows(busType);
  return {
    busType,
    numberOfRows: rows,
    availableSeats: hasSeatLayout(busType) ? allSeatNumbers(busType, rows) : [],
    reservedSeats: [],
  };
}

/** Changing the bus type resets the rows to that type's default, and with them the seats. */
export function changeBusType(config: SeatConfiguration, busType: BusType): SeatConfiguration {
  return config.busType === busType ? config : initialSeatConfiguration(busType);
}

/** Clicking a seat moves it between available and reserved; a number outside the bus is ignored. */
export function toggleReservedSeat(config: SeatConfiguration, seat: number): SeatConfiguration {
  if (!hasSeatLayout(config.busType)) return config;
  if (!Number.isInteger(seat) || seat < 1 || seat > seatCount(config.busType, config.numberOfRows)) {
    return config;
  }
  if (config.reservedSeats.includes(seat)) {
    return {
      ...config,
      reservedSeats: config.reservedSeats.filter((s) => s !== seat),
      availableSeats: sortedUnique([...config.availableSeats, seat]),
    };
  }
  return {
    ...config,
    availableSeats: config.availableSeats.filter((s) => s !== seat),
    reservedSeats: sortedUnique([...config.reservedSeats, seat]),
  };
}

/** The seller sees reserved seats as unavailable and every other seat as available. */
export function configSeatState(config: SeatConfiguration, seat: number): SeatState {
  return config.reservedSeats.includes(seat) ? 'unavailable' : 'available';
}

/** A new row's seats go on sale; existing seat numbers keep their state. */
export function addRow(config: SeatConfiguration): SeatConfiguration {
  if (!hasSeatLayout(config.busType)) return config;
  const before = seatCount(config.busType, config.numberOfRows);
  const rows = normaliseRows(config.numberOfRows) + 1;
  const added = allSeatNumbers(config.busType, rows).slice(before);
  return {
    ...config,
    numberOfRows: rows,
    availableSeats: sortedUnique([...config.availableSeats, ...added]),
  };
}

export function canRemoveRow(config: SeatConfiguration): boolean {
  return hasSeatLayout(config.busType) && normaliseRows(config.numberOfRows) > MIN_ROWS;
}

/** Removes the last row while more than one remains; seats beyond the new count leave both lists. */
export function removeRow(config: SeatConfiguration): SeatConfiguration {
  if (!canRemoveRow(config)) return config;
  const rows = normaliseRows(config.numberOfRows) - 1;
  const count = seatCount(config.busType, rows);
  return {
    ...config,
    numberOfRows: rows,
    availableSeats: config.availableSeats.filter((s) => s <= count),
    reservedSeats: config.reservedSeats.filter((s) => s <= count),
  };
}

/**
 * The excursion's maxPeople: the number of seats on sale, or the number the seller typed for 'none'.
 * Only distinct seats that exist in the bus count, so a stale list cannot inflate it.
 */
export function maxPeople(config: SeatConfiguration, enteredCount: number): number {
  if (!hasSeatLayout(config.busType)) {
    return Number.isFinite(enteredCount) ? Math.max(0, Math.floor(enteredCount)) : 0;
  }
  const count = seatCount(config.busType, config.numberOfRows);
  const reserved = new Set(config.reservedSeats);
  return new Set(
    config.availableSeats.filter((s) => Number.isInteger(s) && s >= 1 && s <= count && !reserved.has(s)),
  ).size;
}

function sortedUnique(seats: readonly number[]): number[] {
  return [...new Set(seats)].sort((a, b) => a - b);
}
