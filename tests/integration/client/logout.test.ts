import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../src/client/api/http';
import {
  logOut,
  pendingLogouts,
  resendPendingLogouts,
  sendPendingLogouts,
} from '../../../src/client/commands/logout';
import { readSession, writeToken } from '../../../src/client/commands/session';
import { api, DEMO, tokenFor } from '../../support/api';
import { memoryStorage, newFactory, openReplica, until } from '../../support/client';
import { ONE_ENGINE, startTestServer, type TestServer } from '../../support/server';

// 'Выйти из аккаунта' on the phone: the token is forgotten at once and the server revokes it, right
// away when online, or once the network is back when the logout happened offline; the user's other
// devices stay signed in.

describe.each(ONE_ENGINE)('the client’s logout on %s', (engineName) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engineName);
  });
  afterAll(async () => {
    await server?.destroy();
  });

  /** A phone whose network can be switched off; its `online` events go to `events`. */
  function phone(name: string) {
    const network = { online: true };
    const fetchThrough: typeof fetch = (input, init) =>
      network.online ? fetch(input, init) : Promise.reject(new TypeError('fetch failed: offline'));
    const deps = {
      db: openReplica(newFactory(), name),
      http: createHttpClient(server.url, fetchThrough),
      storage: memoryStorage(),
    };
    return { network, deps, events: new EventTarget() };
  }
  const accepted = async (token: string) => (await api(server, token).get('/api/users/me')).status === 200;

  it('online: the token is forgotten and revoked; another device’s token still works', async () => {
    const { deps } = phone('online');
    const token = await tokenFor(server, DEMO.tourist);
    const otherDevice = await tokenFor(server, DEMO.tourist);
    writeToken(deps.storage, token);

    await logOut(deps);
    expect(readSession(deps.storage).token).toBeNull();
    await until(async () => !(await accepted(token)));
    // The server's answer reaches the app a moment after the revocation takes effect.
    await until(() => pendingLogouts(deps).length === 0);
    expect(await accepted(otherDevice)).toBe(true);
  });

  it('offline: the logout is not held up, and the token is revoked once the network is back', async () => {
    const { network, deps, events } = phone('offline');
    const token = await tokenFor(server, DEMO.tourist);
    writeToken(deps.storage, token);
    resendPendingLogouts(events, deps);
    network.online = false;

    await logOut(deps);
    expect(readSession(deps.storage).token).toBeNull();
    expect(pendingLogouts(deps)).toEqual([token]);
    // A retry while still offline keeps it waiting.
    expect(await sendPendingLogouts(deps)).toBe(1);
    expect(await accepted(token)).toBe(true);

    network.online = true;
    events.dispatchEvent(new Event('online'));
    await until(() => pendingLogouts(deps).length === 0);
    expect(await accepted(token)).toBe(false);
  });

  it('a token the server no longer accepts leaves the list without being sent again', async () => {
    const { deps } = phone('refused');
    const token = await tokenFor(server, DEMO.tourist);
    const expired = await tokenFor(server, DEMO.tourist, 0, -5);
    deps.storage.setItem('pending_logouts', JSON.stringify([`${token.slice(0, -4)}AAAA`, expired, token]));
    expect(await sendPendingLogouts(deps)).toBe(0);
    expect(await accepted(token)).toBe(false);
  });
});
