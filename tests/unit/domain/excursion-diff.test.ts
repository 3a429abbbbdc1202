import { describe, expect, it } from 'vitest';
import { excursionDiff } from '../../../src/domain/excursion-diff';
import { formatRoubles } from '../../../src/domain/pricing';
import { makeExcursion } from './fixtures';

describe('excursionDiff', () => {
  it('finds nothing when the proposal is the live listing', () => {
    const live = makeExcursion({ images: ['a'], included: ['Обед'] });
    expect(excursionDiff(live, { ...live, images: ['a'], included: ['Обед'] })).toEqual([]);
  });

  it('shows a changed price in roubles, old and new', () => {
    const live = makeExcursion({ adultPrice: 1500 });
    const proposed = makeExcursion({ adultPrice: 1800 });
    expect(excursionDiff(live, proposed)).toEqual([
      {
        field: 'adultPrice',
        label: 'Цена для взрослого',
        before: formatRoubles(1500),
        after: formatRoubles(1800),
      },
    ]);
  });

  it('lists every changed field in the table order with Russian names', () => {
    const live = makeExcursion();
    const proposed = makeExcursion({
      title: 'Новое название',
      description: 'Новое описание',
      kidPrice: 900,
      childrenAllowed: false,
      freeCancelHours: 24,
    });
    expect(
      excursionDiff(live, proposed).map((change) => [change.label, change.before, change.after]),
    ).toEqual([
      ['Название', 'Ласточкино гнездо', 'Новое название'],
      ['Описание', 'Замок на скале', 'Новое описание'],
      ['Цена для ребёнка', formatRoubles(1000), formatRoubles(900)],
      ['Можно с детьми', 'Да', 'Нет'],
      ['Бесплатная отмена', '—', 'За 24 ч до начала'],
    ]);
  });

  it('joins lists one item a line and shows an emptied one as a dash', () => {
    const live = makeExcursion({ included: ['Трансфер', 'Обед'], notIncluded: ['Сувениры'] });
    const proposed = makeExcursion({ included: ['Трансфер', 'Обед', 'Гид'], notIncluded: [] });
    expect(excursionDiff(live, proposed)).toEqual([
      { field: 'included', label: 'Что включено', before: 'Трансфер\nОбед', after: 'Трансфер\nОбед\nГид' },
      { field: 'notIncluded', label: 'Что не включено', before: 'Сувениры', after: '—' },
    ]);
  });

  it('shows services with their prices', () => {
    const live = makeExcursion({ services: [{ name: 'Обед', price: 400 }] });
    const proposed = makeExcursion({ services: [{ name: 'Обед', price: 500 }] });
    expect(excursionDiff(live, proposed)).toEqual([
      {
        field: 'services',
        label: 'Дополнительные услуги',
        before: `Обед — ${formatRoubles(400)}`,
        after: `Обед — ${formatRoubles(500)}`,
      },
    ]);
  });

  it('shows photos as the removed and the added ones', () => {
    const live = makeExcursion({ images: ['a', 'b'], gallery: ['g1'] });
    const proposed = makeExcursion({ images: ['a', 'c', 'd'], gallery: ['g1'] });
    expect(excursionDiff(live, proposed)).toEqual([
      {
        field: 'images',
        label: 'Обложки',
        before: 'b',
        after: 'c, d',
        media: { before: ['b'], after: ['c', 'd'] },
      },
    ]);
  });

  it('shows both whole lists when only the order of photos changed', () => {
    const live = makeExcursion({ gallery: ['g1', 'g2'] });
    const proposed = makeExcursion({ gallery: ['g2', 'g1'] });
    expect(excursionDiff(live, proposed)).toEqual([
      {
        field: 'gallery',
        label: 'Галерея',
        before: 'g1, g2',
        after: 'g2, g1',
        media: { before: ['g1', 'g2'], after: ['g2', 'g1'] },
      },
    ]);
  });

  it('says whether a video was added, replaced or removed', () => {
    const text = (before: string, after: string) =>
      excursionDiff(makeExcursion({ video: before }), makeExcursion({ video: after })).map((c) => [
        c.label,
        c.before,
        c.after,
      ]);
    expect(text('', 'v1')).toEqual([['Видео', '—', 'Есть']]);
    expect(text('v1', 'v2')).toEqual([['Видео', 'Есть', 'Новое видео']]);
    expect(text('v1', '')).toEqual([['Видео', 'Есть', '—']]);
  });

  it('names the place when the caller knows it', () => {
    const names = new Map([
      [1, 'Ласточкино гнездо'],
      [2, 'Воронцовский дворец'],
    ]);
    const changes = excursionDiff(makeExcursion({ place: 1 }), makeExcursion({ place: 2 }), {
      placeName: (id) => names.get(id),
    });
    expect(changes).toEqual([
      {
        field: 'place',
        label: 'Достопримечательность',
        before: 'Ласточкино гнездо',
        after: 'Воронцовский дворец',
      },
    ]);
    expect(excursionDiff(makeExcursion({ place: 1 }), makeExcursion({ place: 2 }))[0]).toMatchObject({
      before: '1',
      after: '2',
    });
  });

  it('leaves the seat plan out: its changes apply at once and never wait for review', () => {
    const live = makeExcursion({ availableSeats: [1, 2, 3], maxAttendants: 3 });
    expect(
      excursionDiff(live, makeExcursion({ availableSeats: [1, 2], reservedSeats: [3], maxAttendants: 2 })),
    ).toEqual([]);
  });
});
