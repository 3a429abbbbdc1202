// Generated artwork for the demo catalogue: every picture is a small flat-illustration SVG drawn
// from its subject and seeded by its media id, so each id always yields the same picture and no two
// ids yield the same one. Excursion media are 'image' (/api/images/{id}); everything else is
// 'app_media' (/api/app_media/{id}).
import type { BannerSeed, CitySeed, DemoMedia, ExcursionSeed, OfferSeed, PlaceSeed, Subject } from './model';
import { renderPicture } from './art/scene';
import {
  bannerImageId,
  cityImageId,
  excursionCoverId,
  excursionGalleryId,
  offerImageId,
  placeGalleryId,
  placeImageId,
} from './media-ids';

/** Upper bound for one picture, so the whole demo stays light to seed and to cache offline. */
export const MAX_SVG_BYTES = 6 * 1024;

function media(id: string, kind: DemoMedia['kind'], subject: Subject, index: number): DemoMedia {
  return { id, kind, contentType: 'image/svg+xml', body: renderPicture(subject, id, { index }) };
}

export function excursionMedia(seed: ExcursionSeed): DemoMedia[] {
  // Gallery pictures start two palettes later than covers so the first gallery shot is not a twin of cover 1.
  return [
    ...seed.covers.map((s, i) => media(excursionCoverId(seed.key, i), 'image', s, i)),
    ...seed.gallery.map((s, i) => media(excursionGalleryId(seed.key, i), 'image', s, i + 2)),
  ];
}

export function placeMedia(seed: PlaceSeed): DemoMedia[] {
  const [main, ...gallery] = seed.art;
  if (!main) throw new Error(`Place ${seed.key} has no artwork`);
  return [
    // Main pictures avoid the night palette (index 5): they are the face of the place on cards.
    media(placeImageId(seed.key), 'app_media', main, seed.id % 5),
    ...gallery.map((s, i) => media(placeGalleryId(seed.key, i), 'app_media', s, seed.id + i + 1)),
  ];
}

export function cityMedia(seed: CitySeed): DemoMedia {
  return media(cityImageId(seed.key), 'app_media', seed.art, seed.id % 5);
}

export function bannerMedia(seed: BannerSeed): DemoMedia {
  // Banners and offers stay in bright palettes (indices 0–4) so their captions read well on them.
  return media(bannerImageId(seed.id), 'app_media', seed.art, (seed.id - 1) % 5);
}

export function offerMedia(seed: OfferSeed): DemoMedia {
  return media(offerImageId(seed.id), 'app_media', seed.art, (seed.id + 1) % 5);
}
