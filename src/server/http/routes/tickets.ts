import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { crimeaToday } from '../../../domain/dates';
import {
  checkInRequestSchema,
  createTicketRequestSchema,
  patchTicketStatusRequestSchema,
} from '../../../protocol/tickets';
import { openPayment, payBooked, type CheckoutDeps } from '../../payments/checkout';
import { sendTicketRefunds } from '../../payments/refunds';
import { mailSellerAlert } from '../../payments/seller-mail';
import {
  BOOKING_TEXTS,
  bookTicketFast,
  boundedLocks,
  changeTicketStatus,
  createBookingTourCache,
  createTicket,
  readBookingTour,
  readBookingTours,
  TourChanged,
  type BookedPayment,
  type BookingDeps,
  type BookingTour,
  type BookingTourCache,
} from '../../services/booking';
import { ticketExcursion } from '../../storage/bookings';
import { findTicket, listTicketsOf } from '../../storage/tickets';
import { checkInTicket, CHECKIN_TEXTS } from '../../services/checkin';
import { mayEditExcursion } from '../../services/excursions';
import { cancelledPaidTicket } from '../../services/seller-alerts';
import { bearerClaims, requirePrincipal } from '../auth';
import type { AppDeps } from '../deps';
import { ServiceError, statusOf } from '../errors';
import { bookingOutcome } from '../../metrics';
import { idempotencyKeyOf, replayOf, requestHashOf, runMutation, runMutationOnce } from '../idempotency';
import { refundDeps, ticketMailDeps } from './money-deps';
import { readStored } from '../../storage/idempotency';
import { parseUserId } from '../user-id';

export const TICKET_REQUEST_TEXTS = {
  badBooking: 'Некорректные данные бронирования',
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

interface Booked {
  answer: { status: ContentfulStatusCode; body: unknown; replayed: boolean };
  /** The payments row the booking wrote, when this request booked. */
  booked?: BookedPayment;
}

const bookingDeps = (deps: AppDeps): BookingDeps => ({
  now: deps.now(),
  ticketCode: (id: string) => deps.tokens.ticketCode(id),
  paymentProvider: deps.payments.provider.name,
  guards: deps.bookingGuards,
});

const checkoutDeps = (deps: AppDeps): CheckoutDeps => ({
  db: deps.db,
  provider: deps.payments.provider,
  now: deps.now,
});

/** How many times a booking is made again on a tour that changed while it was booked. */
const TOUR_CHANGED_RETRIES = 3;

/**
 * The short way (services/booking.ts, bookTicketFast): one statement, after one read of the tour when
 * this process has not read it yet. Undefined whenever slowBooking has to answer.
 */
async function fastBooking(
  c: Context,
  deps: AppDeps,
  tours: BookingTourCache,
  input: unknown,
): Promise<Booked | undefined> {
  const claims = await bearerClaims(c, deps);
  if (!claims) return undefined;
  const parsed = createTicketRequestSchema.safeParse(input);
  const key = idempotencyKeyOf(c);
  if (!parsed.success || key === null) return undefined;
  const request = parsed.data;
  const requestHash = key === undefined ? null : await requestHashOf(c);
  const attempt = (tour: BookingTour | undefined) =>
    bookTicketFast(
      deps.db,
      claims,
      request,
      tour,
      bookingDeps(deps),
      key === undefined || requestHash === null
        ? undefined
        : { key, method: c.req.method, path: c.req.path, requestHash },
    );
  const read = async () => {
    const tour = await readBookingTour(deps.db, request.tourID);
    if (tour) tours.set(tour);
    return tour;
  };
  // A tour not kept yet: read with its excursion's other tours, kept for their bookings to come.
  const readWithOthers = async () => {
    const rows = await readBookingTours(deps.db, request.tourID, crimeaToday(deps.now()));
    for (const row of [...rows].reverse()) tours.set(row);
    return rows[0];
  };
  const kept = tours.get(request.tourID);
  let fast = await attempt(kept ?? (await readWithOthers()));
  // A kept row may be older than the tour: refused or changed on it, try once more on a fresh one.
  if (kept && 'longWay' in fast && fast.longWay !== 'voided') {
    tours.delete(request.tourID);
    fast = await attempt(await read());
  }
  if ('longWay' in fast) return undefined;
  if ('result' in fast) {
    deps.events.publish(fast.result.events);
    const { status, body } = fast.result;
    return { answer: { status, body, replayed: false }, booked: fast.result.payment };
  }
  // A replay, or a concurrent request with the same key that committed first. The row is read here
  // for its request hash, which the statement's replay does not return: replays are rare.
  const stored =
    (await readStored(deps.db, claims.userId, key as string)) ?? ('replay' in fast ? fast.replay : null);
  if (!stored) throw new Error('an Idempotency-Key lost its race but has no stored answer');
  return { answer: replayOf(c, stored, 'detail', requestHash, deps.metrics) };
}

/**
 * The booking in a transaction of its own (services/booking.ts, createTicket), after the caller's
 * token and role are checked: each refusal in its order, and the Idempotency-Key's answer stored
 * whatever it is.
 */
async function slowBooking(c: Context, deps: AppDeps, input: unknown): Promise<Booked> {
  const principal = await requirePrincipal(c, deps);
  const parsed = createTicketRequestSchema.safeParse(input);
  if (!parsed.success) throw new ServiceError('invalid', TICKET_REQUEST_TEXTS.badBooking);
  for (let attempt = 1; ; attempt++) {
    // The payments row is written with the booking; the provider is asked after the commit.
    let booked: BookedPayment | undefined;
    try {
      const answer = await runMutationOnce(
        c,
        deps,
        principal.id,
        'detail',
        async (tx) => {
          const result = await createTicket(tx, principal, parsed.data, bookingDeps(deps));
          booked = result.payment;
          return result;
        },
        boundedLocks(deps.bookingGuards),
      );
      return { answer, booked };
    } catch (error) {
      // An excursion edited again and again while it is booked: as busy as a lock that never frees.
      if (!(error instanceof TourChanged)) throw error;
      if (attempt >= TOUR_CHANGED_RETRIES) throw new ServiceError('conflict', BOOKING_TEXTS.busy);
    }
  }
}

/** Counts how a booking call ended (metrics.ts bookingOutcome), its thrown refusals included. */
async function counted(deps: AppDeps, booking: () => Promise<Booked>): Promise<Booked> {
  let outcome = bookingOutcome(500, false);
  try {
    const done = await booking();
    outcome = bookingOutcome(done.answer.status, done.answer.replayed);
    return done;
  } catch (error) {
    if (error instanceof ServiceError) outcome = bookingOutcome(statusOf(error), false);
    throw error;
  } finally {
    deps.metrics?.bookings.inc({ outcome });
  }
}

/** POST/GET/PATCH /api/tickets and the guide's check, mounted at /api/tickets. */
export function ticketRoutes(deps: AppDeps): Hono {
  const app = new Hono();

  const tours = createBookingTourCache();

  app.post('/', async (c) => {
    const input = await readJson(c);
    // The short way first (services/booking.ts, bookTicketFast); a booking in a transaction of its
    // own decides whatever it cannot, from the start.
    const { answer, booked } = await counted(
      deps,
      async () => (await fastBooking(c, deps, tours, input)) ?? (await slowBooking(c, deps, input)),
    );
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
