// Seat counts and seat maps of SPEC §3 and §9, as a grid a UI renders cell by cell.

import type { BusType } from './types';

export type SeatCell =
  | { kind: 'seat'; number: number }
  | { kind: 'aisle' }
  | { kind: 'door' }
  | { kind: 'wheel' }
  | { kind: 'empty' };

export type LayoutBusType = Exclude<BusType, 'none'>;

export interface SeatLayout {
  busType: LayoutBusType;
  columns: number;
  /** The first row is the driver's cabin; every row has exactly `columns` cells. */
  rows: SeatCell[][];
}

export type SeatState = 'available' | 'selected' | 'unavailable';

export const DEFAULT_ROWS = { coach: 13, van: 5 } as const satisfies Record<LayoutBusType, number>;
export const MIN_ROWS = 1;
export const COACH_COLUMNS = 5;
export const VAN_COLUMNS = 4;

const WHEEL: SeatCell = { kind: 'wheel' };
const DOOR: SeatCell = { kind: 'door' };
const AISLE: SeatCell = { kind: 'aisle' };
const EMPTY: SeatCell = { kind: 'empty' };

export function hasSeatLayout(busType: BusType): busType is LayoutBusType {
  return busType !== 'none';
}

/** Row count a new layout starts with; 'none' has no rows, only a visitor count. */
export function defaultRows(busType: BusType): number {
  return hasSeatLayout(busType) ? DEFAULT_ROWS[busType] : 0;
}

/** At least one row; a fractional or non-numeric value from a form or the server is floored / defaulted. */
export function normaliseRows(rows: number): number {
  return Number.isFinite(rows) ? Math.max(MIN_ROWS, Math.floor(rows)) : MIN_ROWS;
}

/** Coach: rows*4-2. Van: 2+rows*3. 'none' has no seats. */
export function seatCount(busType: BusType, rows: number): number {
  const n = normaliseRows(rows);
  if (busType === 'coach') return n * 4 - 2;
  if (busType === 'van') return 2 + n * 3;
  return 0;
}

/** 1..seatCount, the seats are numbered sequentially. */
export function allSeatNumbers(busType: BusType, rows: number): number[] {
  return Array.from({ length: seatCount(busType, rows) }, (_, i) => i + 1);
}

export function isSeatNumber(busType: BusType, rows: number, seat: number): boolean {
  return Number.isInteger(seat) && seat >= 1 && seat <= seatCount(busType, rows);
}

function seat(number: number): SeatCell {
  return { kind: 'seat', number };
}

/**
 * Coach, 5 columns: two seats, the aisle, two seats. The cabin row holds the wheel. The first passenger
 * row has seats 1 and 2 on the left and the door on the right, so it has 2 seats; every later row has
 * 4, numbered left to right. That gives 2 + (rows-1)*4 = rows*4-2 seats.
 */
function coachLayout(rows: number): SeatLayout {
  const grid: SeatCell[][] = [[WHEEL, EMPTY, AISLE, EMPTY, EMPTY]];
  grid.push([seat(1), seat(2), AISLE, EMPTY, DOOR]);
  let next = 3;
  for (let r = 1; r < rows; r++) {
    grid.push([seat(next), seat(next + 1), AISLE, seat(next + 2), seat(next + 3)]);
    next += 4;
  }
  return { busType: 'coach', columns: COACH_COLUMNS, rows: grid };
}

/**
 * Van, 4 columns: two seats, the aisle, one seat. How the spec's description adds up to 2+rows*3:
 * - the cabin row is not counted in `rows`; it holds the wheel and cabin seats 1 and 2;
 * - passenger row 1 has seats 3 and 4 on the left and the door on the right (2 seats);
 * - rows 2..rows have 3 seats each;
 * - the last row also fills the aisle with an extra middle seat (+1).
 * So 2 + 2 + (rows-1)*3 + 1 = 2 + rows*3. With one row, that row is both first and last: seats 3, 4,
 * the middle seat 5 and the door. Seats are numbered left to right, the middle seat in its place.
 */
function vanLayout(rows: number): SeatLayout {
  const grid: SeatCell[][] = [[WHEEL, EMPTY, seat(1), seat(2)]];
  let next = 3;
  for (let r = 0; r < rows; r++) {
    const isFirst = r === 0;
    const isLast = r === rows - 1;
    const row: SeatCell[] = [seat(next), seat(next + 1)];
    next += 2;
    if (isLast) row.push(seat(next++));
    else row.push(AISLE);
    if (isFirst) row.push(DOOR);
    else row.push(seat(next++));
    grid.push(row);
  }
  return { busType: 'van', columns: VAN_COLUMNS, rows: grid };
}

/** The seat map to draw, or null for 'none', which has only a plain visitor count. */
export function seatLayout(busType: BusType, rows: number): SeatLayout | null {
  const n = normaliseRows(rows);
  if (busType === 'coach') return coachLayout(n);
  if (busType === 'van') return vanLayout(n);
  return null;
}

export interface SeatAvailability {
  /** Seats of the tour nobody has taken. */
  emptySeats: readonly number[];
  /** Seats this booking has chosen. */
  selected: readonly number[];
  /** Seats the seller keeps out of sale. */
  reserved: readonly number[];
}

/**
 * A seat that is not free (taken or reserved) is unavailable even if it is still among the selected
 * ones, e.g. after a live update took it, so the map never offers a seat that cannot be bought.
 */
export function seatState(seatNumber: number, availability: SeatAvailability): SeatState {
  if (availability.reserved.includes(seatNumber) || !availability.emptySeats.includes(seatNumber)) {
    return 'unavailable';
  }
  return availability.selected.includes(seatNumber) ? 'selected' : 'available';
}
