import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../../src/client/api/http';
import type { ReplicaDb } from '../../../src/client/db/schema';
import { parseSyncPage } from '../../../src/client/sync/pull/parse';
import { pullAll } from '../../../src/client/sync/pull/tab';
import { SYNC_COLLECTIONS } from '../../../src/protocol/sync';
import { city, place } from '../protocol/fixtures';
import { openReplica } from './fixtures';
import { scriptedServer } from './scripted-server';

// An app pulls from a server that knows more collections than it does: the changes it cannot know are
// left out and the rest of the page applies. An app updated to know more catches up on them once,
// over the rows it holds, which stay readable all the while.

const ALL = [...SYNC_COLLECTIONS].sort();
const noPause = async () => undefined;

const cityPut = (id: number, version: number, name = `Город ${id}`) => ({
  collection: 'cities',
  op: 'put',
  version,
  row: city({ id, name }),
});

const pull = (http: HttpClient, db: ReplicaDb) =>
  pullAll(http, db, null, { early: () => undefined, onFilled: () => undefined });

let db: ReplicaDb;
beforeEach(() => {
  db = openReplica();
});
afterEach(() => {
  db.close();
});

describe('a change of a collection this app does not know', () => {
  it('is left out of the page, and the rest of the page is kept in order', async () => {
    const page = await parseSyncPage(
      {
        cursor: 'v1.9.0',
        more: true,
        changes: [
          cityPut(1, 3),
          { collection: 'trips', op: 'put', version: 4, row: { whatever: true } },
          { collection: 'trips', op: 'delete', version: 5, id: 'x' },
          { collection: 'places', op: 'put', version: 6, row: place({ id: 7 }) },
        ],
      },
      noPause,
    );
    expect(page).toEqual({
      cursor: 'v1.9.0',
      more: true,
      changes: [
        { collection: 'cities', op: 'put', version: 3, row: city({ id: 1, name: 'Город 1' }) },
        { collection: 'places', op: 'put', version: 6, row: place({ id: 7 }) },
      ],
    });
  });

  it('does not excuse a broken change of a known collection on the same page', async () => {
    const data = {
      cursor: 'v1.9.0',
      changes: [
        { collection: 'trips', op: 'put', version: 4, row: {} },
        { collection: 'reviews', op: 'put', version: 5, row: { _id: 'not a review' } },
      ],
    };
    expect(await parseSyncPage(data, noPause)).toBeNull();
    expect(
      await parseSyncPage({ ...data, changes: [{ collection: 42, op: 'put', version: 1 }] }, noPause),
    ).toBeNull();
  });

  it('does not stop the pull: the known changes land in the replica with the cursor', async () => {
    const { http } = scriptedServer({
      '': {
        cursor: 'v1.6.0',
        changes: [
          cityPut(1, 3),
          { collection: 'trips', op: 'put', version: 4, row: { id: 1 } },
          cityPut(2, 5),
        ],
      },
    });
    expect(await pull(http, db)).toEqual({ ok: true, pages: 1, changes: 2 });
    expect((await db.cities.toArray()).map((row) => row.id)).toEqual([1, 2]);
    expect((await db.meta.get('cursor'))?.value).toBe('v1.6.0');
  });
});

