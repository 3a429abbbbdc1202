import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, compressAnswers } from '../../../src/server/http/compress';
import { newEntityId, randomText } from '../../../src/server/services/ids';

describe('chooseEncoding', () => {
  it('prefers gzip, honours q-values and the wildcard, and refuses q=0', () => {
    expect(chooseEncoding(undefined)).toBeUndefined();
    expect(chooseEncoding('')).toBeUndefined();
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('gzip');
    expect(chooseEncoding('deflate, gzip')).toBe('gzip');
    expect(chooseEncoding('gzip;q=0.5, deflate')).toBe('deflate');
    expect(chooseEncoding('GZIP;Q=0.8')).toBe('gzip');
    expect(chooseEncoding('gzip;q=0, deflate;q=0')).toBeUndefined();
    expect(chooseEncoding('br, identity')).toBeUndefined();
    expect(chooseEncoding('*')).toBe('gzip');
    expect(chooseEncoding('*;q=0.3, gzip;q=0')).toBe('deflate');
    expect(chooseEncoding('gzip;q=nonsense, deflate;q=0.1')).toBe('deflate');
  });
});

describe('random ids from the pool', () => {
  it('gives entity ids of 24 hex digits, time first, never twice across many pool refills', () => {
    const now = new Date('2026-11-24T10:00:00Z');
    const ids = Array.from({ length: 5000 }, () => newEntityId(now));
    const prefix = Math.floor(now.getTime() / 1000).toString(16);
    for (const id of ids) expect(id).toMatch(new RegExp(`^${prefix}[0-9a-f]{16}$`));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('writes the asked number of bytes in either encoding and refuses more than the pool', () => {
    expect(randomText(12, 'hex')).toMatch(/^[0-9a-f]{24}$/);
    expect(randomText(18, 'base64url')).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const tokens = new Set(Array.from({ length: 1000 }, () => randomText(18, 'base64url')));
    expect(tokens.size).toBe(1000);
    expect(() => randomText(4097, 'hex')).toThrow(RangeError);
  });
});

describe('compressAnswers', () => {
  const app = new Hono();
  app.use('*', compressAnswers());
  const list = JSON.stringify({
    items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item ${i}` })),
  });
  app.get('/list', (c) => c.json(JSON.parse(list) as object));
  app.get('/small', (c) =>
    c.body('{"a":1}', 200, { 'Content-Type': 'application/json', 'Content-Length': '7' }),
  );
  app.get('/picture', (c) => c.body(new Uint8Array(4096), 200, { 'Content-Type': 'image/webp' }));
  // fetch() answers carry immutable headers.
  app.get('/fetched', () => fetch(`data:application/json,${encodeURIComponent(list)}`));

  it('compresses what the client accepts and says the answer varies by it', async () => {
    const gzip = await app.request('/list', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('Content-Encoding')).toBe('gzip');
    expect(gzip.headers.get('Vary')).toBe('Accept-Encoding');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(list);
    const plain = await app.request('/list');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(plain.headers.get('Vary')).toBe('Accept-Encoding');
    expect(await plain.text()).toBe(list);
  });

  it('leaves small answers and pictures as they are', async () => {
    const small = await app.request('/small', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(small.headers.get('Content-Encoding')).toBeNull();
    expect(await small.text()).toBe('{"a":1}');
    const picture = await app.request('/picture', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(picture.headers.get('Content-Encoding')).toBeNull();
    expect(picture.headers.get('Vary')).toBeNull();
  });

  it('handles an answer whose headers cannot be changed', async () => {
    const plain = await app.request('/fetched');
    expect(plain.status).toBe(200);
    expect(plain.headers.get('Vary')).toBe('Accept-Encoding');
    expect(await plain.text()).toBe(list);
    const gzip = await app.request('/fetched', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(list);
  });
});
