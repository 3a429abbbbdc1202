// The add-excursion wizard's step rules, submit clean-up and upload limits (SPEC §2, §4, §5).

import type { Category, Difficulty, ReplicaExcursion } from './types';
import { BUS_TYPES, CATEGORIES, DIFFICULTIES } from './types';
import { isIsoDate, isTime, normaliseTime, tourDateTimeKey } from './dates';
import type { SeatConfiguration } from './seat-config';
import { initialSeatConfiguration, maxPeople } from './seat-config';
import { allSeatNumbers, hasSeatLayout, normaliseRows, seatCount } from './seats';

/** Steps 0–6 are forms; step 7 is the success screen. */
export const ADD_EXCURSION_FORM_STEPS = 7;
export const ADD_EXCURSION_SUCCESS_STEP = 7;

export const MAX_COVER_IMAGES = 3;
export const MAX_GALLERY_IMAGES = 50;

export interface ScheduledDateTime {
  /** yyyy-MM-dd */
  date: string;
  /** HH:mm */
  time: string;
}

/** What the wizard has collected. Selects hold '' (or null for the place) while on their placeholder. */
export interface ExcursionDraft {
  title: string;
  description: string;
  directions: string[];
  assemblyPoints: string[];
  included: string[];
  notIncluded: string[];
  duration: string;
  category: string;
  city: string;
  place: number | null;
  adultPrice: number;
  tours: ScheduledDateTime[];
  maxPeople: number;
  /** Cover image files; only their number matters here. */
  images: readonly unknown[];
  /** Service rows as typed; when given, step 3 also checks them (servicesProblem). */
  services?: readonly ServiceDraft[];
  /** yyyy-MM-dd; when given, step 4 counts only date-times from this day on. */
  today?: string;
}

function filled(text: string | undefined): boolean {
  return text !== undefined && text.trim() !== '';
}

function isCategory(value: string): value is Category {
  const known: readonly string[] = CATEGORIES;
  return known.includes(value);
}

function isPositive(value: number): boolean {
  return Number.isFinite(value) && value > 0;
}

/** Whether the wizard may leave `step`. Steps outside 0–6 have nothing to check. */
export function isStepValid(step: number, draft: ExcursionDraft): boolean {
  switch (step) {
    case 0:
      return filled(draft.title) && filled(draft.description);
    case 1:
      return filled(draft.directions[0]) && filled(draft.assemblyPoints[0]);
    case 2:
      return (
        filled(draft.duration) &&
        isCategory(draft.category) &&
        filled(draft.city) &&
        draft.place !== null &&
        Number.isInteger(draft.place) &&
        draft.place > 0
      );
    case 3:
      return (
        isPositive(draft.adultPrice) &&
        (draft.services === undefined || servicesProblem(draft.services) === null)
      );
    case 4:
      return draft.tours.some(
        (t) => isIsoDate(t.date) && isTime(t.time) && (draft.today === undefined || t.date >= draft.today),
      );
    case 5:
      return isPositive(draft.maxPeople);
    case 6:
      return draft.images.length > 0;
    default:
      return true;
  }
}

/** The first form step that fails, or null when the whole draft may be submitted. */
export function firstInvalidStep(draft: ExcursionDraft): number | null {
  for (let step = 0; step < ADD_EXCURSION_FORM_STEPS; step++) {
    if (!isStepValid(step, draft)) return step;
  }
  return null;
}

/** Drops blank items (empty or whitespace only); the others are kept as typed. */
export function dropEmptyItems(items: readonly string[]): string[] {
  return items.filter((item) => item.trim() !== '');
}

/** The draft as submitted: blank route stages, assembly points and (not) included items dropped. */
export function withoutEmptyItems<
  D extends Pick<ExcursionDraft, 'directions' | 'assemblyPoints' | 'included' | 'notIncluded'>,
>(draft: D): D {
  return {
    ...draft,
    directions: dropEmptyItems(draft.directions),
    assemblyPoints: dropEmptyItems(draft.assemblyPoints),
    included: dropEmptyItems(draft.included),
    notIncluded: dropEmptyItems(draft.notIncluded),
  };
}

