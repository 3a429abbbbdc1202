import { describe, expect, it } from 'vitest';
import {
  bannerSchema,
  citySchema,
  excursionSchema,
  placeSchema,
  specialOfferSchema,
  ticketSchema,
  tourSchema,
  userSchema,
} from '../../../src/protocol/entities';
import { banner, city, excursion, place, specialOffer, ticket, tour, user } from './fixtures';

const accepts = (schema: { safeParse: (v: unknown) => { success: boolean } }, value: unknown) =>
  expect(schema.safeParse(value).success).toBe(true);
const rejects = (schema: { safeParse: (v: unknown) => { success: boolean } }, value: unknown) =>
  expect(schema.safeParse(value).success).toBe(false);

describe('excursionSchema', () => {
  it('accepts a realistic excursion unchanged', () => {
    const result = excursionSchema.safeParse(excursion());
    expect(result.success).toBe(true);
    expect(result.data).toEqual(excursion());
  });

  it('strips unknown keys a newer server may add', () => {
    const result = excursionSchema.parse({ ...excursion(), __v: 0 });
    expect(result).not.toHaveProperty('__v');
  });

  it('accepts an excursion without a bus layout, rows or video', () => {
    accepts(excursionSchema, excursion({ busType: 'none', numberOfRows: 0, availableSeats: [], video: '' }));
  });

  it.each([
    ['an uppercase id', { _id: '65F1A2B3C4D5E6F7A8B9C0D1' }],
    ['a short id', { _id: 'abc123' }],
    ['a numeric id', { _id: 123 }],
    ['an unknown category', { category: 'Пляжи' }],
    ['an unknown difficulty', { difficulty: 'Сложно' }],
    ['an unknown bus type', { busType: 'train' }],
    ['a negative price', { adultPrice: -1 }],
    ['a fractional price', { adultPrice: 2500.5 }],
    ['a price as text', { adultPrice: '2500' }],
    ['an absurd price', { adultPrice: 10_000_000 }],
    ['a fractional popularity', { popularity: 1.5 }],
    ['a negative popularity', { popularity: -3 }],
    ['a place id of zero', { place: 0 }],
    ['an owner id as text', { ownerID: '7' }],
    ['a title of 201 characters', { title: 'а'.repeat(201) }],
    ['an empty title', { title: '' }],
    ['a description of 10 001 characters', { description: 'x'.repeat(10_001) }],
    ['a route stage of 501 characters', { directions: ['x'.repeat(501)] }],
    ['101 route stages', { directions: Array.from({ length: 101 }, () => 'этап') }],
    ['four cover images', { images: ['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg'] }],
    ['51 gallery images', { gallery: Array.from({ length: 51 }, (_, i) => `g${i}.jpg`) }],
    ['a media id with a path', { images: ['../etc/passwd'] }],
    ['a media id that is a URL', { gallery: ['https://evil.example/x.jpg'] }],
    ['duplicate seats', { availableSeats: [1, 2, 2] }],
    ['seat zero', { availableSeats: [0, 1] }],
    ['a fractional seat', { reservedSeats: [1.5] }],
    [
      'duplicate service names',
      {
        services: [
          { name: 'Обед', price: 1 },
          { name: 'Обед', price: 2 },
        ],
      },
    ],
    ['a service without a price', { services: [{ name: 'Обед' }] }],
    ['a bad similar id', { similarExcursionIDs: ['nope'] }],
    ['a boolean as text', { bestseller: 'true' }],
  ])('rejects %s', (_label, patch) => {
    rejects(excursionSchema, { ...excursion(), ...patch });
  });

  it.each(['title', 'adultPrice', 'tours', 'busType', 'images'])('rejects an excursion without %s', (key) => {
    const value: Record<string, unknown> = { ...excursion() };
    delete value[key];
    rejects(excursionSchema, value);
  });

  it.each([null, undefined, 'excursion', 42, [], [excursion()]])(
    'rejects %j instead of an object',
    (value) => {
      rejects(excursionSchema, value);
    },
  );
});

