// A sync server for pull tests: it answers each /api/sync cursor from a script and lists what it was
// asked, so a test sees which pages a pull requested and in what order.

import type { HttpAnswer, HttpClient } from '../../../src/client/api/http';
import type { SyncResponseInput } from '../../../src/protocol/sync';

const answer = (data: unknown, status = 200): HttpAnswer => ({
  status,
  ok: status >= 200 && status < 300,
  data,
  errorText: undefined,
  headers: new Headers(),
});

/**
 * A server that answers each sync path from a script (503 for a cursor it has no page for), and lists
 * the cursors asked for ('' = none).
 */
export function scriptedServer(
  pages: Record<string, SyncResponseInput | unknown>,
  onRequest?: (cursor: string) => Promise<void>,
) {
  const asked: string[] = [];
  const http: HttpClient = {
    async request<T>(_method: string, path: string) {
      const cursor = new URL(path, 'http://app.test').searchParams.get('cursor') ?? '';
      asked.push(cursor);
      await onRequest?.(cursor);
      const page = pages[cursor];
      return (page === undefined ? answer({ detail: 'unavailable' }, 503) : answer(page)) as HttpAnswer<T>;
    },
  };
  return { http, asked };
}
