import { readFileSync, statSync } from 'node:fs';
import { connect, constants as h2 } from 'node:http2';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import WebSocket from 'ws';
import type { Excursion, Tour } from '../../src/domain/types';
import type { AuthResponse } from '../../src/protocol/auth';
import type { ServerMessage } from '../../src/protocol/realtime';
import { bookingBody } from '../support/booking';
import { mailedCode } from '../support/smtp';

// The deployment check's client (tests/deploy/run.sh starts the deployment and calls this): it talks
// to the app only as a phone would, through nginx over TLS, trusting the deployment's certificate
// through NODE_EXTRA_CA_CERTS (nothing here turns verification off). Each step prints one line; the
// first failure ends the run with exit code 1.

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (tests/deploy/run.sh sets it)`);
  return value;
};

const PUBLIC_URL = env('CHECK_PUBLIC_URL');
const HTTP_URL = env('CHECK_HTTP_URL');
const APP_URLS = env('CHECK_APP_URLS').split(',');
const MAIL_DIR = env('CHECK_MAIL_DIR');
const METRICS_TOKEN = env('CHECK_METRICS_TOKEN');
const FORGED_WEBHOOK_ADDRESS = env('CHECK_FORGED_WEBHOOK_ADDRESS');
const DIST = resolve(import.meta.dirname, '../../dist');
const TOURIST = { email: 'tourist@example.ru', password: 'tourist123' };

const started = Date.now();

function fail(message: string): never {
  throw new Error(message);
}

function expectEqual<T>(actual: T, expected: T, what: string): void {
  if (actual !== expected) fail(`${what}: expected ${String(expected)}, got ${String(actual)}`);
}

async function step(name: string, run: () => Promise<void>): Promise<void> {
  const at = Date.now();
  await run();
  process.stdout.write(`  ok  ${name} (${Date.now() - at} ms)\n`);
}

interface H2Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  alpn: string | false | undefined;
}

/** One GET over HTTP/2 (ALPN h2 only: a server without HTTP/2 fails the handshake). */
function h2Get(path: string, headers: Record<string, string> = {}): Promise<H2Answer> {
  return new Promise((done, reject) => {
    const session = connect(PUBLIC_URL, { ALPNProtocols: ['h2'] });
    session.on('error', reject);
    const request = session.request({ [h2.HTTP2_HEADER_PATH]: path, ...headers });
    const chunks: Buffer[] = [];
    let head: Record<string, string | string[] | undefined> = {};
    request.on('response', (h) => (head = h as typeof head));
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('error', reject);
    request.on('end', () => {
      const alpn = session.alpnProtocol;
      session.close();
      done({ status: Number(head[':status']), headers: head, body: Buffer.concat(chunks), alpn });
    });
    request.end();
  });
}

async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) fail(`${what}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface LiveSocket {
  messages: ServerMessage[];
  next(predicate: (m: ServerMessage) => boolean, what: string): Promise<ServerMessage>;
  send(value: unknown): void;
  close(): void;
}

