import { describe, expect, it, vi } from 'vitest';

// replicaDbApart builds the app's one Dexie handle between two yields to the main thread, so the
// work (Dexie parses every version's table specs) is a task of its own, and only once.

describe('replicaDbApart', () => {
  it('builds the shared handle between two pauses, and once', async () => {
    vi.resetModules();
    const { default: Dexie } = await import('dexie');
    const { replicaDb, replicaDbApart } = await import('../../../src/client/db/schema');
    const version = vi.spyOn(Dexie.prototype, 'version');
    const seen: number[] = [];
    const pause = async () => {
      seen.push(version.mock.calls.length);
    };

    const db = await replicaDbApart(pause);
    // Nothing built before the first pause; every version declared by the second.
    expect(seen).toEqual([0, version.mock.calls.length]);
    expect(version.mock.calls.length).toBeGreaterThan(0);
    expect(replicaDb()).toBe(db);

    // Already built: no pause, the same handle.
    expect(await replicaDbApart(pause)).toBe(db);
    expect(seen).toHaveLength(2);
    version.mockRestore();
  });
});
