import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { addDays, crimeaToday } from '../../src/domain/dates';
import type { Excursion, Tour } from '../../src/domain/types';
import { bookingBody } from '../support/booking';
import { startCluster, type ClusterNode } from '../support/cluster';
import { BUYER_EMAIL_PREFIX, BuyerPool, buyerPerClient, stridedBuyers, type Buyer } from './buyers';
import { pacedLoad, type PacedRequest } from './paced-load';
import { percentile } from './stats';

// The server on PostgreSQL. In one run, on one temporary database:
// pgbench's built-in TPC-B-like transactions per second (the yardstick of what this PostgreSQL on
// this machine does); bookings through HTTP by 50 concurrent clients spread over many tours, first
// through one server process and then through two; list calls answered 304 from the ETag; then the
// bookings again, offered at 40 % of pgbench's tps, for the latency at the budget rate.
// Booking figures are POST /api/tickets answered 200 per second; p99 is over every answer.
//
// pgbench goes first, and a CHECKPOINT after it, so that its aftermath falls in the warm-up: its
// initialisation writes a million rows, and the flushing that follows slows whatever comes next
// (a CHECKPOINT alone does not absorb it).
//
// Each booking comes from a buyer of a pool made before the measured runs (./buyers.ts), at most
// three bookings each: the server holds at most three unpaid bookings per account, as a crowd of
// tourists would book.
//
// The budget-rate run is an open load paced evenly (./paced-load.ts), one request due every
// 1/rate seconds, its latency counted from when it was due. autocannon's rate option is not used:
// it lets each connection send back to back until it has made its share of the second and then
// wait for the next, so every second begins with all 50 clients at once and the figure measures a
// queue the load generator made.
//
// The measured runs come after a warm-up: the same booking load through both processes for
// WARMUP_SECONDS, counted apart. A freshly started process books about half as fast as a warm one
// (3-second steps from a cold start on one machine: 497, 635, 803, 943/s, then 970/s over 15 s),
// most likely while V8 optimises the booking path and PostgreSQL's new connections fill their
// caches (the warm-up itself was not profiled). A server that has been up for a minute is the one
// a buyer meets; the warm-up's own rate is still printed, and its bookings are counted in the
// oversold check like every other.
//
// Each booking is made by a buyer who books at most three times in the whole run (./buyers.ts): the
// server caps one account's unpaid holds and its bookings per ten minutes, as it caps a crowd's real
// buyers. The accounts are made after pgbench and before its CHECKPOINT, enough for every run at
// pgbench's rate (bookings run at about 60 % of it), and topped up before a run only if the rate
// measured so far says the rest may not last; a run that still runs out is an error, never a figure.

const run = promisify(execFile);
const CLIENTS = 50;
const WARMUP_SECONDS = 10;
/** How far a back-to-back run may outpace the rate its buyers were counted at. */
const RATE_MARGIN = 1.25;
/** The bench's own departures, on days no demo tour uses. */
const DEPARTURES = [
  '06:50',
  '07:30',
  '08:10',
  '09:20',
  '10:40',
  '11:50',
  '12:40',
  '13:30',
  '14:50',
  '15:40',
  '16:10',
  '17:20',
  '18:30',
  '19:40',
  '20:50',
];

export interface ServerBench {
  pgbenchTps: number;
  /** Bookings per second during the warm-up through both processes (not a budget figure). */
  warmupTps: number;
  warmupSeconds: number;
  /** One process: bookings per second, p99 latency, and answers other than 200 or 409. */
  bookingTps: number;
  bookingP99Ms: number;
  /**
   * The same 50 clients offering together exactly 40 % of pgbench's tps (the budget rate, an open
   * load as real buyers make): bookings per second answered and the latency at that rate.
   */
  budgetRate: number;
  budgetRateTps: number;
  budgetRateP50Ms: number;
  budgetRateP99Ms: number;
  /** Answers 409 (a tour full, a lock wait that ran out) in the back-to-back and budget-rate runs. */
  bookingRefusals: number;
  budgetRateRefusals: number;
  bookingErrors: number;
  oneProcessTps: number;
  twoProcessTps: number;
  twoProcessP99Ms: number;
  /** Tours over capacity plus seats sold twice, after every run. */
  oversold: number;
  /** Bookings made in all, and the tours they were spread over. */
  bookings: number;
  tours: number;
  etag304Rps: number;
  seconds: number;
}

