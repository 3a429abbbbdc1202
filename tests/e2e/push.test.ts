import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryPrice, totalPrice } from '../../src/domain/pricing';
import type { Excursion, Ticket, Tour } from '../../src/domain/types';
import type { PushPayload } from '../../src/protocol/push';
import { DEMO } from '../support/api';
import { appDrawn, launchBrowser, openPhone, screenshot } from '../support/browser';
import { product } from '../support/e2e-product';
import { signIn } from '../support/session';

// Trip reminders: the offer after a paid booking, the subscription the server gets, and a push message
// shown by the service worker whose tap opens the ticket.
//
// Chromium makes no real push subscription here: a Playwright context is off the record, where it has no
// push service ("Registration failed - permission denied"), and a real profile registers with Google's
// servers, which this closed network never reaches (subscribe() never settles). So the phone's push
// service is stood in for, in the page only: PushManager's subscribe and getSubscription hand out a
// subscription with a key pair made here and an endpoint on a local stand-in service. The app's code,
// the server, the worker and the notifications are the real ones; the push message itself is
// delivered to the worker by Chromium's DevTools protocol, as a push service would deliver it.

const baseUrl = product('baseUrl');
const dataDir = product('dataDir');
const origin = new URL(baseUrl).origin;
const SUCCESS_TEXT = 'Оплата прошла успешно. Чек отправлен на вашу почту';
const OFFER = 'Напомнить о поездке?';
const TURN_ON = 'Напомнить о поездке';
const NOT_NOW = 'Не сейчас';
const SIGN_OUT = 'Выйти из аккаунта';
const STAND_IN_KEY = '__standin_push_key';

let browser: Browser;
let pushService: Server;
let pushServiceUrl: string;

beforeAll(async () => {
  browser = await launchBrowser();
  // Where the stand-in subscriptions point: it takes whatever the server sends and answers 201.
  pushService = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(201).end());
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  pushServiceUrl = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => pushService?.close(resolve));
});

interface StandInSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

/** A subscription as a phone's push service makes one: an endpoint, a P-256 public key and an auth secret. */
function newSubscription(): StandInSubscription {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `${pushServiceUrl}/push/${randomUUID()}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

/**
 * The page's PushManager answering with `subscription` (see the note at the top). It refuses without the
 * notification permission, as a browser does, keeps the subscription over reloads in local storage, and
 * remembers the applicationServerKey it was given (base64url) for the test to compare with the server's.
 */
function standInPushService(subscription: StandInSubscription): string {
  return `(() => {
    const json = ${JSON.stringify(subscription)};
    const STORE = ${JSON.stringify(STAND_IN_KEY)};
    const bytes = (text) =>
      Uint8Array.from(
        atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4)),
        (c) => c.charCodeAt(0),
      ).buffer;
    const base64url = (source) =>
      btoa(String.fromCharCode(...new Uint8Array(source instanceof ArrayBuffer ? source : source.buffer)))
        .replace(/[+]/g, '-').replace(/[/]/g, '_').replace(/=+$/, '');
    const made = (key) => ({
      endpoint: json.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: bytes(key) },
      getKey: (name) => bytes(json.keys[name]),
      toJSON: () => ({ endpoint: json.endpoint, expirationTime: null, keys: json.keys }),
      unsubscribe: async () => {
        localStorage.removeItem(STORE);
        return true;
      },
    });
    PushManager.prototype.subscribe = async function (options) {
      if (Notification.permission !== 'granted')
        throw new DOMException('Registration failed - permission denied', 'NotAllowedError');
      const given = options.applicationServerKey;
      const key = typeof given === 'string' ? given : base64url(given);
      localStorage.setItem(STORE, key);
      return made(key);
    };
    PushManager.prototype.getSubscription = async function () {
      const key = localStorage.getItem(STORE);
      return key ? made(key) : null;
    };
  })();`;
}

/** Counts the app's calls of Notification.requestPermission in window.__permissionAsked. */
const COUNT_PERMISSION_ASKS = `(() => {
  window.__permissionAsked = 0;
  const ask = Notification.requestPermission.bind(Notification);
  Notification.requestPermission = (...args) => {
    window.__permissionAsked += 1;
    return ask(...args);
  };
})();`;

const permissionAsks = (page: Page) =>
  page.evaluate(() => (window as unknown as { __permissionAsked: number }).__permissionAsked);

async function getJson<T>(path: string, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/**
 * A coach tour at least two days ahead with a free seat: no reminder of it falls due while the test
 * runs, so the only notifications are the ones the test delivers.
 */
async function coachTour(): Promise<{ excursion: Excursion; tour: Tour }> {
  const { excursions } = await getJson<{ excursions: Excursion[] }>('/api/excursions');
  const { tours } = await getJson<{ tours: Tour[] }>('/api/tours');
  const later = new Date(Date.now() + 3 * 3600_000 + 2 * 86_400_000).toISOString().slice(0, 10);
  for (const tour of tours) {
    const excursion = excursions.find((e) => e._id === tour.excursionID);
    if (excursion?.busType !== 'coach' || tour.date < later || excursion.assemblyPoints.length === 0)
      continue;
    const seat = tour.emptySeats.find((s) => !excursion.reservedSeats.includes(s));
    if (seat !== undefined) return { excursion, tour };
  }
  throw new Error('no coach tour two days ahead with a free seat');
}

/** Books one adult through the API and pays with the test provider's good card, as its widget does. */
async function bookAndPay(token: string): Promise<{ excursion: Excursion; ticketId: string }> {
  const { excursion, tour } = await coachTour();
  const seat = tour.emptySeats.find((s) => !excursion.reservedSeats.includes(s)) as number;
  const party = { adults: 1, kids: 0 };
  const booking = await fetch(`${baseUrl}/api/tickets`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': randomUUID(),
    },
    body: JSON.stringify({
      tourID: tour._id,
      userID: DEMO.tourist,
      ...party,
      seats: [seat],
      assemblyPoint: excursion.assemblyPoints[0],
      services: [],
      excursionPrice: totalPrice(excursion, party, []),
      entryPrice: entryPrice(excursion, party),
    }),
  });
  const booked = (await booking.json()) as { ticket_id: string; confirmationid: string; detail?: string };
  if (booking.status !== 200) throw new Error(`booking answered ${booking.status}: ${booked.detail}`);
  const paid = await fetch(`${baseUrl}/api/test-pay/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ confirmation_token: booked.confirmationid, card_number: '4242 4242 4242 4242' }),
  });
  expect(paid.status).toBe(200);
  await expect
    .poll(async () => (await getJson<Ticket>(`/api/tickets/${booked.ticket_id}`, token)).status, {
      timeout: 20_000,
    })
    .toBe('confirmed');
  return { excursion, ticketId: booked.ticket_id };
}

