// The excursion form's values, shared by the add-excursion wizard and the editor (SPEC §2, §5).

import type { Difficulty } from './types';
import { BUS_TYPES, DIFFICULTIES } from './types';
import { DEFAULT_FREE_CANCEL_HOURS } from './cancellation';
import { isIsoDate, isTime } from './dates';
import type { SeatConfiguration } from './seat-config';
import { initialSeatConfiguration, maxPeople } from './seat-config';
import { allSeatNumbers, hasSeatLayout, normaliseRows, seatCount } from './seats';

export interface ScheduledDateTime {
  /** yyyy-MM-dd */
  date: string;
  /** HH:mm */
  time: string;
}

// --- The whole form ------------------------------------------------------------------------------
// The wizard and the editor hold the same values. Prices and counts stay as typed text (an empty field
// is not 0 to the user) and become whole roubles only when the form is checked or submitted.

/** A service row as typed: a name and a price in whole roubles (digits only, may be empty). */
export interface ServiceDraft {
  name: string;
  price: string;
}

export interface ExcursionFormValues {
  title: string;
  description: string;
  directions: string[];
  assemblyPoints: string[];
  duration: string;
  /** Empty when there is no lunch ('Если обеда нет — оставьте пустым'). */
  lunchDuration: string;
  difficulty: Difficulty;
  /** '' while the select is on its placeholder. */
  category: string;
  /** City name; '' while the select is on its placeholder. */
  city: string;
  place: number | null;
  childrenAllowed: boolean;
  included: string[];
  notIncluded: string[];
  adultPrice: string;
  kidPrice: string;
  /** 'Нет входных билетов' ticked: entry prices are hidden and sent as 0. */
  noEntryTickets: boolean;
  adultEntryPrice: string;
  kidEntryPrice: string;
  services: ServiceDraft[];
  /** Hours before departure until which a paid ticket is returned in full, as typed (0–720). */
  freeCancelHours: string;
  /** The first runs (wizard step 4); the editor leaves the schedule to the schedule editor. */
  tours: ScheduledDateTime[];
  seats: SeatConfiguration;
  /** The number of visitors typed for bus type 'none'. */
  visitorCount: string;
}

/** A new excursion's form: one empty line in each list, a coach with its default rows. */
export function emptyExcursionForm(): ExcursionFormValues {
  return {
    title: '',
    description: '',
    directions: [''],
    assemblyPoints: [''],
    duration: '',
    lunchDuration: '',
    difficulty: 'Легко',
    category: '',
    city: '',
    place: null,
    childrenAllowed: false,
    included: [''],
    notIncluded: [''],
    adultPrice: '',
    kidPrice: '',
    noEntryTickets: true,
    adultEntryPrice: '',
    kidEntryPrice: '',
    services: [],
    freeCancelHours: String(DEFAULT_FREE_CANCEL_HOURS),
    tours: [],
    seats: initialSeatConfiguration('coach'),
    visitorCount: '',
  };
}

const ROUBLES = /^\d{1,7}$/;

