// Invariants of the demo catalogue entities: counts, coverage of categories and bus types,
// referential integrity between entities, seat layouts and id formats.
import { describe, expect, it } from 'vitest';
import { BUS_TYPES, CATEGORIES, DIFFICULTIES } from '../../../src/domain/types';
import { buildDemoCatalogue } from '../../../src/server/demo/catalogue';

const TODAY = '2025-06-10';
const catalogue = buildDemoCatalogue(TODAY);
const { cities, places, excursions, banners, specialOffers } = catalogue;
const HEX24 = /^[0-9a-f]{24}$/;

describe('demo catalogue: counts and coverage', () => {
  it('has enough of everything', () => {
    expect(excursions.length).toBeGreaterThanOrEqual(16);
    expect(places.length).toBeGreaterThanOrEqual(12);
    expect(cities.length).toBeGreaterThanOrEqual(6);
    expect(banners.length).toBeGreaterThanOrEqual(3);
    expect(banners.length).toBeLessThanOrEqual(4);
    expect(specialOffers.length).toBeGreaterThanOrEqual(3);
    expect(specialOffers.length).toBeLessThanOrEqual(4);
  });

  it('covers every category, the four main ones at least three times', () => {
    const count = (c: string): number => excursions.filter((e) => e.category === c).length;
    for (const category of CATEGORIES) expect(count(category), category).toBeGreaterThanOrEqual(1);
    for (const main of ['Дворцы', 'Морские прогулки', 'Парки', 'Горы'])
      expect(count(main), main).toBeGreaterThanOrEqual(3);
  });

  it('uses all bus types, coaches most', () => {
    const count = (b: string): number => excursions.filter((e) => e.busType === b).length;
    for (const busType of BUS_TYPES) expect(count(busType), busType).toBeGreaterThan(0);
    expect(count('coach')).toBeGreaterThan(count('van'));
    expect(count('coach')).toBeGreaterThan(count('none'));
  });

  it('mixes bestsellers, discounts, child restrictions, owners and free entry', () => {
    expect(excursions.some((e) => e.bestseller)).toBe(true);
    expect(excursions.some((e) => !e.bestseller)).toBe(true);
    expect(excursions.some((e) => e.adultInitPrice > e.adultPrice)).toBe(true);
    expect(excursions.some((e) => !e.childrenAllowed)).toBe(true);
    expect(excursions.some((e) => !e.entryTickets)).toBe(true);
    expect(new Set(excursions.map((e) => e.ownerID))).toEqual(new Set([2, 3]));
    expect(excursions.filter((e) => e.ownerID === 2).length).toBeGreaterThan(excursions.length / 2);
  });
});

describe('demo catalogue: excursion fields', () => {
  it.each(excursions.map((e) => [e.title, e] as const))('%s is well formed', (_title, e) => {
    expect(e._id).toMatch(HEX24);
    expect(e.title.length).toBeGreaterThan(5);
    expect(e.description.length).toBeGreaterThan(150);
    expect(DIFFICULTIES).toContain(e.difficulty);
    expect(e.adultPrice).toBeGreaterThanOrEqual(1200);
    expect(e.adultPrice).toBeLessThanOrEqual(4500);
    expect(e.kidPrice).toBeLessThan(e.adultPrice);
    expect(e.adultInitPrice).toBeGreaterThanOrEqual(e.adultPrice);
    expect(e.kidInitPrice).toBeGreaterThanOrEqual(e.kidPrice);
    expect(e.kidEntryPrice).toBeLessThanOrEqual(e.adultEntryPrice);
    expect(e.entryTickets).toBe(e.adultEntryPrice > 0 || e.kidEntryPrice > 0);
    if (!e.childrenAllowed) expect(e.kidPrice).toBe(0);
    for (const s of e.services) {
      expect(s.name.length).toBeGreaterThan(0);
      expect(s.price).toBeGreaterThan(0);
    }
    expect(e.directions.length).toBeGreaterThanOrEqual(3);
    expect(e.directions.length).toBeLessThanOrEqual(6);
    expect(e.assemblyPoints.length).toBeGreaterThanOrEqual(1);
    expect(e.assemblyPoints.length).toBeLessThanOrEqual(3);
    expect(e.included.length).toBeGreaterThan(0);
    expect(e.notIncluded.length).toBeGreaterThan(0);
    expect(e.duration).toMatch(/час/);
    expect(e.images.length).toBeGreaterThanOrEqual(2);
    expect(e.images.length).toBeLessThanOrEqual(3);
    expect(e.gallery.length).toBeGreaterThanOrEqual(3);
    expect(e.gallery.length).toBeLessThanOrEqual(6);
    expect(e.video).toBe('');
    expect(e.popularity).toBeGreaterThan(0);
  });

  it('has unique ids and titles', () => {
    expect(new Set(excursions.map((e) => e._id)).size).toBe(excursions.length);
    expect(new Set(excursions.map((e) => e.title)).size).toBe(excursions.length);
  });
});

