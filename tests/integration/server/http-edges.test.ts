import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../../../src/server/config';
import { createApp } from '../../../src/server/http/app';
import type { AppDeps } from '../../../src/server/http/deps';
import { createLogger } from '../../../src/server/log';
import { CLIENT_ERROR_TEXT } from '../../../src/server/main';
import { api, tokenFor } from '../../support/api';
import { startTestServer, type TestServer } from '../../support/server';

// The edges of the HTTP server that the app's routes never see: requests Node's parser refuses, the
// socket's origin check behind a proxy (PUBLIC_URL), and health while the process drains.

const PUBLIC_URL = 'https://excursions.example';

/** Sends raw bytes and reads until the server closes the connection. */
function raw(server: TestServer, request: string): Promise<string> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

function parse(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), head, body };
}

/** Whether a socket upgrade with this Origin is accepted (open) or refused (its status). */
function upgrade(server: TestServer, origin: string): Promise<'open' | number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/ws`, { origin });
    socket.once('open', () => {
      socket.close();
      resolve('open');
    });
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('error', reject);
  });
}

describe('the HTTP server behind a proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    // A deployment's address: the demo's admin password and the implicit test provider are refused.
    server = await startTestServer('pglite', {
      env: { DEMO_DATA: 'off', PUBLIC_URL, ADMIN_PASSWORD: 'not-the-demo-one', PAYMENT_PROVIDER: 'test' },
    });
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('answers a request Node cannot parse with 400 and the API error body', async () => {
    const answer = parse(await raw(server, 'GET /api/health HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n'));
    expect(answer.status).toBe(400);
    expect(answer.head).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(answer.body)).toEqual({ detail: CLIENT_ERROR_TEXT });
    expect(CLIENT_ERROR_TEXT).toBe('Некорректный запрос');
  });

  it('answers headers over the size limit with 431 and the API error body', async () => {
    const huge = `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`;
    const answer = parse(await raw(server, huge));
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({ detail: CLIENT_ERROR_TEXT });
  });

  it('refuses a user id beyond the database integer range with 400, not a 500 from the database', async () => {
    const admin = api(server, await tokenFor(server, 1));
    for (const path of ['/api/users/2147483648/promote-to-seller', '/api/users/2147483648/demote-to-user']) {
      const answer = await admin.send('POST', path);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({ detail: expect.stringMatching(/[а-яё]/i) });
    }
    expect((await admin.get('/api/users/2147483648/tickets')).status).toBe(400);
    // The largest id that fits is looked up and simply not found.
    expect((await admin.send('POST', '/api/users/2147483647/promote-to-seller')).status).toBe(404);
  });

  it('still serves after those, and lets pages from PUBLIC_URL open the socket, not other sites', async () => {
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(await upgrade(server, PUBLIC_URL)).toBe('open');
    expect(await upgrade(server, 'https://evil.example')).toBe(403);
  });
});

describe('health', () => {
  // The route alone: a stopping process cannot be reached on a new connection, so the app is asked.
  const deps = {
    config: loadConfig({}),
    // A database that answers health's SELECT 1.
    db: { kind: 'postgres', query: () => Promise.resolve([]) },
    payments: { provider: { name: 'test', widgetUrl: '' }, test: null },
    // Every request writes an access line.
    log: createLogger('silent'),
  } as unknown as AppDeps;

  it('answers 503 {status: "draining"} while the process stops, 200 otherwise', async () => {
    let draining = false;
    const app = createApp(deps, { isDraining: () => draining });
    const ok = await app.request('/api/health');
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ status: 'ok', database: 'postgres' });
    draining = true;
    const stopping = await app.request('/api/health');
    expect(stopping.status).toBe(503);
    expect(await stopping.json()).toEqual({ status: 'draining' });
  });
});
