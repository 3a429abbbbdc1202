import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestServer } from '../../support/server';

// The whole stored state of a test server: every row of every table (but the rate-limit counters,
// which exist to count refused attempts) and the names of the files in the media folder.

const COUNTERS = new Set(['rate_limits']);

export interface Snapshot {
  tables: Record<string, string[]>;
  mediaFiles: string[];
}

export async function snapshot(server: TestServer): Promise<Snapshot> {
  const names = await server.db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const tables: Record<string, string[]> = {};
  for (const { table_name: name } of names) {
    if (COUNTERS.has(name)) continue;
    const rows = await server.db.query<Record<string, unknown>>(`SELECT * FROM "${name}"`);
    tables[name] = rows.map((row) => JSON.stringify(row, (_key, value: unknown) => normalise(value))).sort();
  }
  return { tables, mediaFiles: await mediaFiles(server) };
}

export async function mediaFiles(server: TestServer): Promise<string[]> {
  try {
    return (await readdir(join(server.dataDir, 'media'), { recursive: true })).sort();
  } catch {
    return [];
  }
}

export async function mediaRowCount(server: TestServer): Promise<number> {
  const [row] = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM media');
  return row?.n ?? 0;
}

function normalise(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  return value;
}