describe('demo catalogue: seat layouts (SPEC §3)', () => {
  it.each(excursions.map((e) => [e.title, e] as const))('%s has a consistent layout', (_title, e) => {
    if (e.busType === 'none') {
      expect(e.numberOfRows).toBe(0);
      expect(e.availableSeats).toEqual([]);
      expect(e.reservedSeats).toEqual([]);
      expect(e.maxAttendants).toBeGreaterThanOrEqual(12);
      expect(e.maxAttendants).toBeLessThanOrEqual(40);
      return;
    }
    const seats = e.busType === 'coach' ? e.numberOfRows * 4 - 2 : 2 + e.numberOfRows * 3;
    const all = Array.from({ length: seats }, (_, i) => i + 1);
    expect(e.numberOfRows).toBeGreaterThanOrEqual(1);
    for (const r of e.reservedSeats) expect(all).toContain(r);
    expect(e.availableSeats).toEqual(all.filter((s) => !e.reservedSeats.includes(s)));
    expect(e.maxAttendants).toBe(e.availableSeats.length);
  });

  it('keeps guide seats on some coaches', () => {
    expect(excursions.some((e) => e.busType === 'coach' && e.reservedSeats.length > 0)).toBe(true);
  });
});

describe('demo catalogue: referential integrity', () => {
  const cityNames = new Set(cities.map((c) => c.name));
  const placeIds = new Set(places.map((p) => p.id));
  const excursionIds = new Set(excursions.map((e) => e._id));

  it('points excursions at existing cities and places', () => {
    for (const e of excursions) {
      expect(cityNames, e.title).toContain(e.city);
      expect(placeIds, e.title).toContain(e.place);
    }
  });

  it('links 2–3 similar excursions that exist and are not the excursion itself', () => {
    for (const e of excursions) {
      expect(e.similarExcursionIDs.length).toBeGreaterThanOrEqual(2);
      expect(e.similarExcursionIDs.length).toBeLessThanOrEqual(3);
      expect(new Set(e.similarExcursionIDs).size).toBe(e.similarExcursionIDs.length);
      for (const id of e.similarExcursionIDs) {
        expect(excursionIds).toContain(id);
        expect(id).not.toBe(e._id);
      }
    }
  });

  it('gives places, cities, banners and offers positive unique integer ids', () => {
    for (const list of [places, cities, banners, specialOffers]) {
      const ids = list.map((x) => x.id);
      for (const id of ids) expect(Number.isInteger(id) && id > 0).toBe(true);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it('fills places and cities with text', () => {
    for (const p of places) {
      expect(p.preview.length).toBeGreaterThan(20);
      expect(
        p.description.split(/[.!?»](\s|$)/).filter((s) => s.trim().length > 10).length,
      ).toBeGreaterThanOrEqual(2);
      expect(p.gallery.length).toBeGreaterThanOrEqual(2);
      expect(p.gallery.length).toBeLessThanOrEqual(4);
    }
    for (const c of cities) expect(c.description.length).toBeGreaterThan(80);
    expect(new Set(cities.map((c) => c.name)).size).toBe(cities.length);
  });

  it('links banners to in-app routes and offers to existing excursions', () => {
    for (const b of banners) expect(b.link).toMatch(/^\/[a-z/]+$/);
    for (const o of specialOffers) {
      if (o.excursionID !== null) expect(excursionIds).toContain(o.excursionID);
      expect(o.discount).toBeGreaterThan(0);
      expect(o.discount).toBeLessThan(100);
    }
  });

  it('has at least one excursion for most places', () => {
    const used = new Set(excursions.map((e) => e.place));
    expect(used.size).toBeGreaterThanOrEqual(places.length - 2);
  });
});

describe('buildDemoCatalogue input', () => {
  it('rejects a malformed or impossible date', () => {
    expect(() => buildDemoCatalogue('2025-6-1')).toThrow();
    expect(() => buildDemoCatalogue('2025-02-30')).toThrow();
  });
});
