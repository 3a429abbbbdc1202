// The booking page's counting step (SPEC §4, §5): party counts, their limits, and what a tour change
// does to them. Seat choice is in seat-selection.ts.

import type { BusType, EntityId, ReplicaExcursion, Service, TicketService, ReplicaTour } from './types';
import { crimeaNowKey, tourDateTimeKey } from './dates';
import { entryPrice, selectedServices, totalPrice, type PartySize } from './pricing';
import { PLACES_LEFT_PREFIX } from './strings';
import { trimSeatsToParty, dropUnavailableSeats } from './seat-selection';

export type BookingCounts = PartySize;

export const MIN_ADULTS = 1;
export const MIN_KIDS = 0;

export interface CountLimits {
  /** How many people the booking may hold in total. */
  capacity: number;
  childrenAllowed: boolean;
}

type CapacityExcursion = Pick<ReplicaExcursion, 'maxAttendants' | 'busType' | 'childrenAllowed'>;
type CapacityTour = Pick<ReplicaTour, 'attendantsRegistred' | 'emptySeats'>;

/** 'Осталось мест: N' shows maxAttendants minus the registered attendees; it may go to 0 or below. */
export function placesLeft(
  excursion: Pick<ReplicaExcursion, 'maxAttendants'>,
  tour: Pick<ReplicaTour, 'attendantsRegistred'>,
): number {
  return excursion.maxAttendants - tour.attendantsRegistred;
}

export function placesLeftLabel(count: number): string {
  return `${PLACES_LEFT_PREFIX} ${count}`;
}

/** Remaining places are shown red when 0 or less. */
export function isPlacesLeftCritical(count: number): boolean {
  return count <= 0;
}

/**
 * The party may not exceed maxAttendants minus the registered attendees. With a seat map it also may
 * not exceed the free seats, otherwise the seat step could never be completed.
 */
export function countLimits(excursion: CapacityExcursion, tour: CapacityTour): CountLimits {
  let capacity = Math.max(0, placesLeft(excursion, tour));
  if (hasSeatStep(excursion.busType)) capacity = Math.min(capacity, tour.emptySeats.length);
  return { capacity, childrenAllowed: excursion.childrenAllowed };
}

function toWhole(value: number): number {
  return Number.isFinite(value) ? Math.floor(value) : 0;
}

/**
 * Adults at least 1, kids at least 0, together at most the capacity; adults keep their places before
 * kids. A tour with no places left drops adults to 0, which keeps both next steps disabled instead of
 * letting an impossible booking through. Kids are 0 when the excursion does not allow children.
 */
export function clampCounts(counts: BookingCounts, limits: CountLimits): BookingCounts {
  const capacity = Math.max(0, toWhole(limits.capacity));
  const adults = Math.min(Math.max(toWhole(counts.adults), MIN_ADULTS), capacity);
  const maxKids = limits.childrenAllowed ? capacity - adults : 0;
  const kids = Math.min(Math.max(toWhole(counts.kids), MIN_KIDS), maxKids);
  return { adults, kids };
}

export function partySize(counts: BookingCounts): number {
  return counts.adults + counts.kids;
}

export function canIncrementAdults(counts: BookingCounts, limits: CountLimits): boolean {
  return partySize(counts) < limits.capacity;
}

export function canIncrementKids(counts: BookingCounts, limits: CountLimits): boolean {
  return limits.childrenAllowed && partySize(counts) < limits.capacity;
}

export function canDecrementAdults(counts: BookingCounts): boolean {
  return counts.adults > MIN_ADULTS;
}

export function canDecrementKids(counts: BookingCounts): boolean {
  return counts.kids > MIN_KIDS;
}

export function incrementAdults(counts: BookingCounts, limits: CountLimits): BookingCounts {
  return clampCounts(
    canIncrementAdults(counts, limits) ? { ...counts, adults: counts.adults + 1 } : counts,
    limits,
  );
}

export function decrementAdults(counts: BookingCounts, limits: CountLimits): BookingCounts {
  return clampCounts({ ...counts, adults: counts.adults - 1 }, limits);
}