export interface Target {
  excursion: Excursion;
  tour: Tour;
}

export async function benchServer(options: { seconds?: number } = {}): Promise<ServerBench> {
  const seconds = options.seconds ?? 15;
  const base = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const cluster = await startCluster(base, 2, { HOLD_SWEEP_SECONDS: '3600' });
  const sql = new pg.Pool({ connectionString: cluster.database.url, max: 2 });
  try {
    const [p1, p2] = cluster.nodes as [ClusterNode, ClusterNode];

    const targets = await prepareTours(p1, cluster.token);
    const buyers = new BuyerPool(sql, cluster.token);

    const both = [
      { node: p1, connections: CLIENTS / 2 },
      { node: p2, connections: CLIENTS / 2 },
    ];
    const pgbenchTps = await pgbench(cluster.database.url, seconds);
    const budgetRate = Math.ceil(pgbenchTps * 0.4);
    const pacedCount = Math.floor(budgetRate * seconds);
    // Every run's buyers at pgbench's rate, before the CHECKPOINT that writes their pages out.
    await buyers.ensure(pgbenchTps * (WARMUP_SECONDS + 2 * seconds) + pacedCount, 4 * CLIENTS);
    await checkpoint(sql);
    // The rate a run's buyers are counted at: pgbench's, or the fastest run so far if that was faster.
    let expectedRate = pgbenchTps;
    const backToBack = async (nodes: { node: ClusterNode; connections: number }[], runSeconds: number) => {
      await buyers.ensure(expectedRate * RATE_MARGIN * runSeconds, CLIENTS);
      const result = await bookingLoad(nodes, targets, buyers, runSeconds);
      buyers.assertEnough('bookings back to back');
      expectedRate = Math.max(expectedRate, result.tps);
      return result;
    };
    const warmup = await backToBack(both, WARMUP_SECONDS);
    const one = await backToBack([{ node: p1, connections: CLIENTS }], seconds);
    const two = await backToBack(both, seconds);
    const etag304Rps = await etagLoad(p1, seconds);
    await buyers.ensure(pacedCount, CLIENTS);
    const paced = await pacedBookings(p1, targets, buyers, seconds, budgetRate);
    buyers.assertEnough('bookings at the budget rate');

    const oversold = await countOversold(sql);
    const [made] = (
      await sql.query<{ n: number; tours: number }>(
        `SELECT count(*)::int AS n, count(DISTINCT k.tour_id)::int AS tours
         FROM tickets k JOIN users u ON u.id = k.user_id WHERE u.email LIKE $1`,
        [`${BUYER_EMAIL_PREFIX}%`],
      )
    ).rows;
    return {
      pgbenchTps,
      warmupTps: warmup.tps,
      warmupSeconds: WARMUP_SECONDS,
      bookingTps: one.tps,
      bookingP99Ms: one.p99,
      budgetRate,
      budgetRateTps: paced.tps,
      budgetRateP50Ms: paced.p50,
      budgetRateP99Ms: paced.p99,
      bookingRefusals: one.refused,
      budgetRateRefusals: paced.refused,
      bookingErrors: warmup.errors + one.errors + paced.errors + two.errors,
      oneProcessTps: one.tps,
      twoProcessTps: two.tps,
      twoProcessP99Ms: two.p99,
      oversold,
      bookings: made?.n ?? 0,
      tours: made?.tours ?? 0,
      etag304Rps,
      seconds,
    };
  } finally {
    await sql.end();
    await cluster.destroy();
  }
}

