// WebSocket messages of SPEC §7 "Live updates" (/ws), in both directions.
//
// Wire choices, and why:
// - Every message is `{type, ...}`; server messages always have `data` (the spec's clients read
//   `type` and `data`). `type` discriminates, so both ends switch on one field.
// - `subscribe` REPLACES the socket's whole subscription set (it is idempotent): a client re-sends it
//   after reconnect, login or logout, and no `unsubscribe` is needed.
// - Personal channels (USER_UPDATE, TICKET_UPDATE) need `token`; the server binds them to the token's
//   user. `userId` is accepted because the spec's client sends it, but it is only advisory: the server
//   refuses one that differs from the token's user and never trusts it alone.
// - Deltas may carry the changed row and its `version` (the same sequence as /api/sync), so a client
//   applies them without another request and drops any that are not newer than what it holds.
//   Without a row, the client pulls (deltas are hints; the pull is the truth). A delta whose encoded
//   size would exceed MAX_WS_MESSAGE_BYTES is sent without its row (see encodeServerMessage).
// - `ping`/`pong` let a client behind a mobile NAT keep the socket alive and detect a dead one.
import { z } from 'zod';
import { ticketSchema, userSchema } from './entities';
import { accessTokenSchema } from './auth';
import { amountSchema, entityIdSchema, intIdSchema } from './primitives';
import { replicaExcursionSchema, replicaTourSchema, versionSchema } from './sync';

export const WS_PATH = '/ws';
/** The largest frame either side sends or accepts (the server's `maxPayload`), 64 KiB. */
export const MAX_WS_MESSAGE_BYTES = 65_536;

export const CHANNELS = ['EXCURSION_UPDATE', 'TOUR_UPDATE', 'USER_UPDATE', 'TICKET_UPDATE'] as const;
export type Channel = (typeof CHANNELS)[number];
export const PUBLIC_CHANNELS = ['EXCURSION_UPDATE', 'TOUR_UPDATE'] as const satisfies readonly Channel[];
export const PERSONAL_CHANNELS = ['USER_UPDATE', 'TICKET_UPDATE'] as const satisfies readonly Channel[];
export const channelSchema = z.enum(CHANNELS);

export function isPersonalChannel(channel: Channel): boolean {
  return (PERSONAL_CHANNELS as readonly Channel[]).includes(channel);
}

// --- Client → server ----------------------------------------------------------------------------

/**
 * The spec's client sends its session id, which is '' before login; '', null and absent all mean
 * "none". A numeric string is read as the number.
 */
const wsUserIdSchema = z
  .union([
    intIdSchema,
    z
      .string()
      .trim()
      .regex(/^(?:[1-9]\d{0,15})?$/),
    z.null(),
  ])
  .optional()
  .transform((value, ctx): number | undefined => {
    if (value === undefined || value === null || value === '') return undefined;
    const id = typeof value === 'number' ? value : Number(value);
    if (!Number.isSafeInteger(id)) {
      ctx.issues.push({ code: 'custom', message: 'expected a user id', input: value });
      return z.NEVER;
    }
    return id;
  });

export const subscribeMessageSchema = z
  .object({
    type: z.literal('subscribe'),
    // Duplicates are forgiven and removed; unknown channels are refused so a typo is not silent.
    channels: z
      .array(channelSchema)
      .min(1)
      .max(16)
      .transform((channels) => [...new Set(channels)]),
    userId: wsUserIdSchema,
    token: accessTokenSchema.optional(),
  })
  .refine((message) => message.token !== undefined || !message.channels.some(isPersonalChannel), {
    error: 'personal channels need the access token',
    path: ['token'],
  });
export type SubscribeMessage = z.output<typeof subscribeMessageSchema>;
export type SubscribeMessageInput = z.input<typeof subscribeMessageSchema>;

export const pingMessageSchema = z.object({ type: z.literal('ping') });
export type PingMessage = z.output<typeof pingMessageSchema>;

export const clientMessageSchema = z.discriminatedUnion('type', [subscribeMessageSchema, pingMessageSchema]);
export type ClientMessage = z.output<typeof clientMessageSchema>;

// --- Server → client ----------------------------------------------------------------------------

export const ENTITY_ACTIONS = ['create', 'update', 'delete'] as const;
export const entityActionSchema = z.enum(ENTITY_ACTIONS);

export const excursionUpdateDataSchema = z
  .object({
    action: entityActionSchema,
    excursion_id: entityIdSchema,
    excursion: replicaExcursionSchema.optional(),
    version: versionSchema.optional(),
  })
  .refine(
    (data) => !data.excursion || (data.action !== 'delete' && data.excursion._id === data.excursion_id),
    {
      error: 'the excursion row must match excursion_id and not come with a delete',
      path: ['excursion'],
    },
  );
