import { CARD_WIDTH } from './names';

// What to keep: pure functions of the catalogue in the replica, so they are tested without a browser.

/** Which media route serves a picture (MediaImage's `source`). */
export type MediaSource = 'images' | 'app_media';

export interface Picture {
  id: string;
  source: MediaSource;
  /** The address a card asks for, and the media cache's key for it. */
  url: string;
}

/** The catalogue rows a plan reads (a subset of the replica's). */
export interface CatalogueRows {
  excursions: readonly {
    images: readonly string[];
    gallery: readonly string[];
    moderation?: unknown;
    _deleted?: unknown;
  }[];
  places: readonly { image: string; _deleted?: unknown }[];
  cities: readonly { image: string; _deleted?: unknown }[];
  banners: readonly { image: string; _deleted?: unknown }[];
}

/** The card-size address of a picture; the same as MediaImage's for `variant={480}`. */
export function cardUrl(id: string, source: MediaSource): string {
  return `/api/${source}/${encodeURIComponent(id)}?w=${CARD_WIDTH}`;
}

function picture(id: string, source: MediaSource): Picture {
  return { id, source, url: cardUrl(id, source) };
}

const present = <T extends { _deleted?: unknown }>(rows: readonly T[]) => rows.filter((row) => !row._deleted);
/** Published excursions only: one waiting for an admin (it carries `moderation`) is not in the catalogue. */
const published = (rows: CatalogueRows) => present(rows.excursions).filter((row) => !row.moderation);

function unique(pictures: Picture[]): Picture[] {
  const seen = new Set<string>();
  return pictures.filter((one) => (seen.has(one.url) ? false : (seen.add(one.url), true)));
}

/** What every card of the catalogue shows: each excursion's first cover, each place, city and banner. */
export function cardPictures(rows: CatalogueRows): Picture[] {
  const app = (list: readonly { image: string; _deleted?: unknown }[]) =>
    present(list)
      .filter((row) => row.image)
      .map((row) => picture(row.image, 'app_media'));
  return unique([
    ...published(rows).flatMap((row) => (row.images[0] ? [picture(row.images[0], 'images')] : [])),
    ...app(rows.places),
    ...app(rows.cities),
    ...app(rows.banners),
  ]);
}

/** The bigger download the tourist chooses: every other cover of each excursion and its gallery. */
export function tripPictures(rows: CatalogueRows): Picture[] {
  const cards = new Set(cardPictures(rows).map((one) => one.url));
  return unique(
    published(rows).flatMap((row) =>
      [...row.images.slice(1), ...row.gallery].map((id) => picture(id, 'images')),
    ),
  ).filter((one) => !cards.has(one.url));
}

/** Every media id the catalogue names now (cards and trip alike): none of these is evicted. */
export function catalogueIds(rows: CatalogueRows): string[] {
  return [...new Set([...cardPictures(rows), ...tripPictures(rows)].map((one) => one.id))];
}

/** The ids the catalogue named before and names no more: their pictures leave the media cache. */
export function departedIds(before: readonly string[], now: readonly string[]): string[] {
  const kept = new Set(now);
  return before.filter((id) => !kept.has(id));
}

/** The media id in a picture address (/api/images/{id}?w=480), or null for any other address. */
export function mediaIdOf(url: string): string | null {
  const match = /\/api\/(?:images|app_media)\/([^/?#]+)/.exec(url);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

export interface BudgetEntry {
  url: string;
  bytes: number;
  /** When a screen last showed it (ms since the epoch); a fresh entry counts as used when stored. */
  usedAt: number;
}

/** The entries to drop, least recently used first, so that the rest fits in `maxBytes`. */
export function overBudget(entries: readonly BudgetEntry[], maxBytes: number): BudgetEntry[] {
  let total = entries.reduce((sum, entry) => sum + entry.bytes, 0);
  const victims: BudgetEntry[] = [];
  for (const entry of [...entries].sort((a, b) => a.usedAt - b.usedAt)) {
    if (total <= maxBytes) break;
    victims.push(entry);
    total -= entry.bytes;
  }
  return victims;
}