/** Typed whole roubles: digits only. Empty is `empty` (0 for optional prices); anything else is NaN. */
export function parseRoubles(text: string, empty = Number.NaN): number {
  const trimmed = text.trim();
  if (trimmed === '') return empty;
  return ROUBLES.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** What a price field keeps of a keystroke or a paste: its digits, at most seven. */
export function digitsOnly(text: string): string {
  return text.replace(/\D/g, '').slice(0, 7);
}

/** The longest free-cancellation window a seller may set: 30 days (the protocol's MAX_FREE_CANCEL_HOURS). */
export const FREE_CANCEL_HOURS_LIMIT = 720;

/** The free-cancellation window as typed: whole hours from 0 to 30 days; NaN otherwise, empty included. */
export function parseFreeCancelHours(text: string): number {
  const hours = parseRoubles(text);
  return hours <= FREE_CANCEL_HOURS_LIMIT ? hours : Number.NaN;
}

export type ServicesProblem = 'unnamed' | 'price' | 'duplicate';

/** Service rows left entirely blank are dropped; the rest need a name, a price and distinct names. */
export function servicesProblem(services: readonly ServiceDraft[]): ServicesProblem | null {
  const rows = services.filter((s) => s.name.trim() !== '' || s.price.trim() !== '');
  if (rows.some((s) => s.name.trim() === '')) return 'unnamed';
  if (rows.some((s) => !Number.isFinite(parseRoubles(s.price, 0)))) return 'price';
  const names = rows.map((s) => s.name.trim().toLocaleLowerCase('ru'));
  return new Set(names).size === names.length ? null : 'duplicate';
}

/** The services as submitted: blank rows dropped, names trimmed, an empty price meaning free. */
export function submittedServices(services: readonly ServiceDraft[]): { name: string; price: number }[] {
  return services
    .filter((s) => s.name.trim() !== '')
    .map((s) => ({ name: s.name.trim(), price: parseRoubles(s.price, 0) }));
}

/** The visitor count the seat step yields: seats on sale, or the typed number for 'none'. */
export function formMaxPeople(values: Pick<ExcursionFormValues, 'seats' | 'visitorCount'>): number {
  const typed = parseRoubles(values.visitorCount, 0);
  return maxPeople(values.seats, Number.isFinite(typed) ? typed : 0);
}

// --- A draft kept across a reload ----------------------------------------------------------------

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function isNumberList(value: unknown): value is number[] {
  return Array.isArray(value) && value.every((item) => Number.isInteger(item));
}

/**
 * A saved draft read back (from session storage): every field of the right type is taken, anything
 * else falls back to the empty form, so a draft from an older version can never break the wizard.
 */
export function restoreFormValues(saved: unknown): ExcursionFormValues {
  const base = emptyExcursionForm();
  if (typeof saved !== 'object' || saved === null) return base;
  const raw = saved as Record<string, unknown>;
  const text = (key: keyof ExcursionFormValues, fallback: string) =>
    typeof raw[key] === 'string' ? raw[key] : fallback;
  const list = (key: keyof ExcursionFormValues, fallback: string[]) =>
    isStringList(raw[key]) && raw[key].length > 0 ? raw[key] : fallback;
  const flag = (key: keyof ExcursionFormValues, fallback: boolean) =>
    typeof raw[key] === 'boolean' ? raw[key] : fallback;
  const difficulty = DIFFICULTIES.find((d) => d === raw.difficulty) ?? base.difficulty;
  const services = Array.isArray(raw.services)
    ? raw.services.filter(
        (s): s is ServiceDraft =>
          typeof s === 'object' &&
          s !== null &&
          typeof (s as ServiceDraft).name === 'string' &&
          typeof (s as ServiceDraft).price === 'string',
      )
    : [];
  const tours = Array.isArray(raw.tours)
    ? raw.tours.filter(
        (t): t is ScheduledDateTime =>
          typeof t === 'object' &&
          t !== null &&
          isIsoDate(String((t as ScheduledDateTime).date)) &&
          isTime(String((t as ScheduledDateTime).time)),
      )
    : [];
  return {
    title: text('title', base.title),
    description: text('description', base.description),
    directions: list('directions', base.directions),
    assemblyPoints: list('assemblyPoints', base.assemblyPoints),
    duration: text('duration', base.duration),
    lunchDuration: text('lunchDuration', base.lunchDuration),
    difficulty,
    category: text('category', base.category),
    city: text('city', base.city),
    place: Number.isInteger(raw.place) && (raw.place as number) > 0 ? (raw.place as number) : null,
    childrenAllowed: flag('childrenAllowed', base.childrenAllowed),
    included: list('included', base.included),
    notIncluded: list('notIncluded', base.notIncluded),
    adultPrice: digitsOnly(text('adultPrice', base.adultPrice)),
    kidPrice: digitsOnly(text('kidPrice', base.kidPrice)),
    noEntryTickets: flag('noEntryTickets', base.noEntryTickets),
    adultEntryPrice: digitsOnly(text('adultEntryPrice', base.adultEntryPrice)),
    kidEntryPrice: digitsOnly(text('kidEntryPrice', base.kidEntryPrice)),
    services,
    freeCancelHours: digitsOnly(text('freeCancelHours', base.freeCancelHours)),
    tours,
    seats: restoreSeats(raw.seats) ?? base.seats,
    visitorCount: digitsOnly(text('visitorCount', base.visitorCount)),
  };
}

function restoreSeats(value: unknown): SeatConfiguration | null {
  if (typeof value !== 'object' || value === null) return null;
  const raw = value as Record<string, unknown>;
  const busType = BUS_TYPES.find((b) => b === raw.busType);
  if (!busType) return null;
  if (!hasSeatLayout(busType)) return initialSeatConfiguration('none');
  if (
    !Number.isInteger(raw.numberOfRows) ||
    !isNumberList(raw.availableSeats) ||
    !isNumberList(raw.reservedSeats)
  )
    return null;
  const rows = normaliseRows(raw.numberOfRows as number);
  const count = seatCount(busType, rows);
  const reserved = [...new Set(raw.reservedSeats)].filter((s) => s >= 1 && s <= count).sort((a, b) => a - b);
  return {
    busType,
    numberOfRows: rows,
    availableSeats: allSeatNumbers(busType, rows).filter((s) => !reserved.includes(s)),
    reservedSeats: reserved,
  };
}
