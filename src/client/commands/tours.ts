import '../zod-config';
import { apiPaths } from '../../protocol/paths';
import {
  tourOperationResponseSchema,
  type CancelTourRequest,
  type MoveTourRequest,
  type TourOperationResponse,
} from '../../protocol/tours';
import { wantPull } from '../sync/live/nudge';
import { call, failure, httpOf, malformed, tokenOf, type AccountDeps, type Outcome } from './online';

// Cancelling or moving a sold departure (SPEC §7 tours). The server decides: it refunds, moves seats
// and writes to every buyer, so these are online calls, never queued; offline, the screen says so and
// keeps what the seller typed.

/**
 * POST /api/tours/{id}/cancel. `attemptKey` is the Idempotency-Key: the same key for a retry of the
 * same cancellation (a lost answer), so the buyers are refunded and written to once.
 */
export function cancelTour(
  deps: AccountDeps,
  tourId: string,
  body: CancelTourRequest,
  attemptKey: string,
): Promise<Outcome<TourOperationResponse>> {
  return operate(deps, apiPaths.tourCancel(tourId), body, attemptKey);
}

/** POST /api/tours/{id}/move: the departure gets the new date and time, with its tickets. */
export function moveTour(
  deps: AccountDeps,
  tourId: string,
  body: MoveTourRequest,
  attemptKey: string,
): Promise<Outcome<TourOperationResponse>> {
  return operate(deps, apiPaths.tourMove(tourId), body, attemptKey);
}

async function operate(
  deps: AccountDeps,
  path: string,
  body: CancelTourRequest | MoveTourRequest,
  attemptKey: string,
): Promise<Outcome<TourOperationResponse>> {
  const http = httpOf(deps);
  const token = tokenOf(deps);
  const answer = await call(() => http.request('POST', path, { body, token, idempotencyKey: attemptKey }));
  if (answer === 'offline' || !answer.ok) return failure(answer);
  const parsed = tourOperationResponseSchema.safeParse(answer.data);
  if (!parsed.success) return malformed;
  await keepTour(deps, parsed.data);
  return { ok: true, value: parsed.data };
}

/**
 * The answer goes into the replica at once, so the schedule shows the departure gone or moved before
 * the pull brings the real versions (and the changed tickets and manifest rows) and replaces it.
 */
async function keepTour(deps: AccountDeps, result: TourOperationResponse): Promise<void> {
  const { db } = deps;
  const held = await db.tours.get(result.tour_id);
  if (!result.tour) {
    if (held) await db.tours.delete(result.tour_id);
  } else if (held) {
    const { tickets: _ids, ...tour } = result.tour;
    // The held version is kept: a delta newer than it still replaces this copy, an older one cannot.
    await db.tours.put({ ...held, ...tour, _v: held._v });
  }
  wantPull();
}
