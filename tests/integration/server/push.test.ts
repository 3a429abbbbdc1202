import { randomUUID } from 'node:crypto';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departureInstant } from '../../../src/domain/cancellation';
import { addDays, crimeaToday, formatTourDate } from '../../../src/domain/dates';
import type { Excursion, Tour } from '../../../src/domain/types';
import { pushPayloadSchema, type PushPayload } from '../../../src/protocol/push';
import { loadConfig } from '../../../src/server/config';
import { api, catalogue, DEMO, tokenFor } from '../../support/api';
import { book, bookingBody, newBuyers, payWithCard } from '../../support/booking';
import {
  browserSubscription,
  decryptPush,
  startPushService,
  vapidKeyOf,
  type BrowserSubscription,
  type TestPushService,
} from '../../support/push-service';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';
import { startTestSmtp, subjectOf, type TestSmtp } from '../../support/smtp';

// Web Push for trip reminders: the server's VAPID key, the subscriptions a signed-in user keeps, and
// the encrypted reminder a stand-in push service receives and the test decrypts with the browser's
// keys. A push service that says the subscription is gone (410) gets nothing more.

const MINUTE = 60_000;

describe.each(ONE_ENGINE)('web push on %s', (engine) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let pushService: TestPushService;
  let excursion: Excursion;
  /** The seller's token: a client of the server as it is now (a test restarts it). */
  let sellerToken: string;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    pushService = await startPushService();
    server = await startTestServer(engine, { env: { SMTP_URL: smtp.url } });
    const { excursions } = await catalogue(server);
    excursion = excursions.find(
      (e) => e.ownerID === DEMO.seller && e.busType === 'coach' && e.availableSeats.length >= 2,
    ) as Excursion;
    sellerToken = await tokenFor(server, DEMO.seller);
  });
  afterAll(async () => {
    await server?.destroy();
    await smtp?.close();
    await pushService?.close();
  });

  const publicKey = async () =>
    ((await (await fetch(`${server.url}/api/push/key`)).json()) as { publicKey: string }).publicKey;

  const subscribe = (token: string, body: unknown, key: string = randomUUID()) =>
    api(server, token).send('POST', '/api/push/subscriptions', body, { 'Idempotency-Key': key });

  async function paidTicket(days: number, buyer: { id: number; token: string }) {
    const slot = { excursionID: excursion._id, date: addDays(crimeaToday(new Date()), days), time: '09:15' };
    const created = await api(server, sellerToken).send('POST', '/api/tours', { tours: [slot] });
    expect(created.status).toBe(200);
    const tour = ((await created.json()) as { tours: Tour[] }).tours[0] as Tour;
    const body = bookingBody(buyer.id, excursion, tour, {
      adults: 1,
      seats: [excursion.availableSeats[0] as number],
    });
    const booked = await book(server, buyer.token, body);
    expect(booked.status).toBe(200);
    expect((await payWithCard(server, booked.body.confirmationid as string)).status).toBe(200);
    const departure = departureInstant(tour.date, tour.time) as Date;
    return {
      tour,
      ticketId: booked.body.ticket_id as string,
      evening: departureInstant(addDays(tour.date, -1), '19:00') as Date,
      soon: new Date(departure.getTime() - 120 * MINUTE),
    };
  }

  const payloadsTo = (subscription: BrowserSubscription): PushPayload[] =>
    pushService
      .messagesTo(subscription.endpoint)
      .map((message) => pushPayloadSchema.parse(JSON.parse(decryptPush(message.body, subscription))));

  it('answers one VAPID public key to anyone, the same after a restart on the same data', async () => {
    const key = await publicKey();
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    expect(await publicKey()).toBe(key);

    server = await server.restart({ SMTP_URL: smtp.url });
    expect(await publicKey()).toBe(key);

    // Keys in the environment take the place of the kept pair while they are set.
    const own = webpush.generateVAPIDKeys();
    server = await server.restart({
      SMTP_URL: smtp.url,
      VAPID_PUBLIC_KEY: own.publicKey,
      VAPID_PRIVATE_KEY: own.privateKey,
    });
    expect(await publicKey()).toBe(own.publicKey);
    server = await server.restart({ SMTP_URL: smtp.url });
    expect(await publicKey()).toBe(key);
  });

  it('pushes each reminder, encrypted, to every subscription of the ticket owner', async () => {
    const [buyer, other] = (await newBuyers(server, 2)) as [
      { id: number; token: string },
      { id: number; token: string },
    ];
    const phone = browserSubscription(pushService.endpoint());
    const laptop = browserSubscription(pushService.endpoint());
    const stranger = browserSubscription(pushService.endpoint());
    const key = randomUUID();
    const first = await subscribe(buyer.token, phone.json, key);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ ok: true });
    // A replay of the same call (a lost answer) is answered the same.
    const replay = await subscribe(buyer.token, phone.json, key);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ ok: true });
    expect((await subscribe(buyer.token, laptop.json)).status).toBe(200);
    expect((await subscribe(other.token, stranger.json)).status).toBe(200);

    const { tour, ticketId, evening, soon } = await paidTicket(30, buyer);
    await server.runReminders(new Date(evening.getTime() - MINUTE));
    expect(pushService.messagesTo(phone.endpoint)).toEqual([]);

    await server.runReminders(evening);
    const [message] = pushService.messagesTo(phone.endpoint);
    expect(message?.headers['content-encoding']).toBe('aes128gcm');
    expect(vapidKeyOf(message?.headers ?? {})).toBe(await publicKey());
    const url = `/profile/tickets/ticket/${ticketId}`;
    const eveningPush = {
      title: `Завтра: ${excursion.title}`,
      body: `${formatTourDate(tour.date, tour.time)}, место сбора: ${excursion.assemblyPoints[0]}`,
      url,
      tag: `reminder-${ticketId}-evening`,
    };
    expect(payloadsTo(phone)).toEqual([eveningPush]);
    expect(payloadsTo(laptop)).toEqual([eveningPush]);
    expect(pushService.messagesTo(stranger.endpoint)).toEqual([]);

    await server.runReminders(soon);
    await server.runReminders(new Date(soon.getTime() + MINUTE));
    const soonPush = {
      ...eveningPush,
      title: `Скоро отправление: ${excursion.title}`,
      tag: `reminder-${ticketId}-soon`,
    };
    expect(payloadsTo(phone)).toEqual([eveningPush, soonPush]);
    expect(payloadsTo(laptop)).toEqual([eveningPush, soonPush]);
  });

  it('forgets a subscription its push service calls gone, and one the user unsubscribed', async () => {
    const [buyer] = (await newBuyers(server, 1)) as [{ id: number; token: string }];
    const kept = browserSubscription(pushService.endpoint());
    const gone = browserSubscription(pushService.endpoint());
    const dropped = browserSubscription(pushService.endpoint());
    for (const subscription of [kept, gone, dropped])
      expect((await subscribe(buyer.token, subscription.json)).status).toBe(200);
    const unsubscribed = await api(server, buyer.token).send(
      'DELETE',
      '/api/push/subscriptions',
      { endpoint: dropped.endpoint },
      { 'Idempotency-Key': randomUUID() },
    );
    expect(unsubscribed.status).toBe(200);
    expect(await unsubscribed.json()).toEqual({ ok: true });
    pushService.answer(gone.endpoint, 410);

    const { ticketId, evening, soon } = await paidTicket(34, buyer);
    await server.runReminders(evening);
    expect(pushService.messagesTo(gone.endpoint).map((m) => m.status)).toEqual([410]);
    expect(payloadsTo(kept).map((p) => p.tag)).toEqual([`reminder-${ticketId}-evening`]);

    await server.runReminders(soon);
    expect(pushService.messagesTo(gone.endpoint)).toHaveLength(1);
    expect(pushService.messagesTo(dropped.endpoint)).toEqual([]);
    expect(payloadsTo(kept).map((p) => p.tag)).toEqual([
      `reminder-${ticketId}-evening`,
      `reminder-${ticketId}-soon`,
    ]);
    // The e-mails go out whatever the push services say.
    const [{ email } = { email: '' }] = await server.db.query<{ email: string }>(
      'SELECT email FROM users WHERE id = $1',
      [buyer.id],
    );
    const subjects = smtp.messages
      .filter((m) => m.to.includes(email.toLowerCase()))
      .map((m) => subjectOf(m.raw))
      .filter((s) => s.includes(excursion.title));
    expect(subjects).toEqual([
      `Завтра экскурсия: ${excursion.title}`,
      `Скоро отправление: ${excursion.title}`,
    ]);
  });

  it('tries a push the push service refused again a minute later, without mailing twice', async () => {
    const [buyer] = (await newBuyers(server, 1)) as [{ id: number; token: string }];
    const flaky = browserSubscription(pushService.endpoint());
    expect((await subscribe(buyer.token, flaky.json)).status).toBe(200);
    pushService.answer(flaky.endpoint, 503);
    const { ticketId, evening } = await paidTicket(38, buyer);
    const [{ email } = { email: '' }] = await server.db.query<{ email: string }>(
      'SELECT email FROM users WHERE id = $1',
      [buyer.id],
    );
    const reminderMails = () =>
      smtp.messages.filter(
        (m) => m.to.includes(email.toLowerCase()) && subjectOf(m.raw).startsWith('Завтра экскурсия'),
      );

    await server.runReminders(evening);
    expect(pushService.messagesTo(flaky.endpoint).map((m) => m.status)).toEqual([503]);
    await server.runReminders(new Date(evening.getTime() + 30_000));
    expect(pushService.messagesTo(flaky.endpoint)).toHaveLength(1);

    pushService.answer(flaky.endpoint, 201);
    await server.runReminders(new Date(evening.getTime() + MINUTE));
    expect(pushService.messagesTo(flaky.endpoint).map((m) => m.status)).toEqual([503, 201]);
    expect(payloadsTo(flaky).map((p) => p.tag)).toEqual([
      `reminder-${ticketId}-evening`,
      `reminder-${ticketId}-evening`,
    ]);
    await server.runReminders(new Date(evening.getTime() + 10 * MINUTE));
    expect(pushService.messagesTo(flaky.endpoint)).toHaveLength(2);
    expect(reminderMails()).toHaveLength(1);
  });

  it('keeps the ten newest subscriptions of a user', async () => {
    const [buyer] = (await newBuyers(server, 1)) as [{ id: number; token: string }];
    const browsers = Array.from({ length: 11 }, () => browserSubscription(pushService.endpoint()));
    for (const browser of browsers) expect((await subscribe(buyer.token, browser.json)).status).toBe(200);
    const { evening } = await paidTicket(42, buyer);
    await server.runReminders(evening);
    expect(pushService.messagesTo((browsers[0] as BrowserSubscription).endpoint)).toEqual([]);
    for (const browser of browsers.slice(1)) expect(payloadsTo(browser)).toHaveLength(1);
  });

  it('refuses a malformed subscription with 400 and a reason, and a caller not signed in with 401', async () => {
    const [buyer] = (await newBuyers(server, 1)) as [{ id: number; token: string }];
    const good = browserSubscription(pushService.endpoint()).json;
    const bad: unknown[] = [
      'not json {',
      {},
      { ...good, endpoint: 'not a url' },
      { ...good, endpoint: 'ftp://push.example/x' },
      // A push service is https; plain http only on the server's own loopback (a demo or a test).
      { ...good, endpoint: 'http://10.0.0.5:8080/admin' },
      { ...good, endpoint: 'http://push.example/x' },
      { endpoint: good.endpoint },
      { ...good, keys: { p256dh: good.keys.p256dh } },
      { ...good, keys: { ...good.keys, p256dh: 'AAAA' } },
      { ...good, keys: { ...good.keys, p256dh: Buffer.alloc(65, 4).toString('base64url') } },
      { ...good, keys: { ...good.keys, auth: Buffer.alloc(8).toString('base64url') } },
      { ...good, keys: { ...good.keys, auth: 'не base64' } },
    ];
    for (const body of bad) {
      const response = await subscribe(buyer.token, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const answer = (await response.json()) as { detail: string };
      expect(answer.detail).toMatch(/[а-яё]/i);
    }
    for (const body of ['{', {}, { endpoint: '' }]) {
      const response = await api(server, buyer.token).send('DELETE', '/api/push/subscriptions', body, {
        'Idempotency-Key': randomUUID(),
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { detail: string }).detail).toMatch(/[а-яё]/i);
    }
    const anonymous = await api(server).send('POST', '/api/push/subscriptions', good);
    expect(anonymous.status).toBe(401);
  });
});

describe('the VAPID settings', () => {
  it('are refused at start when only one key is set, a key is malformed or the subject is not a contact', () => {
    const pair = webpush.generateVAPIDKeys();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(/VAPID_PRIVATE_KEY=""/);
    expect(() => loadConfig({ VAPID_PRIVATE_KEY: pair.privateKey })).toThrow(/VAPID_PUBLIC_KEY=""/);
    expect(() =>
      loadConfig({ VAPID_PUBLIC_KEY: pair.privateKey, VAPID_PRIVATE_KEY: pair.privateKey }),
    ).toThrow(/VAPID_PUBLIC_KEY=.*P-256/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'admin@example.ru' })).toThrow(/VAPID_SUBJECT=.*mailto:/);
    const config = loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey });
    expect(config.VAPID_PUBLIC_KEY).toBe(pair.publicKey);
    expect(loadConfig({}).REMINDER_EVENING_HOUR).toBe(19);
    expect(loadConfig({}).REMINDER_BEFORE_MINUTES).toBe(120);
    expect(() => loadConfig({ REMINDER_EVENING_HOUR: '24' })).toThrow(/REMINDER_EVENING_HOUR/);
  });
});
