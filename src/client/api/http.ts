import { readErrorText } from '../../protocol/errors';
import { AUTHORIZATION_HEADER, bearer, IDEMPOTENCY_KEY_HEADER } from '../../protocol/headers';

// The one HTTP client of the app: the sync engine and online-only actions use it; screens never do.
// It separates "the network failed" (retry later) from "the server answered" (status + body).

export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : 'network error');
    this.name = 'NetworkError';
  }
}

export interface HttpAnswer<T = unknown> {
  status: number;
  ok: boolean;
  data: T;
  /** The server's error text (`detail` or `message`), when it sent one. */
  errorText: string | undefined;
  headers: Headers;
}

export interface RequestOptions {
  body?: unknown;
  /** A multipart body (file uploads); the browser sets its Content-Type with the boundary. */
  form?: FormData;
  token?: string | null;
  idempotencyKey?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface HttpClient {
  request<T = unknown>(method: string, path: string, options?: RequestOptions): Promise<HttpAnswer<T>>;
}

export function createHttpClient(
  baseUrl: string,
  fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis),
): HttpClient {
  return {
    async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<HttpAnswer<T>> {
      const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
      if (options.token) headers[AUTHORIZATION_HEADER] = bearer(options.token);
      if (options.idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = options.idempotencyKey;
      let body: string | FormData | undefined = options.form;
      if (options.body !== undefined) {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(options.body);
      }
      let response: Response;
      try {
        response = await fetchImpl(`${baseUrl}${path}`, { method, headers, body, signal: options.signal });
      } catch (error) {
        throw new NetworkError(error);
      }
      return readAnswer<T>(response);
    },
  };
}

/** A response as an HttpAnswer: its status and its JSON body, if it has one. */
export async function readAnswer<T = unknown>(response: Response): Promise<HttpAnswer<T>> {
  let data: unknown;
  try {
    const text = await response.text();
    data = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    // A body that is not JSON (a proxy's error page) is treated as no body.
    data = undefined;
  }
  return {
    status: response.status,
    ok: response.ok,
    data: data as T,
    errorText: response.ok ? undefined : readErrorText(data),
    headers: response.headers,
  };
}
