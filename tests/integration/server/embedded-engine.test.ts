import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, PGLITE_SHARED_BUFFERS } from '../../../src/server/storage/db';

// The embedded engine (PGlite) opens with a 32 MB buffer pool instead of PostgreSQL's 128 MB
// (storage/db.ts): a start parameter, so it holds on every open of a data directory and leaves the
// directory's postgresql.conf as PostgreSQL wrote it.

describe('the embedded engine', () => {
  let dir: string | undefined;
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('opens a new and an existing data directory with its small buffer pool', async () => {
    dir = await mkdtemp(join(tmpdir(), 'krym-pglite-'));
    const dataDir = join(dir, 'pgdata');
    const shared = async () => {
      const db = await openPglite(dataDir);
      try {
        const [row] = await db.query<{ shared_buffers: string }>('SHOW shared_buffers');
        return row?.shared_buffers;
      } finally {
        await db.close();
      }
    };
    expect(PGLITE_SHARED_BUFFERS).toBe('32MB');
    expect(await shared()).toBe('32MB');
    expect(await shared()).toBe('32MB');
    const conf = await readFile(join(dataDir, 'postgresql.conf'), 'utf8');
    expect(conf).toMatch(/^shared_buffers = 128MB/m);
  });
});
