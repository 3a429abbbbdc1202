import { randomBytes } from 'node:crypto';

// multipart/form-data bodies built by hand, so a test controls every byte: the file name (a path, a
// quote), the claimed type and the content, none of which fetch's FormData would send as given.

export interface Part {
  name: string;
  data: string | Uint8Array;
  filename?: string;
  type?: string;
}

export function multipart(parts: Part[]): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----fuzz${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.filename === undefined
        ? `form-data; name="${part.name}"`
        : `form-data; name="${part.name}"; filename="${part.filename.replace(/"/g, '%22')}"`;
    const head =
      `--${boundary}\r\nContent-Disposition: ${disposition}\r\n` +
      (part.type
        ? `Content-Type: ${part.type}\r\n`
        : part.filename !== undefined
          ? 'Content-Type: application/octet-stream\r\n'
          : '') +
      '\r\n';
    chunks.push(Buffer.from(head, 'utf8'));
    chunks.push(typeof part.data === 'string' ? Buffer.from(part.data, 'utf8') : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(chunks),
    headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
  };
}
