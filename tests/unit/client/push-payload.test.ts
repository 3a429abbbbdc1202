import { describe, expect, it } from 'vitest';
import {
  FALLBACK_PAYLOAD,
  notificationTarget,
  parsePushPayload,
  readPushPayload,
} from '../../../src/client/push/payload';
import { pushPayloadSchema } from '../../../src/protocol/push';

// What the service worker makes of a push message's data, and where a tap on the notification leads.

const good = {
  title: 'Завтра: Большая Ялта',
  body: 'Отправление в 08:30, место сбора: Симферополь, ж/д вокзал',
  url: '/profile/tickets/ticket/0123456789abcdef01234567',
  tag: 'ticket-0123456789abcdef01234567-evening',
};

const origin = 'https://krym.example';

describe('reading a push message', () => {
  it('reads a PushPayload sent as JSON, keeping only its four fields', () => {
    expect(readPushPayload(JSON.stringify({ ...good, extra: 1 }))).toEqual(good);
  });

  it('gives null for data that is missing, not JSON, or not a PushPayload, rather than throwing', () => {
    expect(readPushPayload(null)).toBeNull();
    expect(readPushPayload(undefined)).toBeNull();
    expect(readPushPayload('')).toBeNull();
    expect(readPushPayload('Завтра экскурсия')).toBeNull();
    expect(readPushPayload('{"title":')).toBeNull();
    expect(readPushPayload('null')).toBeNull();
    expect(readPushPayload('[1,2]')).toBeNull();
    expect(readPushPayload(JSON.stringify({ ...good, title: '' }))).toBeNull();
    expect(readPushPayload(JSON.stringify({ ...good, url: 'https://elsewhere.example/x' }))).toBeNull();
    expect(readPushPayload(JSON.stringify({ ...good, tag: 7 }))).toBeNull();
  });

  it('answers as pushPayloadSchema does, at and past each limit', () => {
    const cases: unknown[] = [
      good,
      { ...good, body: '' },
      { ...good, tag: '' },
      { ...good, title: 'т'.repeat(200) },
      { ...good, title: 'т'.repeat(201) },
      { ...good, body: 'т'.repeat(1000) },
      { ...good, body: 'т'.repeat(1001) },
      { ...good, url: `/${'a'.repeat(499)}` },
      { ...good, url: `/${'a'.repeat(500)}` },
      { ...good, tag: 't'.repeat(200) },
      { ...good, tag: 't'.repeat(201) },
      { ...good, url: 'profile/tickets' },
      { ...good, url: '' },
      { title: good.title, body: good.body, url: good.url },
      { ...good, body: null },
      'text',
      42,
      null,
    ];
    for (const data of cases) {
      const schema = pushPayloadSchema.safeParse(data);
      expect(parsePushPayload(data), JSON.stringify(data)).toEqual(schema.success ? schema.data : null);
    }
  });

  it('has a neutral Russian notification for unreadable data, which the schema accepts and which opens the tickets', () => {
    expect(pushPayloadSchema.safeParse(FALLBACK_PAYLOAD).success).toBe(true);
    expect(FALLBACK_PAYLOAD.title).toBe('Экскурсии по Крыму');
    expect(FALLBACK_PAYLOAD.body).toMatch(/^Напоминание о поездке/);
    expect(FALLBACK_PAYLOAD.url).toBe('/profile/tickets');
  });
});

describe('where a tap on the notification leads', () => {
  it('opens a path of the app on the app’s own origin, with its query', () => {
    expect(notificationTarget(good.url, origin)).toBe(`${origin}${good.url}`);
    expect(notificationTarget('/profile/tickets/ticket/x?from=push', origin)).toBe(
      `${origin}/profile/tickets/ticket/x?from=push`,
    );
  });

  it('sends anything that is not a same-origin path to the tickets instead', () => {
    const tickets = `${origin}/profile/tickets`;
    for (const url of [
      'https://evil.example/ticket',
      '//evil.example/ticket',
      '/\\evil.example/ticket',
      'javascript:alert(1)',
      'profile/tickets',
      '',
      undefined,
      null,
      42,
    ]) {
      expect(notificationTarget(url, origin), String(url)).toBe(tickets);
    }
  });
});
