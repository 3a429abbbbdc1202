import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ReplicaProvider } from '../../../src/client/app/hooks/replica';
import { TicketDetail } from '../../../src/client/app/pages/tickets/TicketPage';
import { ticketOffer } from '../../../src/client/app/pages/tickets/ticket-offer';
import type { ReplicaDb } from '../../../src/client/db/schema';
import type { TicketView } from '../../../src/client/db/queries/tickets';
import { withPlainSpaces } from '../../../src/domain/pricing';
import type { Ticket } from '../../../src/domain/types';
import { hexId } from '../domain/fixtures';
import { openReplica, rowExcursion, rowTour } from './fixtures';

// What the ticket page offers about money for each state of a ticket, rendered as the page draws it
// from its replica rows: pay a held booking with the minutes left, book again once the hold is gone,
// cancel a paid ticket for a refund inside its window, and the refund's outcome.

const MINUTE = 60_000;
const excursion = rowExcursion({ _id: hexId(1), title: 'Ласточкино гнездо' });
const tour = rowTour({ _id: hexId(11), excursionID: excursion._id, date: '2099-06-12', time: '09:00' });

function makeTicket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    _id: hexId(101),
    userID: 7,
    tourID: tour._id,
    adults: 2,
    kids: 0,
    seats: [],
    assemblyPoint: 'Ялта, Набережная',
    services: [],
    excursionPrice: 5000,
    entryPrice: 0,
    status: 'confirmed',
    ...overrides,
  };
}

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * MINUTE).toISOString();

let db: ReplicaDb;
let zone: string | undefined;

beforeAll(() => {
  // The page shows Crimean time whatever zone the phone is set to.
  zone = process.env.TZ;
  process.env.TZ = 'America/New_York';
});

afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

afterEach(() => db?.close());

/** The ticket page's body for `ticket`, as plain text with its links and buttons marked. */
function renderTicket(ticket: Ticket, address = `/profile/tickets/ticket/${ticket._id}`): string {
  db = openReplica();
  const view: TicketView = { ticket, tour, excursion };
  const html = renderToString(
    createElement(
      ReplicaProvider,
      { db },
      createElement(MemoryRouter, { initialEntries: [address] }, createElement(TicketDetail, { view })),
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

describe('an unpaid ticket', () => {
  it('inside its hold offers payment with the minutes left, and the cancellation', () => {
    const text = renderTicket(makeTicket({ status: 'to payment', holdUntil: inMinutes(9.5) }));
    expect(text).toContain('[button:Оплатить]');
    expect(text).toContain('Бронь действует ещё 10 мин');
    expect(text).toContain('[button:Отменить бронь]');
  });

  it('offers payment even with no token remembered and no hold end known', () => {
    const text = renderTicket(makeTicket({ status: 'to payment' }));
    expect(text).toContain('[button:Оплатить]');
    expect(text).not.toContain('Бронь действует');
  });

  it('whose hold ran out on the clock offers no payment and says so, with a way to book again', () => {
    const text = renderTicket(makeTicket({ status: 'to payment', holdUntil: inMinutes(-0.1) }));
    expect(text).not.toContain('Оплатить');
    expect(text).not.toContain('Отменить бронь');
    expect(text).toContain('Время брони истекло');
    expect(text).toContain(`[link /booking/${excursion._id}:Забронировать снова]`);
  });

  it('back from the card form waits for the confirmation instead of offering payment again', () => {
    const ticket = makeTicket({ status: 'to payment', holdUntil: inMinutes(5) });
    const text = renderTicket(ticket, `/profile/tickets/ticket/${ticket._id}?from=payment`);
    expect(text).toContain('Подтверждаем оплату');
    expect(text).not.toContain('Оплатить');
  });
});

describe('a cancelled ticket', () => {
  it('whose hold lapsed says why and links to booking the excursion again', () => {
    const text = renderTicket(makeTicket({ status: 'cancelled', cancelReason: 'hold_expired' }));
    expect(text).toContain(
      'Бронь истекла: билет не был оплачен в течение 15 минут. Места вернулись в продажу.',
    );
    expect(text).toContain(`[link /booking/${excursion._id}:Забронировать снова]`);
  });

  it('cancelled by its owner before paying offers nothing more', () => {
    const text = renderTicket(makeTicket({ status: 'cancelled', cancelReason: 'owner' }));
    expect(text).not.toContain('Забронировать снова');
    expect(text).not.toContain('Возврат');
    expect(text).not.toContain('[button:');
  });

  it('shows a refund on its way or sent', () => {
    const pending = renderTicket(
      makeTicket({ status: 'cancelled', cancelReason: 'owner', refund: { amount: 5000, status: 'pending' } }),
    );
    expect(pending).toContain('Возврат 5 000 ₽ оформлен');
    expect(pending).not.toContain('отправлены');
    const sent = renderTicket(
      makeTicket({ status: 'cancelled', refund: { amount: 5000, status: 'succeeded' } }),
    );
    expect(sent).toContain('Возврат 5 000 ₽ оформлен');
    expect(sent).toContain('Деньги отправлены на вашу карту.');
  });

  it('says plainly when the refund did not go through', () => {
    const text = renderTicket(
      makeTicket({ status: 'cancelled', refund: { amount: 5000, status: 'failed' } }),
    );
    expect(text).toContain('Вернуть деньги автоматически не получилось. Служба поддержки свяжется с вами.');
    expect(text).not.toContain('оформлен');
  });
});

describe('a paid ticket', () => {
  it('before its deadline shows it in Crimean time and offers cancelling for a refund', () => {
    const text = renderTicket(makeTicket({ freeCancelUntil: '2099-06-11T06:00:00.000Z' }));
    expect(text).toContain('Бесплатная отмена до 11.06.2099 09:00');
    expect(text).toContain('[button:Отменить и вернуть деньги]');
    expect(text).toContain('QR-код для гида');
  });

  it('after its deadline says until when it was free and offers no cancellation', () => {
    const text = renderTicket(makeTicket({ freeCancelUntil: '2020-06-10T21:30:00.000Z' }));
    // 21:30 UTC is already the next day in Crimea.
    expect(text).toContain('Бесплатная отмена была доступна до 11.06.2020 00:30');
    expect(text).not.toContain('Отменить');
  });
});

describe('the offer at a given instant', () => {
  const holdUntil = '2026-06-10T06:15:00.000Z';
  const at = (iso: string) => new Date(iso);

  it('counts whole minutes of the hold up, and ends exactly at its end', () => {
    const held = makeTicket({ status: 'to payment', holdUntil });
    expect(ticketOffer(held, at('2026-06-10T06:00:00Z'))).toEqual({ kind: 'pay', minutesLeft: 15 });
    expect(ticketOffer(held, at('2026-06-10T06:14:59Z'))).toEqual({ kind: 'pay', minutesLeft: 1 });
    expect(ticketOffer(held, at('2026-06-10T06:15:00Z'))).toEqual({ kind: 'hold-ran-out' });
  });

  it('closes the free cancellation at its deadline', () => {
    const paid = makeTicket({ freeCancelUntil: holdUntil });
    expect(ticketOffer(paid, at('2026-06-10T06:14:59Z')).kind).toBe('free-cancel');
    expect(ticketOffer(paid, at('2026-06-10T06:15:00Z')).kind).toBe('free-cancel-over');
    expect(ticketOffer(makeTicket(), at('2026-06-10T06:00:00Z')).kind).toBe('none');
  });
});
