import { describe, expect, it } from 'vitest';
import {
  changeKey,
  changeSchema,
  syncQuerySchema,
  syncResetResponseSchema,
  syncResponseSchema,
  type Change,
} from '../../../src/protocol/sync';
import { planChanges } from '../../../src/protocol/sync-plan';
import {
  banner,
  city,
  EXCURSION_ID,
  excursion,
  place,
  SIMILAR_ID,
  specialOffer,
  ticket,
  TICKET_ID,
  tour,
  TOUR_ID,
  user,
} from './fixtures';

const page: Change[] = [
  { collection: 'excursions', op: 'put', version: 101, row: excursion() },
  { collection: 'excursions', op: 'delete', version: 102, id: SIMILAR_ID },
  { collection: 'tours', op: 'put', version: 103, row: tour() },
  { collection: 'places', op: 'put', version: 104, row: place() },
  { collection: 'places', op: 'delete', version: 105, id: 9 },
  { collection: 'cities', op: 'put', version: 106, row: city() },
  { collection: 'banners', op: 'put', version: 107, row: banner() },
  { collection: 'special_offers', op: 'delete', version: 108, id: 2 },
  { collection: 'special_offers', op: 'put', version: 109, row: specialOffer() },
  { collection: 'user', op: 'put', version: 110, row: user() },
  { collection: 'tickets', op: 'put', version: 111, row: ticket() },
  { collection: 'favorites', op: 'put', version: 112, row: { excursionID: EXCURSION_ID } },
  { collection: 'favorites', op: 'delete', version: 113, id: SIMILAR_ID },
];

describe('syncResponseSchema (GET /api/sync)', () => {
  it('accepts a page touching every collection', () => {
    const result = syncResponseSchema.safeParse({ cursor: 'v1.113', changes: page, more: true });
    expect(result.success).toBe(true);
    expect(result.data?.changes).toHaveLength(page.length);
  });

  it('treats a missing `more` as the last page', () => {
    expect(syncResponseSchema.parse({ cursor: 'v1.0', changes: [] }).more).toBe(false);
  });

  it('rejects a missing or empty cursor', () => {
    expect(syncResponseSchema.safeParse({ changes: [] }).success).toBe(false);
    expect(syncResponseSchema.safeParse({ cursor: '', changes: [] }).success).toBe(false);
  });

  it.each([
    ['an unknown collection', { collection: 'orders', op: 'put', version: 1, row: {} }],
    ['an unknown op', { collection: 'tours', op: 'patch', version: 1, row: tour() }],
    ['a put without its row', { collection: 'tours', op: 'put', version: 1, id: TOUR_ID }],
    ['a tour row filed under excursions', { collection: 'excursions', op: 'put', version: 1, row: tour() }],
    [
      'a numeric id for an excursion tombstone',
      { collection: 'excursions', op: 'delete', version: 1, id: 5 },
    ],
    ['a text id for a place tombstone', { collection: 'places', op: 'delete', version: 1, id: '5' }],
    ['a negative version', { collection: 'tickets', op: 'delete', version: -1, id: TICKET_ID }],
    ['a fractional version', { collection: 'tickets', op: 'delete', version: 1.5, id: TICKET_ID }],
    ['a missing version', { collection: 'tickets', op: 'delete', id: TICKET_ID }],
    ['a bad row', { collection: 'cities', op: 'put', version: 1, row: city({ id: 0 }) }],
    [
      'a favourite with a bad id',
      { collection: 'favorites', op: 'put', version: 1, row: { excursionID: 'x' } },
    ],
  ])('rejects %s', (_label, change) => {
    expect(changeSchema.safeParse(change).success).toBe(false);
  });

  it('accepts the reset answer and nothing looser', () => {
    expect(syncResetResponseSchema.safeParse({ detail: 'cursor too old', reset: true }).success).toBe(true);
    expect(syncResetResponseSchema.safeParse({ detail: 'cursor too old', reset: false }).success).toBe(false);
    expect(syncResetResponseSchema.safeParse({ detail: 'cursor too old' }).success).toBe(false);
  });
});

describe('syncQuerySchema', () => {
  it('reads an empty or absent cursor as "everything"', () => {
    expect(syncQuerySchema.parse({}).cursor).toBeUndefined();
    expect(syncQuerySchema.parse({ cursor: '' }).cursor).toBeUndefined();
    expect(syncQuerySchema.parse({ cursor: 'v1.9' }).cursor).toBe('v1.9');
  });

  it('reads the page size from text', () => {
    expect(syncQuerySchema.parse({ limit: '250' }).limit).toBe(250);
  });

  it.each(['0', '-1', '2.5', 'all', '2001', '99999999'])('rejects the page size %j', (limit) => {
    expect(syncQuerySchema.safeParse({ limit }).success).toBe(false);
  });

  it('rejects a huge cursor', () => {
    expect(syncQuerySchema.safeParse({ cursor: 'x'.repeat(513) }).success).toBe(false);
  });
});

describe('changeKey', () => {
  it('finds the key of puts and tombstones in every collection', () => {
    expect(page.map(changeKey)).toEqual([
      EXCURSION_ID,
      SIMILAR_ID,
      TOUR_ID,
      3,
      9,
      1,
      1,
      2,
      1,
      12,
      TICKET_ID,
      EXCURSION_ID,
      SIMILAR_ID,
    ]);
  });
});

describe('planChanges', () => {
  it('groups a page into puts and deletes per collection', () => {
    const plan = planChanges(page);
    expect(plan.maxVersion).toBe(113);
    expect(plan.excursions.puts.map((p) => p.row._id)).toEqual([EXCURSION_ID]);
    expect(plan.excursions.deletes).toEqual([{ version: 102, id: SIMILAR_ID }]);
    expect(plan.places.deletes).toEqual([{ version: 105, id: 9 }]);
    expect(plan.favorites.puts).toEqual([{ version: 112, row: { excursionID: EXCURSION_ID } }]);
    expect(plan.cities.deletes).toEqual([]);
  });

  it('keeps only the newest change of a row, whatever the delivery order', () => {
    const older: Change = {
      collection: 'tours',
      op: 'put',
      version: 5,
      row: tour({ attendantsRegistred: 1 }),
    };
    const newer: Change = {
      collection: 'tours',
      op: 'put',
      version: 9,
      row: tour({ attendantsRegistred: 4 }),
    };
    const gone: Change = { collection: 'tours', op: 'delete', version: 7, id: TOUR_ID };
    for (const order of [
      [older, gone, newer],
      [newer, older, gone],
      [gone, newer, older],
    ]) {
      const plan = planChanges(order);
      expect(plan.tours.puts).toEqual([{ version: 9, row: newer.op === 'put' ? newer.row : null }]);
      expect(plan.tours.deletes).toEqual([]);
    }
  });

  it('lets a newer tombstone win over an older put', () => {
    const plan = planChanges([
      { collection: 'places', op: 'put', version: 3, row: place() },
      { collection: 'places', op: 'delete', version: 4, id: 3 },
    ]);
    expect(plan.places.puts).toEqual([]);
    expect(plan.places.deletes).toEqual([{ version: 4, id: 3 }]);
  });

  it('is idempotent on duplicates', () => {
    const plan = planChanges([...page, ...page]);
    expect(plan.excursions.puts).toHaveLength(1);
    expect(plan.favorites.deletes).toHaveLength(1);
  });

  it('gives -1 as the highest version of an empty page', () => {
    expect(planChanges([]).maxVersion).toBe(-1);
  });
});