/** A socket as the app opens it from a page of PUBLIC_URL (a browser sends that Origin). */
function openSocket(base: string, origin: string): Promise<LiveSocket> {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/ws`, { headers: { Origin: origin } });
  const messages: ServerMessage[] = [];
  const waiters = new Set<{
    predicate: (m: ServerMessage) => boolean;
    resolve: (m: ServerMessage) => void;
  }>();
  socket.on('message', (raw: Buffer) => {
    const message = JSON.parse(raw.toString()) as ServerMessage;
    messages.push(message);
    for (const waiter of waiters) if (waiter.predicate(message)) waiter.resolve(message);
  });
  return new Promise((opened, refused) => {
    socket.once('unexpected-response', (_request, response) =>
      refused(new Error(`socket upgrade refused: ${response.statusCode}`)),
    );
    socket.once('error', refused);
    socket.once('open', () =>
      opened({
        messages,
        send: (value) => socket.send(JSON.stringify(value)),
        close: () => socket.close(),
        next(predicate, what) {
          const seen = messages.find(predicate);
          if (seen) return Promise.resolve(seen);
          return new Promise((resolveNext, rejectNext) => {
            const timer = setTimeout(() => {
              waiters.delete(waiter);
              rejectNext(new Error(`no socket message in 10 s: ${what}`));
            }, 10_000);
            const waiter = {
              predicate,
              resolve: (m: ServerMessage) => {
                clearTimeout(timer);
                waiters.delete(waiter);
                resolveNext(m);
              },
            };
            waiters.add(waiter);
          });
        },
      }),
    );
  });
}

async function subscribed(base: string, origin: string, auth: AuthResponse): Promise<LiveSocket> {
  const socket = await openSocket(base, origin);
  socket.send({
    type: 'subscribe',
    channels: ['TOUR_UPDATE', 'TICKET_UPDATE'],
    userId: auth.user_data.id,
    token: auth.access_token,
  });
  await socket.next((m) => m.type === 'subscribed', 'subscribed');
  return socket;
}

const origin = new URL(PUBLIC_URL).origin;
let auth: AuthResponse | undefined;
let script = '';

await step('http:// redirects to https://', async () => {
  const response = await fetch(`${HTTP_URL}/excursions?x=1`, { redirect: 'manual' });
  expectEqual(response.status, 301, 'status');
  const location = response.headers.get('location') ?? '';
  if (!/^https:\/\/[^/]+\/excursions\?x=1$/.test(location)) fail(`redirect to ${location}`);
});

await step('the app shell over HTTP/2 with TLS, HSTS set', async () => {
  const page = await h2Get('/');
  expectEqual(page.alpn, 'h2', 'ALPN protocol');
  expectEqual(page.status, 200, 'status of /');
  if (!String(page.headers['strict-transport-security']).includes('max-age='))
    fail('no Strict-Transport-Security header');
  // The page's largest script: a small one may fall under the compression threshold.
  const scripts = [...page.body.toString('utf8').matchAll(/"(\/assets\/[^"]+\.js)"/g)].map(
    (m) => m[1] as string,
  );
  script =
    scripts.sort((a, b) => statSync(join(DIST, b)).size - statSync(join(DIST, a)).size)[0] ??
    fail('no script in the page');
});

await step(
  "a JS asset in the build's own Brotli copy, passed on by nginx; gzip for a client without it",
  async () => {
    const original = readFileSync(join(DIST, script));
    const br = await h2Get(script, { 'accept-encoding': 'gzip, deflate, br' });
    expectEqual(br.status, 200, 'status');
    expectEqual(br.headers['content-encoding'], 'br', 'content-encoding with br accepted');
    if (!brotliDecompressSync(br.body).equals(original)) fail('brotli body differs from dist');
    if (!br.body.equals(readFileSync(join(DIST, `${script}.br`))))
      fail("brotli body is not the build's copy");
    const gz = await h2Get(script, { 'accept-encoding': 'gzip' });
    expectEqual(gz.headers['content-encoding'], 'gzip', 'content-encoding with gzip accepted');
    if (!gunzipSync(gz.body).equals(original)) fail('gzip body differs from dist');
  },
);

await step('a file the build did not compress (the service worker) compressed by nginx', async () => {
  const original = readFileSync(join(DIST, 'sw.js'));
  const br = await h2Get('/sw.js', { 'accept-encoding': 'gzip, deflate, br' });
  expectEqual(br.status, 200, 'status');
  expectEqual(br.headers['content-encoding'], 'br', 'content-encoding with br accepted');
  if (!brotliDecompressSync(br.body).equals(original)) fail('brotli body differs from dist');
  if (br.body.length >= original.length) fail('brotli body is not smaller');
});

let excursions: Excursion[] = [];
let tours: Tour[] = [];
await step('the API answers through nginx, on PostgreSQL', async () => {
  const health = await json<{ status: string; database: string }>(
    await fetch(`${PUBLIC_URL}/api/health`),
    'health',
  );
  expectEqual(`${health.status} ${health.database}`, 'ok postgres', 'health');
  excursions = (
    await json<{ excursions: Excursion[] }>(await fetch(`${PUBLIC_URL}/api/excursions`), 'excursions')
  ).excursions;
  tours = (await json<{ tours: Tour[] }>(await fetch(`${PUBLIC_URL}/api/tours`), 'tours')).tours;
  if (excursions.length === 0 || tours.length === 0) fail('empty catalogue');
});

await step("each process serves /metrics on its own port for the token (Prometheus' scrape)", async () => {
  for (const url of APP_URLS) {
    const response = await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    expectEqual(response.status, 200, `status of ${url}/metrics`);
    if (!(await response.text()).includes('# TYPE ')) fail(`${url}/metrics is not Prometheus' text format`);
  }
});

