import { describe, expect, it } from 'vitest';
import {
  createTicketRequestSchema,
  createTicketResponseSchema,
  patchTicketStatusRequestSchema,
  ticketsResponseSchema,
} from '../../../src/protocol/tickets';
import { ticket, TICKET_ID, TOUR_ID } from './fixtures';

function booking(overrides: Record<string, unknown> = {}) {
  return {
    tourID: TOUR_ID,
    userID: 12,
    adults: 2,
    kids: 1,
    seats: [5, 6, 7],
    assemblyPoint: 'Алушта, автовокзал',
    services: [{ name: 'Обед', price: 600, selected: true }],
    excursionPrice: 8600,
    entryPrice: 1750,
    ...overrides,
  };
}

describe('createTicketRequestSchema (POST /api/tickets)', () => {
  it('accepts a realistic booking', () => {
    expect(createTicketRequestSchema.parse(booking())).toEqual(booking());
  });

  it('accepts a booking without seats (no bus layout)', () => {
    expect(createTicketRequestSchema.safeParse(booking({ seats: [] })).success).toBe(true);
  });

  it('marks services sent without `selected` as selected and drops unselected ones', () => {
    const parsed = createTicketRequestSchema.parse(
      booking({
        services: [
          { name: 'Обед', price: 600 },
          { name: 'Аудиогид', price: 200, selected: false },
        ],
      }),
    );
    expect(parsed.services).toEqual([{ name: 'Обед', price: 600, selected: true }]);
  });

  it('trims the assembly point', () => {
    expect(createTicketRequestSchema.parse(booking({ assemblyPoint: '  Ялта ' })).assemblyPoint).toBe('Ялта');
  });

  it.each([
    ['no adult', { adults: 0, kids: 2, seats: [] }],
    ['fractional adults', { adults: 1.5 }],
    ['adults as text', { adults: '2' }],
    ['negative kids', { kids: -1 }],
    ['fractional kids', { kids: 0.5 }],
    ['a seat more than people', { seats: [5, 6, 7, 8] }],
    ['the same seat twice', { seats: [5, 5, 6] }],
    ['seat zero', { seats: [0, 1, 2] }],
    ['a negative seat', { seats: [-1] }],
    ['a bad tour id', { tourID: 'tour123' }],
    ['a user id of zero', { userID: 0 }],
    ['an empty assembly point', { assemblyPoint: '   ' }],
    ['a huge assembly point', { assemblyPoint: 'x'.repeat(501) }],
    ['a negative price', { excursionPrice: -1 }],
    ['a fractional entry price', { entryPrice: 0.5 }],
    ['a party larger than any bus', { adults: 900, kids: 200, seats: [] }],
    [
      'a service picked twice',
      {
        services: [
          { name: 'Обед', price: 600 },
          { name: 'Обед', price: 600 },
        ],
      },
    ],
  ])('rejects %s', (_label, patch) => {
    expect(createTicketRequestSchema.safeParse(booking(patch)).success).toBe(false);
  });

  it.each(['tourID', 'adults', 'seats', 'services', 'excursionPrice'])(
    'rejects a booking without %s',
    (key) => {
      const body: Record<string, unknown> = booking();
      delete body[key];
      expect(createTicketRequestSchema.safeParse(body).success).toBe(false);
    },
  );
});

describe('createTicketResponseSchema', () => {
  const answer = { status_code: 200, ticket_id: TICKET_ID, confirmationid: 'ct-2d8f1a', ticket: ticket() };

  it('accepts the answer with ids and the ticket', () => {
    expect(createTicketResponseSchema.safeParse(answer).success).toBe(true);
  });

  it('rejects any status_code but 200', () => {
    expect(createTicketResponseSchema.safeParse({ ...answer, status_code: 500 }).success).toBe(false);
  });

  it('rejects an empty confirmation token', () => {
    expect(createTicketResponseSchema.safeParse({ ...answer, confirmationid: '' }).success).toBe(false);
  });
});

describe('patchTicketStatusRequestSchema (PATCH /api/tickets/{id})', () => {
  it.each(['to payment', 'confirmed', 'cancelled'])('accepts %s', (status) => {
    expect(patchTicketStatusRequestSchema.safeParse({ status }).success).toBe(true);
  });

  it.each(['paid', '', 1, null])('rejects %j', (status) => {
    expect(patchTicketStatusRequestSchema.safeParse({ status }).success).toBe(false);
  });
});

describe('ticketsResponseSchema', () => {
  it('accepts {tickets}', () => {
    expect(ticketsResponseSchema.safeParse({ tickets: [ticket()] }).success).toBe(true);
  });
  it('rejects a bare array', () => {
    expect(ticketsResponseSchema.safeParse([ticket()]).success).toBe(false);
  });
});
