import { describe, it, expect } from 'vitest';
import {
  SEARCH_MIN_LENGTH,
  isSearchActive,
  matchesQuery,
  normaliseForSearch,
  search,
  searchStatus,
} from '../../../src/domain/search';

const sources = {
  excursions: [
    { _id: '1', title: 'Ласточкино гнездо и Ливадийский дворец' },
    { _id: '2', title: 'Морская прогулка в Балаклаве' },
    { _id: '3', title: 'Ёлки Ай-Петри' },
  ],
  places: [
    { id: 1, name: 'Ливадийский дворец' },
    { id: 2, name: 'Воронцовский дворец' },
  ],
  cities: [
    { id: 1, name: 'Ялта' },
    { id: 2, name: 'Балаклава' },
  ],
};

describe('threshold', () => {
  it('starts searching at 3 characters', () => {
    expect(SEARCH_MIN_LENGTH).toBe(3);
    expect(isSearchActive('Ял')).toBe(false);
    expect(isSearchActive('Ялт')).toBe(true);
  });

  it('does not count surrounding spaces', () => {
    expect(isSearchActive('  Я ')).toBe(false);
  });

  it('returns empty groups and the idle state under the threshold', () => {
    const results = search(sources, 'дв');
    expect(results).toEqual({ excursions: [], places: [], cities: [] });
    expect(searchStatus('дв', results)).toBe('idle');
  });
});

describe('matching', () => {
  it('ignores case in Cyrillic', () => {
    expect(matchesQuery('Ливадийский дворец', 'ДВОРЕЦ')).toBe(true);
    expect(matchesQuery('ЯЛТА', 'ялт')).toBe(true);
  });

  it('treats ё and е as the same letter both ways', () => {
    expect(matchesQuery('Ёлки Ай-Петри', 'елки')).toBe(true);
    expect(matchesQuery('Елки', 'ЁЛК')).toBe(true);
    expect(normaliseForSearch('Ёж')).toBe('еж');
  });

  it('collapses runs of spaces', () => {
    expect(matchesQuery('Ласточкино гнездо', 'ласточкино   гнездо')).toBe(true);
  });

  it('matches anywhere in the text, not only at the start', () => {
    expect(matchesQuery('Морская прогулка в Балаклаве', 'прогул')).toBe(true);
  });
});

describe('search', () => {
  it('groups matches by excursions (title), places and cities (name)', () => {
    const results = search(sources, 'дворец');
    expect(results.excursions.map((e) => e._id)).toEqual(['1']);
    expect(results.places.map((p) => p.id)).toEqual([1, 2]);
    expect(results.cities).toEqual([]);
    expect(searchStatus('дворец', results)).toBe('results');
  });

  it('finds one text in several groups', () => {
    const results = search(sources, 'балаклав');
    expect(results.excursions.map((e) => e._id)).toEqual(['2']);
    expect(results.cities.map((c) => c.id)).toEqual([2]);
  });

  it("reports no results, for 'По вашему запросу ничего не найдено'", () => {
    const results = search(sources, 'Керчь');
    expect(results).toEqual({ excursions: [], places: [], cities: [] });
    expect(searchStatus('Керчь', results)).toBe('empty');
  });
});