export function incrementKids(counts: BookingCounts, limits: CountLimits): BookingCounts {
  return clampCounts(
    canIncrementKids(counts, limits) ? { ...counts, kids: counts.kids + 1 } : counts,
    limits,
  );
}

export function decrementKids(counts: BookingCounts, limits: CountLimits): BookingCounts {
  return clampCounts({ ...counts, kids: counts.kids - 1 }, limits);
}

/** Typing into the adults input; the value is clamped like the buttons. */
export function setAdults(counts: BookingCounts, adults: number, limits: CountLimits): BookingCounts {
  return clampCounts({ ...counts, adults }, limits);
}

/** Typing into the kids input; if it would overflow, kids give way, never the adults. */
export function setKids(counts: BookingCounts, kids: number, limits: CountLimits): BookingCounts {
  return clampCounts({ ...counts, kids }, limits);
}

/** The seat step exists only for a bus with a seat map. */
export function hasSeatStep(busType: BusType): boolean {
  return busType !== 'none';
}

/** 'К выбору мест' is enabled iff there is at least one adult. */
export function canGoToSeats(counts: BookingCounts): boolean {
  return counts.adults >= MIN_ADULTS;
}

/** With busType none, payment is offered on the counting step itself. */
export function canPayAtCountStep(busType: BusType, counts: BookingCounts, limits: CountLimits): boolean {
  return !hasSeatStep(busType) && counts.adults >= MIN_ADULTS && partySize(counts) <= limits.capacity;
}

export interface BookingSelection {
  counts: BookingCounts;
  /** Chosen seat numbers; empty for busType none. */
  seats: number[];
}

/**
 * Switching the tour: the counts are clamped to the new tour's free places, chosen seats that are not
 * free on it are dropped, and if the party shrank, the seats chosen last go too.
 */
export function applyTourChange(
  selection: BookingSelection,
  excursion: CapacityExcursion,
  tour: CapacityTour,
): BookingSelection {
  const counts = clampCounts(selection.counts, countLimits(excursion, tour));
  const free = dropUnavailableSeats(selection.seats, tour.emptySeats);
  return { counts, seats: trimSeatsToParty(free, partySize(counts)) };
}

/**
 * The tours a booking may pick: strictly after `now` (the server refuses a tour at or before the
 * current minute), earliest first, ties by _id so the default "first tour" is stable.
 */
export function bookableTours(tours: readonly ReplicaTour[], now: Date): ReplicaTour[] {
  const nowKey = crimeaNowKey(now);
  return tours
    .map((tour) => ({ tour, key: tourDateTimeKey(tour.date, tour.time) }))
    .filter(({ key }) => key > nowKey)
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.tour._id < b.tour._id ? -1 : 1))
    .map(({ tour }) => tour);
}

/** The POST /api/tickets body (SPEC §7); structurally the protocol's request type. */
export interface BookingRequest {
  tourID: EntityId;
  userID: number;
  adults: number;
  kids: number;
  seats: number[];
  assemblyPoint: string;
  /** Only the ticked services. */
  services: Service[];
  excursionPrice: number;
  entryPrice: number;
}

export interface BookingDraft {
  tourId: EntityId;
  userId: number;
  assemblyPoint: string;
  selection: BookingSelection;
  services: readonly TicketService[];
}

/**
 * The booking body: prices computed with the same rules the server uses (SPEC §9), so a fresh client
 * never meets 'Цена изменилась'. Seats go sorted; a bus without a seat map sends none.
 */
export function bookingRequest(
  excursion: Pick<
    ReplicaExcursion,
    'busType' | 'adultPrice' | 'kidPrice' | 'adultEntryPrice' | 'kidEntryPrice'
  >,
  draft: BookingDraft,
): BookingRequest {
  const { counts, seats } = draft.selection;
  const services = selectedServices(draft.services).map(({ name, price }) => ({ name, price }));
  return {
    tourID: draft.tourId,
    userID: draft.userId,
    adults: counts.adults,
    kids: counts.kids,
    seats: hasSeatStep(excursion.busType) ? [...seats].sort((a, b) => a - b) : [],
    assemblyPoint: draft.assemblyPoint,
    services,
    excursionPrice: totalPrice(excursion, counts, services),
    entryPrice: entryPrice(excursion, counts),
  };
}
