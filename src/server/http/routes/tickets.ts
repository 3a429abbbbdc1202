import { Hono, type Context } from 'hono';
import { checkInRequestSchema, patchTicketStatusRequestSchema } from '../../../protocol/tickets';
import { openPayment, payBooked, type CheckoutDeps } from '../../payments/checkout';
import { sendTicketRefunds } from '../../payments/refunds';
import { mailSellerAlert } from '../../payments/seller-mail';
import {
  BOOKING_TEXTS,
  boundedLocks,
  changeTicketStatus,
  createBookingTourCache,
} from '../../services/booking';
import { ticketExcursion } from '../../storage/bookings';
import { findTicket, listTicketsOf } from '../../storage/tickets';
import { checkInTicket, CHECKIN_TEXTS } from '../../services/checkin';
import { mayEditExcursion } from '../../services/excursions';
import { cancelledPaidTicket } from '../../services/seller-alerts';
import { requirePrincipal } from '../auth';
import { bookFromRequest } from '../booking-request';
import type { AppDeps } from '../deps';
import { ServiceError } from '../errors';
import { runMutation, runMutationOnce } from '../idempotency';
import { refundDeps, ticketMailDeps } from './money-deps';
import { parseUserId } from '../user-id';

export const TICKET_REQUEST_TEXTS = {
  badStatus: 'Некорректный статус билета',
  badUserId: 'Некорректный идентификатор пользователя',
  notYours: 'Можно смотреть только свои билеты',
  badCode: 'Код билета не распознан: это не наш билет',
  checkForbidden: 'Проверять билеты может гид этой экскурсии или администратор',
} as const;

/** The most tickets one list answer carries. */
const MAX_TICKETS_LISTED = 500;

async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return undefined;
  }
}

/** Where the widget sends the buyer back (SPEC §2: /profile/tickets/ticket/{ticket_id}). */
function returnUrl(c: Context, deps: AppDeps, ticketId: string): string {
  const origin = deps.config.PUBLIC_URL ?? new URL(c.req.url).origin;
  return `${origin.replace(/\/$/, '')}/profile/tickets/ticket/${ticketId}`;
}

const checkoutDeps = (deps: AppDeps): CheckoutDeps => ({
  db: deps.db,
  provider: deps.payments.provider,
  now: deps.now,
});

