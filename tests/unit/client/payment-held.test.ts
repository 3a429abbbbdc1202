import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReplicaProvider } from '../../../src/client/app/hooks/replica';
import { HeldTicketList } from '../../../src/client/app/pages/payment/HeldTickets';
import { heldTickets, type HeldTicket } from '../../../src/client/app/pages/payment/held-tickets';
import { successRedirect, successTicketId } from '../../../src/client/app/pages/payment/SuccessPage';
import type { ReplicaDb } from '../../../src/client/db/schema';
import { ticket, tickets } from '../../../src/client/db/queries/tickets';
import { withPlainSpaces } from '../../../src/domain/pricing';
import type { Ticket } from '../../../src/domain/types';
import { hexId } from '../domain/fixtures';
import { balaklava, catalogueReplica, NOW, tours, yalta } from './fixtures';

// /payment opened on its own lists this user's held, unpaid tickets from the replica; /success
// congratulates only on a ticket the replica holds as paid, and otherwise sends the person on.

const MINUTE = 60_000;
const USER = 7;
const at = (minutes: number) => new Date(NOW.getTime() + minutes * MINUTE).toISOString();

function row(n: number, overrides: Partial<Ticket>): Ticket & { _v: number } {
  return {
    _id: hexId(200 + n),
    userID: USER,
    tourID: tours.yaltaLater._id,
    adults: 1,
    kids: 0,
    seats: [],
    assemblyPoint: 'Ялта, Набережная',
    services: [],
    excursionPrice: 2500,
    entryPrice: 0,
    status: 'to payment',
    _v: 1,
    ...overrides,
  };
}

const heldLong = row(1, { holdUntil: at(12) });
const heldShort = row(2, { tourID: tours.balaklavaTomorrow._id, excursionPrice: 1800, holdUntil: at(3) });
const lapsedOnClock = row(3, { holdUntil: at(-1) });
const someoneElses = row(4, { userID: 8, holdUntil: at(10) });
const paid = row(5, { status: 'confirmed' });
const cancelled = row(6, { status: 'cancelled', cancelReason: 'hold_expired' });

let db: ReplicaDb;

beforeEach(async () => {
  db = await catalogueReplica();
  await db.tickets.bulkPut([heldLong, heldShort, lapsedOnClock, someoneElses, paid, cancelled]);
});

afterEach(() => db.close());

function render(held: readonly HeldTicket[]): string {
  const html = renderToString(
    createElement(
      ReplicaProvider,
      { db },
      createElement(MemoryRouter, { initialEntries: ['/payment'] }, createElement(HeldTicketList, { held })),
    ),
  );
  return withPlainSpaces(
    html
      .replace(/<button[^>]*>/g, '[button:')
      .replace(/<\/button>/g, ']')
      .replace(/<a [^>]*href="([^"]*)"[^>]*>/g, '[link $1:')
      .replace(/<\/a>/g, ']')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' '),
  );
}

describe('/payment without a booking in hand', () => {
  it("lists the user's bookings still held, the one ending first on top, with their minutes left", async () => {
    const held = heldTickets(await tickets(db), USER, NOW);
    expect(held.map((item) => [item.view.ticket._id, item.minutesLeft])).toEqual([
      [heldShort._id, 3],
      [heldLong._id, 12],
    ]);
  });

  it('shows each with its title, date, amount, time left and a pay button', async () => {
    const text = render(heldTickets(await tickets(db), USER, NOW));
    expect(text).toContain('Ожидают оплаты');
    expect(text).toContain(
      `${balaklava.title} 11 июня, 10:00 1 800 ₽ Бронь действует ещё 3 мин [button:Оплатить]`,
    );
    expect(text).toContain(
      `${yalta.title} 12 июня, 09:00 2 500 ₽ Бронь действует ещё 12 мин [button:Оплатить]`,
    );
  });

  it('drops a booking at the instant its hold ends', async () => {
    const views = await tickets(db);
    expect(heldTickets(views, USER, new Date(Date.parse(heldShort.holdUntil ?? '') - 1)).length).toBe(2);
    expect(heldTickets(views, USER, new Date(Date.parse(heldShort.holdUntil ?? '')))).toHaveLength(1);
  });

  it('explains that there is nothing to pay when nothing is held', async () => {
    const views = await tickets(db);
    expect(heldTickets(views, USER, new Date(NOW.getTime() + 60 * MINUTE))).toEqual([]);
    expect(heldTickets(views, null, NOW)).toEqual([]);
    const text = render([]);
    expect(text).toContain('Нечего оплачивать');
    expect(text).toContain('[link /profile/tickets:Мои билеты]');
    expect(text).not.toContain('Оплатить');
  });
});

describe('/success', () => {
  it('reads the ticket from ?ticket=, else from the navigation state', () => {
    const search = new URLSearchParams(`ticket=${paid._id}`);
    expect(successTicketId(search, { ticket_id: heldLong._id })).toBe(paid._id);
    expect(successTicketId(new URLSearchParams(), { ticket_id: heldLong._id })).toBe(heldLong._id);
    expect(successTicketId(new URLSearchParams(), null)).toBeNull();
  });

  it('congratulates only on a ticket the replica holds as paid', async () => {
    expect(successRedirect(paid._id, await ticket(db, paid._id))).toBeNull();
  });

  it('sends an unpaid ticket to its page to wait for the confirmation, a cancelled one to its page', async () => {
    expect(successRedirect(heldLong._id, await ticket(db, heldLong._id))).toBe(
      `/profile/tickets/ticket/${heldLong._id}?from=payment`,
    );
    expect(successRedirect(cancelled._id, await ticket(db, cancelled._id))).toBe(
      `/profile/tickets/ticket/${cancelled._id}`,
    );
    expect(successRedirect(hexId(299), await ticket(db, hexId(299)))).toBe(
      `/profile/tickets/ticket/${hexId(299)}`,
    );
  });

  it('waits for the replica, and sends a visit without a ticket to the ticket list', () => {
    expect(successRedirect(paid._id, undefined)).toBeUndefined();
    expect(successRedirect(null, undefined)).toBe('/profile/tickets');
    expect(successRedirect('not-an-id', undefined)).toBe('/profile/tickets');
  });
});
