// Turns excursion seed data into Excursion entities: ids, seat layouts, prices and media ids.
// Tours are attached later by the schedule step.
import type { Excursion } from '../../domain/types';
import type { ExcursionSeed } from './model';
import { excursionCoverId, excursionGalleryId } from './media-ids';
import { hexId } from './prng';
import { allSeatNumbers } from '../../domain/seats';

export const excursionIdFor = (key: string): string => hexId(`excursion:${key}`);

export function buildExcursion(seed: ExcursionSeed): Excursion {
  const bus = seed.busType !== 'none';
  const availableSeats = bus
    ? allSeatNumbers(seed.busType, seed.numberOfRows).filter((seat) => !seed.reservedSeats.includes(seat))
    : [];
  return {
    _id: excursionIdFor(seed.key),
    title: seed.title,
    description: seed.description,
    city: seed.city,
    place: seed.placeId,
    category: seed.category,
    popularity: seed.popularity,
    bestseller: seed.bestseller,
    ownerID: seed.ownerID,
    adultPrice: seed.adultPrice,
    kidPrice: seed.kidPrice,
    // Without a discount the initial price equals the current one, so no struck-through price shows.
    adultInitPrice: seed.adultInitPrice ?? seed.adultPrice,
    kidInitPrice: seed.kidInitPrice ?? seed.kidPrice,
    adultEntryPrice: seed.adultEntryPrice,
    kidEntryPrice: seed.kidEntryPrice,
    entryTickets: seed.adultEntryPrice > 0 || seed.kidEntryPrice > 0,
    services: seed.services.map((s) => ({ ...s })),
    maxAttendants: bus ? availableSeats.length : (seed.maxAttendants ?? 0),
    busType: seed.busType,
    numberOfRows: bus ? seed.numberOfRows : 0,
    availableSeats,
    reservedSeats: bus ? [...seed.reservedSeats] : [],
    duration: seed.duration,
    lunchDuration: seed.lunchDuration,
    difficulty: seed.difficulty,
    childrenAllowed: seed.childrenAllowed,
    directions: [...seed.directions],
    assemblyPoints: [...seed.assemblyPoints],
    included: [...seed.included],
    notIncluded: [...seed.notIncluded],
    images: seed.covers.map((_, i) => excursionCoverId(seed.key, i)),
    gallery: seed.gallery.map((_, i) => excursionGalleryId(seed.key, i)),
    video: '',
    similarExcursionIDs: seed.similar.map(excursionIdFor),
    tours: [],
  };
}
