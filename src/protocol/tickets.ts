// Ticket calls of SPEC §7: booking (online only, the server decides), the status patch and the lists.
import { z } from 'zod';
import { TICKET_STATUSES } from '../domain/types';
import { serviceListSchema, ticketSchema } from './entities';
import {
  amountSchema,
  entityIdSchema,
  intIdSchema,
  listItemSchema,
  MAX_ATTENDANTS,
  MAX_ID_LIST,
  nameSchema,
  priceSchema,
  seatListSchema,
} from './primitives';

/**
 * A service as the booking form sends it. `selected` may be left out (the form sends only the selected
 * ones); a service sent with `selected: false` is dropped rather than refused, so a client that sends
 * the whole list still books what the person ticked.
 */
const bookedServiceSchema = z.object({
  name: nameSchema,
  price: priceSchema,
  selected: z.boolean().default(true),
});

/**
 * POST /api/tickets body.
 *
 * `userID`, `excursionPrice` and `entryPrice` are carried because the spec's client sends them, but the
 * server must take the user from the token and recompute both prices from the excursion (SPEC §9);
 * a mismatch means a stale client and is refused, never trusted.
 *
 * Seats: at most adults + kids. An excursion without a bus layout sends none; with a layout the server,
 * which knows the bus type, demands exactly adults + kids.
 */
export const createTicketRequestSchema = z
  .object({
    tourID: entityIdSchema,
    userID: intIdSchema,
    adults: z.int({ error: 'adults must be a whole number' }).min(1).max(MAX_ATTENDANTS),
    kids: z.int({ error: 'kids must be a whole number' }).min(0).max(MAX_ATTENDANTS),
    seats: seatListSchema,
    assemblyPoint: listItemSchema.trim().min(1),
    services: serviceListSchema(bookedServiceSchema).transform((services) =>
      services.filter((service) => service.selected),
    ),
    excursionPrice: amountSchema,
    entryPrice: amountSchema,
  })
  .refine((body) => body.adults + body.kids <= MAX_ATTENDANTS, {
    error: `a party is at most ${MAX_ATTENDANTS} people`,
    path: ['kids'],
  })
  .refine((body) => body.seats.length <= body.adults + body.kids, {
    error: 'more seats than people',
    path: ['seats'],
  });
export type CreateTicketRequest = z.output<typeof createTicketRequestSchema>;
export type CreateTicketRequestInput = z.input<typeof createTicketRequestSchema>;

/**
 * POST /api/tickets answer. The spec has two readings (the ticket, or status_code + ids); the answer
 * carries both so either client works. `confirmationid` is the payment provider's confirmation token
 * for the embedded card widget.
 */
export const createTicketResponseSchema = z.object({
  status_code: z.literal(200),
  ticket_id: entityIdSchema,
  confirmationid: z.string().min(1).max(500),
  ticket: ticketSchema,
});
export type CreateTicketResponse = z.output<typeof createTicketResponseSchema>;

/**
 * PATCH /api/tickets/{id} body. Only known statuses can be asked for; which transitions are allowed is
 * the server's business (a ticket becomes `confirmed` only through the payment path).
 */
export const patchTicketStatusRequestSchema = z.object({
  status: z.enum(TICKET_STATUSES),
});
export type PatchTicketStatusRequest = z.output<typeof patchTicketStatusRequestSchema>;

/** PATCH /api/tickets/{id} answers the updated ticket, so the replica can apply it without a pull. */
export const patchTicketStatusResponseSchema = ticketSchema;

/** GET /api/tickets/{id} */
export const ticketResponseSchema = ticketSchema;

/** GET /api/users/{id}/tickets */
export const ticketsResponseSchema = z.object({
  tickets: z.array(ticketSchema).max(MAX_ID_LIST),
});
export type TicketsResponse = z.output<typeof ticketsResponseSchema>;

/**
 * POST /api/tickets/{id}/checkin body: the code the guide scanned or typed and when (the phone's
 * clock; the server keeps the earliest check-in it hears of, so two guides converge).
 */
export const checkInRequestSchema = z.object({
  code: z.string().min(1).max(200),
  at: z.iso.datetime({ offset: true }),
});
export type CheckInRequest = z.output<typeof checkInRequestSchema>;

/** POST /api/tickets/{id}/checkin answers the ticket's check-in time as the server keeps it. */
export const checkInResponseSchema = z.object({
  ticket_id: entityIdSchema,
  checkedInAt: z.iso.datetime({ offset: true }),
});
export type CheckInResponse = z.output<typeof checkInResponseSchema>;
