import { describe, expect, it } from 'vitest';
import { dataIsMetered, QUIET_MS, watchActivity } from '../../../src/client/offline-pictures/activity';
import {
  cardPictures,
  catalogueIds,
  departedIds,
  mediaIdOf,
  overBudget,
  tripPictures,
  type CatalogueRows,
} from '../../../src/client/offline-pictures/plan';
import { fetchPictures, StorageFullError } from '../../../src/client/offline-pictures/queue';
import { tripOutcome, type KeeperState } from '../../../src/client/offline-pictures/state';
import { formatMegabytes } from '../../../src/client/offline-pictures/strings';

const catalogue: CatalogueRows = {
  excursions: [
    { images: ['a1.webp', 'a2.webp'], gallery: ['ag1.webp', 'ag2.webp'] },
    { images: ['b1.svg'], gallery: [] },
    // Waiting for an admin: not in the catalogue a tourist sees.
    { images: ['c1.webp'], gallery: ['cg1.webp'], moderation: { status: 'pending' } },
    // Deleted locally, not yet confirmed: no longer shown.
    { images: ['d1.webp'], gallery: [], _deleted: 1 },
    // No picture at all.
    { images: [], gallery: ['eg1.webp'] },
  ],
  places: [{ image: 'place.svg' }],
  cities: [{ image: 'city.svg' }, { image: 'place.svg' }],
  banners: [{ image: 'banner.svg' }],
};

describe('what is kept for offline use', () => {
  it('keeps the first cover of each published excursion and each place, city and banner picture at card size', () => {
    expect(cardPictures(catalogue).map((one) => one.url)).toEqual([
      '/api/images/a1.webp?w=480',
      '/api/images/b1.svg?w=480',
      '/api/app_media/place.svg?w=480',
      '/api/app_media/city.svg?w=480',
      '/api/app_media/banner.svg?w=480',
    ]);
  });

  it('offers the other covers and the gallery thumbnails of published excursions as the trip download', () => {
    expect(tripPictures(catalogue).map((one) => one.url)).toEqual([
      '/api/images/a2.webp?w=480',
      '/api/images/ag1.webp?w=480',
      '/api/images/ag2.webp?w=480',
      '/api/images/eg1.webp?w=480',
    ]);
  });

  it('evicts the pictures of excursions that left the catalogue, and of a picture that was replaced', () => {
    const before = catalogueIds(catalogue);
    const after: CatalogueRows = {
      ...catalogue,
      // The first excursion left; the second changed its cover (a new upload is a new id).
      excursions: [{ images: ['b2.webp'], gallery: [] }, ...catalogue.excursions.slice(2)],
    };
    expect(departedIds(before, catalogueIds(after)).sort()).toEqual(
      ['a1.webp', 'a2.webp', 'ag1.webp', 'ag2.webp', 'b1.svg'].sort(),
    );
    expect(departedIds([], catalogueIds(after))).toEqual([]);
  });

  it('reads the media id of a picture address of either route, and nothing else', () => {
    expect(mediaIdOf('https://x.test/api/images/a1.webp?w=480')).toBe('a1.webp');
    expect(mediaIdOf('https://x.test/api/app_media/city.svg')).toBe('city.svg');
    expect(mediaIdOf('https://x.test/api/excursions')).toBeNull();
  });
});

describe('the media cache cap', () => {
  const entry = (url: string, bytes: number, usedAt: number) => ({ url, bytes, usedAt });

  it('drops the least recently used pictures until the rest fits', () => {
    const entries = [entry('new', 40, 300), entry('old', 40, 100), entry('middle', 40, 200)];
    expect(overBudget(entries, 100).map((one) => one.url)).toEqual(['old']);
    expect(overBudget(entries, 40).map((one) => one.url)).toEqual(['old', 'middle']);
  });

  it('drops nothing while the cache fits', () => {
    expect(overBudget([entry('a', 50, 1), entry('b', 50, 2)], 100)).toEqual([]);
  });
});

