import { describe, expect, it } from 'vitest';
import { clientMessageSchema, serverMessageSchema } from '../../../src/protocol/realtime';
import { EXCURSION_ID, excursion, ticket, TICKET_ID, tour, TOUR_ID, user } from './fixtures';

const ok = (schema: { safeParse: (v: unknown) => { success: boolean } }, value: unknown) =>
  expect(schema.safeParse(value).success).toBe(true);
const bad = (schema: { safeParse: (v: unknown) => { success: boolean } }, value: unknown) =>
  expect(schema.safeParse(value).success).toBe(false);

describe('client messages', () => {
  it('accepts an anonymous subscribe to the public channels', () => {
    ok(clientMessageSchema, { type: 'subscribe', channels: ['EXCURSION_UPDATE', 'TOUR_UPDATE'] });
  });

  it('accepts what the spec client sends after login', () => {
    const parsed = clientMessageSchema.parse({
      type: 'subscribe',
      channels: ['EXCURSION_UPDATE', 'TOUR_UPDATE', 'USER_UPDATE', 'TICKET_UPDATE'],
      userId: '12',
      token: 'eyJhbGciOi.x.y',
    });
    expect(parsed).toEqual({
      type: 'subscribe',
      channels: ['EXCURSION_UPDATE', 'TOUR_UPDATE', 'USER_UPDATE', 'TICKET_UPDATE'],
      userId: 12,
      token: 'eyJhbGciOi.x.y',
    });
  });

  it('reads the empty session id as no user and removes duplicate channels', () => {
    const parsed = clientMessageSchema.parse({
      type: 'subscribe',
      channels: ['TOUR_UPDATE', 'TOUR_UPDATE'],
      userId: '',
    });
    expect(parsed).toEqual({ type: 'subscribe', channels: ['TOUR_UPDATE'], userId: undefined });
  });

  it('accepts a ping', () => ok(clientMessageSchema, { type: 'ping' }));

  it.each([
    ['personal channels without a token', { type: 'subscribe', channels: ['USER_UPDATE'], userId: 12 }],
    ['an unknown channel', { type: 'subscribe', channels: ['ADMIN_UPDATE'] }],
    ['no channels', { type: 'subscribe', channels: [] }],
    ['channels as a string', { type: 'subscribe', channels: 'TOUR_UPDATE' }],
    ['a lower-case channel', { type: 'subscribe', channels: ['tour_update'] }],
    ['an empty token', { type: 'subscribe', channels: ['USER_UPDATE'], token: '' }],
    ['a fractional user id', { type: 'subscribe', channels: ['TOUR_UPDATE'], userId: 1.5 }],
    ['a negative user id', { type: 'subscribe', channels: ['TOUR_UPDATE'], userId: '-3' }],
    ['an unknown type', { type: 'unsubscribe', channels: ['TOUR_UPDATE'] }],
    ['no type', { channels: ['TOUR_UPDATE'] }],
  ])('rejects %s', (_label, message) => bad(clientMessageSchema, message));
});

describe('server messages', () => {
  it.each([
    [
      'an excursion update with its row',
      {
        type: 'EXCURSION_UPDATE',
        data: { action: 'update', excursion_id: EXCURSION_ID, excursion: excursion(), version: 7 },
      },
    ],
    [
      'an excursion create as a bare hint',
      { type: 'EXCURSION_UPDATE', data: { action: 'create', excursion_id: EXCURSION_ID } },
    ],
    [
      'an excursion delete with its tombstone version',
      { type: 'EXCURSION_UPDATE', data: { action: 'delete', excursion_id: EXCURSION_ID, version: 8 } },
    ],
    [
      'a tour update with its row',
      { type: 'TOUR_UPDATE', data: { action: 'update', tour_id: TOUR_ID, tour: tour(), version: 9 } },
    ],
    [
      'a balance update',
      { type: 'USER_UPDATE', data: { user_id: 12, action: 'balance_update', new_balance: 1500 } },
    ],
    [
      'a ticket added with the user row',
      {
        type: 'USER_UPDATE',
        data: { user_id: 12, action: 'ticket_added', ticket_id: TICKET_ID, user_data: user(), version: 10 },
      },
    ],
    [
      'a favourite removed',
      {
        type: 'USER_UPDATE',
        data: { user_id: 12, action: 'favorite_removed', excursion_id: EXCURSION_ID, version: 11 },
      },
    ],
    [
      'a profile update',
      { type: 'USER_UPDATE', data: { user_id: 12, action: 'profile_update', user_data: user() } },
    ],
    [
      'a ticket update with the ticket',
      { type: 'TICKET_UPDATE', data: { user_id: 12, ticket: ticket(), version: 12 } },
    ],
    ['a ticket update without the ticket', { type: 'TICKET_UPDATE', data: { user_id: 12 } }],
    ['an error', { type: 'error', data: { message: 'personal channels need the access token' } }],
    ['a subscribe ack', { type: 'subscribed', data: { channels: ['TOUR_UPDATE'], user_id: null } }],
    ['a pong', { type: 'pong', data: {} }],
  ])('accepts %s', (_label, message) => ok(serverMessageSchema, message));

  it.each([
    [
      'a balance update without the balance',
      { type: 'USER_UPDATE', data: { user_id: 12, action: 'balance_update' } },
    ],
    [
      'a negative balance',
      { type: 'USER_UPDATE', data: { user_id: 12, action: 'balance_update', new_balance: -5 } },
    ],
    [
      'a ticket action without ticket_id',
      { type: 'USER_UPDATE', data: { user_id: 12, action: 'ticket_added' } },
    ],
    ['an unknown user action', { type: 'USER_UPDATE', data: { user_id: 12, action: 'password_changed' } }],
    [
      'another user in user_data',
      { type: 'USER_UPDATE', data: { user_id: 13, action: 'profile_update', user_data: user() } },
    ],
    ['a ticket of another user', { type: 'TICKET_UPDATE', data: { user_id: 13, ticket: ticket() } }],
    [
      'a row with another id',
      { type: 'EXCURSION_UPDATE', data: { action: 'update', excursion_id: TOUR_ID, excursion: excursion() } },
    ],
    [
      'a delete carrying a row',
      { type: 'TOUR_UPDATE', data: { action: 'delete', tour_id: TOUR_ID, tour: tour() } },
    ],
    ['an unknown action', { type: 'TOUR_UPDATE', data: { action: 'upsert', tour_id: TOUR_ID } }],
    [
      'a negative version',
      { type: 'TOUR_UPDATE', data: { action: 'update', tour_id: TOUR_ID, version: -1 } },
    ],
    ['a message without data', { type: 'TOUR_UPDATE' }],
    ['an unknown type', { type: 'HELLO', data: {} }],
  ])('rejects %s', (_label, message) => bad(serverMessageSchema, message));
});
