import { spawn } from 'node:child_process';
import { join } from 'node:path';
import fc from 'fast-check';
import { chromium } from 'playwright-core';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMessageSchema, type ServerMessage } from '../../src/protocol/realtime';
import {
  MESSAGE_BURST,
  MESSAGES_PER_SECOND,
  RATE_LIMIT_CLOSE_CODE,
} from '../../src/server/realtime/socket-policy';
import { DEMO, tokenFor } from '../support/api';
import { assertBrowserInstalled, CHROME_PATH } from '../support/browser';
import { ROOT } from '../support/process';
import { ONE_ENGINE, startTestServer, type TestServer } from '../support/server';
import { openSocket, type TestSocket } from '../support/socket';

// The socket (ASVS 4.4): a foreign Origin is refused at the
// upgrade; no token, a bad or an expired one gets no personal messages; frames are size- and
// rate-limited; a flooding client does not cut another one off; 300+ malformed frames each get an
// error reply and change nothing.

const PERSONAL = ['USER_UPDATE', 'TICKET_UPDATE'] as const;

/** Opens /ws with the given headers; resolves with the socket or the HTTP status that refused it. */
function upgrade(
  url: string,
  headers: Record<string, string>,
): Promise<{ socket: WebSocket } | { status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/ws`, { headers });
    socket.once('open', () => resolve({ socket }));
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    socket.once('error', reject);
  });
}

/** One round trip on `socket`, so anything sent before it has been handled. */
async function roundTrip(socket: TestSocket): Promise<void> {
  const before = socket.messages.filter((m) => m.type === 'pong').length;
  socket.send({ type: 'ping' });
  await socket.next(() => socket.messages.filter((m) => m.type === 'pong').length > before);
}

function publishPersonal(server: TestServer, userId: number) {
  server.events.publish([
    {
      channel: 'USER_UPDATE',
      userId,
      data: { user_id: userId, action: 'balance_update', new_balance: 777 },
    },
  ]);
}

// Frames that are not a valid client message: random text and bytes, invalid UTF-8, JSON of the wrong
// shape, known types with wrong fields.
const junkFrame: fc.Arbitrary<string | Buffer> = fc
  .oneof(
    fc.string({ maxLength: 200 }),
    fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
    fc.constantFrom(
      Buffer.from([0xc3, 0x28]),
      Buffer.from([0xff, 0xfe, 0xfd]),
      Buffer.from([0xed, 0xa0, 0x80]),
    ),
    fc.constantFrom(
      '',
      'null',
      '[]',
      '{}',
      '"ping"',
      '{"type":"PING"}',
      '{"type":"subscribe"}',
      '{"type":null}',
    ),
    fc
      .record({
        type: fc.oneof(
          fc.constantFrom('subscribe', 'ping', 'pong', 'error', 'USER_UPDATE', ''),
          fc.string({ maxLength: 10 }),
        ),
        channels: fc.oneof(
          fc.constant(undefined),
          fc.string({ maxLength: 20 }),
          fc.array(fc.oneof(fc.string({ maxLength: 15 }), fc.integer(), fc.constant(null)), { maxLength: 5 }),
          fc.constant(['USER_UPDATE', 'NOPE']),
        ),
        userId: fc.oneof(fc.constant(undefined), fc.double(), fc.string({ maxLength: 10 }), fc.constant(-1)),
        token: fc.oneof(fc.constant(undefined), fc.integer(), fc.constant(null), fc.constant({})),
      })
      .map((value) => JSON.stringify(value)),
    fc
      .integer({ min: 1, max: 60_000 })
      .map((n) => JSON.stringify({ type: 'subscribe', channels: ['x'.repeat(n)] })),
  )
  .filter((frame) => {
    if (Buffer.isBuffer(frame)) {
      try {
        return !clientMessageSchema.safeParse(
          JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(frame)),
        ).success;
      } catch {
        return true;
      }
    }
    try {
      return !clientMessageSchema.safeParse(JSON.parse(frame)).success;
    } catch {
      return true;
    }
  });

describe.each(ONE_ENGINE)('socket security on %s', (engine) => {
  let server: TestServer;
  let own: string;
  beforeAll(async () => {
    server = await startTestServer(engine);
    own = server.url;
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('refuses an upgrade from another site’s origin with 403, and lets the own origin and non-browsers in', async () => {
    for (const origin of [
      'https://evil.example',
      'null',
      'http://127.0.0.1.evil.example',
      'file://',
      'not a url',
    ]) {
      const refused = await upgrade(own, { Origin: origin });
      expect('status' in refused && refused.status, origin).toBe(403);
      expect('body' in refused && JSON.parse(refused.body)).toEqual({
        detail: 'Подключение с чужого сайта запрещено',
      });
    }
    // The page's own origin (what src/client/sync/engine/browser.ts uses: location.host) and no Origin at all.
    const allowed: Record<string, string>[] = [
      { Origin: own },
      { Origin: own.replace('http:', 'https:') },
      {},
    ];
    for (const headers of allowed) {
      const opened = await upgrade(own, headers);
      expect('socket' in opened).toBe(true);
      if ('socket' in opened) opened.socket.close();
    }
  });

  it('in Chromium: the app’s own page connects (as src/client/sync/engine/browser.ts does), another site’s page is refused', async () => {
    assertBrowserInstalled();
    const port = new URL(own).port;
    // evil.test resolves to this server too, so only the page's origin differs.
    const browser = await chromium.launch({
      executablePath: CHROME_PATH,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--host-resolver-rules=MAP evil.test 127.0.0.1'],
    });
    try {
      const page = await browser.newPage();
      // The same URL the app builds: `${ws|wss}//${location.host}/ws`, then a subscribe.
      // Page code as text: the test module's own `WebSocket` (the ws package) must not leak into it.
      const connect = (target: string) =>
        page.evaluate<string>(`new Promise((resolve) => {
          const socket = new WebSocket(${JSON.stringify(target)});
          socket.onopen = () => socket.send(JSON.stringify({ type: 'subscribe', channels: ['TOUR_UPDATE'] }));
          socket.onmessage = (event) => { resolve('message ' + event.data); socket.close(); };
          socket.onclose = (event) => resolve('closed ' + event.code);
        })`);
      await page.goto(`${own}/api/health`);
      expect(await connect(`ws://${new URL(own).host}/ws`)).toMatch(/^message .*"subscribed"/);
      await page.goto(`http://evil.test:${port}/api/health`);
      expect(await connect(`ws://127.0.0.1:${port}/ws`)).toBe('closed 1006');
    } finally {
      await browser.close();
    }
  });

  it('gives no personal channel or message without a token, with a forged, an expired or a revoked one', async () => {
    const good = await tokenFor(server, DEMO.tourist);
    const forged = `${good.slice(0, -4)}AAAA`;
    const expired = await tokenFor(server, DEMO.tourist, 0, -5);
    const oldVersion = await tokenFor(server, DEMO.tourist, 99);
    const owner = await openSocket(own);
    owner.send({ type: 'subscribe', channels: [...PERSONAL], userId: DEMO.tourist, token: good });
    expect(await owner.next((m) => m.type === 'subscribed')).toMatchObject({
      data: { user_id: DEMO.tourist },
    });

    const strangers: TestSocket[] = [];
    for (const token of [undefined, '', forged, expired, oldVersion, 'x'.repeat(4000)]) {
      const socket = await openSocket(own);
      socket.send({
        type: 'subscribe',
        channels: [...PERSONAL, 'TOUR_UPDATE'],
        userId: DEMO.tourist,
        ...(token === undefined ? {} : { token }),
      });
      // Refused outright (the frame is invalid without a token) or subscribed to the public channel only.
      const answer = await socket.next((m) => m.type === 'subscribed' || m.type === 'error');
      if (answer.type === 'error') await roundTrip(socket);
      const subscribed = socket.messages.find((m) => m.type === 'subscribed');
      if (subscribed)
        expect(subscribed).toMatchObject({ data: { channels: ['TOUR_UPDATE'], user_id: null } });
      expect(
        socket.messages.some((m) => m.type === 'error'),
        String(token).slice(0, 20),
      ).toBe(true);
      strangers.push(socket);
    }
    publishPersonal(server, DEMO.tourist);
    await owner.next((m) => m.type === 'USER_UPDATE');
    for (const socket of strangers) await roundTrip(socket);
    for (const socket of strangers) {
      expect(socket.messages.some((m) => m.type === 'USER_UPDATE' || m.type === 'TICKET_UPDATE')).toBe(false);
      socket.close();
    }
    owner.close();
  });

  it('closes a socket whose frame is over 64 KB (1009) and one that floods past its budget (1008)', async () => {
    const big = await openSocket(own);
    big.send(JSON.stringify({ type: 'ping', pad: 'x'.repeat(64 * 1024) }));
    expect((await big.closed).code).toBe(1009);

    const flood = await openSocket(own);
    for (let i = 0; i < 500; i++) flood.send({ type: 'ping' });
    expect((await flood.closed).code).toBe(RATE_LIMIT_CLOSE_CODE);
    // The budget answered at most its burst (plus what refilled meanwhile), not the 500.
    const pongs = flood.messages.filter((m) => m.type === 'pong').length;
    expect(pongs).toBeGreaterThanOrEqual(MESSAGE_BURST - 1);
    expect(pongs).toBeLessThan(100);
  });

  it('a flooding client neither stops another client’s pings being answered nor receives its personal messages', async () => {
    const victim = await openSocket(own);
    victim.send({
      type: 'subscribe',
      channels: ['USER_UPDATE'],
      token: await tokenFor(server, DEMO.tourist),
    });
    await victim.next((m) => m.type === 'subscribed');

    // Four flooders in another process: text garbage, pings, subscribes with a token (each costs a
    // lookup) and 60 KB frames, thousands each, as fast as the sockets take them.
    const flooder = spawn(
      join(ROOT, 'node_modules/.bin/tsx'),
      [
        join(ROOT, 'tests/reliability/fuzz/flood.ts'),
        `${own.replace(/^http/, 'ws')}/ws`,
        await tokenFor(server, DEMO.seller),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    flooder.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const finished = new Promise<number | null>((resolve) => flooder.on('exit', resolve));
    // Ping while the flood runs: wait until the server has seen the flooders connect.
    while (server.hub.size < 5) await new Promise((resolve) => setTimeout(resolve, 5));
    let answered = 0;
    let done = false;
    void finished.then(() => (done = true));
    // Round trips for as long as the flood lasts (and at least 20), paced inside the victim's own
    // message budget; each waits for its pong. How fast they come is `npm run bench`'s figure.
    while (!done || answered < 20) {
      await roundTrip(victim);
      answered += 1;
      await new Promise((resolve) => setTimeout(resolve, 1000 / (MESSAGES_PER_SECOND / 2)));
    }
    expect(await finished).toBe(0);
    expect(JSON.parse(output)).toEqual([1008, 1008, 1008, 1008]);
    expect(victim.socket.readyState).toBe(WebSocket.OPEN);

    publishPersonal(server, DEMO.tourist);
    await victim.next((m) => m.type === 'USER_UPDATE');
    victim.close();
  });

  it('answers 300+ malformed frames each with an error, grants nothing and stays usable', async () => {
    const frames = fc.sample(junkFrame, { numRuns: 330 });
    let socket = await openSocket(own);
    let errors = 0;
    let sentOnSocket = 0;
    for (const frame of frames) {
      // Stay inside the message budget: a fresh socket every few frames.
      if (sentOnSocket >= MESSAGE_BURST - 2) {
        socket.close();
        socket = await openSocket(own);
        sentOnSocket = 0;
      }
      const before = socket.messages.length;
      socket.socket.send(frame);
      sentOnSocket++;
      const reply: ServerMessage = await socket.next((_m) => socket.messages.length > before);
      expect(reply.type, typeof frame === 'string' ? frame.slice(0, 100) : frame.toString('hex')).toBe(
        'error',
      );
      errors++;
    }
    expect(errors).toBeGreaterThanOrEqual(300);
    expect(socket.messages.some((m) => m.type === 'subscribed')).toBe(false);
    socket.send({ type: 'subscribe', channels: ['TOUR_UPDATE'] });
    expect(await socket.next((m) => m.type === 'subscribed')).toMatchObject({
      data: { channels: ['TOUR_UPDATE'] },
    });
    socket.close();
    expect((await fetch(`${own}/api/health`)).status).toBe(200);
  });
});
