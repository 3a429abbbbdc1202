import { describe, expect, it } from 'vitest';
import { embeddedFirstScreenData } from '../../../src/client/app/hooks/first-screen-data';

// The data a server-drawn page embeds for the app to hydrate it from (src/client/app/main.tsx):
// anything that is not such data is refused, and the app then draws the page from its replica.

const VALID = {
  path: '/excursions',
  now: 1_764_300_000_000,
  catalogue: { excursions: [], tours: [] },
  places: [],
  cities: [],
};

describe('embeddedFirstScreenData', () => {
  it('reads the data of a drawn page, with or without an excursion page', () => {
    expect(embeddedFirstScreenData(JSON.stringify(VALID))).toEqual(VALID);
    const withDetail = { ...VALID, detail: { id: 'ffffffffffffffffffffffff', view: null } };
    expect(embeddedFirstScreenData(JSON.stringify(withDetail))).toEqual(withDetail);
  });

  it.each([
    ['no element', undefined],
    ['an empty element', ''],
    ['cut-off JSON', JSON.stringify(VALID).slice(0, 40)],
    ['not an object', '[1, 2]'],
    ['null', 'null'],
    ['no path', JSON.stringify({ ...VALID, path: undefined })],
    ['a time that is text', JSON.stringify({ ...VALID, now: '2026-11-28' })],
    ['no catalogue', JSON.stringify({ ...VALID, catalogue: undefined })],
    ['tours that are not a list', JSON.stringify({ ...VALID, catalogue: { excursions: [], tours: {} } })],
    ['places that are not a list', JSON.stringify({ ...VALID, places: 'Ялта' })],
    ['an excursion page without its id', JSON.stringify({ ...VALID, detail: null })],
  ])('refuses %s', (_case, text) => {
    expect(embeddedFirstScreenData(text)).toBeNull();
  });
});
