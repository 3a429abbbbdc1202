import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tripEnd } from '../../../src/domain/trip-time';
import type { Ticket } from '../../../src/domain/types';
import { MAX_REVIEW_TEXT, REVIEW_EDIT_DAYS, type Review } from '../../../src/protocol/reviews';
import type { Change } from '../../../src/protocol/sync';
import { api, DEMO, tokenFor } from '../../support/api';
import { book, bookingBody, newBuyers, payWithCard, sellersCoachTour } from '../../support/booking';
import { photoJpeg } from '../../support/media-fixtures';
import { pullAll } from '../../support/seller-excursions';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';
import { openSocket } from '../../support/socket';

// Verified reviews over real HTTP (protocol/reviews.ts): only the owner of a paid ticket whose trip
// happened writes one, once per ticket, editable for two weeks; photos pass the upload checks; the
// seller answers once; an admin hides and shows; replicas and sockets follow every change.

const DAY = 86_400_000;

describe.each(ONE_ENGINE)('verified reviews on %s', (engine) => {
  let server: TestServer;
  let seller: string;
  let seller2: string;
  let admin: string;
  let tourist: string;
  /** How far the server's clock runs ahead of the real one. */
  let ahead = 0;
  let jpeg: Uint8Array;

  beforeAll(async () => {
    server = await startTestServer(engine, { now: () => new Date(Date.now() + ahead) });
    [seller, seller2, admin, tourist] = (await Promise.all(
      [DEMO.seller, DEMO.seller2, DEMO.admin, DEMO.tourist].map((id) => tokenFor(server, id)),
    )) as [string, string, string, string];
    jpeg = new Uint8Array(await photoJpeg(320, 240));
  });
  afterEach(() => {
    ahead = 0;
  });
  afterAll(async () => {
    await server?.destroy();
  });

  interface Trip {
    id: string;
    buyer: { id: number; token: string };
    excursionId: string;
    date: string;
    time: string;
    duration: string;
  }

  /** A new buyer's ticket on a seller's coach departure: paid unless asked, checked in by the guide if asked. */
  async function trip({ paid = true, checkedIn = true } = {}): Promise<Trip> {
    const { excursion, tour } = await sellersCoachTour(server, new Set());
    const [buyer] = (await newBuyers(server, 1)) as [{ id: number; token: string }];
    const booked = await book(
      server,
      buyer.token,
      bookingBody(buyer.id, excursion, tour, { adults: 1, seats: [tour.emptySeats[0] as number] }),
    );
    expect(booked.status).toBe(200);
    if (paid) expect((await payWithCard(server, booked.body.confirmationid as string)).status).toBe(200);
    const id = booked.body.ticket_id as string;
    if (checkedIn) {
      const { checkCode } = await api(server, buyer.token).json<Ticket>(`/api/tickets/${id}`);
      const checked = await api(server, seller).send(
        'POST',
        `/api/tickets/${id}/checkin`,
        { code: checkCode, at: new Date().toISOString() },
        { 'Idempotency-Key': randomUUID() },
      );
      expect(checked.status).toBe(200);
    }
    return {
      id,
      buyer,
      excursionId: excursion._id,
      date: tour.date,
      time: tour.time,
      duration: excursion.duration,
    };
  }

  const putReview = (
    token: string | undefined,
    ticketId: string,
    body: unknown,
    key: string = randomUUID(),
  ) => api(server, token).send('PUT', `/api/tickets/${ticketId}/review`, body, { 'Idempotency-Key': key });

  const post = (token: string | undefined, path: string, body?: unknown, key: string = randomUUID()) =>
    api(server, token).send('POST', path, body ?? {}, { 'Idempotency-Key': key });

  const postPhotos = (
    token: string,
    ticketId: string,
    files: { bytes: Uint8Array; name: string }[],
    key = randomUUID(),
  ) => {
    const form = new FormData();
    for (const file of files) form.append('photos', new Blob([new Uint8Array(file.bytes)]), file.name);
    return fetch(`${server.url}/api/tickets/${ticketId}/review/photos`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': key },
      body: form,
    });
  };

  const deletePhoto = (token: string, ticketId: string, photo: string) =>
    api(server, token).send('DELETE', `/api/tickets/${ticketId}/review/photos/${photo}`, undefined, {
      'Idempotency-Key': randomUUID(),
    });

  async function reviewRows(ticketId: string) {
    return server.db.query<{ rating: number; text: string; photos: string[] }>(
      'SELECT rating, text, photos FROM reviews WHERE ticket_id = $1',
      [ticketId],
    );
  }

  async function refusal(response: Response, status: number): Promise<string> {
    expect(response.status).toBe(status);
    const { detail } = (await response.json()) as { detail: string };
    expect(detail).toMatch(/[а-яё]/i);
    return detail;
  }

  const mediaCount = async () =>
    Number((await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM media'))[0]?.n);

  const reviewChanges = (changes: Change[], id: string) =>
    changes.filter(
      (change) =>
        change.collection === 'reviews' && (change.op === 'put' ? change.row._id : change.id) === id,
    );

  it('writes a review sent from the outbox once, replays it and shows its text as sent', async () => {
    const { id, buyer, excursionId, date } = await trip();
    await server.db.query(`UPDATE users SET name = 'Анна', surname = 'королёва' WHERE id = $1`, [buyer.id]);
    const text = '<script>alert(1)</script> Отличная поездка & вид на море';
    const key = randomUUID();
    const first = await putReview(buyer.token, id, { rating: 5, text: `  ${text}  ` }, key);
    expect(first.status).toBe(201);
    const review = (await first.json()) as Review;
    expect(review).toMatchObject({
      _id: id,
      excursionID: excursionId,
      authorID: buyer.id,
      authorName: 'Анна К.',
      tripDate: date,
      rating: 5,
      text,
      photos: [],
      reply: null,
      hidden: null,
    });
    expect(Date.parse(review.editableUntil) - Date.parse(review.createdAt)).toBe(REVIEW_EDIT_DAYS * DAY);

    // The phone lost the answer and sends the same request again: the same answer, still one review.
    const replay = await putReview(buyer.token, id, { rating: 5, text: `  ${text}  ` }, key);
    expect(replay.status).toBe(201);
    expect(await replay.json()).toEqual(review);
    expect(await reviewRows(id)).toHaveLength(1);

    // Everyone's replica receives it, the text exactly as written.
    const anonymous = reviewChanges((await pullAll(server)).changes, id);
    expect(anonymous).toEqual([expect.objectContaining({ op: 'put', row: review })]);
  });

  it('names an author without a name a traveller', async () => {
    const { id, buyer } = await trip();
    await server.db.query(`UPDATE users SET name = '', surname = 'Иванов' WHERE id = $1`, [buyer.id]);
    const response = await putReview(buyer.token, id, { rating: 4, text: '' });
    expect(response.status).toBe(201);
    expect(((await response.json()) as Review).authorName).toBe('Путешественник');
  });

  it('accepts a review once the departure is over without a check-in, and not before', async () => {
    const { id, buyer, date, time, duration } = await trip({ checkedIn: false });
    const end = tripEnd(date, time, duration) as Date;
    ahead = end.getTime() - Date.now() - 60_000;
    expect(await refusal(await putReview(buyer.token, id, { rating: 4, text: 'Рано' }), 409)).toBe(
      'Отзыв можно оставить после поездки',
    );
    expect(await reviewRows(id)).toHaveLength(0);
    ahead = end.getTime() - Date.now() + 60_000;
    expect((await putReview(buyer.token, id, { rating: 4, text: 'Было здорово' })).status).toBe(201);
  });

  it('keeps one review per ticket: a second write edits it, even when two race', async () => {
    const { id, buyer } = await trip();
    const answers = await Promise.all([
      putReview(buyer.token, id, { rating: 3, text: 'Первый' }),
      putReview(buyer.token, id, { rating: 4, text: 'Второй' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201]);
    const again = await putReview(buyer.token, id, { rating: 2, text: 'Третий' });
    expect(again.status).toBe(200);
    expect(await reviewRows(id)).toEqual([{ rating: 2, text: 'Третий', photos: [] }]);
  });

  it('lets its author edit it for two weeks and refuses an edit after', async () => {
    const { id, buyer } = await trip();
    const created = (await (
      await putReview(buyer.token, id, { rating: 3, text: 'Неплохо' })
    ).json()) as Review;
    ahead = (REVIEW_EDIT_DAYS - 1) * DAY;
    const edited = await putReview(buyer.token, id, { rating: 5, text: 'Подумал: прекрасно' });
    expect(edited.status).toBe(200);
    const body = (await edited.json()) as Review;
    expect(body).toMatchObject({ rating: 5, text: 'Подумал: прекрасно', createdAt: created.createdAt });
    expect(Date.parse(body.updatedAt)).toBeGreaterThan(Date.parse(created.updatedAt));

    ahead = (REVIEW_EDIT_DAYS + 1) * DAY;
    await refusal(await putReview(buyer.token, id, { rating: 1, text: 'Поздно' }), 409);
    await refusal(await postPhotos(buyer.token, id, [{ bytes: jpeg, name: 'late.jpg' }]), 409);
    expect(await reviewRows(id)).toEqual([{ rating: 5, text: 'Подумал: прекрасно', photos: [] }]);
  });

  it('refuses bad input and anyone but the owner of a paid trip, writing nothing', async () => {
    const { id, buyer } = await trip();
    const [other] = (await newBuyers(server, 1)) as [{ id: number; token: string }];
    const good = { rating: 5, text: 'Хорошо' };
    await refusal(await putReview(other.token, id, good), 403);
    await refusal(await putReview(admin, id, good), 403);
    expect((await putReview(undefined, id, good)).status).toBe(401);
    for (const rating of [0, 6, 2.5, '5', null])
      await refusal(await putReview(buyer.token, id, { rating, text: 'x' }), 400);
    await refusal(
      await putReview(buyer.token, id, { rating: 5, text: 'я'.repeat(MAX_REVIEW_TEXT + 1) }),
      400,
    );
    await refusal(await putReview(buyer.token, id, { rating: 5 }), 400);
    await refusal(await putReview(buyer.token, id, { rating: 5, text: 'нуль\u0000' }), 400);
    await refusal(await putReview(buyer.token, id, [good]), 400);
    await refusal(await putReview(buyer.token, id, '{"rating": 5,'), 400);
    await refusal(await putReview(buyer.token, id, good, 'not a key'), 400);
    await refusal(await putReview(buyer.token, 'abc', good), 400);
    await refusal(await putReview(buyer.token, '0123456789abcdef01234567', good), 404);
    await refusal(await post(buyer.token, '/api/reviews/abc/reply', { text: 'x' }), 400);
    expect(await reviewRows(id)).toHaveLength(0);

    // Before the trip, unpaid, cancelled.
    const early = await trip({ checkedIn: false });
    await refusal(await putReview(early.buyer.token, early.id, good), 409);
    const unpaid = await trip({ paid: false, checkedIn: false });
    expect(await refusal(await putReview(unpaid.buyer.token, unpaid.id, good), 409)).toMatch(/не оплачен/);
    const cancelled = await trip({ checkedIn: false });
    const cancel = await api(server, cancelled.buyer.token).send('PATCH', `/api/tickets/${cancelled.id}`, {
      status: 'cancelled',
    });
    expect(cancel.status).toBe(200);
    expect(await refusal(await putReview(cancelled.buyer.token, cancelled.id, good), 409)).toMatch(/отменён/);
    const none = await server.db.query('SELECT 1 FROM reviews WHERE ticket_id = ANY($1::text[])', [
      [early.id, unpaid.id, cancelled.id],
    ]);
    expect(none).toHaveLength(0);
  });

  it('adds real photos, refuses a fake one and a sixth, and deletes one with its file', async () => {
    const { id, buyer } = await trip();
    await refusal(await postPhotos(buyer.token, id, [{ bytes: jpeg, name: 'first.jpg' }]), 409);
    expect((await putReview(buyer.token, id, { rating: 5, text: 'С фото' })).status).toBe(201);

    const before = await mediaCount();
    const key = randomUUID();
    const added = await postPhotos(buyer.token, id, [{ bytes: jpeg, name: 'sea.jpg' }], key);
    expect(added.status).toBe(200);
    const [photo] = ((await added.json()) as Review).photos as [string];
    expect((await api(server).get(`/api/images/${photo}`)).status).toBe(200);
    // Sent again with the same key: the same answer, no second copy.
    const replay = await postPhotos(buyer.token, id, [{ bytes: jpeg, name: 'sea.jpg' }], key);
    expect(((await replay.json()) as Review).photos).toEqual([photo]);
    expect(await mediaCount()).toBe(before + 1);

    // A text file named .jpg among real photos: refused, and none of the request's photos is kept.
    const fake = new TextEncoder().encode('definitely not a picture');
    const refused = await postPhotos(buyer.token, id, [
      { bytes: jpeg, name: 'good.jpg' },
      { bytes: fake, name: 'fake.jpg' },
    ]);
    expect(await refusal(refused, 400)).toContain('fake.jpg');
    expect(await mediaCount()).toBe(before + 1);
    expect(await refusal(await postPhotos(buyer.token, id, []), 400)).toMatch(/фото/);

    const four = Array.from({ length: 4 }, (_, n) => ({ bytes: jpeg, name: `p${n}.jpg` }));
    const full = await postPhotos(buyer.token, id, four);
    expect(full.status).toBe(200);
    expect(((await full.json()) as Review).photos).toHaveLength(5);
    await refusal(await postPhotos(buyer.token, id, [{ bytes: jpeg, name: 'sixth.jpg' }]), 409);
    expect(await mediaCount()).toBe(before + 5);
    const [other] = (await newBuyers(server, 1)) as [{ id: number; token: string }];
    await refusal(await postPhotos(other.token, id, [{ bytes: jpeg, name: 'x.jpg' }]), 403);

    const notAForm = await api(server, buyer.token).send('POST', `/api/tickets/${id}/review/photos`, {
      photos: [],
    });
    await refusal(notAForm, 400);
    await refusal(await deletePhoto(buyer.token, id, 'bad%20name'), 400);
    await refusal(await deletePhoto(buyer.token, id, 'no-such.webp'), 404);
    await refusal(await deletePhoto(other.token, id, photo), 403);
    const removed = await deletePhoto(buyer.token, id, photo);
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as Review).photos).not.toContain(photo);
    expect((await api(server).get(`/api/images/${photo}`)).status).toBe(404);
    expect(await mediaCount()).toBe(before + 4);
  });

  it('takes one reply, from the excursion’s seller only', async () => {
    const { id, buyer } = await trip();
    expect((await putReview(buyer.token, id, { rating: 4, text: 'Гид молодец' })).status).toBe(201);
    const path = `/api/reviews/${id}/reply`;
    await refusal(await post(buyer.token, path, { text: 'Сам себе' }), 403);
    await refusal(await post(admin, path, { text: 'От имени продавца' }), 403);
    await refusal(await post(seller2, path, { text: 'Чужой продавец' }), 403);
    await refusal(await post(seller, path, { text: '   ' }), 400);
    await refusal(await post(seller, '/api/reviews/0123456789abcdef01234567/reply', { text: 'Нет' }), 404);
    const key = randomUUID();
    const replied = await post(seller, path, { text: ' Спасибо! ' }, key);
    expect(replied.status).toBe(200);
    const body = (await replied.json()) as Review;
    expect(body.reply?.text).toBe('Спасибо!');
    expect((await post(seller, path, { text: ' Спасибо! ' }, key)).status).toBe(200);
    await refusal(await post(seller, path, { text: 'Ещё раз' }), 409);
  });

  it('lets only an admin hide a review, which leaves the public replicas and stays with its author', async () => {
    const { id, buyer } = await trip();
    expect((await putReview(buyer.token, id, { rating: 1, text: 'Оскорбление' })).status).toBe(201);
    const publicCursor = (await pullAll(server, tourist)).cursor;
    const authorCursor = (await pullAll(server, buyer.token)).cursor;
    const adminCursor = (await pullAll(server, admin)).cursor;

    await refusal(await post(seller, `/api/reviews/${id}/hide`, { reason: 'Не нравится' }), 403);
    await refusal(await post(buyer.token, `/api/reviews/${id}/hide`, { reason: 'Сам' }), 403);
    await refusal(await post(admin, `/api/reviews/${id}/hide`, {}), 400);
    const hidden = await post(admin, `/api/reviews/${id}/hide`, { reason: 'Грубые выражения' });
    expect(hidden.status).toBe(200);
    expect(((await hidden.json()) as Review).hidden?.reason).toBe('Грубые выражения');
    await refusal(await post(admin, `/api/reviews/${id}/hide`, { reason: 'Ещё раз' }), 409);

    const forPublic = reviewChanges((await pullAll(server, tourist, publicCursor)).changes, id);
    expect(forPublic).toEqual([expect.objectContaining({ op: 'delete', id })]);
    for (const [token, cursor] of [
      [buyer.token, authorCursor],
      [admin, adminCursor],
    ] as const) {
      const [change] = reviewChanges((await pullAll(server, token, cursor)).changes, id);
      expect(change).toMatchObject({ op: 'put', row: { hidden: { reason: 'Грубые выражения' } } });
    }
    // A first sync leaves it out for the public and brings it to its author.
    expect(reviewChanges((await pullAll(server)).changes, id)).toEqual([]);
    expect(reviewChanges((await pullAll(server, buyer.token)).changes, id)).toHaveLength(1);

    await refusal(await post(seller, `/api/reviews/${id}/unhide`), 403);
    const shown = await post(admin, `/api/reviews/${id}/unhide`);
    expect(shown.status).toBe(200);
    expect(((await shown.json()) as Review).hidden).toBeNull();
    await refusal(await post(admin, `/api/reviews/${id}/unhide`), 409);
    const back = reviewChanges((await pullAll(server, tourist, publicCursor)).changes, id);
    expect(back).toEqual([
      expect.objectContaining({ op: 'put', row: expect.objectContaining({ hidden: null }) }),
    ]);
  });

  it('sends a deleted review to every replica as a deletion', async () => {
    const { id, buyer } = await trip();
    expect((await putReview(buyer.token, id, { rating: 5, text: 'Удалят' })).status).toBe(201);
    const cursor = (await pullAll(server, tourist)).cursor;
    await server.db.query('DELETE FROM reviews WHERE ticket_id = $1', [id]);
    const changes = reviewChanges((await pullAll(server, tourist, cursor)).changes, id);
    expect(changes).toEqual([expect.objectContaining({ op: 'delete', id })]);
  });

  it('announces every change as an update of its excursion without a row', async () => {
    const { id, buyer, excursionId } = await trip();
    const socket = await openSocket(server.url);
    try {
      socket.send({ type: 'subscribe', channels: ['EXCURSION_UPDATE'], userId: '' });
      await socket.next((m) => m.type === 'subscribed');
      const heard = () =>
        socket.next(
          (m) => m.type === 'EXCURSION_UPDATE' && m.data.excursion_id === excursionId && !m.data.excursion,
        );
      const written = heard();
      expect((await putReview(buyer.token, id, { rating: 5, text: 'Слышно' })).status).toBe(201);
      expect(await written).toMatchObject({ data: { action: 'update', excursion_id: excursionId } });
      socket.messages.length = 0;
      const replied = heard();
      expect((await post(seller, `/api/reviews/${id}/reply`, { text: 'Спасибо' })).status).toBe(200);
      await replied;
    } finally {
      socket.close();
    }
  });
});
