import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DECODE_CONCURRENCY,
  DECODE_QUEUE_LIMIT,
  decodeStats,
  resetDecodePeak,
} from '../../../src/server/media/images';
import { UPLOADS_PER_MINUTE } from '../../../src/server/http/upload-limit';
import { catalogue, DEMO, tokenFor } from '../../support/api';
import { photoJpeg } from '../../support/media-fixtures';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';

// The limits that keep uploads from crowding out everyone else: requests carrying files are counted
// per account and per minute, and a process decodes a bounded number of photos at once, with a
// bounded queue behind them.

const TOO_MANY_UPLOADS = 'Слишком много загрузок, попробуйте через минуту';
const DECODER_BUSY = 'Сервер занят обработкой фото, попробуйте через минуту';

describe.each(ONE_ENGINE)('upload limits on %s', (engine) => {
  let server: TestServer;
  let offset = 0;
  let small: Buffer;

  beforeAll(async () => {
    server = await startTestServer(engine, { now: () => new Date(Date.now() + offset) });
    small = await photoJpeg(64, 48);
  });
  afterAll(async () => {
    await server?.destroy();
  });

  const mediaRows = async () =>
    Number((await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM media'))[0]?.n);

  const avatar = (token: string | null, bytes: Uint8Array = small) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'me.jpg');
    return fetch(`${server.url}/api/uploadfile/`, {
      method: 'POST',
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      body: form,
    });
  };

  /** An excursion form with an unusable `excursion` part: refused by the route, after the count. */
  const excursionForm = (method: 'POST' | 'PUT', path: string, token: string, withFile: boolean) => {
    const form = new FormData();
    form.append('excursion', '{}');
    if (withFile)
      form.append('preview_images', new Blob([new Uint8Array(small)], { type: 'image/jpeg' }), 'cover.jpg');
    return fetch(`${server.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
  };

  it('answers 429 in Russian to an account past its uploads a minute, on every upload call, storing nothing', async () => {
    const seller = await tokenFor(server, DEMO.seller);
    const tourist = await tokenFor(server, DEMO.tourist);
    const own = (await catalogue(server)).excursions.find((e) => e.ownerID === DEMO.seller);
    expect(own).toBeDefined();
    const edit = `/api/excursions/${own?._id}`;

    // The first avatar and the forms up to the limit are served (the forms are refused for their
    // content, which the route reads only after the count).
    expect((await avatar(seller)).status).toBe(200);
    for (let i = 1; i < UPLOADS_PER_MINUTE; i++) {
      const response = await excursionForm(
        i % 2 ? 'POST' : 'PUT',
        i % 2 ? '/api/excursions' : edit,
        seller,
        true,
      );
      expect([i, response.status]).toEqual([i, 400]);
    }
    // An edit without files is no upload, and is never counted.
    expect((await excursionForm('PUT', edit, seller, false)).status).toBe(400);

    const before = await mediaRows();
    for (const response of [
      await avatar(seller),
      await excursionForm('POST', '/api/excursions', seller, true),
      await excursionForm('PUT', edit, seller, true),
    ]) {
      expect(response.status).toBe(429);
      expect(await response.json()).toEqual({ detail: TOO_MANY_UPLOADS });
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(await mediaRows()).toBe(before);

    // Other accounts keep their own count; a request without a token is refused as before.
    expect((await avatar(tourist)).status).toBe(200);
    expect((await avatar(null)).status).toBe(401);

    // A minute later the account uploads again.
    offset += 61_000;
    const later = await avatar(seller);
    expect(later.status).toBe(200);
    expect(await later.json()).toHaveProperty('filename');
  });

  it('decodes at most a few photos at once under a burst from several accounts, refusing the overflow with 429', async () => {
    offset += 61_000;
    const accounts = [DEMO.admin, DEMO.seller, DEMO.seller2, DEMO.tourist, DEMO.boxOffice];
    const tokens = await Promise.all(accounts.map((id) => tokenFor(server, id)));
    // Each account stays within its uploads a minute; together they send far more than the decoder
    // runs and queues at once.
    const photo = await photoJpeg(800, 600);
    const perAccount = 8;
    const before = await mediaRows();
    resetDecodePeak();

    const responses = await Promise.all(
      tokens.flatMap((token) => Array.from({ length: perAccount }, () => avatar(token, photo))),
    );
    const answers = await Promise.all(
      responses.map(async (response) => ({
        status: response.status,
        body: (await response.json()) as { filename?: string; detail?: string },
      })),
    );

    const statuses = answers.map((answer) => answer.status);
    expect(
      statuses.every((status) => status === 200 || status === 429),
      statuses.join(' '),
    ).toBe(true);
    const served = answers.filter((answer) => answer.status === 200);
    for (const answer of served) expect(answer.body.filename).toMatch(/^[0-9a-f]{24}\.webp$/);
    for (const answer of answers.filter((a) => a.status === 429))
      expect(answer.body).toEqual({ detail: DECODER_BUSY });
    // The bound holds, and it was reached: the uploads did overlap.
    expect(decodeStats().peak).toBe(DECODE_CONCURRENCY);
    // Past the slots and the queue, uploads are refused rather than held.
    expect(served.length).toBeGreaterThanOrEqual(DECODE_CONCURRENCY);
    expect(served.length).toBeLessThan(accounts.length * perAccount);
    expect(accounts.length * perAccount).toBeGreaterThan(DECODE_CONCURRENCY + DECODE_QUEUE_LIMIT);
    // Only what was served is stored, and nothing waits any more.
    expect(await mediaRows()).toBe(before + served.length);
    expect(decodeStats()).toMatchObject({ active: 0, queued: 0 });
  });
});
