import { Hono, type Context } from 'hono';
import { crimeaToday } from '../../../domain/dates';
import {
  cancelTourRequestSchema,
  createToursRequestSchema,
  deleteToursRequestSchema,
  moveTourRequestSchema,
} from '../../../protocol/tours';
import { sendTicketRefunds } from '../../payments/refunds';
import type { Queryable } from '../../storage/db';
import { cancelTour, moveTour, type TourOperation } from '../../services/tour-operations';
import { sendTourNotices } from '../../services/tour-notice-mail';
import { createTours, deleteTours } from '../../services/tours';
import { requirePrincipal } from '../auth';
import type { AppDeps } from '../deps';
import { ServiceError } from '../errors';
import { runMutation, runMutationOnce } from '../idempotency';
import { refundDeps, ticketMailDeps } from './money-deps';

export const TOURS_REQUEST_TEXTS = {
  badCreate: 'Некорректный список туров: нужны экскурсия, дата (гггг-мм-дд) и время (чч:мм)',
  badDelete: 'Некорректный список туров для удаления',
  badCancel: 'Укажите причину отмены: от 3 символов',
  badMove: 'Укажите новую дату (гггг-мм-дд), время (чч:мм) и причину переноса: от 3 символов',
} as const;

async function readJson(c: { req: { json(): Promise<unknown> } }): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return undefined;
  }
}

/**
 * Runs a cancel or a move once per Idempotency-Key; only the request that did it sends the refunds
 * and the buyers' e-mails, after the commit and without holding up the answer (a refund not sent now
 * is sent by the retry timer).
 */
async function runTourOperation(
  c: Context,
  deps: AppDeps,
  userId: number,
  operate: (tx: Queryable) => Promise<TourOperation>,
): Promise<Response> {
  let operation: TourOperation | undefined;
  const { status, body, replayed } = await runMutationOnce(c, deps, userId, 'message', async (tx) => {
    operation = await operate(tx);
    return operation.result;
  });
  // Set inside the transaction's callback, which the compiler does not follow.
  const done = operation as TourOperation | undefined;
  if (done && !replayed && status === 200) {
    const refunds = refundDeps(deps);
    for (const ticketId of done.refundTickets)
      void sendTicketRefunds(refunds, ticketId).catch((error: unknown) =>
        deps.log.error(`refunds of ticket ${ticketId} not sent yet`, error),
      );
    void sendTourNotices(ticketMailDeps(deps), done.mails);
  }
  return c.json(body as object, status);
}

/** POST /api/tours and DELETE /api/tours for the excursion's owner (SPEC §6), and a departure's cancel and move. */
export function tourWriteRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const today = () => crimeaToday(deps.now());

  app.post('/', async (c) => {
    const principal = await requirePrincipal(c, deps, 'message');
    const parsed = createToursRequestSchema.safeParse(await readJson(c));
    if (!parsed.success) throw new ServiceError('invalid', TOURS_REQUEST_TEXTS.badCreate, 'message');
    return runMutation(c, deps, principal.id, 'message', (tx) =>
      createTours(tx, principal, parsed.data, today()),
    );
  });

  app.delete('/', async (c) => {
    const principal = await requirePrincipal(c, deps, 'message');
    const parsed = deleteToursRequestSchema.safeParse(await readJson(c));
    if (!parsed.success) throw new ServiceError('invalid', TOURS_REQUEST_TEXTS.badDelete, 'message');
    return runMutation(c, deps, principal.id, 'message', (tx) =>
      deleteTours(tx, principal, parsed.data.tour_ids),
    );
  });

  app.post('/:id/cancel', async (c) => {
    const principal = await requirePrincipal(c, deps, 'message');
    const parsed = cancelTourRequestSchema.safeParse(await readJson(c));
    if (!parsed.success) throw new ServiceError('invalid', TOURS_REQUEST_TEXTS.badCancel, 'message');
    const id = c.req.param('id');
    return runTourOperation(c, deps, principal.id, (tx) =>
      cancelTour(tx, principal, id, parsed.data.reason, deps.now()),
    );
  });

  app.post('/:id/move', async (c) => {
    const principal = await requirePrincipal(c, deps, 'message');
    const parsed = moveTourRequestSchema.safeParse(await readJson(c));
    if (!parsed.success) throw new ServiceError('invalid', TOURS_REQUEST_TEXTS.badMove, 'message');
    const id = c.req.param('id');
    return runTourOperation(c, deps, principal.id, (tx) =>
      moveTour(tx, principal, id, parsed.data, deps.now()),
    );
  });
  return app;
}
