import '../zod-config';
import { z } from 'zod';
import type { Ticket } from '../../domain/types';
import { createTicketResponseSchema, type CreateTicketRequestInput } from '../../protocol/tickets';
import { ticketSchema } from '../../protocol/entities';
import { call, failure, httpOf, malformed, tokenOf, type AccountDeps, type Outcome } from './online';

// Booking and payment calls (SPEC §7 tickets). They need the server (it decides about seats and
// money), so they are not queued: offline, the screen says so and keeps what the person chose.

export interface Booked {
  ticketId: string;
  /** The payment provider's confirmation token for the card widget (SPEC: confirmationid). */
  confirmationId: string;
  ticket: Ticket;
}

export interface PaymentConfig {
  provider: 'test' | 'yookassa';
  /** The provider's widget script; '' means the app's own test widget. */
  widgetUrl: string;
}

/**
 * POST /api/tickets. `attemptKey` is the Idempotency-Key: the same key for a retry of the same
 * booking (a lost answer on a weak network), so it is booked once; a new key for a new booking.
 */
export async function bookTicket(
  deps: AccountDeps,
  body: CreateTicketRequestInput,
  attemptKey: string,
): Promise<Outcome<Booked>> {
  const http = httpOf(deps);
  const token = tokenOf(deps);
  const answer = await call(() =>
    http.request('POST', '/api/tickets', { body, token, idempotencyKey: attemptKey }),
  );
  if (answer === 'offline' || !answer.ok) return failure(answer);
  const parsed = createTicketResponseSchema.safeParse(answer.data);
  if (!parsed.success) return malformed;
  const ticket = parsed.data.ticket as Ticket;
  await keepTicket(deps, ticket);
  return {
    ok: true,
    value: { ticketId: parsed.data.ticket_id, confirmationId: parsed.data.confirmationid, ticket },
  };
}

/** The answer of POST /api/tickets/{id}/payment: the provider's token of the ticket's open payment. */
const ticketPaymentResponseSchema = z.object({ confirmationid: z.string().min(1).max(500) });

/**
 * POST /api/tickets/{id}/payment: the owner pays a held ticket, from any tab or device. The server
 * answers the token of the ticket's open payment, or of a fresh one, so pressing twice opens one
 * payment; it refuses a paid ticket or a lapsed hold with its own text.
 */
export async function payTicket(deps: AccountDeps, ticketId: string): Promise<Outcome<string>> {
  const http = httpOf(deps);
  const token = tokenOf(deps);
  const answer = await call(() =>
    http.request('POST', `/api/tickets/${encodeURIComponent(ticketId)}/payment`, { token }),
  );
  if (answer === 'offline' || !answer.ok) return failure(answer);
  const parsed = ticketPaymentResponseSchema.safeParse(answer.data);
  if (!parsed.success) return malformed;
  return { ok: true, value: parsed.data.confirmationid };
}

/**
 * PATCH /api/tickets/{id} {status: 'cancelled'}: the owner gives up an unpaid booking, or a paid ticket
 * before its free-cancellation deadline (the answer then carries the refund).
 */
export async function cancelTicket(deps: AccountDeps, ticketId: string): Promise<Outcome<Ticket>> {
  const http = httpOf(deps);
  const token = tokenOf(deps);
  const versionBefore = (await deps.db.tickets.get(ticketId))?._v;
  const answer = await call(() =>
    http.request('PATCH', `/api/tickets/${encodeURIComponent(ticketId)}`, {
      body: { status: 'cancelled' },
      token,
      idempotencyKey: crypto.randomUUID(),
    }),
  );
  if (answer === 'offline' || !answer.ok) return failure(answer);
  const parsed = ticketSchema.safeParse(answer.data);
  if (!parsed.success) return malformed;
  await keepTicket(deps, parsed.data as Ticket, versionBefore);
  return { ok: true, value: parsed.data as Ticket };
}

/** GET /api/payments/config: which provider's widget /payment mounts. */
export async function paymentConfig(deps: Pick<AccountDeps, 'http'> = {}): Promise<Outcome<PaymentConfig>> {
  const http = httpOf(deps);
  const answer = await call(() =>
    http.request<{ provider?: unknown; widget_url?: unknown }>('GET', '/api/payments/config'),
  );
  if (answer === 'offline' || !answer.ok) return failure(answer);
  const { provider, widget_url: widgetUrl } = answer.data ?? {};
  if ((provider !== 'test' && provider !== 'yookassa') || typeof widgetUrl !== 'string') return malformed;
  return { ok: true, value: { provider, widgetUrl } };
}

/**
 * The server's answer goes into the replica at once (version 0), so the ticket opens even before the
 * sync delta arrives; the delta, with the real version, replaces it.
 */
async function keepTicket(deps: AccountDeps, ticket: Ticket, replaceAt?: number): Promise<void> {
  const { db } = deps;
  await db.transaction('rw', db.tickets, async () => {
    const held = await db.tickets.get(ticket._id);
    if (!held) await db.tickets.put({ ...ticket, _v: 0 });
    // Only over the row the call was made on: a live update that came meanwhile (a refund settled
    // while the answer was on its way) is newer than the answer.
    else if (replaceAt !== undefined && held._v === replaceAt) await db.tickets.put({ ...held, ...ticket });
  });
}
