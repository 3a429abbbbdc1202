import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Excursion } from '../../src/domain/types';
import { MAX_IMAGE_BYTES } from '../../src/server/media/ingest';
import { catalogue, DEMO, tokenFor } from '../support/api';
import { photoJpeg, pngBomb, SCRIPTED_SVG } from '../support/media-fixtures';
import { ONE_ENGINE, startTestServer, type TestServer } from '../support/server';
import { jpegDeclaring, pngDeclaring } from './fuzz/bombs';
import { errorText, send } from './fuzz/http';
import { multipart, type Part } from './fuzz/multipart';
import { validExcursion } from './fuzz/setup';
import { snapshot } from './fuzz/snapshot';

// Hostile files (ASVS 5) through every upload call (the avatar, and the excursion
// form's covers, gallery and video on create and on edit) are refused with a Russian `detail` and
// leave no row and no file behind; whatever media the server does serve is an image or a video type
// with nosniff, never something a browser would run as a page.

const CYRILLIC = /[а-яё]/i;

interface Hostile {
  name: string;
  filename: string;
  type: string;
  data: Buffer;
  /** The form field; the avatar call always uses `file`. */
  video?: boolean;
}

// Files the server must refuse, each named and typed as the uploader likes.
async function hostileFiles(): Promise<Hostile[]> {
  const photo = await photoJpeg(64, 64);
  return [
    {
      name: 'an HTML page named .jpg',
      filename: 'photo.jpg',
      type: 'image/jpeg',
      data: Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
    },
    {
      name: 'a script named .png',
      filename: 'x.png',
      type: 'image/png',
      data: Buffer.from('alert(1)//\u0089PNG'),
    },
    {
      name: 'a GIF header in front of a script',
      filename: 'x.gif',
      type: 'image/gif',
      data: Buffer.from('GIF89a/*<script>alert(1)</script>*/=1;'),
    },
    {
      name: 'an SVG with a script',
      filename: 'art.svg',
      type: 'image/svg+xml',
      data: Buffer.from(SCRIPTED_SVG),
    },
    {
      name: 'an SVG with a script, claimed to be a JPEG',
      filename: 'art.jpg',
      type: 'image/jpeg',
      data: Buffer.from(SCRIPTED_SVG),
    },
    {
      name: 'a real photo with a path as its name',
      filename: '../../x.jpg',
      type: 'image/jpeg',
      data: photo,
    },
    { name: 'a real photo with a Windows path', filename: '..\\..\\x.jpg', type: 'image/jpeg', data: photo },
    {
      name: 'a PNG declaring 100000×100000',
      filename: 'bomb.png',
      type: 'image/png',
      data: pngDeclaring(100_000, 100_000),
    },
    { name: 'a PNG declaring 30000×30000', filename: 'bomb2.png', type: 'image/png', data: pngBomb() },
    { name: 'a JPEG declaring 65000×65000', filename: 'bomb.jpg', type: 'image/jpeg', data: jpegDeclaring() },
    {
      name: 'an image over 15 MB',
      filename: 'huge.jpg',
      type: 'image/jpeg',
      data: Buffer.concat([photo, Buffer.alloc(MAX_IMAGE_BYTES + 1 - photo.length, 0x20)]),
    },
    {
      name: 'an HTML page as the video',
      filename: 'clip.mp4',
      type: 'video/mp4',
      data: Buffer.from('<html><script>alert(1)</script></html>'),
      video: true,
    },
  ];
}