describe('the collections a replica was filled with', () => {
  it('are recorded by a first sync, which then needs no second pass', async () => {
    const { http, asked } = scriptedServer({
      '': { cursor: 's1.9.4.0', changes: [cityPut(1, 4)], more: true },
      's1.9.4.0': { cursor: 'v1.9.0', changes: [cityPut(2, 9)], more: false },
    });
    expect(await pull(http, db)).toEqual({ ok: true, pages: 2, changes: 2 });
    expect(asked).toEqual(['', 's1.9.4.0']);
    expect((await db.meta.get('collections'))?.value).toEqual(ALL);
  });

  it('are recorded with the first page, so a first sync cut short and resumed needs no second pass', async () => {
    const { http, asked } = scriptedServer({
      '': { cursor: 's1.9.4.0', changes: [cityPut(1, 4)], more: true },
    });
    // The second page is never answered: the signal is lost.
    expect(await pull(http, db)).toEqual({ ok: false, error: 'server' });
    expect((await db.meta.get('collections'))?.value).toEqual(ALL);
    const resumed = scriptedServer({ 's1.9.4.0': { cursor: 'v1.9.0', changes: [cityPut(2, 9)] } });
    expect(await pull(resumed.http, db)).toEqual({ ok: true, pages: 1, changes: 1 });
    expect(resumed.asked).toEqual(['s1.9.4.0']);
    expect(asked).toEqual(['', 's1.9.4.0']);
  });

  it('lacking one the app knows: up to date first, then a snapshot over the rows, then the changes since', async () => {
    // An older app's replica: its cursor at version 5, two cities, no reviews.
    await db.cities.bulkPut([
      { ...city({ id: 1, name: 'Ялта' }), _v: 2 },
      { ...city({ id: 2, name: 'Судак' }), _v: 3 },
    ]);
    await db.meta.bulkPut([
      { key: 'cursor', value: 'v1.5.0' },
      { key: 'cursorVersion', value: 5 },
      { key: 'collections', value: ALL.filter((name) => name !== 'reviews' && name !== 'review_queue') },
    ]);
    const seen: { cursor: string; cities: number[]; stored: unknown }[] = [];
    const { http, asked } = scriptedServer(
      {
        // Up to date from the stored cursor: city 2 was deleted.
        'v1.5.0': { cursor: 'v1.6.0', changes: [{ collection: 'cities', op: 'delete', version: 6, id: 2 }] },
        // The snapshot again, in two pages, at mark 8: city 1 as it is, a city 3 and a place.
        '': { cursor: 's1.8.2.0', changes: [cityPut(1, 2, 'Ялта')], more: true },
        's1.8.2.0': {
          cursor: 'v1.8.0',
          changes: [cityPut(3, 7), { collection: 'places', op: 'put', version: 8, row: place({ id: 4 }) }],
          more: true,
        },
        // What changed from the replica's own cursor meanwhile: city 3 deleted after the mark.
        'v1.6.0': { cursor: 'v1.9.0', changes: [{ collection: 'cities', op: 'delete', version: 9, id: 3 }] },
      },
      async (cursor) => {
        seen.push({
          cursor,
          cities: (await db.cities.toArray()).map((row) => row.id),
          stored: (await db.meta.get('cursor'))?.value,
        });
      },
    );
    expect(await pull(http, db)).toEqual({ ok: true, pages: 4, changes: 5 });
    expect(asked).toEqual(['v1.5.0', '', 's1.8.2.0', 'v1.6.0']);
    // Nothing was cleared on the way, and the replica's own cursor stayed a changes cursor throughout.
    expect(seen).toEqual([
      { cursor: 'v1.5.0', cities: [1, 2], stored: 'v1.5.0' },
      { cursor: '', cities: [1], stored: 'v1.6.0' },
      { cursor: 's1.8.2.0', cities: [1], stored: 'v1.6.0' },
      { cursor: 'v1.6.0', cities: [1, 3], stored: 'v1.6.0' },
    ]);
    expect((await db.cities.toArray()).map((row) => [row.id, row.name, row._v])).toEqual([[1, 'Ялта', 2]]);
    expect((await db.places.toArray()).map((row) => row.id)).toEqual([4]);
    expect((await db.meta.get('collections'))?.value).toEqual(ALL);
    expect(await db.meta.get('catchUpCursor')).toBeUndefined();
    expect((await db.meta.get('cursor'))?.value).toBe('v1.9.0');

    // Caught up: the next pull asks for changes only.
    const next = scriptedServer({ 'v1.9.0': { cursor: 'v1.9.0', changes: [] } });
    expect(await pull(next.http, db)).toEqual({ ok: true, pages: 1, changes: 0 });
    expect(next.asked).toEqual(['v1.9.0']);
  });

  it('absent on a replica with a cursor (filled before it was kept): it catches up once', async () => {
    await db.meta.bulkPut([
      { key: 'cursor', value: 'v1.5.0' },
      { key: 'cursorVersion', value: 5 },
    ]);
    const { http, asked } = scriptedServer({
      'v1.5.0': { cursor: 'v1.5.0', changes: [] },
      '': { cursor: 'v1.5.0', changes: [cityPut(1, 4)] },
    });
    expect(await pull(http, db)).toEqual({ ok: true, pages: 3, changes: 1 });
    expect(asked).toEqual(['v1.5.0', '', 'v1.5.0']);
    expect((await db.cities.toArray()).map((row) => row.id)).toEqual([1]);
    expect((await db.meta.get('collections'))?.value).toEqual(ALL);
  });

  it('a catch-up cut short resumes from where its snapshot got to, not from the start', async () => {
    await db.meta.bulkPut([
      { key: 'cursor', value: 'v1.5.0' },
      { key: 'cursorVersion', value: 5 },
    ]);
    const first = scriptedServer({
      'v1.5.0': { cursor: 'v1.5.0', changes: [] },
      '': { cursor: 's1.8.4.0', changes: [cityPut(1, 4)], more: true },
    });
    expect(await pull(first.http, db)).toEqual({ ok: false, error: 'server' });
    expect((await db.meta.get('catchUpCursor'))?.value).toBe('s1.8.4.0');
    expect((await db.meta.get('cursor'))?.value).toBe('v1.5.0');
    expect(await db.meta.get('collections')).toBeUndefined();

    const second = scriptedServer({
      'v1.5.0': { cursor: 'v1.5.0', changes: [] },
      's1.8.4.0': { cursor: 'v1.8.0', changes: [cityPut(2, 8)] },
    });
    expect(await pull(second.http, db)).toEqual({ ok: true, pages: 3, changes: 1 });
    expect(second.asked).toEqual(['v1.5.0', 's1.8.4.0', 'v1.5.0']);
    expect((await db.cities.toArray()).map((row) => row.id)).toEqual([1, 2]);
    expect((await db.meta.get('collections'))?.value).toEqual(ALL);
  });

  it('lose a collection this app does not know: its pulls skip that collection', async () => {
    await db.meta.bulkPut([
      { key: 'cursor', value: 'v1.5.0' },
      { key: 'cursorVersion', value: 5 },
      { key: 'collections', value: [...ALL, 'trips'].sort() },
    ]);
    const { http, asked } = scriptedServer({ 'v1.5.0': { cursor: 'v1.5.0', changes: [] } });
    expect(await pull(http, db)).toEqual({ ok: true, pages: 1, changes: 0 });
    expect(asked).toEqual(['v1.5.0']);
    expect((await db.meta.get('collections'))?.value).toEqual(ALL);
  });
});