/** Adds picked files to those already there; whatever goes past `max` is cut off. */
export function limitUploads<T>(existing: readonly T[], added: readonly T[], max: number): T[] {
  return [...existing, ...added].slice(0, Math.max(0, max));
}

export function addCoverImages<T>(existing: readonly T[], added: readonly T[]): T[] {
  return limitUploads(existing, added, MAX_COVER_IMAGES);
}

export function addGalleryImages<T>(existing: readonly T[], added: readonly T[]): T[] {
  return limitUploads(existing, added, MAX_GALLERY_IMAGES);
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

/** The step checks' view of the form; `covers` are the cover images (new files plus kept ones). */
export function draftOf(
  values: ExcursionFormValues,
  covers: readonly unknown[],
  today?: string,
): ExcursionDraft {
  return {
    ...values,
    adultPrice: parseRoubles(values.adultPrice),
    maxPeople: formMaxPeople(values),
    images: covers,
    ...(today === undefined ? {} : { today }),
  };
}

// --- The first runs (wizard step 4) --------------------------------------------------------------

/** A date-time may be scheduled when both are real, the date is not past and it is not listed yet. */
export function canScheduleDateTime(
  tours: readonly ScheduledDateTime[],
  slot: ScheduledDateTime,
  today: string,
): boolean {
  const time = normaliseTime(slot.time);
  if (time === null || !isIsoDate(slot.date) || slot.date < today) return false;
  return !tours.some((t) => t.date === slot.date && normaliseTime(t.time) === time);
}

/** Adds a date-time (refused as in canScheduleDateTime), keeping the list in calendar order. */
export function addScheduledDateTime(
  tours: readonly ScheduledDateTime[],
  slot: ScheduledDateTime,
  today: string,
): ScheduledDateTime[] {
  if (!canScheduleDateTime(tours, slot, today)) return [...tours];
  const added = { date: slot.date, time: normaliseTime(slot.time) ?? slot.time };
  return [...tours, added].sort((a, b) =>
    tourDateTimeKey(a.date, a.time).localeCompare(tourDateTimeKey(b.date, b.time)),
  );
}

export function removeScheduledDateTime(
  tours: readonly ScheduledDateTime[],
  slot: ScheduledDateTime,
): ScheduledDateTime[] {
  return tours.filter((t) => !(t.date === slot.date && t.time === slot.time));
}

/** The runs that can still be sent: real, not past (a draft kept overnight may hold yesterday). */
export function upcomingSlots(tours: readonly ScheduledDateTime[], today: string): ScheduledDateTime[] {
  return tours.filter((t) => isIsoDate(t.date) && isTime(t.time) && t.date >= today);
}

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

// --- Files ---------------------------------------------------------------------------------------

/** Upload caps, one number for the form and the server (media ingest): a photo up to 15 MB, the video up to 200 MB, mp4 or webm. */
export const MAX_IMAGE_FILE_BYTES = 15 * 1024 * 1024;
export const MAX_VIDEO_FILE_BYTES = 200 * 1024 * 1024;
const VIDEO_TYPES = ['video/mp4', 'video/webm'];

export type FileProblem = 'too-big' | 'wrong-type';

/**
 * A first check of a picked file, so an obviously wrong one is refused before a long upload. The
 * browser's type is only a hint (an unknown type passes): the server checks the bytes.
 */
export function fileProblem(
  file: { size: number; type: string },
  kind: 'image' | 'video',
): FileProblem | null {
  if (kind === 'image') {
    if (file.type !== '' && !file.type.startsWith('image/')) return 'wrong-type';
    return file.size > MAX_IMAGE_FILE_BYTES ? 'too-big' : null;
  }
  if (file.type !== '' && !VIDEO_TYPES.includes(file.type)) return 'wrong-type';
  return file.size > MAX_VIDEO_FILE_BYTES ? 'too-big' : null;
}

/** Toggles one media id in the editor's set of photos marked for removal. */
export function toggleMarked(marked: readonly string[], id: string): string[] {
  return marked.includes(id) ? marked.filter((m) => m !== id) : [...marked, id];
}

/** 'Удалить {n} фото': the kept photos without the marked ones. */
export function withoutMarked(kept: readonly string[], marked: readonly string[]): string[] {
  return kept.filter((id) => !marked.includes(id));
}