/** `pgbench -i -s 10`, then 50 clients on 2 threads for the same duration; tps without connecting. */
async function pgbench(url: string, seconds: number): Promise<number> {
  await run('pgbench', ['-i', '-s', '10', '-q', url], { maxBuffer: 1 << 24 });
  const { stdout } = await run('pgbench', ['-c', '50', '-j', '2', '-T', String(seconds), '-n', url], {
    maxBuffer: 1 << 24,
  });
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
  if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`);
  await run('psql', [
    url,
    '-q',
    '-c',
    'DROP TABLE pgbench_accounts, pgbench_branches, pgbench_tellers, pgbench_history',
  ]);
  return Number(tps[1]);
}

/**
 * Writes out the pages pgbench left dirty now, rather than while bookings are measured. CHECKPOINT
 * needs a superuser or the pg_checkpoint role; without either the warm-up still absorbs most of it.
 */
async function checkpoint(sql: pg.Pool): Promise<void> {
  try {
    await sql.query('CHECKPOINT');
  } catch (error) {
    if ((error as { code?: string }).code !== '42501') throw error;
  }
}

/**
 * Future tours of excursions without seat choice (a booking there needs no seat numbers, so clients
 * never collide on a seat by construction), topped up with new tours so the runs never run out:
 * fifteen departures a day for 200 days per excursion (about 16,000 tours, under the tour rows a
 * process keeps for bookings), so the five runs fill a minority of the places and the figures
 * measure bookings, not "the tour is full" (the 409 answers are counted and printed). Five
 * departures were enough at 1,000 bookings a second; at 1,500 and more the later runs were refused
 * by the thousand.
 */
export async function prepareTours(
  node: ClusterNode,
  token: (userId: number) => Promise<string>,
): Promise<Target[]> {
  const get = async <T>(path: string) => (await (await fetch(`${node.url}${path}`)).json()) as T;
  const { excursions } = await get<{ excursions: Excursion[] }>('/api/excursions');
  const open = excursions.filter((e) => e.busType === 'none' && e.maxAttendants >= 10);
  const today = crimeaToday(new Date());
  for (const excursion of open) {
    for (const time of DEPARTURES) await addTours(excursion, time);
  }
  async function addTours(excursion: Excursion, time: string): Promise<void> {
    const slots = Array.from({ length: 200 }, (_, i) => ({
      excursionID: excursion._id,
      date: addDays(today, 70 + i),
      time,
    }));
    const response = await fetch(`${node.url}/api/tours`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${await token(excursion.ownerID)}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ tours: slots }),
    });
    if (response.status !== 200) throw new Error(`adding tours: ${response.status} ${await response.text()}`);
  }
  const { tours } = await get<{ tours: Tour[] }>('/api/tours');
  const byId = new Map(open.map((e) => [e._id, e]));
  return tours.flatMap((tour) => {
    const excursion = byId.get(tour.excursionID);
    return excursion && tour.date > today ? [{ excursion, tour }] : [];
  });
}

interface LoadResult {
  tps: number;
  p99: number;
  /** Answers 409: correct, but not bookings. */
  refused: number;
  errors: number;
}

/** A booking of one adult on a random target, by `user`. */
function bookingRequest(user: Buyer, targets: Target[]): PacedRequest {
  const { excursion, tour } = targets[Math.floor(Math.random() * targets.length)] as Target;
  return {
    method: 'POST',
    path: '/api/tickets',
    headers: { Authorization: `Bearer ${user.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(bookingBody(user.id, excursion, tour, { adults: 1 })),
  };
}

/**
 * Clients booking back to back, each as soon as its last answer came; every request as the next
 * buyer of one stream shared by all connections, so the clients in flight book as different buyers.
 */
