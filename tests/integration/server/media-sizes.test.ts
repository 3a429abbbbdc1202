import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { City, Excursion } from '../../../src/domain/types';
import { storeMedia } from '../../../src/server/media/ingest';
import { openMediaStore } from '../../../src/server/media/store';
import { join } from 'node:path';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';
import { photoJpeg } from '../../support/media-fixtures';

// POST /api/{images,app_media}/sizes: the bytes a GET of each named picture at a width sends, which
// the app adds up to offer the trip download in megabytes (src/client/offline-pictures/sizes.ts).

describe.each(ONE_ENGINE)('picture sizes on %s', (engine) => {
  let server: TestServer;
  let photoId: string;
  let cover: string;
  let cityImage: string;
  const sizes = (source: string, body: unknown) =>
    fetch(`${server.url}/api/${source}/sizes`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const lengthOf = async (path: string) => {
    const response = await fetch(`${server.url}${path}`);
    return (await response.arrayBuffer()).byteLength;
  };

  beforeAll(async () => {
    server = await startTestServer(engine);
    const store = await openMediaStore(join(server.dataDir, 'media'));
    const photo = await photoJpeg(1600, 1000);
    photoId = (
      await storeMedia({ db: server.db, media: store }, { kind: 'image', bytes: photo, fileName: 'a.jpg' })
    ).id;
    const { excursions } = (await (await fetch(`${server.url}/api/excursions`)).json()) as {
      excursions: Excursion[];
    };
    const { cities } = (await (await fetch(`${server.url}/api/cities`)).json()) as { cities: City[] };
    cover = excursions[0]?.images[0] as string;
    cityImage = cities[0]?.image as string;
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('answers the bytes a card-size GET of each picture sends, an uploaded photo and demo art alike', async () => {
    const response = await sizes('images', { ids: [photoId, cover, 'nothing-here.webp', cityImage], w: 480 });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { sizes: Record<string, number> };
    // Unknown ids and pictures of the other route are left out.
    expect(Object.keys(body.sizes).sort()).toEqual([cover, photoId].sort());
    expect(body.sizes[photoId]).toBe(await lengthOf(`/api/images/${photoId}?w=480`));
    expect(body.sizes[cover]).toBe(await lengthOf(`/api/images/${cover}?w=480`));

    const app = (await (await sizes('app_media', { ids: [cityImage], w: 480 })).json()) as {
      sizes: Record<string, number>;
    };
    expect(app.sizes[cityImage]).toBe(await lengthOf(`/api/app_media/${cityImage}?w=480`));
  });

  it('refuses a question without a list of ids or a width', async () => {
    expect((await sizes('images', { ids: 'x', w: 480 })).status).toBe(400);
    expect((await sizes('images', { ids: [cover] })).status).toBe(400);
    expect(
      (await sizes('images', { ids: Array.from({ length: 1001 }, (_, i) => `a${i}.svg`), w: 480 })).status,
    ).toBe(400);
  });
});
