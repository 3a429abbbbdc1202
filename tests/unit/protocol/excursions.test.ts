import { describe, expect, it } from 'vitest';
import {
  createExcursionPayloadSchema,
  updateExcursionPayloadSchema,
  keptPreviewImagesSchema,
} from '../../../src/protocol/excursions';

// What the add-excursion wizard submits (SPEC §4 "Add excursion").
function draft(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Большой каньон Крыма',
    description: 'Пешая прогулка по каньону к Ванне молодости.',
    city: 'Бахчисарай',
    place: 5,
    category: 'Горы',
    popularity: 0,
    bestseller: false,
    ownerID: 7,
    adultPrice: 1900,
    kidPrice: 1200,
    adultInitPrice: 1900,
    kidInitPrice: 1200,
    adultEntryPrice: 300,
    kidEntryPrice: 150,
    entryTickets: true,
    services: [{ name: 'Обед', price: 500 }],
    maxAttendants: 18,
    busType: 'van',
    numberOfRows: 5,
    availableSeats: Array.from({ length: 17 }, (_, i) => i + 1),
    reservedSeats: [],
    duration: '9 часов',
    lunchDuration: '',
    difficulty: 'Тяжело',
    childrenAllowed: false,
    directions: ['Ялта', 'Соколиное', 'Каньон'],
    assemblyPoints: ['Ялта, Морвокзал'],
    included: ['Трансфер'],
    notIncluded: [],
    images: [],
    gallery: [],
    video: '',
    tours: [
      { date: '2026-07-20', time: '07:00' },
      { date: '2026-07-27', time: '07:00' },
    ],
    ...overrides,
  };
}

describe('createExcursionPayloadSchema (the `excursion` part of POST /api/excursions)', () => {
  it('accepts what the wizard submits', () => {
    const parsed = createExcursionPayloadSchema.parse(draft());
    expect(parsed.tours).toHaveLength(2);
    expect(parsed.similarExcursionIDs).toEqual([]);
  });

  it('drops empty list items and trims the rest', () => {
    const parsed = createExcursionPayloadSchema.parse(
      draft({ directions: [' Ялта ', '', '   ', 'Каньон'], included: ['', 'Трансфер'] }),
    );
    expect(parsed.directions).toEqual(['Ялта', 'Каньон']);
    expect(parsed.included).toEqual(['Трансфер']);
  });

  it('defaults the initial prices to the entered ones', () => {
    const { adultInitPrice: _a, kidInitPrice: _k, ...rest } = draft();
    const parsed = createExcursionPayloadSchema.parse(rest);
    expect(parsed.adultInitPrice).toBe(1900);
    expect(parsed.kidInitPrice).toBe(1200);
  });

  it('clears entry prices when there are no entrance tickets', () => {
    const parsed = createExcursionPayloadSchema.parse(draft({ entryTickets: false }));
    expect(parsed.adultEntryPrice).toBe(0);
    expect(parsed.kidEntryPrice).toBe(0);
  });

  it.each([
    ['an empty title', { title: '   ' }],
    ['an empty description', { description: '' }],
    ['only blank route stages', { directions: ['', ' '] }],
    ['no assembly point', { assemblyPoints: [] }],
    ['an empty duration', { duration: '' }],
    ['a free excursion', { adultPrice: 0 }],
    ['a fractional price', { kidPrice: 99.9 }],
    ['no room', { maxAttendants: 0 }],
    ['no schedule', { tours: [] }],
    ['a date that does not exist', { tours: [{ date: '2026-02-30', time: '07:00' }] }],
    [
      'the same slot twice',
      {
        tours: [
          { date: '2026-07-20', time: '07:00' },
          { date: '2026-07-20', time: '07:00' },
        ],
      },
    ],
    ['a seat both offered and reserved', { reservedSeats: [3] }],
    ['an unknown category', { category: 'Пляжи' }],
    ['a missing owner', { ownerID: undefined }],
    ['four cover images', { images: ['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg'] }],
    ['a huge description', { description: 'x'.repeat(10_001) }],
  ])('rejects %s', (_label, patch) => {
    expect(createExcursionPayloadSchema.safeParse(draft(patch)).success).toBe(false);
  });
});

describe('updateExcursionPayloadSchema (the `excursion` part of PUT /api/excursions/{id})', () => {
  it('accepts an edit without owner or tours and ignores tours if sent', () => {
    const { ownerID: _o, tours: _t, ...fields } = draft();
    expect(updateExcursionPayloadSchema.safeParse(fields).success).toBe(true);
    expect(updateExcursionPayloadSchema.parse(draft())).not.toHaveProperty('tours');
  });

  it('rejects an edit that empties the title', () => {
    expect(updateExcursionPayloadSchema.safeParse(draft({ title: '' })).success).toBe(false);
  });
});

describe('kept media names', () => {
  it('allow at most three kept covers', () => {
    expect(keptPreviewImagesSchema.safeParse(['a.jpg', 'b.jpg', 'c.jpg']).success).toBe(true);
    expect(keptPreviewImagesSchema.safeParse(['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg']).success).toBe(false);
  });
});
