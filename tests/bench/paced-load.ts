import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

// An open load at a steady rate, as buyers arrive: request i is due at start + i / rate, whatever
// happened to the ones before it. Each due request goes to an idle client (one keep-alive
// connection each); when every client is busy it waits for the first to come free, and that wait
// counts in its latency, which runs from the moment it was due, not from when it was sent (so a
// slow server cannot hide its queue by slowing the load down: "coordinated omission").
//
// autocannon's rate option is not this: each connection sends back to back until it has made its
// share of the second, then waits for the next second's tick, so every second starts with all
// connections firing at once.

export interface PacedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface PacedResult {
  /** How many answers came with each status code. */
  statuses: Map<number, number>;
  /** Latency of every answer, due time to last byte, in milliseconds, in order of answer. */
  latencies: number[];
  /** When each of those answers was due, in milliseconds from the start (same order). */
  dueAt: number[];
  /** Requests that got no answer (a connection error). */
  errors: number;
  seconds: number;
}

/** Due times, in milliseconds from the start, of a steady `rate` per second over `seconds`. */
export function dueTimes(rate: number, seconds: number): number[] {
  if (!(rate > 0) || !(seconds > 0)) throw new Error(`a paced load needs a rate and a duration`);
  const count = Math.floor(rate * seconds);
  return Array.from({ length: count }, (_, i) => (i * 1000) / rate);
}

/**
 * Sends `rate` requests a second for `seconds` to `url` over `clients` keep-alive connections;
 * `next(client)` builds each request for the client that sends it (client numbers 0..clients-1).
 */
export async function pacedLoad(options: {
  url: string;
  clients: number;
  rate: number;
  seconds: number;
  next: (client: number) => PacedRequest;
}): Promise<PacedResult> {
  const { hostname, port } = new URL(options.url);
  const schedule = dueTimes(options.rate, options.seconds);
  const agents = Array.from({ length: options.clients }, () => new Agent({ keepAlive: true, maxSockets: 1 }));
  const idle = Array.from({ length: options.clients }, (_, i) => options.clients - 1 - i);
  const waiting: number[] = [];
  const statuses = new Map<number, number>();
  const latencies: number[] = [];
  const dueAt: number[] = [];
  let errors = 0;
  let finished = 0;
  let done!: () => void;
  const allDone = new Promise<void>((resolve) => (done = resolve));
  const start = performance.now();

  function send(client: number, due: number): void {
    const spec = options.next(client);
    const answered = (status: number | undefined) => {
      if (status === undefined) errors++;
      else {
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        latencies.push(performance.now() - start - due);
        dueAt.push(due);
      }
      if (++finished === schedule.length) done();
      const queued = waiting.shift();
      if (queued === undefined) idle.push(client);
      else send(client, queued);
    };
    const req = request(
      {
        host: hostname,
        port,
        method: spec.method,
        path: spec.path,
        agent: agents[client],
        headers: spec.body
          ? { ...spec.headers, 'Content-Length': String(Buffer.byteLength(spec.body)) }
          : spec.headers,
      },
      (res) => {
        res.resume();
        res.once('end', () => answered(res.statusCode));
        res.once('error', () => answered(undefined));
      },
    );
    req.once('error', () => answered(undefined));
    req.end(spec.body);
  }

  let nextDue = 0;
  const tick = () => {
    const now = performance.now() - start;
    while (nextDue < schedule.length && (schedule[nextDue] as number) <= now) {
      const client = idle.pop();
      if (client === undefined) waiting.push(schedule[nextDue] as number);
      else send(client, schedule[nextDue] as number);
      nextDue++;
    }
    if (nextDue < schedule.length) setTimeout(tick, Math.max(0, (schedule[nextDue] as number) - now));
  };
  tick();
  await allDone;
  const seconds = (performance.now() - start) / 1000;
  for (const agent of agents) agent.destroy();
  return { statuses, latencies, dueAt, errors, seconds };
}
