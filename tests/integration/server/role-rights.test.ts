import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, crimeaToday } from '../../../src/domain/dates';
import type { City, Excursion, Place, Tour, User } from '../../../src/domain/types';
import type { CreateExcursionPayloadInput } from '../../../src/protocol/excursions';
import { AUTH_TEXTS } from '../../../src/server/http/auth';
import { EXCURSION_TEXTS } from '../../../src/server/services/excursions';
import { TOUR_TEXTS } from '../../../src/server/services/tours';
import { api, catalogue, DEMO, tokenFor, unsoldTourOf } from '../../support/api';
import { confirmCode, registerUser, startLogin } from '../../support/auth-flow';
import { book, bookingBody, newBuyers, payWithCard } from '../../support/booking';
import { photoJpeg } from '../../support/media-fixtures';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';
import { startTestSmtp, type TestSmtp } from '../../support/smtp';

// Rights follow the role (SPEC §6): owning an excursion lets a seller edit and schedule it, not a
// seller demoted to user; an admin edits any excursion but schedules only their own; an unpublished
// excursion's tours are seen only by its seller and the admins.

describe.each(ONE_ENGINE)('rights follow roles on %s', (engine) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let admin: string;
  let place: Place;
  let city: City;
  let jpeg: Uint8Array;
  let serial = 0;
  const email = () => `roles-${engine}-${Date.now().toString(36)}-${serial++}@example.ru`;
  const day = (n: number) => addDays(crimeaToday(new Date()), n);

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer(engine, { env: { SMTP_URL: smtp.url } });
    admin = await tokenFor(server, DEMO.admin);
    place = (await api(server).json<{ places: Place[] }>('/api/places')).places[0] as Place;
    city = (await api(server).json<{ cities: City[] }>('/api/cities')).cities[0] as City;
    jpeg = new Uint8Array(await photoJpeg(320, 240));
  });
  afterAll(async () => {
    await server?.destroy();
    await smtp?.close();
  });

  const payload = (ownerID: number, title = 'Рассвет на Ай-Петри'): CreateExcursionPayloadInput => ({
    title,
    description: 'Подъём к зубцам до восхода.',
    city: city.name,
    place: place.id,
    category: 'Горы',
    adultPrice: 2000,
    kidPrice: 1000,
    adultEntryPrice: 0,
    kidEntryPrice: 0,
    entryTickets: false,
    services: [],
    maxAttendants: 12,
    busType: 'none',
    numberOfRows: 0,
    availableSeats: [],
    reservedSeats: [],
    duration: '6 часов',
    lunchDuration: '',
    difficulty: 'Легко',
    childrenAllowed: true,
    directions: ['Ялта', 'Ай-Петри'],
    assemblyPoints: ['Ялта, набережная'],
    included: ['Трансфер'],
    notIncluded: [],
    ownerID,
    popularity: 0,
    bestseller: false,
    tours: [{ date: day(20), time: '05:30' }],
  });

  const form = (fields: unknown, kept: string[] = []) => {
    const data = new FormData();
    data.append('excursion', JSON.stringify(fields));
    if (kept.length === 0)
      data.append('preview_images', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'cover.jpg');
    for (const name of kept) data.append('existing_preview_images', name);
    return data;
  };
  const sendForm = (method: 'POST' | 'PUT', path: string, token: string, body: FormData) =>
    fetch(`${server.url}${path}`, { method, headers: { Authorization: `Bearer ${token}` }, body });

  async function createExcursion(token: string, ownerID: number): Promise<Excursion> {
    const response = await sendForm('POST', '/api/excursions', token, form(payload(ownerID)));
    expect(response.status).toBe(200);
    return (await response.json()) as Excursion;
  }

  const edit = (token: string, excursion: Excursion, title: string) =>
    sendForm(
      'PUT',
      `/api/excursions/${excursion._id}`,
      token,
      form({ ...payload(excursion.ownerID, title), tours: undefined }, excursion.images),
    );

  async function freshLogin(address: string): Promise<string> {
    const before = await startLogin(server, smtp, address);
    return (await confirmCode(server, smtp, address, before)).access_token;
  }

  async function refusal(response: Response, status: number) {
    expect(response.status).toBe(status);
    return (await response.json()) as { detail?: string; message?: string };
  }

  it('a seller demoted to user edits and schedules none of their excursions, even after a fresh login', async () => {
    const address = email();
    const registered = await registerUser(server, smtp, address);
    const id = registered.user_data.id;
    expect((await api(server, admin).send('POST', `/api/users/${id}/promote-to-seller`)).status).toBe(200);
    const sellerToken = await freshLogin(address);
    const mine = await createExcursion(sellerToken, id);
    expect((await api(server, admin).send('POST', `/api/excursions/${mine._id}/publish`)).status).toBe(200);
    // As a seller they edit and schedule it: the requests below are good ones.
    expect((await edit(sellerToken, mine, 'Рассвет над морем')).status).toBe(200);
    // The new title of a published excursion goes live once an admin approves it.
    expect(
      (await api(server, admin).send('POST', `/api/excursions/${mine._id}/revision/approve`)).status,
    ).toBe(200);
    const added = await api(server, sellerToken).send('POST', '/api/tours', {
      tours: [{ excursionID: mine._id, date: day(21), time: '05:30' }],
    });
    expect(added.status).toBe(200);
    const [tour] = ((await added.json()) as { tours: Tour[] }).tours as [Tour];
    // A tourist's paid ticket on the first date, which the seller as guide may check.
    const [buyer] = (await newBuyers(server, 1)) as [{ id: number; token: string }];
    const firstTour = (await catalogue(server)).tours.find(
      (t) => t.excursionID === mine._id && t.date === day(20),
    ) as Tour;
    const booked = await book(server, buyer.token, bookingBody(buyer.id, mine, firstTour, { adults: 1 }));
    expect(booked.status).toBe(200);
    await payWithCard(server, booked.body.confirmationid as string);
    const ticket = await api(server, buyer.token).json<{ checkCode: string }>(
      `/api/tickets/${booked.body.ticket_id}`,
    );
    const check = `/api/tickets/check/${ticket.checkCode}`;
    expect((await api(server, sellerToken).get(check)).status).toBe(200);

    expect((await api(server, admin).send('POST', `/api/users/${id}/demote-to-user`)).status).toBe(200);

    // The token held before the demotion is refused, and the refusal says why.
    const me = await refusal(await api(server, sellerToken).get('/api/users/me'), 401);
    expect(me.detail).toBe(AUTH_TEXTS.roleChanged);
    const oldSchedule = await refusal(
      await api(server, sellerToken).send('POST', '/api/tours', {
        tours: [{ excursionID: mine._id, date: day(22), time: '05:30' }],
      }),
      401,
    );
    expect(oldSchedule).toEqual({ message: AUTH_TEXTS.roleChanged, detail: AUTH_TEXTS.roleChanged });

    // A fresh login works, as a plain user who owns the excursion but has no right over it.
    const userToken = await freshLogin(address);
    expect((await api(server, userToken).json<User>('/api/users/me')).role).toBe('user');
    const edited = await refusal(await edit(userToken, mine, 'Чужими руками'), 403);
    expect(edited).toEqual({ detail: EXCURSION_TEXTS.sellersOnlyEdit });
    const created = await refusal(
      await api(server, userToken).send('POST', '/api/tours', {
        tours: [{ excursionID: mine._id, date: day(22), time: '05:30' }],
      }),
      403,
    );
    expect(created).toEqual({ message: TOUR_TEXTS.sellersOnly, detail: TOUR_TEXTS.sellersOnly });
    const deleted = await refusal(
      await api(server, userToken).send('DELETE', '/api/tours', { tour_ids: [tour._id] }),
      403,
    );
    expect(deleted).toEqual({ message: TOUR_TEXTS.sellersOnly, detail: TOUR_TEXTS.sellersOnly });
    // Nor does the plain user check tickets as the guide any more.
    expect((await api(server, userToken).get(check)).status).toBe(403);

    // Nothing changed: the title, the tour that was to be deleted, no tour on the new date.
    expect((await api(server).json<Excursion>(`/api/excursions/${mine._id}`)).title).toBe(
      'Рассвет над морем',
    );
    expect((await api(server).get(`/api/tours/${tour._id}`)).status).toBe(200);
    const tours = (await catalogue(server)).tours.filter((t) => t.excursionID === mine._id);
    expect(tours.map((t) => t.date).sort()).toEqual([day(20), day(21)]);

    // A token voided by a logout everywhere, not by a demotion, gets the plain text.
    expect((await api(server, userToken).send('POST', '/auth/logout-all')).status).toBeLessThan(300);
    const loggedOut = await refusal(await api(server, userToken).get('/api/users/me'), 401);
    expect(loggedOut.detail).toBe(AUTH_TEXTS.invalid);
    // The token from before the demotion still says it lost its role.
    expect((await refusal(await api(server, sellerToken).get('/api/users/me'), 401)).detail).toBe(
      AUTH_TEXTS.roleChanged,
    );
  });

  it("an admin schedules only their own excursions, not another seller's, and the API says so", async () => {
    const { tour, excursion } = await unsoldTourOf(server, DEMO.seller);
    // The demo's own schedule may already have a departure then: what counts is that none is added.
    const departuresThen = async () =>
      (await catalogue(server)).tours.filter(
        (t) => t.excursionID === excursion._id && t.date === day(30) && t.time === '07:15',
      ).length;
    const before = await departuresThen();
    const added = await refusal(
      await api(server, admin).send('POST', '/api/tours', {
        tours: [{ excursionID: excursion._id, date: day(30), time: '07:15' }],
      }),
      403,
    );
    expect(added).toEqual({ message: TOUR_TEXTS.notOwner, detail: TOUR_TEXTS.notOwner });
    const deleted = await refusal(
      await api(server, admin).send('DELETE', '/api/tours', { tour_ids: [tour._id] }),
      403,
    );
    expect(deleted).toEqual({ message: TOUR_TEXTS.notOwner, detail: TOUR_TEXTS.notOwner });
    expect((await api(server).get(`/api/tours/${tour._id}`)).status).toBe(200);
    expect(await departuresThen()).toBe(before);

    // The admin's own excursion is theirs to schedule.
    const own = await createExcursion(admin, DEMO.admin);
    const created = await api(server, admin).send('POST', '/api/tours', {
      tours: [{ excursionID: own._id, date: day(31), time: '07:15' }],
    });
    expect(created.status).toBe(200);
    const [ownTour] = ((await created.json()) as { tours: Tour[] }).tours as [Tour];
    expect((await api(server, admin).send('DELETE', '/api/tours', { tour_ids: [ownTour._id] })).status).toBe(
      200,
    );
  });

  it('a tour of an unpublished excursion is 404 to strangers and shown to its seller and the admins', async () => {
    const seller = await tokenFor(server, DEMO.seller);
    const pending = await createExcursion(seller, DEMO.seller);
    const tourId = pending.tours[0] as string;
    const path = `/api/tours/${tourId}`;
    for (const token of [
      undefined,
      await tokenFor(server, DEMO.tourist),
      await tokenFor(server, DEMO.seller2),
    ]) {
      const response = await api(server, token).get(path);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ detail: 'Tour not found' });
    }
    for (const token of [seller, admin]) {
      const response = await api(server, token).get(path);
      expect(response.status).toBe(200);
      expect(((await response.json()) as Tour)._id).toBe(tourId);
    }
    // Once published, anyone sees it.
    expect((await api(server, admin).send('POST', `/api/excursions/${pending._id}/publish`)).status).toBe(
      200,
    );
    expect((await api(server).get(path)).status).toBe(200);
  });
});
