// The excursion form's values as the API takes them, and an excursion back as form values (SPEC §3, §7).

import type { Category, Difficulty, ReplicaExcursion } from './types';
import { DEFAULT_FREE_CANCEL_HOURS } from './cancellation';
import type { SeatConfiguration } from './seat-config';
import { hasSeatLayout, normaliseRows } from './seats';
import { isCategory, upcomingSlots, withoutEmptyItems } from './excursion-form';
import {
  formMaxPeople,
  parseFreeCancelHours,
  parseRoubles,
  submittedServices,
  type ExcursionFormValues,
} from './excursion-form-values';

// --- Submitting ----------------------------------------------------------------------------------

/** The excursion's own fields as POST and PUT /api/excursions take them (SPEC §3, §7). */
export interface ExcursionFields {
  title: string;
  description: string;
  city: string;
  place: number;
  category: Category;
  adultPrice: number;
  kidPrice: number;
  adultEntryPrice: number;
  kidEntryPrice: number;
  entryTickets: boolean;
  services: { name: string; price: number }[];
  /** Hours before departure until which a paid ticket is cancelled with a full refund. */
  freeCancelHours: number;
  maxAttendants: number;
  busType: SeatConfiguration['busType'];
  numberOfRows: number;
  availableSeats: number[];
  reservedSeats: number[];
  duration: string;
  lunchDuration: string;
  difficulty: Difficulty;
  childrenAllowed: boolean;
  directions: string[];
  assemblyPoints: string[];
  included: string[];
  notIncluded: string[];
}

/**
 * The form as sent. Blank list items are dropped (SPEC §5); child prices count only when children
 * are allowed and entry prices only when there are entrance tickets, so a hidden field cannot leak
 * into a price. Call it on a form whose steps are valid: a missing category or place throws.
 */
export function excursionFields(values: ExcursionFormValues): ExcursionFields {
  if (!isCategory(values.category) || values.place === null) {
    throw new RangeError('excursionFields needs a chosen category and place');
  }
  const entryTickets = !values.noEntryTickets;
  const seats = values.seats;
  const layout = hasSeatLayout(seats.busType);
  const cleaned = withoutEmptyItems(values);
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    city: values.city,
    place: values.place,
    category: values.category,
    adultPrice: parseRoubles(values.adultPrice),
    kidPrice: values.childrenAllowed ? parseRoubles(values.kidPrice, 0) : 0,
    adultEntryPrice: entryTickets ? parseRoubles(values.adultEntryPrice, 0) : 0,
    kidEntryPrice: entryTickets && values.childrenAllowed ? parseRoubles(values.kidEntryPrice, 0) : 0,
    entryTickets,
    services: submittedServices(values.services),
    freeCancelHours: parseFreeCancelHours(values.freeCancelHours),
    maxAttendants: formMaxPeople(values),
    busType: seats.busType,
    numberOfRows: layout ? normaliseRows(seats.numberOfRows) : 0,
    availableSeats: layout ? [...seats.availableSeats] : [],
    reservedSeats: layout ? [...seats.reservedSeats] : [],
    duration: values.duration.trim(),
    lunchDuration: values.lunchDuration.trim(),
    difficulty: values.difficulty,
    childrenAllowed: values.childrenAllowed,
    directions: cleaned.directions.map((s) => s.trim()),
    assemblyPoints: cleaned.assemblyPoints.map((s) => s.trim()),
    included: cleaned.included.map((s) => s.trim()),
    notIncluded: cleaned.notIncluded.map((s) => s.trim()),
  };
}

/**
 * SPEC §4 'Add excursion': popularity 0, bestseller false, empty media (the files travel beside it),
 * initial prices equal to the entered ones, the owner and the first runs.
 */
export function newExcursionPayload(values: ExcursionFormValues, ownerID: number, today: string) {
  const fields = excursionFields(values);
  return {
    ...fields,
    ownerID,
    popularity: 0,
    bestseller: false,
    adultInitPrice: fields.adultPrice,
    kidInitPrice: fields.kidPrice,
    images: [] as string[],
    gallery: [] as string[],
    video: '',
    similarExcursionIDs: [] as string[],
    tours: upcomingSlots(values.tours, today),
  };
}

/** The editor's form, filled from the stored excursion. Empty lists get one line to type into. */
export function formValuesOf(excursion: ReplicaExcursion): ExcursionFormValues {
  const atLeastOne = (items: readonly string[]) => (items.length > 0 ? [...items] : ['']);
  const price = (value: number) => String(value);
  const layout = hasSeatLayout(excursion.busType);
  return {
    title: excursion.title,
    description: excursion.description,
    directions: atLeastOne(excursion.directions),
    assemblyPoints: atLeastOne(excursion.assemblyPoints),
    duration: excursion.duration,
    lunchDuration: excursion.lunchDuration,
    difficulty: excursion.difficulty,
    category: excursion.category,
    city: excursion.city,
    place: excursion.place,
    childrenAllowed: excursion.childrenAllowed,
    included: atLeastOne(excursion.included),
    notIncluded: atLeastOne(excursion.notIncluded),
    adultPrice: price(excursion.adultPrice),
    kidPrice: excursion.childrenAllowed ? price(excursion.kidPrice) : '',
    noEntryTickets: !excursion.entryTickets,
    adultEntryPrice: excursion.entryTickets ? price(excursion.adultEntryPrice) : '',
    kidEntryPrice: excursion.entryTickets ? price(excursion.kidEntryPrice) : '',
    services: excursion.services.map((s) => ({ name: s.name, price: price(s.price) })),
    freeCancelHours: String(excursion.freeCancelHours ?? DEFAULT_FREE_CANCEL_HOURS),
    tours: [],
    seats: {
      busType: excursion.busType,
      numberOfRows: layout ? normaliseRows(excursion.numberOfRows) : 0,
      availableSeats: layout ? [...excursion.availableSeats] : [],
      reservedSeats: layout ? [...excursion.reservedSeats] : [],
    },
    visitorCount: layout ? '' : String(excursion.maxAttendants),
  };
}