describe('the fetch queue', () => {
  const urls = Array.from({ length: 10 }, (_, index) => `/api/images/p${index}.webp?w=480`);

  it('fetches every picture a few at a time and counts their bytes', async () => {
    let inFlight = 0;
    let most = 0;
    const progress: number[] = [];
    const result = await fetchPictures(urls, {
      concurrency: 3,
      fetchOne: async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight -= 1;
        return 100;
      },
      onProgress: (step) => progress.push(step.done),
      signal: new AbortController().signal,
    });
    expect(result).toEqual({
      done: 10,
      failed: 0,
      total: 10,
      bytes: 1000,
      stopped: false,
      storageFull: false,
    });
    expect(most).toBe(3);
    expect(progress.at(-1)).toBe(10);
  });

  it('stops when told, leaving the rest unfetched', async () => {
    const controller = new AbortController();
    const fetched: string[] = [];
    const result = await fetchPictures(urls, {
      concurrency: 2,
      fetchOne: async (url) => {
        fetched.push(url);
        if (fetched.length === 4) controller.abort();
        return 1;
      },
      signal: controller.signal,
    });
    expect(result.stopped).toBe(true);
    expect(fetched.length).toBeLessThan(urls.length);
  });

  it('tries a failed picture once more, counts it if it fails again and goes on, but stops everything when the disk is full', async () => {
    const triedOnce = new Set<string>();
    const flaky = await fetchPictures(urls, {
      concurrency: 2,
      fetchOne: async (url) => {
        if (url.includes('p3')) throw new Error('network');
        if (url.includes('p5') && !triedOnce.has(url)) {
          triedOnce.add(url);
          throw new Error('network');
        }
        return 1;
      },
      signal: new AbortController().signal,
      retryPauseMs: 0,
    });
    // p5 failed once and came on its second try; p3 failed both.
    expect(flaky).toMatchObject({ done: 9, failed: 1, stopped: false });
    expect([...triedOnce]).toEqual(urls.filter((url) => url.includes('p5')));

    const fetched: string[] = [];
    const full = await fetchPictures(urls, {
      concurrency: 1,
      fetchOne: async (url) => {
        fetched.push(url);
        if (url.includes('p2')) throw new StorageFullError();
        return 1;
      },
      signal: new AbortController().signal,
    });
    expect(full).toMatchObject({ done: 2, storageFull: true, stopped: true });
    expect(fetched).toHaveLength(3);
  });

  it('starts no picture while the tourist is busy on the page', async () => {
    const events = new EventTarget();
    let clock = 0;
    const activity = watchActivity(events as unknown as Window, () => clock);
    events.dispatchEvent(new Event('pointerdown'));
    const started: number[] = [];
    const run = fetchPictures(urls.slice(0, 2), {
      concurrency: 1,
      fetchOne: async () => {
        started.push(clock);
        return 1;
      },
      whenIdle: (signal) => activity.whenQuiet(signal),
      signal: new AbortController().signal,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(started).toEqual([]);
    // The page has been quiet long enough: the queue goes on.
    clock = QUIET_MS + 1;
    await run;
    expect(started).toEqual([QUIET_MS + 1, QUIET_MS + 1]);
  }, 10_000);
});

describe('the connection and the offer', () => {
  it('treats Save-Data and a cellular link as metered', () => {
    expect(dataIsMetered({ saveData: true })).toBe(true);
    expect(dataIsMetered({ type: 'cellular' })).toBe(true);
    expect(dataIsMetered({ saveData: false, type: 'wifi' })).toBe(false);
    expect(dataIsMetered(undefined)).toBe(false);
  });

  it('says the size in megabytes the Russian way', () => {
    expect(formatMegabytes(3_420_000)).toBe('3,4 МБ');
    expect(formatMegabytes(20_000)).toBe('0,1 МБ');
    expect(formatMegabytes(0)).toBe('0,0 МБ');
  });

  it('says a trip download that ended with pictures it could not fetch is partial, not done', () => {
    const ended = (failed: number, phase: KeeperState['phase'], mode: KeeperState['mode'] = 'trip') =>
      tripOutcome({
        mode,
        phase,
        progress: { done: 10, failed, total: 10 + failed, bytes: 1 },
        tripChosen: true,
        metered: false,
      });
    expect(ended(0, 'done')).toBe('done');
    expect(ended(2, 'done')).toBe('partial');
    expect(ended(2, 'stopped')).toBe('stopped');
    expect(ended(0, 'full')).toBe('full');
    expect(ended(0, 'running')).toBeNull();
    // The background keeping of card pictures is not the tourist's download: it says nothing.
    expect(ended(2, 'done', 'cards')).toBeNull();
  });
});
