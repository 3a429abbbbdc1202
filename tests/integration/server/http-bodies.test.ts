import { request, type IncomingMessage } from 'node:http';
import { gunzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, crimeaToday } from '../../../src/domain/dates';
import type { Excursion } from '../../../src/domain/types';
import { APP_TEXTS, JSON_BODY_LIMIT } from '../../../src/server/http/app';
import { api, catalogue, DEMO, tokenFor } from '../../support/api';
import { startTestServer, type TestServer } from '../../support/server';

// How the server takes JSON bodies and gives answers over a real socket (http/app.ts,
// http/compress.ts): a body that states its length is judged by it; a chunked one is counted as it
// arrives; answers are compressed for clients that accept it and say that they vary by it.

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** Gathers an answer read straight off the socket, its body as sent (still compressed). */
function collect(res: IncomingMessage, resolve: (answer: Answer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () =>
    resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
  );
}

/** A POST whose body goes in pieces with no stated length (Transfer-Encoding: chunked). */
function postChunked(server: TestServer, path: string, pieces: string[], token: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(server.url);
    const req = request(
      {
        hostname,
        port,
        path,
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      },
      (res) => collect(res, resolve),
    );
    // The server may answer 413 and close before the whole body is sent.
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' ? undefined : reject(error)));
    for (const piece of pieces) req.write(piece);
    req.end();
  });
}

describe('JSON bodies and compressed answers over HTTP', () => {
  let server: TestServer;
  let excursion: Excursion;
  let token: string;
  const slot = (days: number, time: string) => ({
    excursionID: excursion._id,
    date: addDays(crimeaToday(new Date()), days),
    time,
  });

  beforeAll(async () => {
    server = await startTestServer('pglite');
    const { excursions } = await catalogue(server);
    excursion = excursions.find((e) => e.ownerID === DEMO.seller) as Excursion;
    token = await tokenFor(server, DEMO.seller);
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('takes a chunked JSON body within the cap', async () => {
    const body = JSON.stringify({ tours: [slot(90, '07:05')] });
    const answer = await postChunked(server, '/api/tours', [body.slice(0, 10), body.slice(10)], token);
    expect(answer.status).toBe(200);
    const { tours } = JSON.parse(answer.body.toString()) as { tours: { time: string }[] };
    expect(tours.map((t) => t.time)).toEqual(['07:05']);
  });

  it('refuses a chunked body over the cap with 413, and stores nothing', async () => {
    const before = (await catalogue(server)).tours.length;
    const piece = 'x'.repeat(64 * 1024);
    const pieces = [`{"tours":[${JSON.stringify(slot(91, '07:10'))}],"pad":"`];
    for (let sent = 0; sent <= JSON_BODY_LIMIT; sent += piece.length) pieces.push(piece);
    pieces.push('"}');
    const answer = await postChunked(server, '/api/tours', pieces, token);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body.toString())).toMatchObject({ detail: APP_TEXTS.tooLarge });
    expect((await catalogue(server)).tours.length).toBe(before);
  });

  it('refuses a stated length over the cap with 413 and closes the connection', async () => {
    const seller = api(server, token);
    const response = await seller.send('POST', '/api/tours', `{"pad":"${'x'.repeat(JSON_BODY_LIMIT)}"}`);
    expect(response.status).toBe(413);
    expect(response.headers.get('connection')).toBe('close');
    expect(await response.json()).toMatchObject({ detail: APP_TEXTS.tooLarge });
  });

  it('compresses a list answer by what the client accepts, and always says it varies by that', async () => {
    const plain = await fetch(`${server.url}/api/excursions`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/Accept-Encoding/);
    const text = await plain.text();
    const etag = plain.headers.get('etag') as string;
    expect(etag).toBeTruthy();

    const raw = async (encoding: string) => {
      const { hostname, port } = new URL(server.url);
      return new Promise<Answer>((resolve, reject) => {
        request(
          { hostname, port, path: '/api/excursions', headers: { 'Accept-Encoding': encoding } },
          (res) => collect(res, resolve),
        )
          .on('error', reject)
          .end();
      });
    };
    const gzip = await raw('gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/Accept-Encoding/);
    expect(gzip.headers.etag).toBe(etag.startsWith('W/') ? etag : `W/${etag}`);
    expect(gunzipSync(gzip.body).toString()).toBe(text);

    const deflate = await raw('gzip;q=0, deflate');
    expect(deflate.headers['content-encoding']).toBe('deflate');
    expect(inflateSync(deflate.body).toString()).toBe(text);

    const none = await raw('br;q=1, gzip;q=0');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body.toString()).toBe(text);
  });
});