const ticketPath = (ticketId: string) => `/profile/tickets/ticket/${ticketId}`;

/**
 * /success of a paid ticket, as after paying: the replica holds the ticket as paid first (the page
 * sends anything else to the ticket), then /success shows the paid notice.
 */
async function openSuccess(page: Page, ticketId: string): Promise<void> {
  await page.goto(`${baseUrl}/profile/tickets`);
  const card = page.locator(`a.ticket-card[href="${ticketPath(ticketId)}"]`);
  await expect.poll(() => card.locator('.ticket-status').innerText(), { timeout: 30_000 }).toBe('Оплачен');
  await page.goto(`${baseUrl}/success?ticket=${ticketId}`);
  await page.getByRole('heading', { name: SUCCESS_TEXT }).waitFor({ timeout: 30_000 });
}

/**
 * Whether the offer shows: it decides after reading the browser's subscription, so "none" is judged
 * once the worker has taken the page and a moment more has passed.
 */
async function offerCount(page: Page): Promise<number> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
  await page.waitForTimeout(1_000);
  return page.getByRole('button', { name: TURN_ON, exact: true }).count();
}

/** A phone signed in as the tourist, with notifications allowed or not and the stand-in push service. */
async function phone(allowNotifications: boolean, subscription = newSubscription()) {
  const { context, page } = await openPhone(browser);
  if (allowNotifications) await context.grantPermissions(['notifications'], { origin });
  const token = await signIn(context, dataDir, DEMO.tourist);
  await context.addInitScript(standInPushService(subscription));
  await context.addInitScript(COUNT_PERMISSION_ASKS);
  return { context, page, token, subscription };
}

/** The app's service worker registration id, as the DevTools protocol names it. */
async function registrationId(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return { cdp, id: await found };
}

interface Shown {
  title: string;
  body: string;
  tag: string;
  icon: string;
  url: unknown;
}

