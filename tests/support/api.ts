import type { Excursion, Tour } from '../../src/domain/types';
import type { TestServer } from './server';

// Small typed helpers over fetch for integration tests: every call goes over real HTTP.

export const DEMO = { admin: 1, seller: 2, seller2: 3, tourist: 4, boxOffice: 5 } as const;

export interface ApiClient {
  get(path: string, init?: RequestInit): Promise<Response>;
  json<T>(path: string, init?: RequestInit): Promise<T>;
  send(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
}

/** A server to call: a test server, or the e2e tests' product (only its address is used). */
export type Reachable = Pick<TestServer, 'url'>;

export function api(server: Reachable, token?: string): ApiClient {
  const auth: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const get = (path: string, init: RequestInit = {}) =>
    fetch(`${server.url}${path}`, {
      ...init,
      headers: { ...auth, ...(init.headers as Record<string, string>) },
    });
  return {
    get,
    async json<T>(path: string, init?: RequestInit) {
      const response = await get(path, init);
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
    send: (method, path, body, headers = {}) =>
      fetch(`${server.url}${path}`, {
        method,
        headers: { ...auth, 'Content-Type': 'application/json', ...headers },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      }),
  };
}

export function tokenFor(server: TestServer, userId: number, tokenVersion = 0, ttlSeconds?: number) {
  return server.tokens.sign({ userId, tokenVersion }, ttlSeconds);
}

export async function catalogue(server: TestServer) {
  const client = api(server);
  const { excursions } = await client.json<{ excursions: Excursion[] }>('/api/excursions');
  const { tours } = await client.json<{ tours: Tour[] }>('/api/tours');
  return { excursions, tours };
}

/** A tour of `ownerId`'s excursions with no tickets sold, from the server's own data. */
export async function unsoldTourOf(
  server: TestServer,
  ownerId: number,
): Promise<{ tour: Tour; excursion: Excursion }> {
  const { excursions, tours } = await catalogue(server);
  for (const tour of tours) {
    const excursion = excursions.find((e) => e._id === tour.excursionID);
    if (excursion?.ownerID === ownerId && tour.tickets.length === 0) return { tour, excursion };
  }
  throw new Error(`no unsold tour of user ${ownerId}`);
}
