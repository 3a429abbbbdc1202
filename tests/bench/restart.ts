import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProduct } from '../support/process';

// `npm start` on existing PGlite data, as a person restarts it: from the command to the first healthy
// answer. The first start (migrations, demo seed) is made beforehand and not counted.

export async function benchRestart(): Promise<{ ms: number }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'krym-bench-start-'));
  try {
    const first = await startProduct({ DATA_DIR: dataDir });
    await first.stop('SIGTERM');
    const startedAt = performance.now();
    const second = await startProduct({ DATA_DIR: dataDir });
    const ms = performance.now() - startedAt;
    await second.stop('SIGTERM');
    return { ms };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