describe.each(ONE_ENGINE)('uploads on %s', (engine) => {
  let server: TestServer;
  let files: Hostile[];
  let tokens: { tourist: string; seller: string };
  let excursion: Excursion;
  let clockOffset = 0;

  beforeAll(async () => {
    // All the files through every call are more uploads than an account may send in a minute, so the
    // server's clock moves on a minute after each file (below).
    server = await startTestServer(engine, { now: () => new Date(Date.now() + clockOffset) });
    files = await hostileFiles();
    tokens = { tourist: await tokenFor(server, DEMO.tourist), seller: await tokenFor(server, DEMO.seller) };
    excursion = (await catalogue(server)).excursions.find((e) => e.ownerID === DEMO.seller) as Excursion;
  });
  afterAll(async () => {
    await server?.destroy();
  });

  const tomorrow = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  const edit = () => {
    const { ownerID: _owner, tours: _tours, ...fields } = validExcursion(tomorrow);
    return fields;
  };

  // Every upload call, with the hostile file in each of its file fields.
  const calls = (
    file: Hostile,
    cover: Part,
  ): { call: string; method: string; path: string; token: string; parts: Part[] }[] => {
    const part = (field: string): Part => ({
      name: field,
      filename: file.filename,
      type: file.type,
      data: file.data,
    });
    const fields = file.video ? ['video'] : ['preview_images', 'gallery_images'];
    const list = [];
    if (!file.video)
      list.push({
        call: 'avatar',
        method: 'POST',
        path: '/api/uploadfile/',
        token: tokens.tourist,
        parts: [part('file')],
      });
    for (const field of fields) {
      list.push({
        call: `create, ${field}`,
        method: 'POST',
        path: '/api/excursions',
        token: tokens.seller,
        // A create needs a cover: with the hostile file elsewhere, a good one goes first (and is
        // stored, then removed again when the hostile file is refused).
        parts: [
          { name: 'excursion', data: JSON.stringify(validExcursion(tomorrow)) },
          ...(field === 'preview_images' ? [] : [cover]),
          part(field),
        ],
      });
      list.push({
        call: `edit, ${field}`,
        method: 'PUT',
        path: `/api/excursions/${excursion._id}`,
        token: tokens.seller,
        parts: [{ name: 'excursion', data: JSON.stringify(edit()) }, part(field)],
      });
    }
    return list;
  };

  it('refuses every hostile file through every upload call, in Russian, storing nothing', async () => {
    const before = await snapshot(server);
    const cover: Part = {
      name: 'preview_images',
      filename: 'cover.jpg',
      type: 'image/jpeg',
      data: await photoJpeg(800, 600),
    };
    const refused: string[] = [];
    for (const file of files) {
      for (const call of calls(file, cover)) {
        const form = multipart(call.parts);
        const response = await send(server.url, {
          method: call.method,
          path: call.path,
          headers: { ...form.headers, Authorization: `Bearer ${call.token}` },
          body: form.body,
        });
        const detail = errorText(response);
        const label = `${file.name} → ${call.call}: ${response.status} ${response.text.slice(0, 200)}`;
        expect([400, 413], label).toContain(response.status);
        expect(detail, label).toMatch(CYRILLIC);
        // The excursion form names the refused file: the media checks were reached, not a form check.
        if (call.call !== 'avatar') expect(detail, label).toMatch(/^Файл «/);
        refused.push(label);
      }
      clockOffset += 61_000;
    }
    expect(refused.length).toBeGreaterThanOrEqual(files.length * 3);
    const after = await snapshot(server);
    expect(after.mediaFiles).toEqual(before.mediaFiles);
    expect(after.tables.media).toEqual(before.tables.media);
    expect(after.tables.excursions).toEqual(before.tables.excursions);
    expect(after).toEqual(before);
  });

  it('says why: the type is read from the bytes, the pixel count is capped, a path in the name is refused', async () => {
    const reason = async (file: Hostile) => {
      const form = multipart([{ name: 'file', filename: file.filename, type: file.type, data: file.data }]);
      const response = await send(server.url, {
        method: 'POST',
        path: '/api/uploadfile/',
        headers: { ...form.headers, Authorization: `Bearer ${tokens.tourist}` },
        body: form.body,
      });
      return errorText(response);
    };
    const byName = Object.fromEntries(files.map((file) => [file.name, file]));
    expect(await reason(byName['an HTML page named .jpg'] as Hostile)).toBe('Файл не является изображением');
    expect(await reason(byName['an SVG with a script'] as Hostile)).toMatch(
      /^Неподдерживаемый формат изображения/,
    );
    expect(await reason(byName['a PNG declaring 100000×100000'] as Hostile)).toBe(
      'Изображение слишком большое: не более 50 мегапикселей',
    );
    expect(await reason(byName['a real photo with a path as its name'] as Hostile)).toBe(
      'Имя файла не должно содержать путь к папке',
    );
    expect(await reason(byName['an image over 15 MB'] as Hostile)).toMatch(/^Файл слишком большой/);
  });

  it('re-encodes an accepted photo, so bytes hidden in it are never served', async () => {
    const photo = await photoJpeg(320, 240);
    const payload = Buffer.concat([photo, Buffer.from('<html><script>alert(1)</script></html>')]);
    const form = multipart([{ name: 'file', filename: 'me.jpg', type: 'text/html', data: payload }]);
    const response = await send(server.url, {
      method: 'POST',
      path: '/api/uploadfile/',
      headers: { ...form.headers, Authorization: `Bearer ${tokens.tourist}` },
      body: form.body,
    });
    expect(response.status).toBe(200);
    const { filename } = JSON.parse(response.text) as { filename: string };
    expect(filename).toMatch(/^[0-9a-f]{24}\.webp$/);
    const served = await fetch(`${server.url}/api/images/${filename}`);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(bytes.includes(Buffer.from('<script'))).toBe(false);
  });

  it('serves every stored media file as an image or video type with nosniff, SVG sandboxed', async () => {
    const rows = await server.db.query<{ id: string; kind: string }>(
      'SELECT id, kind FROM media ORDER BY id',
    );
    expect(rows.length).toBeGreaterThan(0);
    const types = new Set<string>();
    for (const row of rows) {
      const path = row.kind === 'app_media' ? `/api/app_media/${row.id}` : `/api/images/${row.id}`;
      const response = await fetch(`${server.url}${path}`);
      await response.arrayBuffer();
      const type = response.headers.get('content-type') ?? '';
      expect(response.status, row.id).toBe(200);
      expect(type, row.id).toMatch(
        /^(image\/(webp|jpeg|png|gif|avif|svg\+xml)|video\/(mp4|webm|quicktime))$/,
      );
      expect(response.headers.get('x-content-type-options'), row.id).toBe('nosniff');
      if (type === 'image/svg+xml') {
        expect(response.headers.get('content-security-policy'), row.id).toMatch(
          /default-src 'none'.*sandbox/,
        );
      }
      types.add(type);
    }
    // A file name or path that is not a stored id is a JSON 404, never a file.
    for (const path of [
      '/api/images/..%2f..%2fpackage.json',
      '/api/images/%2e%2e',
      '/api/app_media/x.html',
    ]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toMatch(/^application\/json/);
    }
    console.info(`media served on ${engine}: ${rows.length} files, types ${[...types].join(', ')}`);
  });
});