export async function bookingLoad(
  nodes: { node: ClusterNode; connections: number }[],
  targets: Target[],
  buyers: BuyerPool,
  seconds: number,
): Promise<LoadResult> {
  const nextBuyer = stridedBuyers(
    buyers,
    nodes.reduce((sum, { connections }) => sum + connections, 0),
  );
  const results = await Promise.all(
    nodes.map(({ node, connections }) =>
      autocannon({
        url: node.url,
        connections,
        duration: seconds,
        requests: [
          {
            method: 'POST',
            path: '/api/tickets',
            setupRequest: (request) => {
              const { headers, body } = bookingRequest(nextBuyer(), targets);
              return { ...request, headers, body };
            },
          },
        ],
      }),
    ),
  );
  const ok = results.reduce((sum, r) => sum + r['2xx'], 0);
  const elapsed = Math.max(...results.map((r) => r.duration));
  // 409 (a tour full, or a booking that waited too long for its tour) is a correct answer; anything
  // else but 200, and every connection error or timeout, counts as an error.
  const errors = results.reduce((sum, r) => {
    const codes = (r as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
    const wrong = Object.entries(codes)
      .filter(([code]) => code !== '200' && code !== '409')
      .reduce((n, [, stat]) => n + stat.count, 0);
    return sum + wrong + r.errors + r.timeouts;
  }, 0);
  const refused = results.reduce(
    (sum, r) =>
      sum +
      ((r as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats?.['409']?.count ?? 0),
    0,
  );
  return { tps: ok / elapsed, p99: Math.max(...results.map((r) => r.latency.p99)), refused, errors };
}

/** CLIENTS clients, one buyer each at a time, offered `rate` bookings a second between them, evenly. */
export async function pacedBookings(
  node: ClusterNode,
  targets: Target[],
  buyers: BuyerPool,
  seconds: number,
  rate: number,
): Promise<LoadResult & { p50: number }> {
  const buyerOf = buyerPerClient(buyers);
  const result = await pacedLoad({
    url: node.url,
    clients: CLIENTS,
    rate,
    seconds,
    next: (client) => bookingRequest(buyerOf(client), targets),
  });
  const count = (code: number) => result.statuses.get(code) ?? 0;
  const at = (p: number) => (result.latencies.length > 0 ? percentile(result.latencies, p) : Number.NaN);
  const wrong = [...result.statuses].filter(([code]) => code !== 200 && code !== 409);
  return {
    tps: count(200) / result.seconds,
    p50: at(50),
    p99: at(99),
    refused: count(409),
    errors: result.errors + wrong.reduce((n, [, c]) => n + c, 0),
  };
}

/** The list call a phone repeats, with the ETag it already holds: the answer is a bodiless 304. */
async function etagLoad(node: ClusterNode, seconds: number): Promise<number> {
  const first = await fetch(`${node.url}/api/excursions`);
  await first.arrayBuffer();
  const etag = first.headers.get('etag');
  if (!etag) throw new Error('GET /api/excursions sent no ETag');
  const result = await autocannon({
    url: `${node.url}/api/excursions`,
    connections: CLIENTS,
    duration: Math.min(seconds, 10),
    headers: { 'If-None-Match': etag },
  });
  if (result['2xx'] > 0) throw new Error(`${result['2xx']} list calls were answered with a body, not 304`);
  return result['3xx'] / result.duration;
}

async function countOversold(sql: pg.Pool): Promise<number> {
  const [over] = (
    await sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (
         SELECT t.id,
                CASE WHEN e.bus_type = 'none' THEN e.max_attendants ELSE cardinality(e.available_seats) END AS capacity,
                (SELECT coalesce(sum(k.adults + k.kids), 0) FROM tickets k
                 WHERE k.tour_id = t.id AND k.status <> 'cancelled') AS sold
         FROM tours t JOIN excursions e ON e.id = t.excursion_id
       ) x WHERE sold > capacity`,
    )
  ).rows;
  const [twice] = (
    await sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (
         SELECT tour_id, seat FROM ticket_seats WHERE active GROUP BY tour_id, seat HAVING count(*) > 1
       ) d`,
    )
  ).rows;
  return (over?.n ?? 0) + (twice?.n ?? 0);
}