describe('tourSchema', () => {
  it('accepts a realistic tour', () => accepts(tourSchema, tour()));

  it.each(['2024-02-29', '2026-12-31', '2026-01-01'])('accepts the real date %s', (date) => {
    accepts(tourSchema, tour({ date }));
  });

  it.each([
    '2026-02-30',
    '2025-02-29',
    '2026-13-01',
    '2026-04-31',
    '14.07.2026',
    '2026-7-14',
    '2026-07-14T08:30',
  ])('rejects the date %s', (date) => rejects(tourSchema, tour({ date })));

  it.each(['00:00', '23:59', '08:30'])('accepts the time %s', (time) => accepts(tourSchema, tour({ time })));

  it.each(['24:00', '8:30', '08:60', '08:30:00', '0830', ''])('rejects the time %j', (time) => {
    rejects(tourSchema, tour({ time }));
  });

  it('rejects a negative attendance', () => rejects(tourSchema, tour({ attendantsRegistred: -1 })));
  it('rejects a duplicate taken seat', () => rejects(tourSchema, tour({ takenSeats: [5, 5] })));
  it('rejects a bad excursion id', () => rejects(tourSchema, tour({ excursionID: 'x'.repeat(24) })));
});

describe('ticketSchema', () => {
  it('accepts a realistic ticket', () => accepts(ticketSchema, ticket()));
  it('accepts a ticket without the attached tour', () => accepts(ticketSchema, ticket({ tour: undefined })));
  it('keeps an unknown status as it is', () => {
    expect(ticketSchema.parse(ticket({ status: 'refunded' })).status).toBe('refunded');
  });

  it.each([
    ['an empty status', { status: '' }],
    ['fractional adults', { adults: 1.5 }],
    ['negative kids', { kids: -1 }],
    ['a negative price', { excursionPrice: -100 }],
    ['a user id as text', { userID: '12' }],
    ['duplicate seats', { seats: [5, 5] }],
    ['a service without selected', { services: [{ name: 'Обед', price: 600 }] }],
    [
      'a bad tour date',
      { tour: { date: '2026-02-30', time: '08:30', excursionID: '65f1a2b3c4d5e6f7a8b9c0d1' } },
    ],
  ])('rejects %s', (_label, patch) => rejects(ticketSchema, { ...ticket(), ...patch }));
});

describe('userSchema', () => {
  it('accepts a realistic user', () => accepts(userSchema, user()));
  it('accepts a seller with a balance and no phone yet', () => {
    accepts(userSchema, user({ role: 'seller', balance: 1500, phone: '' }));
  });

  it.each([
    ['a masked phone', { phone: '8(978)123-45-67' }],
    ['an unknown role', { role: 'owner' }],
    ['a negative balance', { balance: -1 }],
    ['a fractional balance', { balance: 10.5 }],
    ['a zero id', { id: 0 }],
    ['a bad e-mail', { email: 'anna-at-example' }],
    ['a bad favourite id', { favorites: ['123'] }],
    ['a huge name', { name: 'я'.repeat(101) }],
    ['an avatar with a slash', { avatar: 'a/b.png' }],
  ])('rejects %s', (_label, patch) => rejects(userSchema, { ...user(), ...patch }));
});

describe('place, city, banner and special offer schemas', () => {
  it('accept realistic rows', () => {
    accepts(placeSchema, place());
    accepts(citySchema, city());
    accepts(bannerSchema, banner());
    accepts(specialOfferSchema, specialOffer());
    accepts(specialOfferSchema, specialOffer({ excursionID: null }));
  });

  it('reject bad ids', () => {
    rejects(placeSchema, place({ id: -3 }));
    rejects(citySchema, { ...city(), id: '1' });
    rejects(bannerSchema, banner({ id: 1.5 }));
  });

  it('reject more than 50 gallery images for a place', () => {
    rejects(placeSchema, place({ gallery: Array.from({ length: 51 }, (_, i) => `p${i}.jpg`) }));
  });

  it.each(['https://evil.example', '//evil.example', 'excursions', '/a b'])(
    'rejects the banner link %s (not an in-app route)',
    (link) => rejects(bannerSchema, banner({ link })),
  );

  it('rejects a discount above 100 percent', () =>
    rejects(specialOfferSchema, specialOffer({ discount: 101 })));
  it('rejects a city without a name', () => rejects(citySchema, city({ name: '' })));
});
