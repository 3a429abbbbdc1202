import { describe, expect, it } from 'vitest';
import { tourNoticeText } from '../../../src/client/app/pages/tickets/ticket-text';
import type { TicketView } from '../../../src/client/db/queries/tickets';
import type { Ticket } from '../../../src/domain/types';
import { hexId, makeTour } from '../domain/fixtures';

// What a ticket says about its departure when the seller cancelled or moved it.

function view(ticket: Partial<Ticket>, tour: TicketView['tour'] = null): TicketView {
  return { ticket: { status: 'confirmed', ...ticket } as Ticket, tour, excursion: null };
}

const at = '2026-07-10T06:00:00.000Z';

describe('a ticket’s departure notice', () => {
  it('says a cancelled departure was cancelled by the organiser, and why', () => {
    const text = tourNoticeText(
      view({
        status: 'cancelled',
        cancelReason: 'tour_cancelled',
        tourNotice: { kind: 'cancelled', reason: 'Непогода', at },
      }),
    );
    expect(text).toBe('Рейс отменён организатором: Непогода');
  });

  it('names a moved departure’s former and new date and time', () => {
    const tour = { ...makeTour({ _id: hexId(9), date: '2026-07-13', time: '10:30' }) };
    const text = tourNoticeText(
      view(
        {
          tourNotice: {
            kind: 'moved',
            reason: 'Недостаточно участников',
            at,
            from: { date: '2026-07-12', time: '09:00' },
          },
        },
        tour,
      ),
    );
    expect(text).toBe('Рейс перенесён с 12.07 в 09:00 на 13.07 в 10:30: Недостаточно участников');
  });

  it('takes the new slot from the ticket’s own copy when the tour is not on the phone', () => {
    const text = tourNoticeText(
      view({
        tour: { date: '2026-07-14', time: '08:00', excursionID: hexId(1) },
        tourNotice: {
          kind: 'moved',
          reason: 'Ремонт дороги',
          at,
          from: { date: '2026-07-12', time: '09:00' },
        },
      }),
    );
    expect(text).toBe('Рейс перенесён с 12.07 в 09:00 на 14.07 в 08:00: Ремонт дороги');
  });

  it('still says who cancelled when the reason has not arrived, and nothing for a running departure', () => {
    expect(tourNoticeText(view({ status: 'cancelled', cancelReason: 'tour_cancelled' }))).toBe(
      'Рейс отменён организатором',
    );
    expect(tourNoticeText(view({ status: 'cancelled', cancelReason: 'owner' }))).toBeNull();
    expect(tourNoticeText(view({}))).toBeNull();
  });
});
