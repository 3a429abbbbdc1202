import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../src/client/api/http';
import { ReplicaDb, type Replicated } from '../../../src/client/db/schema';
import { saveReview } from '../../../src/client/commands/reviews';
import { flushOutbox } from '../../../src/client/sync/outbox/flush';
import type { ReviewSavePayload } from '../../../src/client/sync/outbox/review';
import { applyChanges } from '../../../src/client/sync/pull/apply';
import type { Review } from '../../../src/protocol/reviews';
import { hexId } from '../domain/fixtures';

// The queued 'review.save' on a replica: the review shows at once, pending, and survives the app
// being closed; the server's Review replaces it once answered; a refusal takes it back and keeps the
// server's reason; a change pulled meanwhile waits behind it.

const USER = 7;
const TICKET = hexId(901);
const EXCURSION = hexId(1);

function payload(overrides: Partial<ReviewSavePayload> = {}): ReviewSavePayload {
  return {
    ticketId: TICKET,
    rating: 5,
    text: '  Отличная поездка, гид — чудо!  ',
    draft: {
      excursionID: EXCURSION,
      authorID: USER,
      authorName: 'Анна К.',
      tripDate: '2026-07-10',
      at: '2026-07-11T08:00:00.000Z',
    },
    ...overrides,
  };
}

function serverReview(overrides: Partial<Review> = {}): Review {
  return {
    _id: TICKET,
    excursionID: EXCURSION,
    authorID: USER,
    authorName: 'Анна К.',
    tripDate: '2026-07-10',
    rating: 5,
    text: 'Отличная поездка, гид — чудо!',
    photos: [],
    createdAt: '2026-07-11T08:00:05.000Z',
    updatedAt: '2026-07-11T08:00:05.000Z',
    editableUntil: '2026-07-25T08:00:05.000Z',
    reply: null,
    hidden: null,
    ...overrides,
  };
}

/** The server's side of PUT /api/tickets/{id}/review as the contract states it, answering in turn. */
function server(answers: { status: number; body: unknown }[]) {
  const requests: { method: string; url: string; body: unknown; key: string | null }[] = [];
  const fetchImpl = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const headers = new Headers(init?.headers);
    requests.push({
      method: String(init?.method),
      url: String(url),
      body: JSON.parse(String(init?.body)),
      key: headers.get('Idempotency-Key'),
    });
    const answer = answers.shift() ?? { status: 500, body: { detail: 'no answer' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { http: createHttpClient('http://server', fetchImpl as typeof fetch), requests };
}

const offline = createHttpClient('http://server', (async () => {
  throw new TypeError('Failed to fetch');
}) as typeof fetch);

let factory: IDBFactory;
const opened: ReplicaDb[] = [];
function open(name = 'reviews'): ReplicaDb {
  const db = new ReplicaDb(name, { indexedDB: factory, IDBKeyRange });
  opened.push(db);
  return db;
}
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

const flush = (db: ReplicaDb, http: ReturnType<typeof server>['http']) =>
  flushOutbox({ db, http, token: 'token', userId: USER });

describe('a review saved on the phone', () => {
  it('shows at once as pending, survives closing the app offline, and takes the server copy once sent', async () => {
    factory = new IDBFactory();
    let db = open();
    const id = await saveReview(db, USER, payload());
    const local = await db.reviews.get(TICKET);
    expect(local).toMatchObject({
      _id: TICKET,
      excursionID: EXCURSION,
      rating: 5,
      text: 'Отличная поездка, гид — чудо!',
      authorName: 'Анна К.',
      photos: [],
      reply: null,
      hidden: null,
      editableUntil: '2026-07-25T08:00:00.000Z',
      _pending: 1,
    });
    expect(await db.reviews.where('excursionID').equals(EXCURSION).count()).toBe(1);

    expect(await flush(db, offline)).toEqual({ state: 'offline' });
    db.close();
    db = open();
    expect((await db.reviews.get(TICKET))?._pending).toBe(1);
    expect(await db.outbox.count()).toBe(1);

    await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
    const { http, requests } = server([{ status: 201, body: serverReview() }]);
    expect(await flush(db, http)).toEqual({ state: 'idle' });
    expect(requests).toEqual([
      {
        method: 'PUT',
        url: `http://server/api/tickets/${TICKET}/review`,
        body: { rating: 5, text: '  Отличная поездка, гид — чудо!  ' },
        key: id,
      },
    ]);
    const saved = await db.reviews.get(TICKET);
    expect(saved).toMatchObject({ createdAt: '2026-07-11T08:00:05.000Z', _v: 0 });
    expect(saved?._pending).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
  });

  it('lets the pulled version in once its own edit is answered', async () => {
    factory = new IDBFactory();
    const db = open();
    await saveReview(db, USER, payload());
    await applyChanges(
      db,
      [{ collection: 'reviews', op: 'put', version: 40, row: serverReview({ rating: 3, text: 'старое' }) }],
      undefined,
      async () => undefined,
    );
    // Held behind the local edit.
    expect((await db.reviews.get(TICKET))?.rating).toBe(5);

    const { http } = server([{ status: 201, body: serverReview() }]);
    await flush(db, http);
    const row = await db.reviews.get(TICKET);
    expect(row?._v).toBe(40);
    expect(row?._pending).toBeUndefined();
  });

  it('edits an existing review in place and puts it back when the server refuses', async () => {
    factory = new IDBFactory();
    const db = open();
    const before: Replicated<Review> = { ...serverReview({ rating: 4, text: 'Хорошо' }), _v: 12 };
    await db.reviews.put(before);
    const id = await saveReview(db, USER, payload({ rating: 2, text: 'Передумала' }));
    expect(await db.reviews.get(TICKET)).toMatchObject({
      rating: 2,
      text: 'Передумала',
      createdAt: before.createdAt,
      _pending: 1,
    });

    const reason = 'Отзыв можно изменить в течение 14 дней';
    const { http } = server([{ status: 409, body: { detail: reason } }]);
    expect(await flush(db, http)).toEqual({ state: 'idle' });
    expect(await db.reviews.get(TICKET)).toEqual(before);
    expect(await db.rejections.get(id)).toMatchObject({ kind: 'review.save', reason, seen: 0 });
  });

  it('removes a first review the server refuses', async () => {
    factory = new IDBFactory();
    const db = open();
    await saveReview(db, USER, payload());
    const { http } = server([{ status: 409, body: { detail: 'Поездка ещё не закончилась' } }]);
    await flush(db, http);
    expect(await db.reviews.get(TICKET)).toBeUndefined();
    expect(await db.rejections.count()).toBe(1);
  });

  it('keeps the later edit when two are queued and the first is answered', async () => {
    factory = new IDBFactory();
    const db = open();
    await saveReview(db, USER, payload({ rating: 4, text: 'Первое' }));
    await saveReview(db, USER, payload({ rating: 5, text: 'Второе' }));
    const { http, requests } = server([
      { status: 201, body: serverReview({ rating: 4, text: 'Первое' }) },
      { status: 200, body: serverReview({ rating: 5, text: 'Второе' }) },
    ]);
    await flush(db, http);
    expect(requests.map((request) => request.body)).toEqual([
      { rating: 4, text: 'Первое' },
      { rating: 5, text: 'Второе' },
    ]);
    const row = await db.reviews.get(TICKET);
    expect(row).toMatchObject({ rating: 5, text: 'Второе' });
    expect(row?._pending).toBeUndefined();
  });
});
