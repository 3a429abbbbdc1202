import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaRejectedError } from '../../../src/server/media/errors';
import { MAX_IMAGE_BYTES, MAX_VIDEO_BYTES, storeMedia } from '../../../src/server/media/ingest';
import type { StoreMediaInput } from '../../../src/server/media/ingest';
import { openMediaStore } from '../../../src/server/media/store';
import type { MediaStore } from '../../../src/server/media/store';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';
import { SCRIPTED_SVG, photoJpeg, photoPng, pngBomb, tinyMp4, tinyWebm } from '../../support/media-fixtures';

const NOT_FOUND = { detail: 'Файл не найден' };
const IMMUTABLE = 'public, max-age=31536000, immutable';

describe.each(ONE_ENGINE)('media on %s', (engine) => {
  let server: TestServer;
  let store: MediaStore;
  let mediaDir: string;
  let photo: Buffer;
  let photoId: string;
  const get = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init);
  const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());
  const save = (input: StoreMediaInput) => storeMedia({ db: server.db, media: store }, input);
  const snapshot = async () => {
    const [row] = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM media');
    return { files: (await readdir(mediaDir)).sort(), rows: row?.n };
  };

  beforeAll(async () => {
    server = await startTestServer(engine);
    mediaDir = join(server.dataDir, 'media');
    store = await openMediaStore(mediaDir);
    photo = await photoJpeg(3000, 2000);
    photoId = (await save({ kind: 'image', bytes: photo, fileName: 'IMG_0001.JPG' })).id;
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('stores a photo as WebP variants of 480 and 1280 px plus a full copy capped at 2048 px', async () => {
    expect(photoId).toMatch(/^[0-9a-f]{24}\.webp$/);
    const base = photoId.slice(0, -'.webp'.length);
    const files = (await readdir(mediaDir)).filter((file) => file.startsWith(base));
    expect(files.sort()).toEqual([`${base}-1280.webp`, `${base}-480.webp`, photoId].sort());

    const bodies: Record<string, Buffer> = {};
    const etags = new Set<string>();
    for (const [query, width, height] of [
      ['', 2048, 1365],
      ['?w=480', 480, 320],
      ['?w=1280', 1280, 853],
    ] as const) {
      const response = await get(`/api/images/${photoId}${query}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(response.headers.get('cache-control')).toBe(IMMUTABLE);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('accept-ranges')).toBe('bytes');
      etags.add(response.headers.get('etag') ?? '');
      const body = await bytesOf(response);
      expect(Number(response.headers.get('content-length'))).toBe(body.length);
      const meta = await sharp(body).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, height]);
      bodies[query] = body;
    }
    expect(etags.size).toBe(3);
    const sizeOf = (query: string) => bodies[query]?.length ?? 0;
    expect(sizeOf('?w=480') * 4).toBeLessThan(sizeOf('?w=1280'));
    expect(sizeOf('?w=1280')).toBeLessThanOrEqual(sizeOf(''));
    const full = sizeOf('');

    const [row] = await server.db.query('SELECT kind, content_type, bytes FROM media WHERE id = $1', [
      photoId,
    ]);
    expect(row).toEqual({ kind: 'image', content_type: 'image/webp', bytes: full });
  });

  it('serves the nearest larger variant for other widths, and the full image for none or nonsense', async () => {
    const etagOf = async (query: string) => (await get(`/api/images/${photoId}${query}`)).headers.get('etag');
    const [small, large, full] = await Promise.all([etagOf('?w=480'), etagOf('?w=1280'), etagOf('')]);
    const expected: [string, string | null][] = [
      ['?w=1', small],
      ['?w=300', small],
      ['?size=small', small],
      ['?w=481', large],
      ['?w=800', large],
      ['?size=large', large],
      ['?w=1281', full],
      ['?w=5000', full],
      ['?w=abc', full],
      ['?w=0', full],
      ['?size=huge', full],
    ];
    for (const [query, etag] of expected) expect([query, await etagOf(query)]).toEqual([query, etag]);
  });

  it('answers a repeat request with 304 and no body', async () => {
    const first = await get(`/api/images/${photoId}?w=480`);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[^"]+"$/);
    for (const tag of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await get(`/api/images/${photoId}?w=480`, { headers: { 'If-None-Match': tag } });
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('cache-control')).toBe(IMMUTABLE);
      expect((await bytesOf(again)).length).toBe(0);
    }
    const otherVariant = await get(`/api/images/${photoId}?w=1280`, { headers: { 'If-None-Match': etag } });
    expect(otherVariant.status).toBe(200);
  });

  it('keeps a PNG’s transparency and makes no variant as wide as the picture itself', async () => {
    const { id, contentType } = await save({ kind: 'app_media', bytes: await photoPng(1000, 700) });
    expect(contentType).toBe('image/webp');
    const base = id.slice(0, -'.webp'.length);
    expect((await readdir(mediaDir)).filter((f) => f.startsWith(base)).sort()).toEqual(
      [`${base}-480.webp`, id].sort(),
    );
    const widthOf = async (query: string) => {
      const response = await get(`/api/app_media/${id}${query}`);
      expect(response.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(await bytesOf(response)).metadata();
      expect(meta.hasAlpha).toBe(true);
      return meta.width;
    };
    expect([await widthOf('?w=480'), await widthOf('?w=1280'), await widthOf('')]).toEqual([480, 1000, 1000]);
    expect((await get(`/api/images/${id}`)).status).toBe(404);
  });

  it('turns a photo upright by its EXIF orientation and drops the EXIF', async () => {
    const { id } = await save({ kind: 'avatar', bytes: await photoJpeg(600, 400, 6) });
    expect((await readdir(mediaDir)).filter((f) => f.startsWith(id.slice(0, 24)))).toEqual([id]);
    for (const query of ['', '?w=480']) {
      const meta = await sharp(await bytesOf(await get(`/api/images/${id}${query}`))).metadata();
      expect([meta.width, meta.height, meta.orientation, meta.exif]).toEqual([
        400,
        600,
        undefined,
        undefined,
      ]);
    }
  });

  it('serves a video whole, as exact byte ranges, and 416 for a range past its end', async () => {
    const video = tinyMp4(300_000);
    const { id, contentType } = await save({ kind: 'video', bytes: video, fileName: 'clip.mov' });
    expect([id, contentType]).toEqual([expect.stringMatching(/^[0-9a-f]{24}\.mp4$/), 'video/mp4']);
    const url = `/api/images/${id}`;

    const whole = await get(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('content-length')).toBe('300000');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect((await bytesOf(whole)).equals(video)).toBe(true);

    for (const [range, start, end] of [
      ['bytes=0-99', 0, 99],
      ['bytes=1000-170000', 1000, 170000],
      ['bytes=299990-', 299990, 299999],
      ['bytes=123456-', 123456, 299999],
      ['bytes=-10', 299990, 299999],
      ['bytes=299000-999999', 299000, 299999],
      ['bytes=-500000', 0, 299999],
    ] as const) {
      const response = await get(url, { headers: { Range: range } });
      expect([range, response.status]).toEqual([range, 206]);
      expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/300000`);
      expect(response.headers.get('content-length')).toBe(String(end - start + 1));
      expect((await bytesOf(response)).equals(video.subarray(start, end + 1))).toBe(true);
    }
    for (const range of ['bytes=300000-', 'bytes=999999-1000000', 'bytes=-0']) {
      const response = await get(url, { headers: { Range: range } });
      expect([range, response.status]).toEqual([range, 416]);
      expect(response.headers.get('content-range')).toBe('bytes */300000');
      expect((await bytesOf(response)).length).toBe(0);
    }
    // Malformed, multiple or foreign-unit ranges are ignored: the whole file, as the RFC allows.
    for (const range of ['bytes=5-2', 'bytes=0-1,5-6', 'items=0-5', 'bytes=x-y']) {
      const response = await get(url, { headers: { Range: range } });
      expect([range, response.status, (await bytesOf(response)).length]).toEqual([range, 200, 300000]);
    }
    const etag = whole.headers.get('etag') ?? '';
    const stale = await get(url, { headers: { Range: 'bytes=0-9', 'If-Range': '"older"' } });
    expect([stale.status, (await bytesOf(stale)).length]).toEqual([200, 300000]);
    const fresh = await get(url, { headers: { Range: 'bytes=0-9', 'If-Range': etag } });
    expect([fresh.status, (await bytesOf(fresh)).length]).toEqual([206, 10]);

    const head = await get(url, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length'), head.headers.get('accept-ranges')]).toEqual([
      200,
      '300000',
      'bytes',
    ]);
    const headRange = await get(url, { method: 'HEAD', headers: { Range: 'bytes=-10' } });
    expect([headRange.status, headRange.headers.get('content-range')]).toEqual([
      206,
      'bytes 299990-299999/300000',
    ]);
    expect((await get(`/api/app_media/${id}`)).status).toBe(404);
  });

  it('recognises WebM by its EBML header', async () => {
    const video = tinyWebm(5000);
    const { id, contentType } = await save({ kind: 'video', bytes: video });
    expect([id.endsWith('.webm'), contentType]).toEqual([true, 'video/webm']);
    const tail = await get(`/api/images/${id}`, { headers: { Range: 'bytes=-10' } });
    expect([tail.status, tail.headers.get('content-type')]).toEqual([206, 'video/webm']);
    expect((await bytesOf(tail)).equals(video.subarray(4990))).toBe(true);
  });

  it('refuses files that are not what they must be, storing nothing', async () => {
    const oversizedImage = new Uint8Array(MAX_IMAGE_BYTES + 1);
    oversizedImage.set(photo.subarray(0, 1000));
    const refusals: [string, StoreMediaInput, string, number][] = [
      [
        'text named .jpg',
        { kind: 'image', bytes: Buffer.from('Это текст, а не фотография'), fileName: 'photo.jpg' },
        'Файл не является изображением',
        400,
      ],
      [
        'SVG with a script',
        { kind: 'image', bytes: Buffer.from(SCRIPTED_SVG), fileName: 'art.svg' },
        'Неподдерживаемый формат изображения: загрузите JPEG, PNG, WebP, AVIF или GIF',
        400,
      ],
      [
        'oversized image',
        { kind: 'image', bytes: oversizedImage, fileName: 'huge.jpg' },
        'Файл слишком большой: изображение должно быть не больше 15 МБ',
        413,
      ],
      [
        'decompression bomb',
        { kind: 'image', bytes: pngBomb(), fileName: 'bomb.png' },
        'Изображение слишком большое: не более 50 мегапикселей',
        400,
      ],
      [
        'truncated photo',
        { kind: 'image', bytes: photo.subarray(0, photo.length / 2), fileName: 'half.jpg' },
        'Не удалось прочитать изображение: файл повреждён',
        400,
      ],
      ['empty file', { kind: 'avatar', bytes: new Uint8Array(0) }, 'Файл пустой', 400],
      [
        'photo sent as a video',
        { kind: 'video', bytes: photo },
        'Неподдерживаемый формат видео: загрузите MP4 или WebM',
        400,
      ],
      [
        'video sent as a photo',
        { kind: 'image', bytes: tinyMp4(2000) },
        'Файл не является изображением',
        400,
      ],
      [
        'oversized video',
        { kind: 'video', bytes: new Uint8Array(MAX_VIDEO_BYTES + 1) },
        'Файл слишком большой: видео должно быть не больше 200 МБ',
        413,
      ],
    ];
    for (const [name, input, message, status] of refusals) {
      const before = await snapshot();
      const error = await save(input).then(
        () => null,
        (e: unknown) => e,
      );
      expect([name, error instanceof MediaRejectedError]).toEqual([name, true]);
      const rejected = error as MediaRejectedError;
      expect([name, rejected.message, rejected.status, rejected.fileName]).toEqual([
        name,
        message,
        status,
        input.fileName,
      ]);
      expect([name, await snapshot()]).toEqual([name, before]);
    }
  });

  it('removes the written files again when the media row cannot be inserted', async () => {
    const before = await snapshot();
    await expect(save({ kind: 'image', bytes: photo, ownerId: 987654 })).rejects.toThrow();
    expect(await snapshot()).toEqual(before);
  });

  it('serves the demo SVG art whole, sandboxed, and at a width as a WebP rendering made once', async () => {
    const [art] = await server.db.query<{ id: string }>(
      `SELECT id FROM media WHERE kind = 'image' AND content_type = 'image/svg+xml' ORDER BY id LIMIT 1`,
    );
    const [place] = await server.db.query<{ id: string }>(
      `SELECT id FROM media WHERE kind = 'app_media' AND content_type = 'image/svg+xml' ORDER BY id LIMIT 1`,
    );
    if (!art || !place) throw new Error('the demo data has no SVG art');
    const renderings = async () => (await readdir(mediaDir)).filter((f) => f.startsWith(`${art.id}-`)).sort();
    expect(await renderings()).toEqual([]);

    // Whole: the SVG itself, sandboxed; also for a width wider than any rendering.
    const texts = new Set<string>();
    for (const query of ['', '?w=2000']) {
      const response = await get(`/api/images/${art.id}${query}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/svg+xml');
      expect(response.headers.get('content-security-policy')).toContain('sandbox');
      expect(response.headers.get('cache-control')).toBe(IMMUTABLE);
      texts.add(await response.text());
    }
    expect(texts.size).toBe(1);
    expect([...texts][0]).toContain('<svg');

    // At a width: a WebP of the narrowest rendering at least that wide, 3:2 like the art. A burst of
    // requests renders each once; later answers are the stored file, with the same tag.
    const sizes: Record<string, [number | undefined, number | undefined]> = {};
    const etags: Record<string, Set<string>> = {};
    const burst = ['?w=480', '?size=small', '?w=300', '?w=480', '?w=1280', '?w=800', '?size=large'];
    const answers = await Promise.all(burst.map((query) => get(`/api/images/${art.id}${query}`)));
    for (const [i, response] of answers.entries()) {
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(response.headers.get('content-security-policy')).toBeNull();
      expect(response.headers.get('cache-control')).toBe(IMMUTABLE);
      const meta = await sharp(await bytesOf(response)).metadata();
      expect(meta.format).toBe('webp');
      const key = String(meta.width);
      sizes[key] = [meta.width, meta.height];
      (etags[key] ??= new Set()).add(response.headers.get('etag') ?? '');
      expect([burst[i], meta.width]).toEqual([burst[i], i < 4 ? 480 : 1280]);
    }
    expect(sizes).toEqual({ '480': [480, 320], '1280': [1280, 853] });
    expect(await renderings()).toEqual([`${art.id}-1280.webp`, `${art.id}-480.webp`]);
    const again = await get(`/api/images/${art.id}?w=480`);
    const tag = again.headers.get('etag') ?? '';
    expect([...(etags['480'] ?? [])]).toEqual([tag]);
    expect((await get(`/api/images/${art.id}?w=480`, { headers: { 'If-None-Match': tag } })).status).toBe(
      304,
    );
    // A rendering is no media id of its own.
    expect((await get(`/api/images/${art.id}-480.webp`)).status).toBe(404);

    const placeAnswer = await get(`/api/app_media/${place.id}?w=480`);
    expect(placeAnswer.headers.get('content-type')).toBe('image/webp');
    expect((await get(`/api/app_media/${art.id}?w=480`)).status).toBe(404);
    expect((await get(`/api/images/${place.id}`)).status).toBe(404);
  });

  it('answers a broken SVG at a width with the SVG itself, and renders nothing', async () => {
    const id = 'broken-art.svg';
    await store.put(id, '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0 L');
    await server.db.query(
      `INSERT INTO media (id, kind, content_type, bytes) VALUES ($1, 'app_media', 'image/svg+xml', 54)`,
      [id],
    );
    const response = await get(`/api/app_media/${id}?w=480`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(await response.text()).toContain('<path');
    expect((await readdir(mediaDir)).filter((f) => f.startsWith(`${id}-`))).toEqual([]);
  });

  it('answers 404 for unknown, malformed and path-traversal ids, and for variant file names', async () => {
    const base = photoId.slice(0, -'.webp'.length);
    for (const path of [
      '/api/images/ffffffffffffffffffffffff.webp',
      '/api/images/..%2F..%2Fpackage.json',
      '/api/images/..%2Fpgdata%2FPG_VERSION',
      '/api/app_media/..%2Fmedia%2F' + photoId,
      '/api/images/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '/api/images/UPPER.webp',
      '/api/images/a/b',
      `/api/images/${base}-480.webp`,
    ]) {
      const response = await get(path);
      expect([path, response.status, await response.json()]).toEqual([path, 404, NOT_FOUND]);
    }
  });
});
