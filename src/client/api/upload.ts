import { readErrorText } from '../../protocol/errors';
import { AUTHORIZATION_HEADER, bearer, IDEMPOTENCY_KEY_HEADER } from '../../protocol/headers';
import { NetworkError, type HttpAnswer } from './http';

// A multipart upload that reports how much of its body has gone out and can be stopped. fetch tells
// nothing about a request body's progress (a streamed body would, but Chromium needs HTTP/2 for it and
// no other browser has it), so this one request goes through XMLHttpRequest: its upload.onprogress
// fires as the body is sent, and abort() stops it at once.

export interface UploadProgress {
  /** Bytes of the request body sent so far. */
  sent: number;
  /** The whole body, multipart framing included. */
  total: number;
}

export interface UploadOptions {
  form: FormData;
  token?: string | null;
  idempotencyKey?: string;
  /** Aborting it stops the upload; the promise then rejects with UploadCancelledError. */
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
}

/** The user stopped the upload: nothing was answered, and the request may not have reached the server. */
export class UploadCancelledError extends Error {
  constructor() {
    super('upload cancelled');
    this.name = 'UploadCancelledError';
  }
}

/**
 * Sends `form` to `url` and resolves with the server's answer, as the HTTP client does; rejects with
 * NetworkError when no answer came and with UploadCancelledError when `signal` stopped it.
 */
export function uploadForm<T = unknown>(
  method: 'POST' | 'PUT',
  url: string,
  options: UploadOptions,
): Promise<HttpAnswer<T>> {
  return new Promise((resolve, reject) => {
    const { signal } = options;
    if (signal?.aborted) {
      reject(new UploadCancelledError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.setRequestHeader('Accept', 'application/json');
    if (options.token) xhr.setRequestHeader(AUTHORIZATION_HEADER, bearer(options.token));
    if (options.idempotencyKey) xhr.setRequestHeader(IDEMPOTENCY_KEY_HEADER, options.idempotencyKey);
    const onAbort = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', onAbort);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.({ sent: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      settle();
      resolve(answerOf<T>(xhr));
    };
    xhr.onerror = () => {
      settle();
      reject(new NetworkError(new Error('network error')));
    };
    xhr.onabort = () => {
      settle();
      reject(new UploadCancelledError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(options.form);
  });
}

function answerOf<T>(xhr: XMLHttpRequest): HttpAnswer<T> {
  let data: unknown;
  try {
    data = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : undefined;
  } catch {
    // A body that is not JSON (a proxy's error page) is treated as no body, as readAnswer does.
    data = undefined;
  }
  const ok = xhr.status >= 200 && xhr.status < 300;
  return {
    status: xhr.status,
    ok,
    data: data as T,
    errorText: ok ? undefined : readErrorText(data),
    headers: headersOf(xhr.getAllResponseHeaders()),
  };
}

function headersOf(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    try {
      headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
    } catch {
      // A header Headers will not hold (an odd name from a proxy) is not one the app reads.
    }
  }
  return headers;
}