/** The notifications the app's worker shows now (tag given: only that one). */
function shownNotifications(page: Page, tag?: string): Promise<Shown[]> {
  return page.evaluate(async (only) => {
    const registration = await navigator.serviceWorker.ready;
    const list = await registration.getNotifications(only ? { tag: only } : undefined);
    return list.map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      icon: n.icon,
      url: (n.data as { url?: unknown } | null)?.url,
    }));
  }, tag);
}

describe('the offer of trip reminders', () => {
  it('is never on a first visit’s pages, and the browser is not asked', async () => {
    const { context, page } = await phone(false);
    for (const path of ['/', '/excursions', '/profile/tickets', '/profile']) {
      await page.goto(`${baseUrl}${path}`);
      await appDrawn(page);
      expect(await offerCount(page), path).toBe(0);
      expect(await page.getByText(OFFER).count(), path).toBe(0);
      expect(await permissionAsks(page), path).toBe(0);
    }
    await context.close();
  });

  it('after paying: turns reminders on with the server’s key, off and on again, and a push opens the ticket', async () => {
    const { context, page, token, subscription } = await phone(true);
    const { excursion, ticketId } = await bookAndPay(token);
    await openSuccess(page, ticketId);

    // The offer, under the paid notice and in the page's flow: it covers nothing.
    const offer = page.getByRole('region', { name: OFFER });
    await offer.waitFor({ timeout: 30_000 });
    expect(await offer.innerText()).toContain(
      'накануне вечером и за два часа до отправления: время отправления и место сбора',
    );
    const position = await offer.evaluate((element) => getComputedStyle(element).position);
    expect(position).toBe('static');
    const notice = page.locator('.payment-success-page');
    const noticeBox = await notice.boundingBox();
    const offerBox = await offer.boundingBox();
    // Below the notice, not over it; boxes on a 2× screen may meet a fraction of a pixel apart.
    expect(offerBox!.y).toBeGreaterThanOrEqual(noticeBox!.y + noticeBox!.height - 1);
    const home = notice.getByRole('link', { name: 'На главную' });
    expect(
      await home.evaluate((link) => {
        const box = link.getBoundingClientRect();
        return link.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
      }),
    ).toBe(true);
    await screenshot(page, 'push-ask');

    // Without a network nothing can be turned on: the card says so and stays to be tried again. (The
    // worker is waited for first: offline, a page whose worker is not registered yet never gets one.)
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    await context.setOffline(true);
    await offer.getByRole('button', { name: TURN_ON, exact: true }).click();
    await offer
      .getByRole('alert')
      .filter({ hasText: 'Нет подключения к интернету. Попробуйте ещё раз, когда связь появится.' })
      .waitFor({ timeout: 20_000 });
    expect(
      await page.evaluate(async () => (await navigator.serviceWorker.ready).pushManager.getSubscription()),
    ).toBeNull();
    await offer.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'push-failed');
    await context.setOffline(false);

    // On: the subscription made with the server's key reaches the server under an Idempotency-Key.
    const { publicKey } = await getJson<{ publicKey: string }>('/api/push/key');
    const posted = page.waitForResponse(
      (r) => r.url() === `${baseUrl}/api/push/subscriptions` && r.request().method() === 'POST',
      { timeout: 30_000 },
    );
    await offer.getByRole('button', { name: TURN_ON, exact: true }).click();
    const answer = await posted;
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toEqual({ ok: true });
    expect(answer.request().postDataJSON()).toEqual(subscription);
    expect(await answer.request().headerValue('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await page.evaluate((key) => localStorage.getItem(key), STAND_IN_KEY)).toBe(publicKey);
    const on = page.getByRole('region', { name: 'Напоминания включены' });
    await on.waitFor();
    expect(await on.innerText()).toContain('Накануне вечером и за два часа до отправления');
    expect(await permissionAsks(page)).toBe(0);
    await screenshot(page, 'push-on');

    // Off: the server forgets the endpoint, the browser drops the subscription.
    const deleted = page.waitForResponse(
      (r) => r.url() === `${baseUrl}/api/push/subscriptions` && r.request().method() === 'DELETE',
    );
    await on.getByRole('button', { name: 'Отключить напоминания' }).click();
    const gone = await deleted;
    expect(gone.status()).toBe(200);
    expect(gone.request().postDataJSON()).toEqual({ endpoint: subscription.endpoint });
    await page.getByRole('status').filter({ hasText: 'Напоминания отключены' }).waitFor();
    expect(
      await page.evaluate(async () => (await navigator.serviceWorker.ready).pushManager.getSubscription()),
    ).toBeNull();

    // Allowed but not subscribed: offered again, and on again at a tap.
    await page.reload();
    await offer.waitFor({ timeout: 30_000 });
    const again = page.waitForResponse(
      (r) => r.url() === `${baseUrl}/api/push/subscriptions` && r.request().method() === 'POST',
    );
    await offer.getByRole('button', { name: TURN_ON, exact: true }).click();
    expect((await again).status()).toBe(200);
    await on.waitFor();
    const endpoint = await page.evaluate(
      async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription())?.endpoint,
    );
    expect(endpoint).toBe(subscription.endpoint);

    // On already: /success offers nothing more.
    await page.reload();
    await page.getByRole('heading', { name: SUCCESS_TEXT }).waitFor({ timeout: 30_000 });
    expect(await offerCount(page)).toBe(0);

    // A push message the worker cannot read still shows a neutral reminder, which opens the tickets.
    const { cdp, id } = await registrationId(context, page);
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data: 'не JSON' });
    await expect
      .poll(() => shownNotifications(page, 'trip-reminder'), { timeout: 10_000 })
      .toEqual([
        {
          title: 'Экскурсии по Крыму',
          body: 'Напоминание о поездке. Откройте билет, чтобы посмотреть время и место сбора.',
          tag: 'trip-reminder',
          icon: `${origin}/icons/icon-192.png`,
          url: '/profile/tickets',
        },
      ]);

    // The reminder of this ticket, as the server sends it.
    const reminder: PushPayload = {
      title: `Завтра: ${excursion.title}`,
      body: `Место сбора: ${excursion.assemblyPoints[0]}`,
      url: ticketPath(ticketId),
      tag: `${ticketId}-evening`,
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: id,
      data: JSON.stringify(reminder),
    });
    await expect
      .poll(() => shownNotifications(page, reminder.tag), { timeout: 10_000 })
      .toEqual([{ ...reminder, icon: `${origin}/icons/icon-192.png` }]);
    const icon = await fetch(`${origin}/icons/icon-192.png`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toContain('image/png');

    // A tap on it, with the app open on the home screen: the notification closes, the app goes to the ticket.
    await page.goto(`${baseUrl}/`);
    await appDrawn(page);
    const worker = context.serviceWorkers().find((w) => w.url() === `${origin}/sw.js`);
    expect(worker).toBeDefined();
    await worker!.evaluate(async (tag) => {
      const scope = self as unknown as ServiceWorkerGlobalScope;
      const [notification] = await scope.registration.getNotifications({ tag });
      if (!notification) throw new Error(`no notification tagged ${tag}`);
      scope.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
    }, reminder.tag);
    await page.waitForURL(`${baseUrl}${ticketPath(ticketId)}`, { timeout: 15_000 });
    await page.getByRole('heading', { name: excursion.title, level: 2 }).waitFor({ timeout: 20_000 });
    expect(await shownNotifications(page, reminder.tag)).toEqual([]);
    expect(context.pages()).toHaveLength(1);
    await screenshot(page, 'push-opened-ticket');

    // Signing out stops this account's reminders on the phone.
    await page.goto(`${baseUrl}/profile/account`);
    await page.getByRole('link', { name: SIGN_OUT }).click();
    await page.waitForURL(/\/login/, { timeout: 15_000 });
    await expect
      .poll(() =>
        page.evaluate(async () => (await navigator.serviceWorker.ready).pushManager.getSubscription()),
      )
      .toBeNull();
    await context.close();
  });

  it('goes away after "Не сейчас" and does not come back', async () => {
    const { context, page, token } = await phone(false);
    const { ticketId } = await bookAndPay(token);
    await openSuccess(page, ticketId);
    const offer = page.getByRole('region', { name: OFFER });
    await offer.waitFor({ timeout: 30_000 });
    await offer.getByRole('button', { name: NOT_NOW }).click();
    await offer.waitFor({ state: 'detached' });
    // The paid notice stays as it was, and the browser was never asked.
    await page.getByRole('heading', { name: SUCCESS_TEXT }).waitFor();
    expect(await permissionAsks(page)).toBe(0);

    await page.reload();
    await page.getByRole('heading', { name: SUCCESS_TEXT }).waitFor({ timeout: 30_000 });
    expect(await offerCount(page)).toBe(0);
    const next = await bookAndPay(token);
    await openSuccess(page, next.ticketId);
    expect(await offerCount(page)).toBe(0);
    await context.close();
  });
});
