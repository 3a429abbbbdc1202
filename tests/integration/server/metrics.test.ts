import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, crimeaToday } from '../../../src/domain/dates';
import type { Ticket } from '../../../src/domain/types';
import { APP_TEXTS } from '../../../src/server/http/app';
import { METRICS_TEXTS } from '../../../src/server/http/routes/metrics';
import { api, catalogue } from '../../support/api';
import { book, bookingBody, DECLINED_CARD, newBuyers, payWithCard } from '../../support/booking';
import { moved, parseMetrics, scrape, series, type Scrape } from '../../support/metrics';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';
import { openSocket } from '../../support/socket';

// GET /metrics: off without METRICS_TOKEN, Bearer-protected with it, and each series moves by
// exactly what the server did: bookings, payments, refunds, sync pulls, sockets, refused replays,
// hold sweeps, and every request's time under its route pattern.

const TOKEN = 'metrics-token-for-the-test-0123';
const PREFIX = 'krym_';
const DURATION = `${PREFIX}http_request_duration_seconds_count`;

describe.each(ONE_ENGINE)('/metrics on %s', (engine) => {
  let server: TestServer;
  let offset = 0;

  beforeAll(async () => {
    server = await startTestServer(engine, {
      // The test runs the sweep itself; the timer's would count rounds the test did not make.
      env: { METRICS_TOKEN: TOKEN, HOLD_SWEEP_SECONDS: '3600' },
      now: () => new Date(Date.now() + offset),
    });
  });
  afterAll(async () => {
    await server?.destroy();
  });

  const metricsWith = (headers: Record<string, string> = {}) => fetch(`${server.url}/metrics`, { headers });

  it('is a 404 without METRICS_TOKEN, as an unknown API path is, never the app shell', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'krym-metrics-dist-'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    const off = await startTestServer(engine, { distDir: dist });
    try {
      // The app shell answers the paths the client's router owns.
      expect((await fetch(`${off.url}/some/page`)).headers.get('content-type')).toMatch(/^text\/html/);
      const asked: Record<string, string>[] = [{}, { Authorization: `Bearer ${TOKEN}` }];
      for (const headers of asked) {
        const response = await fetch(`${off.url}/metrics`, { headers });
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual({ detail: APP_TEXTS.notFound });
      }
    } finally {
      await off.destroy();
      await rm(dist, { recursive: true, force: true });
    }
  });

  it('answers 401 with a Bearer challenge without the token or with a wrong one', async () => {
    const cases: [Record<string, string>, string][] = [
      [{}, METRICS_TEXTS.required],
      [{ Authorization: `Bearer ${TOKEN}x` }, METRICS_TEXTS.invalid],
      [{ Authorization: `Bearer ${TOKEN.slice(0, -1)}` }, METRICS_TEXTS.invalid],
      [{ Authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` }, METRICS_TEXTS.invalid],
    ];
    for (const [headers, detail] of cases) {
      const response = await metricsWith(headers);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(await response.json()).toEqual({ detail });
    }
  });

  it("serves Prometheus' text with the token: this server's series and the process's", async () => {
    const response = await metricsWith({ Authorization: `Bearer ${TOKEN}` });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await response.text();
    for (const name of [
      'http_request_duration_seconds',
      'bookings_total',
      'payments_total',
      'refunds_total',
      'websocket_connections',
      'sync_pulls_total',
      'outbox_replays_refused_total',
      'db_pool_connections',
      'hold_sweeps_total',
      'holds_expired_total',
    ])
      expect(text).toContain(`# TYPE ${PREFIX}${name} `);
    const samples = parseMetrics(text);
    expect(samples.get('process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(samples.get('nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    // PGlite is one connection; pg's pool has opened at least the one start-up used, idle now.
    const pool = (state: string) => samples.get(series(`${PREFIX}db_pool_connections`, { state }));
    if (engine === 'pglite') expect(pool('total')).toBe(1);
    else {
      expect(pool('total')).toBeGreaterThanOrEqual(1);
      expect(pool('idle')).toBeGreaterThanOrEqual(0);
      expect(pool('waiting')).toBe(0);
    }
  });

  it('moves each series by exactly what happened', async () => {
    const [buyer] = (await newBuyers(server, 1)) as [{ id: number; token: string }];
    const client = api(server, buyer.token);
    // Coach tours five days ahead or more, where a paid ticket may still be cancelled and refunded.
    const { excursions, tours } = await catalogue(server);
    const from = addDays(crimeaToday(new Date()), 5);
    const ahead = tours.filter((tour) => tour.date >= from && tour.emptySeats.length > 0);
    const coach = ahead.flatMap((tour) => {
      const excursion = excursions.find((e) => e._id === tour.excursionID && e.busType === 'coach');
      return excursion ? [{ excursion, tour }] : [];
    });
    const bodyFor = (i: number) => {
      const { excursion, tour } = coach[i] as (typeof coach)[number];
      return bookingBody(buyer.id, excursion, tour, { adults: 1, seats: [tour.emptySeats[0] as number] });
    };
    const before = await scrape(server, TOKEN);

    // A booking, paid, then cancelled and refunded.
    const paid = await book(server, buyer.token, bodyFor(0));
    expect(paid.status).toBe(200);
    const paidId = paid.body.ticket_id as string;
    expect((await payWithCard(server, paid.body.confirmationid as string)).status).toBe(200);
    expect((await client.send('PATCH', `/api/tickets/${paidId}`, { status: 'cancelled' })).status).toBe(200);
    let ticketReads = 0;
    await expect
      .poll(async () => {
        ticketReads += 1;
        return (await client.json<Ticket>(`/api/tickets/${paidId}`)).refund?.status;
      })
      .toBe('succeeded');

    // A booking under an Idempotency-Key, replayed, then the key reused for another booking.
    const key = { 'Idempotency-Key': randomUUID() };
    const held = await book(server, buyer.token, bodyFor(1), key);
    expect(held.status).toBe(200);
    expect((await book(server, buyer.token, bodyFor(1), key)).body.ticket_id).toBe(held.body.ticket_id);
    expect((await book(server, buyer.token, bodyFor(2), key)).status).toBe(422);
    // A card the bank declines leaves the hold unpaid.
    expect((await payWithCard(server, held.body.confirmationid as string, DECLINED_CARD)).status).toBe(402);

    // Two pulls: a first one, and one from its cursor.
    const first = await client.json<{ cursor: string }>('/api/sync?limit=50');
    await client.json(`/api/sync?cursor=${encodeURIComponent(first.cursor)}&limit=50`);

    // The hold runs out: one sweep, which cancels it and any other hold due by then.
    offset = 16 * 60_000;
    const due = await server.db.query<{ id: string }>(
      `SELECT id FROM tickets WHERE status = 'to payment' AND hold_until < $1`,
      [new Date(Date.now() + offset)],
    );
    expect(due.map((row) => row.id)).toContain(held.body.ticket_id);
    await server.sweepHolds();
    offset = 0;

    // Each ticket read once more, by its route.
    for (const id of [paidId, held.body.ticket_id as string]) {
      expect((await client.get(`/api/tickets/${id}`)).status).toBe(200);
      ticketReads += 1;
    }
    expect((await client.get(`/api/nowhere/${paidId}`)).status).toBe(404);

    // A request's time is recorded once its answer is written, a moment after the client has it.
    const ticketRead = series(DURATION, { method: 'GET', route: '/api/tickets/:id', status: '200' });
    const unknownPath = series(DURATION, { method: 'GET', route: '/api/*', status: '404' });
    let after: Scrape = before;
    await expect
      .poll(async () => {
        after = await scrape(server, TOKEN);
        return [after.get(ticketRead), after.get(unknownPath)];
      })
      .toEqual([(before.get(ticketRead) ?? 0) + ticketReads, (before.get(unknownPath) ?? 0) + 1]);

    expect(moved(before, after, `${PREFIX}bookings_total`)).toEqual({
      '{outcome="booked"}': 2,
      '{outcome="replayed"}': 1,
      '{outcome="refused"}': 1,
    });
    expect(moved(before, after, `${PREFIX}payments_total`)).toEqual({
      '{outcome="confirmed"}': 1,
      '{outcome="declined"}': 1,
    });
    expect(moved(before, after, `${PREFIX}refunds_total`)).toEqual({ '{outcome="succeeded"}': 1 });
    expect(moved(before, after, `${PREFIX}sync_pulls_total`)).toEqual({
      '{kind="first"}': 1,
      '{kind="changes"}': 1,
    });
    expect(moved(before, after, `${PREFIX}outbox_replays_refused_total`)).toEqual({ '': 1 });
    expect(moved(before, after, `${PREFIX}hold_sweeps_total`)).toEqual({ '': 1 });
    expect(moved(before, after, `${PREFIX}holds_expired_total`)).toEqual({ '': due.length });

    // Durations carry the route pattern, never an id: an unknown path is its wildcard's.
    const durations = [...after.keys()].filter((key) => key.startsWith(DURATION));
    expect(durations.some((key) => key.includes(paidId))).toBe(false);
    expect(after.get(series(DURATION, { method: 'POST', route: '/api/tickets', status: '200' }))).toBe(
      (before.get(series(DURATION, { method: 'POST', route: '/api/tickets', status: '200' })) ?? 0) + 3,
    );
  });

  it('counts the sockets open now', async () => {
    const open = async () =>
      (await scrape(server, TOKEN)).get(series(`${PREFIX}websocket_connections`)) as number;
    const before = await open();
    const socket = await openSocket(server.url);
    await expect.poll(open).toBe(before + 1);
    socket.close();
    await socket.closed;
    await expect.poll(open).toBe(before);
  });
});
