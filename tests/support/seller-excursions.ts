import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { addDays, crimeaToday } from '../../src/domain/dates';
import type { City, Excursion, Place } from '../../src/domain/types';
import type { CreateExcursionPayloadInput } from '../../src/protocol/excursions';
import { syncResponseSchema, type Change } from '../../src/protocol/sync';
import { api, DEMO, type Reachable } from './api';
import { photoJpeg } from './media-fixtures';

// A seller's excursions over real HTTP: the wizard's create payload, the multipart form it is sent
// in (a new cover photo and the kept ones), and the calls that change an excursion, each with an
// Idempotency-Key as the app sends it. Also the whole of a sync pull, page after page.

export interface SellerExcursions {
  /** A valid create payload of DEMO.seller's, one tour five days ahead; `changes` replace its fields. */
  payload(changes?: Partial<CreateExcursionPayloadInput>): CreateExcursionPayloadInput;
  /**
   * The form of POST and PUT /api/excursions: the excursion, the photos `kept` by name, and a new
   * cover photo when `cover` (by default only when no photo is kept: a new excursion needs one).
   */
  form(excursion: unknown, kept?: string[], cover?: boolean): FormData;
  /** POST /api/excursions as `token`, expected to succeed. */
  create(token: string, excursion: CreateExcursionPayloadInput): Promise<Excursion>;
  /** PUT /api/excursions/{id} as `token`. */
  put(token: string, id: string, body: FormData, key?: string): Promise<Response>;
  /** A JSON POST as `token`. */
  post(token: string, path: string, body?: unknown, key?: string): Promise<Response>;
}

/** The helpers for `server`, with its first place and city and a small JPEG as the cover. */
export async function sellerExcursions(server: Reachable): Promise<SellerExcursions> {
  const place = (await api(server).json<{ places: Place[] }>('/api/places')).places[0] as Place;
  const city = (await api(server).json<{ cities: City[] }>('/api/cities')).cities[0] as City;
  const jpeg = new Uint8Array(await photoJpeg(320, 240));
  const day = (n: number) => addDays(crimeaToday(new Date()), n);

  const form = (excursion: unknown, kept: string[] = [], cover = kept.length === 0): FormData => {
    const data = new FormData();
    data.append('excursion', JSON.stringify(excursion));
    if (cover) data.append('preview_images', new Blob([new Uint8Array(jpeg)]), 'cover.jpg');
    for (const name of kept) data.append('existing_preview_images', name);
    return data;
  };

  return {
    payload: (changes = {}) => ({
      title: 'Тайны Чатыр-Дага',
      description: 'Пещеры и плато за один день.',
      city: city.name,
      place: place.id,
      category: 'Горы',
      adultPrice: 2500,
      kidPrice: 1500,
      adultEntryPrice: 0,
      kidEntryPrice: 0,
      entryTickets: false,
      services: [],
      maxAttendants: 12,
      busType: 'none',
      numberOfRows: 0,
      availableSeats: [],
      reservedSeats: [],
      duration: '8 часов',
      lunchDuration: '',
      difficulty: 'Легко',
      childrenAllowed: true,
      directions: ['Симферополь', 'Чатыр-Даг'],
      assemblyPoints: ['Симферополь, ж/д вокзал'],
      included: [],
      notIncluded: [],
      ownerID: DEMO.seller,
      popularity: 0,
      bestseller: false,
      tours: [{ date: day(5), time: '08:00' }],
      ...changes,
    }),
    form,
    async create(token, excursion) {
      const response = await fetch(`${server.url}/api/excursions`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
        body: form(excursion),
      });
      expect(response.status).toBe(200);
      return (await response.json()) as Excursion;
    },
    put: (token, id, body, key = randomUUID()) =>
      fetch(`${server.url}/api/excursions/${id}`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': key },
        body,
      }),
    post: (token, path, body, key = randomUUID()) =>
      api(server, token).send('POST', path, body, { 'Idempotency-Key': key }),
  };
}

/**
 * Every change of GET /api/sync from `cursor` (a first sync without one) as `token` (signed out
 * without one), each page checked against the protocol, and the cursor the last page ended with.
 */
export async function pullAll(
  server: Reachable,
  token?: string,
  cursor?: string,
): Promise<{ changes: Change[]; cursor: string }> {
  const client = api(server, token);
  const changes: Change[] = [];
  for (;;) {
    const query = new URLSearchParams({ limit: '2000', ...(cursor ? { cursor } : {}) });
    const page = syncResponseSchema.parse(await client.json(`/api/sync?${query}`));
    changes.push(...page.changes);
    cursor = page.cursor;
    if (!page.more) return { changes, cursor };
  }
}
