import type { TestServer } from './server';

// Reads a server's GET /metrics the way Prometheus does, so a test compares series before and after
// what it did.

/** One scrape: every sample by its series (`name{a="1",b="2"}`, labels in the order written). */
export type Scrape = Map<string, number>;

/** The samples of Prometheus' text format; comment lines (# HELP, # TYPE) are skipped. */
export function parseMetrics(text: string): Scrape {
  const samples: Scrape = new Map();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*(?:\{.*\})?) (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    samples.set(match[1] as string, Number(match[2]));
  }
  return samples;
}

/** The series key of `name` with `labels`, in the order prom-client writes them (as given). */
export function series(name: string, labels: Record<string, string> = {}): string {
  const pairs = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  return pairs.length === 0 ? name : `${name}{${pairs.join(',')}}`;
}

export async function scrape(server: TestServer, token: string): Promise<Scrape> {
  const response = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`/metrics: ${response.status} ${await response.text()}`);
  return parseMetrics(await response.text());
}

/**
 * How each series of `name` moved from `before` to `after`, keyed by its labels' part (`{...}` or
 * ''), series that did not move left out.
 */
export function moved(before: Scrape, after: Scrape, name: string): Record<string, number> {
  const changes: Record<string, number> = {};
  for (const [key, value] of after) {
    const labels = key.startsWith(`${name}{`) ? key.slice(name.length) : key === name ? '' : null;
    if (labels === null) continue;
    const change = value - (before.get(key) ?? 0);
    if (change !== 0) changes[labels] = change;
  }
  return changes;
}
