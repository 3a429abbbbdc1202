// Small builders for domain tests: a complete entity with only the fields a test cares about changed.

import type { Excursion, Tour } from '../../../src/domain/types';

export function hexId(n: number): string {
  return n.toString(16).padStart(24, '0');
}

export function makeExcursion(overrides: Partial<Excursion> = {}): Excursion {
  return {
    _id: hexId(1),
    title: 'Ласточкино гнездо',
    description: 'Замок на скале',
    city: 'Ялта',
    place: 1,
    category: 'Дворцы',
    popularity: 0,
    bestseller: false,
    ownerID: 1,
    adultPrice: 1500,
    kidPrice: 1000,
    adultInitPrice: 1500,
    kidInitPrice: 1000,
    adultEntryPrice: 0,
    kidEntryPrice: 0,
    entryTickets: false,
    services: [],
    maxAttendants: 20,
    busType: 'none',
    numberOfRows: 0,
    availableSeats: [],
    reservedSeats: [],
    duration: '8 часов',
    lunchDuration: '',
    difficulty: 'Легко',
    childrenAllowed: true,
    directions: [],
    assemblyPoints: [],
    included: [],
    notIncluded: [],
    images: [],
    gallery: [],
    video: '',
    similarExcursionIDs: [],
    tours: [],
    ...overrides,
  };
}

export function makeTour(overrides: Partial<Tour> = {}): Tour {
  return {
    _id: hexId(1000),
    excursionID: hexId(1),
    date: '2026-11-23',
    time: '09:00',
    attendantsRegistred: 0,
    tickets: [],
    takenSeats: [],
    emptySeats: [],
    ...overrides,
  };
}

/** 21 November 2026, 12:00 in Crimea (UTC+3). */
export const NOW = new Date('2026-11-21T09:00:00Z');
export const TODAY = '2026-11-21';
