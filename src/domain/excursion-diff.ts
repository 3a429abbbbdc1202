import { DIFF_LABELS, DIFF_VALUES as V } from './excursion-diff-strings';
import { formatRoubles } from './pricing';
import type { Excursion, Service } from './types';

// What a seller's proposed version of a published excursion changes against the live listing, field
// by field, as the admin reviews it and the seller sees it waiting. Pure: the app draws the rows.
// The seat plan is not compared: a seller's change of it applies at once and never waits for review.

/** The listing fields the comparison covers, in the order the table shows them. */
export type DiffField = keyof typeof DIFF_LABELS;

/** The excursion fields the comparison reads. */
export type DiffExcursion = Pick<Excursion, DiffField>;

export interface ExcursionChange {
  field: DiffField;
  /** The field's Russian name ('Название', 'Цена для взрослого', …). */
  label: string;
  /** The live value as text; for photos the removed ones' ids, or the whole list when only the order changed. */
  before: string;
  /** The proposed value as text; for photos the added ones' ids, or the whole list when only the order changed. */
  after: string;
  /** For covers and gallery: the media ids to show on each side as thumbnails. */
  media?: { before: string[]; after: string[] };
}

export interface DiffOptions {
  /** The name of a place id, when the caller knows it; the id itself otherwise. */
  placeName?: (id: number) => string | undefined;
}

const LIST_SEPARATOR = '\n';

function text(value: string): string {
  return value.trim() === '' ? V.none : value;
}

function list(items: readonly string[]): string {
  return items.length === 0 ? V.none : items.join(LIST_SEPARATOR);
}

function yesNo(value: boolean): string {
  return value ? V.yes : V.no;
}

function services(items: readonly Service[]): string {
  return list(items.map((service) => V.service(service.name, formatRoubles(service.price))));
}

function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

function sameServices(a: readonly Service[], b: readonly Service[]): boolean {
  return (
    a.length === b.length &&
    a.every((item, index) => item.name === b[index]?.name && item.price === b[index]?.price)
  );
}

/** One plain field's value as text; lists, photos and the video are formatted where they are compared. */
function scalar(field: DiffField, excursion: DiffExcursion, options: DiffOptions): string {
  switch (field) {
    case 'adultPrice':
    case 'kidPrice':
    case 'adultInitPrice':
    case 'kidInitPrice':
    case 'adultEntryPrice':
    case 'kidEntryPrice':
      return formatRoubles(excursion[field]);
    case 'entryTickets':
    case 'childrenAllowed':
      return yesNo(excursion[field]);
    case 'place':
      return options.placeName?.(excursion.place) ?? String(excursion.place);
    case 'freeCancelHours':
      return excursion.freeCancelHours === undefined ? V.none : V.hours(excursion.freeCancelHours);
    case 'title':
    case 'description':
    case 'city':
    case 'category':
    case 'duration':
    case 'lunchDuration':
    case 'difficulty':
      return text(excursion[field]);
    default:
      return '';
  }
}

function mediaChange(field: 'images' | 'gallery', live: readonly string[], proposed: readonly string[]) {
  if (sameList(live, proposed)) return null;
  const removed = live.filter((id) => !proposed.includes(id));
  const added = proposed.filter((id) => !live.includes(id));
  // Only the order changed (a new first cover): both whole lists show what moved.
  const [before, after] =
    removed.length === 0 && added.length === 0 ? [[...live], [...proposed]] : [removed, added];
  return {
    field,
    label: DIFF_LABELS[field],
    before: before.length === 0 ? V.none : before.join(', '),
    after: after.length === 0 ? V.none : after.join(', '),
    media: { before, after },
  } satisfies ExcursionChange;
}

const FIELDS = Object.keys(DIFF_LABELS) as DiffField[];

/**
 * Every listing field whose proposed value differs from the live one, in the table's order, each
 * with its name and both values as text: prices in roubles, lists one item a line, photos as the
 * removed and the added ones.
 */
export function excursionDiff(
  live: DiffExcursion,
  proposed: DiffExcursion,
  options: DiffOptions = {},
): ExcursionChange[] {
  const changes: ExcursionChange[] = [];
  for (const field of FIELDS) {
    const label = DIFF_LABELS[field];
    switch (field) {
      case 'images':
      case 'gallery': {
        const change = mediaChange(field, live[field], proposed[field]);
        if (change) changes.push(change);
        break;
      }
      case 'video':
        if (live.video !== proposed.video) {
          changes.push({
            field,
            label,
            before: live.video ? V.videoPresent : V.none,
            after: proposed.video ? (live.video ? V.videoNew : V.videoPresent) : V.none,
          });
        }
        break;
      case 'services':
        if (!sameServices(live.services, proposed.services)) {
          changes.push({ field, label, before: services(live.services), after: services(proposed.services) });
        }
        break;
      case 'directions':
      case 'assemblyPoints':
      case 'included':
      case 'notIncluded':
        if (!sameList(live[field], proposed[field])) {
          changes.push({ field, label, before: list(live[field]), after: list(proposed[field]) });
        }
        break;
      default: {
        if (live[field] === proposed[field]) break;
        changes.push({
          field,
          label,
          before: scalar(field, live, options),
          after: scalar(field, proposed, options),
        });
      }
    }
  }
  return changes;
}