await step('/metrics is not served from outside, even with the token', async () => {
  const response = await fetch(`${PUBLIC_URL}/metrics`, {
    headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expectEqual(response.status, 404, 'status');
  // Every answer of the app carries X-Request-Id: this one is nginx's own.
  expectEqual(response.headers.get('x-request-id'), null, 'X-Request-Id (an answer from the app)');
});

await step(
  'the payment webhook ignores a forged X-Forwarded-For (control: the app alone believes it)',
  async () => {
    const notification = JSON.stringify({ event: 'payment.succeeded', object: { id: 'no-such-payment' } });
    const headers = { 'Content-Type': 'application/json', 'X-Forwarded-For': FORGED_WEBHOOK_ADDRESS };
    const viaNginx = await fetch(`${PUBLIC_URL}/api/payments/webhook`, {
      method: 'POST',
      headers,
      body: notification,
    });
    expectEqual(viaNginx.status, 403, 'status through nginx');
    // The same request straight to a process from the trusted proxy's address passes the allow-list.
    const direct = await fetch(`${APP_URLS[0]}/api/payments/webhook`, {
      method: 'POST',
      headers,
      body: notification,
    });
    if (direct.status === 403)
      fail('the control request was refused too: the allow-list is not what refused');
  },
);

await step('signs in as the demo tourist (code by e-mail)', async () => {
  const login = await fetch(`${PUBLIC_URL}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ login_email: TOURIST.email, password: TOURIST.password }),
  });
  await json(login, 'login');
  const code = await mailedCode(MAIL_DIR, TOURIST.email);
  const verified = await fetch(`${PUBLIC_URL}/auth/verify-2fa`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ login_email: TOURIST.email, code }),
  });
  auth = await json<AuthResponse>(verified, 'verify-2fa');
});

await step('a socket from a foreign page is refused at the upgrade', async () => {
  const refused = await openSocket(PUBLIC_URL, 'https://elsewhere.example').then(
    (socket) => {
      socket.close();
      return false;
    },
    (error: Error) => /refused: 403/.test(error.message) || fail(error.message),
  );
  if (!refused) fail('the upgrade from a foreign origin was accepted');
});

await step('books a seat; the live update arrives over wss through nginx and on every process', async () => {
  const me = auth ?? fail('not signed in');
  const wss = await subscribed(PUBLIC_URL, origin, me);
  // One socket straight on each process: whichever one takes the booking, the others hear of it
  // through PostgreSQL.
  const direct = await Promise.all(APP_URLS.map((url) => subscribed(url, origin, me)));
  const tomorrow = new Date(Date.now() + 27 * 3600_000).toISOString().slice(0, 10);
  const pick = tours
    .map((tour) => ({ tour, excursion: excursions.find((e) => e._id === tour.excursionID) }))
    .find(
      ({ tour, excursion }) =>
        excursion?.busType === 'coach' && tour.date > tomorrow && tour.emptySeats.length > 0,
    );
  const { tour, excursion } = pick ?? fail('no coach tour with a free seat');
  const seat = tour.emptySeats[0] as number;
  const booked = await fetch(`${PUBLIC_URL}/api/tickets`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${me.access_token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(
      bookingBody(me.user_data.id, excursion as Excursion, tour, { adults: 1, seats: [seat] }),
    ),
  });
  const { ticket_id: ticketId } = await json<{ ticket_id: string }>(booked, 'booking');
  for (const [i, socket] of [wss, ...direct].entries()) {
    const where = i === 0 ? 'wss through nginx' : `process ${APP_URLS[i - 1]}`;
    const update = await socket.next(
      (m) =>
        m.type === 'TOUR_UPDATE' && m.data.tour_id === tour._id && !m.data.tour?.emptySeats.includes(seat),
      `TOUR_UPDATE of the booked tour on ${where}`,
    );
    if (update.type === 'TOUR_UPDATE' && !update.data.tour) fail(`the tour delta on ${where} carries no row`);
    await socket.next(
      (m) => m.type === 'TICKET_UPDATE' && m.data.ticket?._id === ticketId,
      `TICKET_UPDATE of the new ticket on ${where}`,
    );
    socket.close();
  }
});

process.stdout.write(`deployment check passed in ${Date.now() - started} ms\n`);
process.exit(0);
