import { Hono } from 'hono';
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

/** POST /api/tours and DELETE /api/tours for the excursion's owner (SPEC §6). */
export function tourWriteRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const today = () => crimeaToday(deps.now());

  app.post('/', async (c) => {
    const principal = await requirePrincipal(c, deps, 'message');
    const parsed = createToursRequestSchema.safeParse(await readJson(c));
    if (!parsed.success) throw new HttpError(400, TOURS_REQUEST_TEXTS.badCreate, 'message');
    return runMutation(c, deps, principal.id, 'message', (tx) =>
      createTours(tx, principal, parsed.data, today()),
    );
  });

  app.delete('/', async (c) => {
    const principal = await requirePrincipal(c, deps, 'message');
    const parsed = deleteToursRequestSchema.safeParse(await readJson(c));
    if (!parsed.success) throw new HttpError(400, TOURS_REQUEST_TEXTS.badDelete, 'message');
    return runMutation(c, deps, principal.id, 'message', (tx) =>
      deleteTours(tx, principal, parsed.data.tour_ids),
    );
  });
  return app;
}