export type ExcursionUpdateData = z.output<typeof excursionUpdateDataSchema>;

export const tourUpdateDataSchema = z
  .object({
    action: entityActionSchema,
    tour_id: entityIdSchema,
    tour: replicaTourSchema.optional(),
    version: versionSchema.optional(),
  })
  .refine((data) => !data.tour || (data.action !== 'delete' && data.tour._id === data.tour_id), {
    error: 'the tour row must match tour_id and not come with a delete',
    path: ['tour'],
  });
export type TourUpdateData = z.output<typeof tourUpdateDataSchema>;

export const USER_ACTIONS = [
  'balance_update',
  'ticket_added',
  'ticket_removed',
  'favorite_added',
  'favorite_removed',
  'profile_update',
] as const;
export type UserAction = (typeof USER_ACTIONS)[number];

// `version` is the version of the row the delta is about: the favourite row for favorite_* actions,
// the user row (user_data) for the others.
const userDeltaBase = {
  user_id: intIdSchema,
  user_data: userSchema.optional(),
  version: versionSchema.optional(),
};

export const userUpdateDataSchema = z
  .discriminatedUnion('action', [
    z.object({ ...userDeltaBase, action: z.literal('balance_update'), new_balance: amountSchema }),
    z.object({ ...userDeltaBase, action: z.literal('ticket_added'), ticket_id: entityIdSchema }),
    z.object({ ...userDeltaBase, action: z.literal('ticket_removed'), ticket_id: entityIdSchema }),
    z.object({ ...userDeltaBase, action: z.literal('favorite_added'), excursion_id: entityIdSchema }),
    z.object({ ...userDeltaBase, action: z.literal('favorite_removed'), excursion_id: entityIdSchema }),
    z.object({ ...userDeltaBase, action: z.literal('profile_update') }),
  ])
  .refine((data) => !data.user_data || data.user_data.id === data.user_id, {
    error: 'user_data must be the user named by user_id',
    path: ['user_data'],
  });
export type UserUpdateData = z.output<typeof userUpdateDataSchema>;

export const ticketUpdateDataSchema = z
  .object({
    user_id: intIdSchema,
    ticket: ticketSchema.optional(),
    version: versionSchema.optional(),
  })
  .refine((data) => !data.ticket || data.ticket.userID === data.user_id, {
    error: 'the ticket must belong to user_id',
    path: ['ticket'],
  });
export type TicketUpdateData = z.output<typeof ticketUpdateDataSchema>;

export const excursionUpdateMessageSchema = z.object({
  type: z.literal('EXCURSION_UPDATE'),
  data: excursionUpdateDataSchema,
});
export const tourUpdateMessageSchema = z.object({
  type: z.literal('TOUR_UPDATE'),
  data: tourUpdateDataSchema,
});
export const userUpdateMessageSchema = z.object({
  type: z.literal('USER_UPDATE'),
  data: userUpdateDataSchema,
});
export const ticketUpdateMessageSchema = z.object({
  type: z.literal('TICKET_UPDATE'),
  data: ticketUpdateDataSchema,
});

/** The server's answer to a bad client message or a refused subscription; clients only log it. */
export const errorMessageSchema = z.object({
  type: z.literal('error'),
  data: z.object({ message: z.string().max(2000) }),
});

/** Acknowledges a subscribe with the channels granted and the user they are bound to (null: none). */
export const subscribedMessageSchema = z.object({
  type: z.literal('subscribed'),
  data: z.object({ channels: z.array(channelSchema).max(CHANNELS.length), user_id: intIdSchema.nullable() }),
});

export const pongMessageSchema = z.object({ type: z.literal('pong'), data: z.object({}).default({}) });

export const serverMessageSchema = z.discriminatedUnion('type', [
  excursionUpdateMessageSchema,
  tourUpdateMessageSchema,
  userUpdateMessageSchema,
  ticketUpdateMessageSchema,
  errorMessageSchema,
  subscribedMessageSchema,
  pongMessageSchema,
]);
export type ServerMessage = z.output<typeof serverMessageSchema>;
export type ExcursionUpdateMessage = z.output<typeof excursionUpdateMessageSchema>;
export type TourUpdateMessage = z.output<typeof tourUpdateMessageSchema>;
export type UserUpdateMessage = z.output<typeof userUpdateMessageSchema>;
export type TicketUpdateMessage = z.output<typeof ticketUpdateMessageSchema>;
export type ErrorMessage = z.output<typeof errorMessageSchema>;
export type SubscribedMessage = z.output<typeof subscribedMessageSchema>;
export type PongMessage = z.output<typeof pongMessageSchema>;
