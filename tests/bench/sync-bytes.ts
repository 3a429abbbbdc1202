import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/server/config';
import { startServer } from '../../src/server/main';

// Bytes on the wire for the catalogue pull a phone makes: the whole demo catalogue on first start
// (every page of GET /api/sync, gzip as the browser asks for it), then the pull after one excursion
// changed. Counted from the raw response bodies, before decompression.

function wireBytes(url: string): Promise<{ bytes: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'Accept-Encoding': 'gzip, br' } }, (res) => {
      let bytes = 0;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        chunks.push(chunk);
      });
      res.on('end', async () => {
        const raw = Buffer.concat(chunks);
        const { gunzipSync, brotliDecompressSync } = await import('node:zlib');
        const encoding = res.headers['content-encoding'];
        const text =
          encoding === 'gzip'
            ? gunzipSync(raw).toString()
            : encoding === 'br'
              ? brotliDecompressSync(raw).toString()
              : raw.toString();
        resolve({ bytes, body: text });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function pullAll(base: string, cursor?: string): Promise<{ bytes: number; cursor: string }> {
  let bytes = 0;
  let next = cursor;
  for (;;) {
    const query = new URLSearchParams({ limit: '2000', ...(next ? { cursor: next } : {}) });
    const page = await wireBytes(`${base}/api/sync?${query}`);
    bytes += page.bytes;
    const parsed = JSON.parse(page.body) as { cursor: string; more: boolean };
    next = parsed.cursor;
    if (!parsed.more) return { bytes, cursor: next };
  }
}

export async function benchSyncBytes(): Promise<{ full: number; afterOneChange: number }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'krym-bench-sync-'));
  const server = await startServer(
    loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error' }),
  );
  try {
    const first = await pullAll(server.url);
    const [excursion] = await server.db.query<{ id: string }>(
      `SELECT id FROM excursions WHERE status = 'published' ORDER BY id LIMIT 1`,
    );
    await server.db.query('UPDATE excursions SET popularity = popularity + 1 WHERE id = $1', [excursion?.id]);
    const second = await pullAll(server.url, first.cursor);
    return { full: first.bytes, afterOneChange: second.bytes };
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
