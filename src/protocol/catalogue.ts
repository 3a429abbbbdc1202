// Answers of the public catalogue calls (SPEC §7). Each list arrives wrapped in a named field, as the
// spec's plain clients expect; the offline client gets the same rows through /api/sync instead.
import { z } from 'zod';
import { bannerSchema, citySchema, excursionSchema, placeSchema, specialOfferSchema } from './entities';

/** The largest list one answer may carry; a bound so a broken server cannot exhaust a phone. */
export const MAX_LIST_RESPONSE_ITEMS = 10_000;

/** GET /api/excursions */
export const excursionsResponseSchema = z.object({
  excursions: z.array(excursionSchema).max(MAX_LIST_RESPONSE_ITEMS),
});
export type ExcursionsResponse = z.output<typeof excursionsResponseSchema>;

/** GET /api/excursions/{id} answers the excursion itself. */
export const excursionResponseSchema = excursionSchema;

/** GET /api/places */
export const placesResponseSchema = z.object({
  places: z.array(placeSchema).max(MAX_LIST_RESPONSE_ITEMS),
});
export type PlacesResponse = z.output<typeof placesResponseSchema>;

/** GET /api/cities */
export const citiesResponseSchema = z.object({
  cities: z.array(citySchema).max(MAX_LIST_RESPONSE_ITEMS),
});
export type CitiesResponse = z.output<typeof citiesResponseSchema>;

/** GET /api/banners */
export const bannersResponseSchema = z.object({
  banners: z.array(bannerSchema).max(MAX_LIST_RESPONSE_ITEMS),
});
export type BannersResponse = z.output<typeof bannersResponseSchema>;

/** GET /api/special-offers (the path has a dash, the field an underscore, as in the spec). */
export const specialOffersResponseSchema = z.object({
  special_offers: z.array(specialOfferSchema).max(MAX_LIST_RESPONSE_ITEMS),
});
export type SpecialOffersResponse = z.output<typeof specialOffersResponseSchema>;
