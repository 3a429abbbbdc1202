// The add-excursion wizard's step rules, its first runs and upload counts (SPEC §2, §4, §5); the form's
// values are excursion-form-values.ts, submitting them excursion-form-submit.ts.

import type { Category } from './types';
import { CATEGORIES } from './types';
import { isIsoDate, isTime, normaliseTime, tourDateTimeKey } from './dates';
import {
  formMaxPeople,
  parseFreeCancelHours,
  parseRoubles,
  servicesProblem,
  type ExcursionFormValues,
  type ScheduledDateTime,
  type ServiceDraft,
} from './excursion-form-values';

/** Steps 0–6 are forms; step 7 is the success screen. */
export const ADD_EXCURSION_FORM_STEPS = 7;
export const ADD_EXCURSION_SUCCESS_STEP = 7;

export const MAX_COVER_IMAGES = 3;
export const MAX_GALLERY_IMAGES = 50;

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
  /** The free-cancellation window as typed; when given, step 3 also checks it (0–720 hours). */
  freeCancelHours?: string;
  /** yyyy-MM-dd; when given, step 4 counts only date-times from this day on. */
  today?: string;
}

function filled(text: string | undefined): boolean {
  return text !== undefined && text.trim() !== '';
}

export function isCategory(value: string): value is Category {
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
        (draft.services === undefined || servicesProblem(draft.services) === null) &&
        (draft.freeCancelHours === undefined || Number.isFinite(parseFreeCancelHours(draft.freeCancelHours)))
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
