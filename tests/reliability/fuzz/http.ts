import { request } from 'node:http';

// A raw HTTP client for hostile requests: any method, any header, any body bytes. fetch() refuses
// some methods (TRACE, CONNECT) and always fixes up the body; node:http sends what it is given.

export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export function send(baseUrl: string, req: RawRequest): Promise<RawResponse> {
  const url = new URL(baseUrl);
  const body = typeof req.body === 'string' ? Buffer.from(req.body, 'utf8') : req.body;
  return new Promise((resolve, reject) => {
    let answered = false;
    const outgoing = request(
      {
        host: url.hostname,
        port: url.port,
        method: req.method,
        path: req.path,
        // A fresh connection each time: a refused upload closes its connection on purpose.
        agent: false,
        headers: {
          ...(body ? { 'Content-Length': String(body.byteLength) } : {}),
          ...req.headers,
        },
      },
      (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    // The server may answer (413, 401) and close before the whole body is written.
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET') {
        // The answer usually arrives anyway; without one it is a real failure.
        setTimeout(() => answered || reject(error), 2000);
        return;
      }
      reject(error);
    });
    if (body) outgoing.write(body);
    outgoing.end();
  });
}

/** The error text of a refusal, read from the field SPEC §7 names (`detail`, `message` for tours). */
export function errorText(response: RawResponse, field: 'detail' | 'message' = 'detail'): string | null {
  try {
    const parsed = JSON.parse(response.text) as Record<string, unknown>;
    const value = parsed[field];
    return typeof value === 'string' && value.length > 0 ? value : null;
  } catch {
    return null;
  }
}
