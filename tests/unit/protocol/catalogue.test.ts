import { describe, expect, it } from 'vitest';
import {
  bannersResponseSchema,
  citiesResponseSchema,
  excursionsResponseSchema,
  placesResponseSchema,
  specialOffersResponseSchema,
} from '../../../src/protocol/catalogue';
import { banner, city, excursion, place, specialOffer } from './fixtures';

describe('catalogue list answers', () => {
  it('accept each list under its named field', () => {
    expect(excursionsResponseSchema.safeParse({ excursions: [excursion()] }).success).toBe(true);
    expect(placesResponseSchema.safeParse({ places: [place()] }).success).toBe(true);
    expect(citiesResponseSchema.safeParse({ cities: [city()] }).success).toBe(true);
    expect(bannersResponseSchema.safeParse({ banners: [banner()] }).success).toBe(true);
    expect(specialOffersResponseSchema.safeParse({ special_offers: [specialOffer()] }).success).toBe(true);
  });

  it('accept empty lists', () => {
    expect(excursionsResponseSchema.safeParse({ excursions: [] }).success).toBe(true);
  });

  it('reject a malformed list (SPEC §8 then shows an empty list)', () => {
    expect(excursionsResponseSchema.safeParse({ excursions: {} }).success).toBe(false);
    expect(citiesResponseSchema.safeParse({ cities: [{ id: 1 }] }).success).toBe(false);
    expect(specialOffersResponseSchema.safeParse({ specialOffers: [] }).success).toBe(false);
    expect(placesResponseSchema.safeParse(null).success).toBe(false);
  });
});
