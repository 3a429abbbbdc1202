import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, newFactory, openReplica, until } from '../../support/client';
import { startTestServer, type TestServer } from '../../support/server';

// Two tabs share one IndexedDB. Node has no Web Locks, so this exercises the lease fallback; the
// browser path (navigator.locks) is exercised by the e2e tests in Chromium.
describe('one leader among tabs', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('never lets two engines on one database sync at once, and hands over when the leader closes', async () => {
    const factory = newFactory();
    const tabA = createClient(server, { db: openReplica(factory, 'shared') }).engine;
    const tabB = createClient(server, { db: openReplica(factory, 'shared') }).engine;
    tabA.start();
    tabB.start();
    await until(() => tabA.isLeader || tabB.isLeader);
    const samples: number[] = [];
    for (let i = 0; i < 20; i++) {
      samples.push(Number(tabA.isLeader) + Number(tabB.isLeader));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(Math.max(...samples)).toBe(1);
    expect(await tabA.pull().then((r) => r !== null)).toBe(tabA.isLeader);
    expect(await tabB.pull().then((r) => r !== null)).toBe(tabB.isLeader);

    const [leader, follower] = tabA.isLeader ? [tabA, tabB] : [tabB, tabA];
    await leader.stop();
    await until(() => follower.isLeader, 6000);
    expect(leader.isLeader).toBe(false);
    await follower.stop();
  });
});
