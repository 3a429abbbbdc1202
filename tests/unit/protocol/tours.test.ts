import { describe, expect, it } from 'vitest';
import {
  createToursRequestSchema,
  createToursResponseSchema,
  deleteToursRequestSchema,
  toursResponseSchema,
} from '../../../src/protocol/tours';
import { EXCURSION_ID, tour, TOUR_ID, TOUR_ID_2 } from './fixtures';

const slot = (date: string, time: string) => ({ excursionID: EXCURSION_ID, date, time });

describe('createToursRequestSchema (POST /api/tours)', () => {
  it('accepts a week of runs', () => {
    const tours = ['2026-07-13', '2026-07-14', '2026-07-15'].flatMap((d) => [
      slot(d, '08:30'),
      slot(d, '14:00'),
    ]);
    expect(createToursRequestSchema.safeParse({ tours }).success).toBe(true);
  });

  it('accepts 200 tours and rejects 201', () => {
    const many = (n: number) =>
      Array.from({ length: n }, (_, i) =>
        slot(
          `2026-07-${String((i % 28) + 1).padStart(2, '0')}`,
          `${String(Math.floor(i / 28)).padStart(2, '0')}:00`,
        ),
      );
    expect(createToursRequestSchema.safeParse({ tours: many(200) }).success).toBe(true);
    expect(createToursRequestSchema.safeParse({ tours: many(201) }).success).toBe(false);
  });

  it.each([
    ['no tours', []],
    ['the same run twice', [slot('2026-07-14', '08:30'), slot('2026-07-14', '08:30')]],
    ['a date that does not exist', [slot('2026-02-30', '08:30')]],
    ['a time past midnight', [slot('2026-07-14', '24:00')]],
    ['a time without minutes', [slot('2026-07-14', '8')]],
    ['a bad excursion id', [{ excursionID: 'tour1', date: '2026-07-14', time: '08:30' }]],
    ['a missing time', [{ excursionID: EXCURSION_ID, date: '2026-07-14' }]],
  ])('rejects %s', (_label, tours) => {
    expect(createToursRequestSchema.safeParse({ tours }).success).toBe(false);
  });

  it('rejects a bare list without the tours field', () => {
    expect(createToursRequestSchema.safeParse([slot('2026-07-14', '08:30')]).success).toBe(false);
  });
});

describe('deleteToursRequestSchema (DELETE /api/tours)', () => {
  it('accepts tour ids', () => {
    expect(deleteToursRequestSchema.safeParse({ tour_ids: [TOUR_ID, TOUR_ID_2] }).success).toBe(true);
  });
  it.each([
    ['an empty list', []],
    ['a duplicate', [TOUR_ID, TOUR_ID]],
    ['a temporary client id', ['tour-1699999999']],
  ])('rejects %s', (_label, tour_ids) => {
    expect(deleteToursRequestSchema.safeParse({ tour_ids }).success).toBe(false);
  });
});

describe('tour answers', () => {
  it('accept lists of tours', () => {
    expect(toursResponseSchema.safeParse({ tours: [tour()] }).success).toBe(true);
    expect(createToursResponseSchema.safeParse({ tours: [tour(), tour({ _id: TOUR_ID_2 })] }).success).toBe(
      true,
    );
  });
});
