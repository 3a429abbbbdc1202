import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  HUB_TEXTS,
  MAX_SOCKETS_PER_ADDRESS,
  MAX_SOCKETS_PER_USER,
  SOCKET_LIMIT_CLOSE_CODE,
} from '../../../src/server/realtime/socket-policy';
import { DEMO, tokenFor } from '../../support/api';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';

// Open sockets are capped per client address (the forwarded one behind a trusted proxy), refused at
// the upgrade with a 429, and per signed-in user, closed with 1008; a socket that closes frees its
// place.

/** Opens /ws with `headers`; resolves with the open socket or the HTTP answer that refused it. */
function upgrade(
  url: string,
  headers: Record<string, string> = {},
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

async function opened(url: string, headers: Record<string, string> = {}): Promise<WebSocket> {
  const result = await upgrade(url, headers);
  if (!('socket' in result)) throw new Error(`upgrade refused: ${result.status} ${result.body}`);
  return result.socket;
}

/** Subscribes with `token`; resolves with the first answer: subscribed, or the close that refused it. */
function signIn(
  socket: WebSocket,
  token: string,
): Promise<{ userId: number | null } | { code: number; reason: string }> {
  return new Promise((resolve) => {
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as { type: string; data: { user_id?: number | null } };
      if (message.type === 'subscribed') resolve({ userId: message.data.user_id ?? null });
    });
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString('utf8') }));
    socket.send(JSON.stringify({ type: 'subscribe', channels: ['USER_UPDATE', 'TOUR_UPDATE'], token }));
  });
}

async function closeAll(sockets: WebSocket[]): Promise<void> {
  await Promise.all(
    sockets.splice(0).map(
      (socket) =>
        new Promise<void>((resolve) => {
          if (socket.readyState === WebSocket.CLOSED) return resolve();
          socket.once('close', () => resolve());
          socket.terminate();
        }),
    ),
  );
}

/** Retries `attempt` until it succeeds: the server counts a socket down once its close has arrived. */
async function eventually<T>(attempt: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const result = await attempt();
    if (result !== undefined) return result;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('never succeeded');
}

describe.each(ONE_ENGINE)('socket caps on %s', (engine) => {
  let server: TestServer;
  const sockets: WebSocket[] = [];
  beforeAll(async () => {
    // The test runner is the trusted proxy: X-Forwarded-For names each request's client.
    server = await startTestServer(engine, { env: { TRUSTED_PROXIES: '127.0.0.1/32' } });
  });
  afterEach(async () => {
    await closeAll(sockets);
    await eventually(async () => (server.hub.size === 0 ? true : undefined));
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it(`refuses a socket beyond ${MAX_SOCKETS_PER_ADDRESS} from one address with a 429, not another address’s`, async () => {
    const crowded = { 'X-Forwarded-For': '203.0.113.7' };
    for (let i = 0; i < MAX_SOCKETS_PER_ADDRESS; i++) sockets.push(await opened(server.url, crowded));
    const refused = await upgrade(server.url, crowded);
    expect(refused).toEqual({ status: 429, body: JSON.stringify({ detail: HUB_TEXTS.tooManyFromAddress }) });
    // Another client behind the same proxy, and the proxy itself, are counted apart.
    sockets.push(await opened(server.url, { 'X-Forwarded-For': '203.0.113.8' }));
    sockets.push(await opened(server.url));
    expect(server.hub.size).toBe(MAX_SOCKETS_PER_ADDRESS + 2);

    // A socket that closes frees its place.
    const first = sockets.shift() as WebSocket;
    first.close();
    const again = await eventually(async () => {
      const result = await upgrade(server.url, crowded);
      return 'socket' in result ? result.socket : undefined;
    });
    sockets.push(again);
    expect('status' in (await upgrade(server.url, crowded))).toBe(true);
  });

  it(`closes a socket signed in beyond ${MAX_SOCKETS_PER_USER} for one user with ${SOCKET_LIMIT_CLOSE_CODE}`, async () => {
    const tourist = await tokenFor(server, DEMO.tourist);
    for (let i = 0; i < MAX_SOCKETS_PER_USER; i++) {
      const socket = await opened(server.url);
      sockets.push(socket);
      expect(await signIn(socket, tourist)).toEqual({ userId: DEMO.tourist });
    }
    const extra = await opened(server.url);
    sockets.push(extra);
    expect(await signIn(extra, tourist)).toEqual({
      code: SOCKET_LIMIT_CLOSE_CODE,
      reason: HUB_TEXTS.tooManyForUser,
    });

    // Another user signs in as before; a signed-in socket subscribing again keeps its place.
    const seller = await opened(server.url);
    sockets.push(seller);
    expect(await signIn(seller, await tokenFor(server, DEMO.seller))).toEqual({ userId: DEMO.seller });
    expect(await signIn(sockets[0] as WebSocket, tourist)).toEqual({ userId: DEMO.tourist });

    // One of the user's sockets closes: a new one signs in.
    const first = sockets.shift() as WebSocket;
    first.close();
    const replacement = await opened(server.url);
    sockets.push(replacement);
    await eventually(async () => (server.hub.size === MAX_SOCKETS_PER_USER + 1 ? true : undefined));
    expect(await signIn(replacement, tourist)).toEqual({ userId: DEMO.tourist });
  });
});
