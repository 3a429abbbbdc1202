import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { matchPath, StaticRouter } from 'react-router-dom';
import { crimeaToday } from '../../../domain/dates';
import { isEntityId } from '../../../domain/ids';
import type { City, Place, ReplicaExcursion, ReplicaTour } from '../../../domain/types';
import type { FirstScreenRenderer, SnapshotRows } from '../../../protocol/first-screen';
import { listSource } from '../../db/queries/catalogue';
import { detailOf, similarIdsOf, type ExcursionDetail } from '../../db/queries/excursion';
import { AppRoutes, CATEGORY_PATHS, loadRoute } from '../App';
import { FirstScreenDataProvider, type FirstScreenData } from '../hooks/first-screen-data';

// The server's half of a first visit (src/server/http/first-screen.ts): the home screen, the
// excursion list, its category pages and an excursion page drawn as HTML by the app's own components from a public
// snapshot of the catalogue, so the phone paints them before the app's code has arrived. Built by
// Vite for Node (vite.config.ts) next to the app; the server imports it from the build.

/** The paths the server draws; anything else gets the plain shell. */
const FIRST_SCREEN_PATHS = [
  '/',
  '/excursions',
  ...CATEGORY_PATHS.map((slug) => `/excursions/${slug}`),
  '/excursion/:id',
] as const;

function isFirstScreenPath(pathname: string): boolean {
  return FIRST_SCREEN_PATHS.some((pattern) => matchPath(pattern, pathname) !== null);
}

function detailFor(rows: SnapshotRows, id: string, now: Date): ExcursionDetail | null {
  if (!isEntityId(id)) return null;
  const byId = new Map(rows.excursions.map((excursion) => [excursion._id, excursion]));
  const found = byId.get(id);
  if (!found) return null;
  return detailOf(
    found,
    rows.tours.filter((tour) => tour.excursionID === id),
    rows.places.find((place) => place.id === found.place),
    similarIdsOf(found).flatMap((similarId) => byId.get(similarId) ?? []),
    now,
  );
}

/** What the replica's queries would answer for `pathname` as of `now`. */
function firstScreenData(rows: SnapshotRows, pathname: string, now: Date): FirstScreenData {
  const byId = <T extends { id: number }>(list: T[]) => [...list].sort((a, b) => a.id - b.id);
  const excursion = matchPath('/excursion/:id', pathname);
  const id = excursion?.params.id ?? '';
  return {
    path: pathname,
    now: now.getTime(),
    catalogue: listSource(rows.excursions, rows.tours, crimeaToday(now)),
    places: byId(rows.places),
    cities: byId(rows.cities),
    ...(excursion ? { detail: { id, view: detailFor(rows, id, now) } } : {}),
  };
}

/** The fields of an excursion that its card and the lists' sorting read. */
const CARD_FIELDS = [
  '_id',
  'title',
  'images',
  'bestseller',
  'ownerID',
  'category',
  'city',
  'place',
  'popularity',
  'adultPrice',
  'adultInitPrice',
  'adultEntryPrice',
] as const satisfies readonly (keyof ReplicaExcursion)[];

const pick = <T extends object, K extends keyof T>(row: T, keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, row[key]])) as Pick<T, K>;

/**
 * The data as the page embeds it, for the app to hydrate the drawn screen from: what those screens
 * read, not whole rows. The lists draw cards (their excursions' card fields, their tours' day and
 * time) and the grids names and pictures; an excursion page has its whole excursion in `detail`. Long
 * texts, galleries and seat lists would make every first visit's page several times larger for
 * nothing: every other screen reads the replica, which the first sync fills.
 */
function embedded(data: FirstScreenData): FirstScreenData {
  return {
    ...data,
    catalogue: {
      excursions: data.catalogue.excursions.map((row) => pick(row, CARD_FIELDS) as ReplicaExcursion),
      tours: data.catalogue.tours.map(
        (tour) => pick(tour, ['_id', 'excursionID', 'date', 'time']) as ReplicaTour,
      ),
    },
    places: data.places.map((place) => pick(place, ['id', 'name', 'image', 'preview']) as Place),
    cities: data.cities.map((city) => pick(city, ['id', 'name', 'image']) as City),
  };
}

// The server loads this module as a FirstScreenRenderer (src/protocol/first-screen.ts): typed so, a
// change on either side fails to compile instead of failing on the first visit.

/** Loads the code of the screens the server draws (once; later calls resolve at once). */
export const prepareFirstScreens: FirstScreenRenderer['prepareFirstScreens'] = async () => {
  await Promise.all(
    ['/', '/excursions', `/excursions/${CATEGORY_PATHS[0]}`, '/excursion/0'].map((path) => loadRoute(path)),
  );
};

/**
 * The screen at `url` (path and query) as HTML with the data it was drawn from, or null when the
 * server does not draw that path. The tree is the one main.tsx hydrates: the same providers around
 * the same routes, so the browser's first render matches this one.
 */
export const renderFirstScreen: FirstScreenRenderer['renderFirstScreen'] = (url, rows, now) => {
  const pathname = new URL(url, 'http://app').pathname;
  if (!isFirstScreenPath(pathname)) return null;
  const data = firstScreenData(rows, pathname, now);
  const html = renderToString(
    <StrictMode>
      <FirstScreenDataProvider data={data}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </FirstScreenDataProvider>
    </StrictMode>,
  );
  return { html, data: JSON.stringify(embedded(data)) };
};