/** POST/GET/PATCH /api/tickets and the guide's check, mounted at /api/tickets. */
export function ticketRoutes(deps: AppDeps): Hono {
  const app = new Hono();

  const tours = createBookingTourCache();

  app.post('/', async (c) => {
    const input = await readJson(c);
    const { answer, booked } = await bookFromRequest(c, deps, tours, input);
    const body = answer.body as { ticket_id?: string };
    if (answer.status !== 200 || !body.ticket_id) return c.json(answer.body as object, answer.status);
    const url = returnUrl(c, deps, body.ticket_id);
    // A replayed answer's booking is not this request's: its payment is whatever is open now.
    const confirmationid =
      booked && !answer.replayed
        ? await payBooked(checkoutDeps(deps), body.ticket_id, booked, url)
        : await openPayment(checkoutDeps(deps), body.ticket_id, url, null);
    return c.json({ ...body, confirmationid });
  });

  // Pay later: the ticket's open payment, or a new one when the last ended unpaid; the owner's only.
  app.post('/:id/payment', async (c) => {
    const principal = await requirePrincipal(c, deps);
    const id = c.req.param('id');
    const confirmationid = await openPayment(checkoutDeps(deps), id, returnUrl(c, deps, id), principal.id);
    return c.json({ confirmationid });
  });

  // The guide scans the QR: a code the server did not sign is refused before any lookup.
  app.get('/check/:code', async (c) => {
    const principal = await requirePrincipal(c, deps);
    const ticketId = deps.tokens.readTicketCode(c.req.param('code'));
    if (!ticketId) throw new ServiceError('notFound', TICKET_REQUEST_TEXTS.badCode);
    const row = await ticketExcursion(deps.db, ticketId);
    const ticket = await findTicket(deps.db, ticketId);
    if (!ticket || !row) throw new ServiceError('notFound', BOOKING_TEXTS.ticketNotFound);
    // Checking tickets is a right of whoever may edit the excursion: an owner demoted to user has lost it.
    if (!mayEditExcursion(principal, row.owner_id))
      throw new ServiceError('forbidden', TICKET_REQUEST_TEXTS.checkForbidden);
    return c.json({ valid: ticket.row.status === 'confirmed', title: row.title, ticket: ticket.row });
  });

  // A guide's boarding check-in, queued offline on the phone (Idempotency-Key: its outbox id).
  app.post('/:id/checkin', async (c) => {
    const principal = await requirePrincipal(c, deps);
    const parsed = checkInRequestSchema.safeParse(await readJson(c));
    if (!parsed.success) throw new ServiceError('invalid', CHECKIN_TEXTS.badRequest);
    const id = c.req.param('id');
    return runMutation(c, deps, principal.id, 'detail', (tx) =>
      checkInTicket(tx, principal, id, parsed.data, {
        now: deps.now(),
        readTicketCode: (code) => deps.tokens.readTicketCode(code),
      }),
    );
  });

  app.get('/:id', async (c) => {
    const principal = await requirePrincipal(c, deps);
    const ticket = await findTicket(deps.db, c.req.param('id'));
    if (!ticket) throw new ServiceError('notFound', BOOKING_TEXTS.ticketNotFound);
    if (ticket.row.userID !== principal.id && principal.role !== 'admin')
      throw new ServiceError('forbidden', BOOKING_TEXTS.notYourTicket);
    return c.json(ticket.row);
  });

  app.patch('/:id', async (c) => {
    const principal = await requirePrincipal(c, deps);
    const parsed = patchTicketStatusRequestSchema.safeParse(await readJson(c));
    if (!parsed.success) throw new ServiceError('invalid', TICKET_REQUEST_TEXTS.badStatus);
    const id = c.req.param('id');
    let paidCancelled = false;
    const { status, body, replayed } = await runMutationOnce(
      c,
      deps,
      principal.id,
      'detail',
      async (tx) => {
        const result = await changeTicketStatus(
          tx,
          principal,
          id,
          parsed.data.status,
          deps.now(),
          deps.bookingGuards,
        );
        paidCancelled = cancelledPaidTicket(result);
        return result;
      },
      boundedLocks(deps.bookingGuards),
    );
    // The seller hears of a paid seat given back once, after the commit (a replay wrote nothing).
    if (paidCancelled && !replayed) void mailSellerAlert(ticketMailDeps(deps), id, 'cancelled');
    // A cancelled paid ticket's refund goes to the provider after the commit, without holding up the
    // answer (it says the refund is pending); its outcome reaches the ticket live. A refund not sent
    // now is sent by the retry timer.
    if (status === 200) {
      void sendTicketRefunds(refundDeps(deps), id).catch((error: unknown) =>
        deps.log.error(`refunds of ticket ${id} not sent yet`, error),
      );
    }
    return c.json(body as object, status);
  });

  return app;
}

/** GET /api/users/{id}/tickets (field `tickets`): the user's own, or any for an admin. */
export function userTicketRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  app.get('/:id/tickets', async (c) => {
    const principal = await requirePrincipal(c, deps);
    const userId = parseUserId(c.req.param('id'));
    if (userId === null) throw new ServiceError('invalid', TICKET_REQUEST_TEXTS.badUserId);
    if (userId !== principal.id && principal.role !== 'admin')
      throw new ServiceError('forbidden', TICKET_REQUEST_TEXTS.notYours);
    return c.json({ tickets: await listTicketsOf(deps.db, userId, MAX_TICKETS_LISTED) });
  });
  return app;
}
