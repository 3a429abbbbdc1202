import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { dueTimes, pacedLoad } from '../../bench/paced-load';
import { median, percentile } from '../../bench/stats';

// The bench's open load (tests/bench/paced-load.ts) against a local HTTP server that notes when
// each request arrives: requests must come spread over the run, not in bursts, and a request that
// waits for a busy client must count that wait in its latency.

let server: Server | undefined;

afterEach(async () => {
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
  server = undefined;
});

/** A server answering 200 after `holdMs`; resolves with its URL and the arrival times it notes. */
async function listen(holdMs: number) {
  const arrivals: number[] = [];
  server = createServer((req, res) => {
    arrivals.push(performance.now());
    req.resume();
    req.once('end', () => setTimeout(() => res.end('ok'), holdMs));
  });
  await new Promise<void>((done) => server?.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, arrivals };
}

const post = () => ({ method: 'POST', path: '/', headers: {}, body: '{}' });

describe('paced load', () => {
  it('schedules requests evenly over the run', () => {
    const due = dueTimes(200, 1.5);
    expect(due).toHaveLength(300);
    expect(due[0]).toBe(0);
    expect(due[1]).toBe(5);
    expect(due.at(-1)).toBe(1495);
    expect(() => dueTimes(0, 1)).toThrow();
    expect(() => dueTimes(10, 0)).toThrow();
  });

  it('reads a percentile by nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(values, 99)).toBe(99);
    expect(median(values)).toBe(50);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(() => percentile([], 50)).toThrow();
  });

  it('sends requests spread over the run, each client on its own connection', async () => {
    const { url, arrivals } = await listen(0);
    const clients = new Set<number>();
    const result = await pacedLoad({
      url,
      clients: 10,
      rate: 100,
      seconds: 2,
      next: (client) => (clients.add(client), post()),
    });
    expect(result.statuses.get(200)).toBe(200);
    expect(result.errors).toBe(0);
    expect(result.latencies).toHaveLength(200);
    expect(result.dueAt).toHaveLength(200);
    expect(arrivals).toHaveLength(200);
    // Due every 10 ms: the typical gap between two arrivals is several milliseconds, where a
    // load fired in bursts (each client's share of the second at once) has gaps of a fraction of one.
    const gaps = arrivals.slice(1).map((t, i) => t - (arrivals[i] as number));
    expect(median(gaps)).toBeGreaterThan(4);
    expect((arrivals.at(-1) as number) - (arrivals[0] as number)).toBeGreaterThan(1500);
    // Answered at once, one client suffices most of the time; none beyond the ten is used.
    expect(Math.max(...clients)).toBeLessThan(10);
  });

  it('counts the wait for a busy client in the latency', async () => {
    // One client and a server that holds each request 100 ms, offered one every 50 ms: the last
    // of 20 is due at 950 ms and answered near 2 s, so its latency is about a second, where the
    // time from sending it to its answer is 100 ms.
    const { url, arrivals } = await listen(100);
    const result = await pacedLoad({ url, clients: 1, rate: 20, seconds: 1, next: post });
    expect(result.statuses.get(200)).toBe(20);
    expect(arrivals).toHaveLength(20);
    expect(Math.max(...result.latencies)).toBeGreaterThan(800);
    expect(Math.min(...result.latencies)).toBeGreaterThanOrEqual(100);
  });

  it('counts requests that get no answer as errors', async () => {
    const { url } = await listen(0);
    await new Promise<void>((done) => server?.close(() => done()));
    server = undefined;
    const result = await pacedLoad({ url, clients: 2, rate: 20, seconds: 0.5, next: post });
    expect(result.errors).toBe(10);
    expect(result.latencies).toHaveLength(0);
    expect(result.statuses.size).toBe(0);
  });
});
