import { describe, expect, it } from 'vitest';
import { formatAverage, ratingBreakdown, ratingsByExcursion } from '../../../src/client/db/queries/ratings';
import {
  AWAITING_REVIEW_DAYS,
  awaitingFrom,
  mayReview,
  newestFirst,
  stillEditable,
} from '../../../src/client/db/queries/reviews';
import type { TicketView } from '../../../src/client/db/queries/tickets';
import type { Ticket } from '../../../src/domain/types';
import { hexId } from '../domain/fixtures';
import { rowExcursion } from './fixtures';

// The pure rules of reviews: averages (a hidden review never counts), who may write one (a paid
// ticket whose holder went: checked in, or the trip over) and which trips wait for a review.

const A = hexId(1);
const B = hexId(2);
const hidden = { reason: 'Оскорбления', at: '2026-07-01T10:00:00Z' };

describe('ratings', () => {
  it('averages each excursion over its public reviews only', () => {
    const ratings = ratingsByExcursion([
      { excursionID: A, rating: 5, hidden: null },
      { excursionID: A, rating: 4, hidden: null },
      { excursionID: A, rating: 1, hidden },
      { excursionID: B, rating: 3, hidden: null },
    ]);
    expect(ratings.get(A)).toEqual({ average: 4.5, count: 2 });
    expect(ratings.get(B)).toEqual({ average: 3, count: 1 });
    expect(ratingsByExcursion([{ excursionID: A, rating: 2, hidden }]).has(A)).toBe(false);
  });

  it('spreads the stars from five down to one and is null with nothing to show', () => {
    const breakdown = ratingBreakdown([
      { rating: 5, hidden: null },
      { rating: 5, hidden: null },
      { rating: 4, hidden: null },
      { rating: 2, hidden: null },
      { rating: 1, hidden },
    ]);
    expect(breakdown?.count).toBe(4);
    expect(breakdown?.stars).toEqual([
      { rating: 5, count: 2 },
      { rating: 4, count: 1 },
      { rating: 3, count: 0 },
      { rating: 2, count: 1 },
      { rating: 1, count: 0 },
    ]);
    expect(formatAverage(breakdown?.average ?? 0)).toBe('4,0');
    expect(ratingBreakdown([])).toBeNull();
    expect(ratingBreakdown([{ rating: 3, hidden }])).toBeNull();
  });

  it('shows one decimal with a comma', () => {
    expect(formatAverage(4.75)).toBe('4,8');
    expect(formatAverage(14 / 3)).toBe('4,7');
    expect(formatAverage(5)).toBe('5,0');
  });

  it('lists reviews newest first', () => {
    const rows = [
      { _id: hexId(11), createdAt: '2026-07-01T10:00:00Z' },
      { _id: hexId(12), createdAt: '2026-07-03T10:00:00Z' },
      { _id: hexId(13), createdAt: '2026-07-02T10:00:00Z' },
    ];
    expect(newestFirst(rows).map((row) => row._id)).toEqual([hexId(12), hexId(13), hexId(11)]);
  });
});

function view(
  ticket: Partial<Ticket>,
  date = '2026-07-10',
  time = '09:00',
  duration = '8 часов',
): TicketView {
  return {
    ticket: {
      _id: hexId(50),
      userID: 7,
      tourID: hexId(60),
      tour: { date, time, excursionID: A },
      adults: 1,
      kids: 0,
      seats: [3],
      assemblyPoint: 'Ялта',
      services: [],
      excursionPrice: 2500,
      entryPrice: 0,
      status: 'confirmed',
      ...ticket,
    },
    tour: null,
    excursion: rowExcursion({ _id: A, duration }),
  };
}

describe('who may write a review', () => {
  // 09:00 in Crimea (UTC+3) is 06:00Z; an eight-hour trip ends at 14:00Z.
  const during = new Date('2026-07-10T10:00:00Z');
  const after = new Date('2026-07-10T14:00:00Z');

  it('a paid ticket once its trip has ended', () => {
    expect(mayReview(view({}), during)).toBe(false);
    expect(mayReview(view({}), after)).toBe(true);
  });

  it('a paid ticket checked in at boarding, before the trip ends', () => {
    expect(mayReview(view({ checkedInAt: '2026-07-10T05:50:00Z' }), during)).toBe(true);
  });

  it('never an unpaid or cancelled ticket', () => {
    expect(mayReview(view({ status: 'to payment' }), after)).toBe(false);
    expect(mayReview(view({ status: 'cancelled', checkedInAt: '2026-07-10T05:50:00Z' }), after)).toBe(false);
  });

  it('reads the trip length from the excursion: a short trip ends sooner', () => {
    expect(mayReview(view({}, '2026-07-10', '09:00', '2 часа'), new Date('2026-07-10T08:30:00Z'))).toBe(true);
    expect(mayReview(view({}, '2026-07-10', '09:00', '8 часов'), new Date('2026-07-10T08:30:00Z'))).toBe(
      false,
    );
  });

  it('editable until editableUntil, read-only after', () => {
    const review = { editableUntil: '2026-07-24T14:00:00Z' };
    expect(stillEditable(review, new Date('2026-07-24T13:59:00Z'))).toBe(true);
    expect(stillEditable(review, new Date('2026-07-24T14:00:00Z'))).toBe(false);
  });
});

describe('trips waiting for a review', () => {
  const now = new Date('2026-07-20T12:00:00Z');

  it(`lists paid trips of the last ${AWAITING_REVIEW_DAYS} days without a review`, () => {
    const recent = view({ _id: hexId(51) }, '2026-07-10');
    const reviewed = view({ _id: hexId(52) }, '2026-07-11');
    const old = view({ _id: hexId(53) }, '2026-06-01');
    const upcoming = view({ _id: hexId(54) }, '2026-07-25');
    const boarded = view({ _id: hexId(55), checkedInAt: '2026-07-20T06:00:00Z' }, '2026-07-20', '09:00');
    const cancelled = view({ _id: hexId(56), status: 'cancelled' }, '2026-07-12');
    const list = awaitingFrom(
      [recent, reviewed, old, upcoming, boarded, cancelled],
      new Set([hexId(52)]),
      now,
    );
    expect(list.map((item) => item.ticket._id)).toEqual([hexId(51), hexId(55)]);
    expect(list[0]?.trip).toEqual({ date: '2026-07-10', time: '09:00' });
  });
});
