import { Hono, type Context } from 'hono';
import { crimeaToday } from '../../../domain/dates';
import { createToursRequestSchema, deleteToursRequestSchema } from '../../../protocol/tours';
import { createTours, deleteTours } from '../../services/tours';
import { requirePrincipal } from '../auth';
import type { AppDeps } from '../deps';
import { HttpError } from '../errors';
import { runMutation } from '../idempotency';

export const TOURS_REQUEST_TEXTS = {
  badCreate: 'Некорректный список туров: нужны экскурсия, дата (гггг-мм-дд) и время (чч:мм)',
  badDelete: 'Некорректный список туров для удаления',
} as const;

async function readJson(c: { req: { json(): Promise<unknown> } }): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return undefined;
  }
}

/**
 * SPEC §7 names `message` as the tour calls' error field; `detail` is every other call's, so a
 * refusal here carries both and a client reading either shows the reason.
 */
function bothFields(handler: (c: Context) => Promise<Response>) {
  return async (c: Context): Promise<Response> => {
    try {
      return await handler(c);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return c.json({ message: error.message, detail: error.message }, error.status);
    }
  };
}

/** POST /api/tours and DELETE /api/tours for the excursion's owner (SPEC §6). */
export function tourWriteRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const today = () => crimeaToday(deps.now());

  app.post(
    '/',
    bothFields(async (c) => {
      const principal = await requirePrincipal(c, deps, 'message');
      const parsed = createToursRequestSchema.safeParse(await readJson(c));
      if (!parsed.success) throw new HttpError(400, TOURS_REQUEST_TEXTS.badCreate, 'message');
      return runMutation(c, deps, principal.id, 'message', (tx) =>
        createTours(tx, principal, parsed.data, today()),
      );
    }),
  );

  app.delete(
    '/',
    bothFields(async (c) => {
      const principal = await requirePrincipal(c, deps, 'message');
      const parsed = deleteToursRequestSchema.safeParse(await readJson(c));
      if (!parsed.success) throw new HttpError(400, TOURS_REQUEST_TEXTS.badDelete, 'message');
      return runMutation(c, deps, principal.id, 'message', (tx) =>
        deleteTours(tx, principal, parsed.data.tour_ids),
      );
    }),
  );
  return app;
}
