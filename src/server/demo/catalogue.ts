// The demo catalogue: a deterministic, self-consistent set of cities, places, excursions, tours,
// banners, special offers, pre-sold bookings and artwork. Pure: the only input is `today`.
import type { Banner, City, Excursion, Place, SpecialOffer } from '../../domain/types';
import { bookTours } from './bookings';
import { CITY_SEEDS } from './data/cities';
import { EAST_EXCURSIONS } from './data/excursions-east';
import { SOUTH_EXCURSIONS } from './data/excursions-south';
import { WEST_EXCURSIONS } from './data/excursions-west';
import { PLACE_SEEDS } from './data/places';
import { BANNER_SEEDS, OFFER_SEEDS } from './data/promo';
import { isIsoDate } from '../../domain/dates';
import { buildExcursion, excursionIdFor } from './excursions';
import { bannerMedia, cityMedia, excursionMedia, offerMedia, placeMedia } from './images';
import { bannerImageId, cityImageId, offerImageId, placeGalleryId, placeImageId } from './media-ids';
import type { DemoCatalogue, DemoMedia, ExcursionSeed } from './model';
import { buildTours, type ScheduledTour } from './schedule';

export const EXCURSION_SEEDS: readonly ExcursionSeed[] = [
  ...SOUTH_EXCURSIONS,
  ...WEST_EXCURSIONS,
  ...EAST_EXCURSIONS,
];

export function buildDemoCities(): City[] {
  return CITY_SEEDS.map((s) => ({
    id: s.id,
    name: s.name,
    image: cityImageId(s.key),
    description: s.description,
  }));
}

export function buildDemoPlaces(): Place[] {
  return PLACE_SEEDS.map((s) => ({
    id: s.id,
    name: s.name,
    preview: s.preview,
    image: placeImageId(s.key),
    description: s.description,
    gallery: s.art.slice(1).map((_, i) => placeGalleryId(s.key, i)),
  }));
}

export function buildDemoBanners(): Banner[] {
  return BANNER_SEEDS.map((s) => ({
    id: s.id,
    title: s.title,
    subtitle: s.subtitle,
    image: bannerImageId(s.id),
    link: s.link,
  }));
}

export function buildDemoOffers(): SpecialOffer[] {
  return OFFER_SEEDS.map((s) => ({
    id: s.id,
    title: s.title,
    description: s.description,
    image: offerImageId(s.id),
    discount: s.discount,
    excursionID: s.excursionKey === null ? null : excursionIdFor(s.excursionKey),
  }));
}

/** Every picture of the catalogue. Does not depend on the date, so callers may compute it once. */
export function buildDemoMedia(): DemoMedia[] {
  return [
    ...EXCURSION_SEEDS.flatMap(excursionMedia),
    ...PLACE_SEEDS.flatMap(placeMedia),
    ...CITY_SEEDS.map(cityMedia),
    ...BANNER_SEEDS.map(bannerMedia),
    ...OFFER_SEEDS.map(offerMedia),
  ];
}

/** The whole demo catalogue with tours for the 60 days starting at `today` (yyyy-MM-dd). */
export function buildDemoCatalogue(today: string): DemoCatalogue {
  if (!isIsoDate(today)) throw new RangeError(`Not a yyyy-MM-dd date: ${today}`);
  const excursions: Excursion[] = EXCURSION_SEEDS.map(buildExcursion);
  const byId = new Map(excursions.map((e) => [e._id, e]));
  const scheduled: ScheduledTour[] = [];
  EXCURSION_SEEDS.forEach((seed, i) => {
    const excursion = excursions[i];
    if (!excursion) return;
    const tours = buildTours(excursion, seed.schedule, today);
    excursion.tours = tours.map((t) => t.tour._id);
    scheduled.push(...tours);
  });
  // Chronological order reads best in the schedule and keeps booking generation order stable.
  scheduled.sort(
    (a, b) =>
      a.tour.date.localeCompare(b.tour.date) ||
      a.tour.time.localeCompare(b.tour.time) ||
      a.tour._id.localeCompare(b.tour._id),
  );
  const bookings = bookTours(scheduled, byId);
  return {
    cities: buildDemoCities(),
    places: buildDemoPlaces(),
    excursions,
    tours: scheduled.map((s) => s.tour),
    banners: buildDemoBanners(),
    specialOffers: buildDemoOffers(),
    media: buildDemoMedia(),
    bookings,
  };
}
