import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { City, Excursion, Place, Tour } from '../../../src/domain/types';
import { MAX_VIDEO_BYTES } from '../../../src/server/media/ingest';
import type { CreateExcursionPayloadInput } from '../../../src/protocol/excursions';
import { addDays, crimeaToday } from '../../../src/domain/dates';
import { api, catalogue, DEMO, tokenFor } from '../../support/api';
import { book, bookingBody, newBuyers } from '../../support/booking';
import { photoJpeg, photoPng, tinyMp4 } from '../../support/media-fixtures';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';
import { openSocket } from '../../support/socket';

// A seller's excursion from the multipart form to the catalogue: moderation, ownership, the checks
// on every file (nothing stored when one is refused) and seat layouts that never drop a sold seat.

/** A real MP4 header padded with zeros past the cap: made in a blink, unlike a filled buffer. */
function oversizedVideo(): Uint8Array {
  const bytes = new Uint8Array(MAX_VIDEO_BYTES + 1);
  bytes.set(tinyMp4(64));
  return bytes;
}

type FilePart = { field: string; name: string; bytes: Uint8Array; type?: string };

function form(excursion: unknown, files: FilePart[] = [], texts: Record<string, string[]> = {}): FormData {
  const data = new FormData();
  data.append('excursion', JSON.stringify(excursion));
  for (const file of files)
    data.append(
      file.field,
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  for (const [field, values] of Object.entries(texts)) for (const value of values) data.append(field, value);
  return data;
}

describe.each(ONE_ENGINE)('excursions written by sellers on %s', (engine) => {
  let server: TestServer;
  let seller: string;
  let seller2: string;
  let admin: string;
  let place: Place;
  let city: City;
  let jpeg: Uint8Array;
  let png: Uint8Array;
  const day = (n: number) => addDays(crimeaToday(new Date()), n);

  beforeAll(async () => {
    server = await startTestServer(engine);
    seller = await tokenFor(server, DEMO.seller);
    seller2 = await tokenFor(server, DEMO.seller2);
    admin = await tokenFor(server, DEMO.admin);
    place = (await api(server).json<{ places: Place[] }>('/api/places')).places[0] as Place;
    city = (await api(server).json<{ cities: City[] }>('/api/cities')).cities[0] as City;
    jpeg = new Uint8Array(await photoJpeg(640, 480));
    png = new Uint8Array(await photoPng(320, 240));
  });
  afterAll(async () => {
    await server?.destroy();
  });

  const payload = (overrides: Partial<CreateExcursionPayloadInput> = {}): CreateExcursionPayloadInput => ({
    title: 'Тайны Чатыр-Дага',
    description: 'Пещеры и плато за один день.',
    city: city.name,
    place: place.id,
    category: 'Горы',
    adultPrice: 2500,
    kidPrice: 1500,
    adultEntryPrice: 500,
    kidEntryPrice: 300,
    entryTickets: true,
    services: [{ name: 'Обед', price: 600 }],
    maxAttendants: 1,
    busType: 'van',
    numberOfRows: 5,
    availableSeats: [],
    reservedSeats: [1, 2],
    duration: '8 часов',
    lunchDuration: '',
    difficulty: 'Умеренно',
    childrenAllowed: true,
    directions: ['Симферополь', 'Чатыр-Даг', ''],
    assemblyPoints: ['Симферополь, ж/д вокзал'],
    included: ['Трансфер'],
    notIncluded: [],
    ownerID: DEMO.seller,
    popularity: 0,
    bestseller: false,
    tours: [
      { date: day(5), time: '08:00' },
      { date: day(6), time: '08:00' },
    ],
    ...overrides,
  });

  const images = (n: number): FilePart[] =>
    Array.from({ length: n }, (_, i) => ({
      field: 'preview_images',
      name: `cover-${i}.jpg`,
      bytes: i % 2 ? png : jpeg,
    }));

  const send = (method: 'POST' | 'PUT', path: string, token: string, body: FormData) =>
    fetch(`${server.url}${path}`, { method, headers: { Authorization: `Bearer ${token}` }, body });

  const mediaState = async () => ({
    rows: Number((await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM media'))[0]?.n),
    files: (await readdir(join(server.dataDir, 'media'), { recursive: true })).length,
  });

  async function create(token = seller, overrides: Partial<CreateExcursionPayloadInput> = {}) {
    const response = await send('POST', '/api/excursions', token, form(payload(overrides), images(1)));
    expect(response.status).toBe(200);
    return (await response.json()) as Excursion;
  }

  it('a seller creates one with 3 images and a video; it stays out of the catalogue until an admin publishes it', async () => {
    const parts = [
      ...images(3),
      { field: 'video', name: 'trip.mp4', bytes: tinyMp4(64 * 1024), type: 'video/mp4' },
    ];
    const response = await send('POST', '/api/excursions', seller, form(payload(), parts));
    expect(response.status).toBe(200);
    const created = (await response.json()) as Excursion;
    expect(created).toMatchObject({
      ownerID: DEMO.seller,
      popularity: 0,
      bestseller: false,
      adultInitPrice: 2500,
      kidInitPrice: 1500,
      moderation: { status: 'pending', reason: '' },
      directions: ['Симферополь', 'Чатыр-Даг'],
      busType: 'van',
      maxAttendants: 15,
      reservedSeats: [1, 2],
    });
    expect(created.images).toHaveLength(3);
    expect(created.video).toMatch(/\.mp4$/);
    expect(created.tours).toHaveLength(2);
    const picture = await api(server).get(`/api/images/${created.images[0]}`);
    expect(picture.headers.get('content-type')).toBe('image/webp');

    // Hidden from the public, visible to its seller and to admins.
    const publicIds = async () => (await catalogue(server)).excursions.map((e) => e._id);
    expect(await publicIds()).not.toContain(created._id);
    expect((await api(server).get(`/api/excursions/${created._id}`)).status).toBe(404);
    expect((await api(server, seller).get(`/api/excursions/${created._id}`)).status).toBe(200);
    expect((await api(server, seller2).get(`/api/excursions/${created._id}`)).status).toBe(404);
    const synced = async (token?: string) => {
      const ids: (string | undefined)[] = [];
      let cursor = '';
      for (;;) {
        const page = await api(server, token).json<{
          cursor: string;
          more: boolean;
          changes: { collection: string; row?: { _id?: string } }[];
        }>(`/api/sync?limit=2000${cursor ? `&cursor=${cursor}` : ''}`);
        ids.push(...page.changes.filter((c) => c.collection === 'excursions').map((c) => c.row?._id));
        if (!page.more) return ids;
        cursor = page.cursor;
      }
    };
    expect(await synced(seller)).toContain(created._id);
    expect(await synced()).not.toContain(created._id);
    expect(await synced(admin)).toContain(created._id);
    const pending = await api(server, admin).json<{ excursions: Excursion[] }>('/api/moderation/excursions');
    expect(pending.excursions.map((e) => e._id)).toContain(created._id);
    expect((await api(server, seller).get('/api/moderation/excursions')).status).toBe(403);

    const socket = await openSocket(server.url);
    socket.send({ type: 'subscribe', channels: ['EXCURSION_UPDATE', 'TOUR_UPDATE'] });
    await socket.next((m) => m.type === 'subscribed');
    expect((await api(server, seller).send('POST', `/api/excursions/${created._id}/publish`)).status).toBe(
      403,
    );
    const published = await api(server, admin).send('POST', `/api/excursions/${created._id}/publish`);
    expect(published.status).toBe(200);
    const event = await socket.next(
      (m) => m.type === 'EXCURSION_UPDATE' && m.data.excursion_id === created._id,
    );
    expect(event.type === 'EXCURSION_UPDATE' && event.data.action).toBe('create');
    await socket.next((m) => m.type === 'TOUR_UPDATE' && m.data.tour?.excursionID === created._id);
    socket.close();
    expect(await publicIds()).toContain(created._id);
    const tours = (await catalogue(server)).tours.filter((t) => t.excursionID === created._id);
    expect(tours.map((t) => t.date).sort()).toEqual([day(5), day(6)]);
  });

  it('keeps the free-cancellation window its seller sets: 24 hours unless set, kept by an edit that leaves it out', async () => {
    // A seller of its own: uploads are limited per account a minute, and the other tests use theirs.
    const [own] = (await newBuyers(server, 1)) as [{ id: number; token: string }];
    await server.db.query(`UPDATE users SET role = 'seller' WHERE id = $1`, [own.id]);
    const mine = (overrides: Partial<CreateExcursionPayloadInput> = {}) =>
      payload({ ownerID: own.id, ...overrides });
    const plain = await create(own.token, { ownerID: own.id });
    expect(plain.freeCancelHours).toBe(24);
    const strict = await create(own.token, { ownerID: own.id, freeCancelHours: 72 });
    expect(strict.freeCancelHours).toBe(72);
    const edit = (body: CreateExcursionPayloadInput) =>
      send(
        'PUT',
        `/api/excursions/${strict._id}`,
        own.token,
        form(body, [], { existing_preview_images: strict.images }),
      );
    const { freeCancelHours: _left, ...withoutWindow } = mine({
      title: 'Тайны Чатыр-Дага, новая программа',
    });
    expect((await edit(withoutWindow)).status).toBe(200);
    const kept = await api(server, own.token).json<Excursion>(`/api/excursions/${strict._id}`);
    expect(kept.freeCancelHours).toBe(72);
    expect((await edit(mine({ freeCancelHours: 0 }))).status).toBe(200);
    expect(
      (await api(server, own.token).json<Excursion>(`/api/excursions/${strict._id}`)).freeCancelHours,
    ).toBe(0);
    const refused = await edit(mine({ freeCancelHours: 721 }));
    expect(refused.status).toBe(400);
    expect(
      (await api(server, own.token).json<Excursion>(`/api/excursions/${strict._id}`)).freeCancelHours,
    ).toBe(0);
  });

  it('a second seller can neither edit nor schedule it; a plain user cannot create one', async () => {
    const created = await create();
    const edit = await send(
      'PUT',
      `/api/excursions/${created._id}`,
      seller2,
      form(payload({ title: 'Чужая' }), images(1)),
    );
    expect(edit.status).toBe(403);
    expect((await edit.json()) as unknown).toEqual({ detail: 'Можно редактировать только свои экскурсии' });
    const schedule = await api(server, seller2).send('POST', '/api/tours', {
      tours: [{ excursionID: created._id, date: day(9), time: '10:00' }],
    });
    expect(schedule.status).toBe(403);
    // Its own seller schedules it, but a tour of an excursion under review is not announced publicly.
    const socket = await openSocket(server.url);
    socket.send({ type: 'subscribe', channels: ['EXCURSION_UPDATE', 'TOUR_UPDATE'] });
    await socket.next((m) => m.type === 'subscribed');
    const own = await api(server, seller).send('POST', '/api/tours', {
      tours: [{ excursionID: created._id, date: day(9), time: '10:00' }],
    });
    expect(own.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(socket.messages.filter((m) => m.type === 'TOUR_UPDATE' || m.type === 'EXCURSION_UPDATE')).toEqual(
      [],
    );
    socket.close();
    const tourist = await tokenFor(server, DEMO.tourist);
    const byTourist = await send(
      'POST',
      '/api/excursions',
      tourist,
      form(payload({ ownerID: DEMO.tourist }), images(1)),
    );
    expect(byTourist.status).toBe(403);
    const forOther = await send(
      'POST',
      '/api/excursions',
      seller,
      form(payload({ ownerID: DEMO.seller2 }), images(1)),
    );
    expect(forOther.status).toBe(403);
  });

  it('refuses a fourth cover, a non-image named .jpg and an oversized video, storing nothing', async () => {
    const before = await mediaState();
    const cases: [FilePart[], number, RegExp][] = [
      [images(4), 400, /Не больше 3 обложек/],
      [
        [
          ...images(1),
          {
            field: 'preview_images',
            name: 'evil.jpg',
            bytes: new TextEncoder().encode('<script>alert(1)</script>'),
          },
        ],
        400,
        /«evil\.jpg».*не является изображением/,
      ],
      [
        [...images(2), { field: 'video', name: 'huge.mp4', bytes: oversizedVideo(), type: 'video/mp4' }],
        413,
        /«huge\.mp4».*200 МБ/,
      ],
      [[], 400, /хотя бы одну обложку/],
    ];
    for (const [parts, status, detail] of cases) {
      const response = await send('POST', '/api/excursions', seller, form(payload(), parts));
      expect(response.status).toBe(status);
      expect(((await response.json()) as { detail: string }).detail).toMatch(detail);
    }
    const broken = await fetch(`${server.url}/api/excursions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${seller}`, 'Content-Type': 'multipart/form-data; boundary=x' },
      body: '--x\r\nContent-Disposition: form-data; name="excursion"\r\n\r\n{"title":',
    });
    expect(broken.status).toBe(400);
    const noFields = await send('POST', '/api/excursions', seller, form({ title: '' }, images(1)));
    expect(noFields.status).toBe(400);
    expect(await mediaState()).toEqual(before);
  });

  it('an edit keeps chosen photos, deletes the removed ones once approved, and never drops a sold seat', async () => {
    const response = await send(
      'POST',
      '/api/excursions',
      admin,
      form(payload({ ownerID: DEMO.seller }), images(2)),
    );
    const created = (await response.json()) as Excursion;
    expect(created.moderation).toBeUndefined();
    const { tours } = await catalogue(server);
    const tour = tours.find((t) => t.excursionID === created._id) as Tour;
    const tourist = await tokenFor(server, DEMO.tourist);
    const sold = await book(
      server,
      tourist,
      bookingBody(DEMO.tourist, created, tour, { adults: 1, seats: [12] }),
    );
    expect(sold.status).toBe(200);

    const [keep, drop] = created.images as [string, string];
    const reserveSold = await send(
      'PUT',
      `/api/excursions/${created._id}`,
      seller,
      form(payload({ reservedSeats: [12] }), [], { existing_preview_images: [keep] }),
    );
    expect(reserveSold.status).toBe(409);
    expect(((await reserveSold.json()) as { detail: string }).detail).toMatch(/^Место 12 уже продано на/);
    const fewerRows = await send(
      'PUT',
      `/api/excursions/${created._id}`,
      seller,
      form(payload({ numberOfRows: 1, reservedSeats: [] }), [], { existing_preview_images: [keep] }),
    );
    expect(fewerRows.status).toBe(409);

    const edited = await send(
      'PUT',
      `/api/excursions/${created._id}`,
      seller,
      form(
        payload({ title: 'Тайны Чатыр-Дага и Мраморной', reservedSeats: [1, 2, 17], popularity: 99 }),
        images(1),
        {
          existing_preview_images: [keep],
        },
      ),
    );
    expect(edited.status).toBe(200);
    // The seat plan is an operation and applies at once; the listing's content waits for review.
    const waiting = (await edited.json()) as Excursion & { revision?: { status: string } };
    expect(waiting.revision?.status).toBe('pending');
    expect(waiting.title).toBe(created.title);
    expect(waiting.images).toEqual(created.images);
    expect(waiting.reservedSeats).toEqual([1, 2, 17]);
    expect((await api(server).get(`/api/images/${drop}`)).status).toBe(200);
    const approved = await fetch(`${server.url}/api/excursions/${created._id}/revision/approve`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}` },
    });
    expect(approved.status).toBe(200);
    const after = (await approved.json()) as Excursion;
    expect(after.title).toBe('Тайны Чатыр-Дага и Мраморной');
    expect(after.images[0]).toBe(keep);
    expect(after.images).toHaveLength(2);
    expect(after.images).not.toContain(drop);
    expect(after.reservedSeats).toEqual([1, 2, 17]);
    expect(after.maxAttendants).toBe(14);
    expect(after.popularity).toBe(0);
    expect((await api(server).get(`/api/images/${drop}`)).status).toBe(404);
    // It stays published, and the tour's free seats follow the layout.
    expect((await api(server).get(`/api/excursions/${created._id}`)).status).toBe(200);
    const tourAfter = await api(server).json<Tour>(`/api/tours/${tour._id}`);
    expect(tourAfter.emptySeats).not.toContain(17);
    expect(tourAfter.takenSeats).toContain(12);

    const unknownKept = await send(
      'PUT',
      `/api/excursions/${created._id}`,
      seller,
      form(payload(), [], { existing_preview_images: ['not-ours.webp'] }),
    );
    expect(unknownKept.status).toBe(400);
  });

  it('an admin refuses a pending one with a reason its seller sees; it stays out of the catalogue', async () => {
    const created = await create();
    const noReason = await api(server, admin).send('POST', `/api/excursions/${created._id}/reject`, {
      reason: ' ',
    });
    expect(noReason.status).toBe(400);
    const refused = await api(server, admin).send('POST', `/api/excursions/${created._id}/reject`, {
      reason: 'Добавьте фото автобуса',
    });
    expect(refused.status).toBe(200);
    const mine = await api(server, seller).json<Excursion>(`/api/excursions/${created._id}`);
    expect(mine.moderation).toEqual({ status: 'rejected', reason: 'Добавьте фото автобуса' });
    expect((await catalogue(server)).excursions.map((e) => e._id)).not.toContain(created._id);
  });
});
