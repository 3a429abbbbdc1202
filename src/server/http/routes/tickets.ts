import { Hono, type Context } from 'hono';
import { parsePositiveIntId } from '../../../domain/ids';
import { createTicketRequestSchema, patchTicketStatusRequestSchema } from '../../../protocol/tickets';
import { ensurePayment } from '../../payments/checkout';
import { BOOKING_TEXTS, changeTicketStatus, createTicket } from '../../services/booking';
import { findTicket, listTicketsOf } from '../../storage/tickets';
import { requirePrincipal } from '../auth';
import type { AppDeps } from '../deps';
import { HttpError } from '../errors';
import { runMutation, runMutationOnce } from '../idempotency';

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

/** POST/GET/PATCH /api/tickets and the guide's check, mounted at /api/tickets. */
export function ticketRoutes(deps: AppDeps): Hono {
  const app = new Hono();

  app.post('/', async (c) => {
    const principal = await requirePrincipal(c, deps);
    const parsed = createTicketRequestSchema.safeParse(await readJson(c));
    if (!parsed.success) throw new HttpError(400, TICKET_REQUEST_TEXTS.badBooking);
    const answer = await runMutationOnce(c, deps, principal.id, 'detail', (tx) =>
      createTicket(tx, principal, parsed.data, {
        now: deps.now(),
        ticketCode: (id) => deps.tokens.ticketCode(id),
      }),
    );
    const body = answer.body as { ticket_id?: string };
    if (answer.status !== 200 || !body.ticket_id) return c.json(answer.body as object, answer.status);
    const confirmationid = await ensurePayment(
      deps.db,
      deps.payments.provider,
      body.ticket_id,
      returnUrl(c, deps, body.ticket_id),
    );
    return c.json({ ...body, confirmationid });
  });

  // The guide scans the QR: a code the server did not sign is refused before any lookup.
  app.get('/check/:code', async (c) => {
    const principal = await requirePrincipal(c, deps);
    const ticketId = deps.tokens.readTicketCode(c.req.param('code'));
    if (!ticketId) throw new HttpError(404, TICKET_REQUEST_TEXTS.badCode);
    const [row] = await deps.db.query<{ owner_id: number; title: string }>(
      `SELECT e.owner_id, e.title FROM tickets k JOIN tours t ON t.id = k.tour_id
       JOIN excursions e ON e.id = t.excursion_id WHERE k.id = $1`,
      [ticketId],
    );
    const ticket = await findTicket(deps.db, ticketId);
    if (!ticket || !row) throw new HttpError(404, BOOKING_TEXTS.ticketNotFound);
    if (principal.role !== 'admin' && row.owner_id !== principal.id)
      throw new HttpError(403, TICKET_REQUEST_TEXTS.checkForbidden);
    return c.json({ valid: ticket.row.status === 'confirmed', title: row.title, ticket: ticket.row });
  });

  app.get('/:id', async (c) => {
    const principal = await requirePrincipal(c, deps);
    const ticket = await findTicket(deps.db, c.req.param('id'));
    if (!ticket) throw new HttpError(404, BOOKING_TEXTS.ticketNotFound);
    if (ticket.row.userID !== principal.id && principal.role !== 'admin')
      throw new HttpError(403, BOOKING_TEXTS.notYourTicket);
    return c.json(ticket.row);
  });

  app.patch('/:id', async (c) => {
    const principal = await requirePrincipal(c, deps);
    const parsed = patchTicketStatusRequestSchema.safeParse(await readJson(c));
    if (!parsed.success) throw new HttpError(400, TICKET_REQUEST_TEXTS.badStatus);
    const id = c.req.param('id');
    return runMutation(c, deps, principal.id, 'detail', (tx) =>
      changeTicketStatus(tx, principal, id, parsed.data.status),
    );
  });

  return app;
}

/** GET /api/users/{id}/tickets (field `tickets`): the user's own, or any for an admin. */
export function userTicketRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  app.get('/:id/tickets', async (c) => {
    const principal = await requirePrincipal(c, deps);
    const userId = parsePositiveIntId(c.req.param('id'));
    if (userId === null) throw new HttpError(400, TICKET_REQUEST_TEXTS.badUserId);
    if (userId !== principal.id && principal.role !== 'admin')
      throw new HttpError(403, TICKET_REQUEST_TEXTS.notYours);
    return c.json({ tickets: await listTicketsOf(deps.db, userId, MAX_TICKETS_LISTED) });
  });
  return app;
}
