import { expect } from 'vitest';
import type { Excursion } from '../../src/domain/types';
import type { CreateExcursionPayloadInput } from '../../src/protocol/excursions';
import type { Change } from '../../src/protocol/sync';
import { DEMO } from './api';
import { photoJpeg } from './media-fixtures';
import { mintToken } from './session';

/** The user's favourites as the server holds them, read through every page of a full pull. */
export async function serverFavorites(baseUrl: string, token: string): Promise<string[]> {
  const favorites: string[] = [];
  let cursor = '';
  for (;;) {
    const query = new URLSearchParams({ limit: '2000', ...(cursor ? { cursor } : {}) });
    const response = await fetch(`${baseUrl}/api/sync?${query}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const page = (await response.json()) as { cursor: string; changes: Change[]; more: boolean };
    for (const c of page.changes)
      if (c.collection === 'favorites' && c.op === 'put') favorites.push(c.row.excursionID);
    if (!page.more) return favorites;
    cursor = page.cursor;
  }
}

/**
 * A complete excursion without a seat plan (a bus of `maxAttendants` places), owned by the demo
 * seller, with no extras; a test passes what it is about and keeps the rest.
 */
export function plainExcursionPayload(
  fields: Pick<CreateExcursionPayloadInput, 'title' | 'city' | 'place' | 'tours'> &
    Partial<CreateExcursionPayloadInput>,
): CreateExcursionPayloadInput {
  return {
    description: 'Описание',
    category: 'Парки',
    adultPrice: 1000,
    kidPrice: 500,
    adultEntryPrice: 0,
    kidEntryPrice: 0,
    entryTickets: false,
    services: [],
    maxAttendants: 10,
    busType: 'none',
    numberOfRows: 0,
    availableSeats: [],
    reservedSeats: [],
    duration: '3 часа',
    lunchDuration: '',
    difficulty: 'Легко',
    childrenAllowed: true,
    directions: [fields.city],
    assemblyPoints: [`${fields.city}, место сбора`],
    included: [],
    notIncluded: [],
    ownerID: DEMO.seller,
    popularity: 0,
    bestseller: false,
    ...fields,
  };
}

/**
 * POST /api/excursions as the demo admin (published at once), with one JPEG cover, as the add-excursion
 * wizard sends it; fails the test on any other answer than 200.
 */
export async function createExcursionAsAdmin(
  baseUrl: string,
  dataDir: string,
  payload: CreateExcursionPayloadInput,
): Promise<Excursion> {
  const form = new FormData();
  form.append('excursion', JSON.stringify(payload));
  const cover = await photoJpeg(640, 480);
  form.append('preview_images', new Blob([new Uint8Array(cover)], { type: 'image/jpeg' }), 'cover.jpg');
  const response = await fetch(`${baseUrl}/api/excursions`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await mintToken(dataDir, DEMO.admin)}` },
    body: form,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Excursion;
}
