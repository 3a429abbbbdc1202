import { afterEach, describe, expect, it } from 'vitest';
import {
  markReplicaFilled,
  REPLICA_FILLED_KEY,
  requestFirstPageEarly,
  syncPath,
  takeEarlyAnswer,
} from '../../../src/client/boot/first-page';
import { ACCESS_TOKEN_STORAGE_KEY } from '../../../src/protocol/headers';

// The first sync page asked for before the sync engine loads (first-page.ts): only on an anonymous
// visit to a never-filled replica, and handed to the engine once, for exactly that request.

function storage(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
  };
}

function recorder() {
  const asked: string[] = [];
  const answer = new Response('{"changes":[]}', { status: 200 });
  const request = (path: string, init: RequestInit) => {
    asked.push(`GET ${path} ${new Headers(init.headers).get('accept')}`);
    return Promise.resolve(answer);
  };
  return { asked, answer, request };
}

// A token of user 7 (the payload is all the client reads; the server checks the signature).
const TOKEN = `x.${btoa(JSON.stringify({ sub: '7' }))}.y`;

afterEach(() => {
  // Nothing asked early may leak into the next test.
  takeEarlyAnswer(syncPath(undefined), null);
});

describe('the first sync page asked early', () => {
  it('is asked on an anonymous first visit and given to the first pull once', async () => {
    const { asked, answer, request } = recorder();
    requestFirstPageEarly(storage(), request);
    expect(asked).toEqual([`GET ${syncPath(undefined)} application/json`]);
    expect(syncPath(undefined)).toBe('/api/sync?limit=2000');
    await expect(takeEarlyAnswer(syncPath(undefined), null)).resolves.toBe(answer);
    expect(takeEarlyAnswer(syncPath(undefined), null)).toBeUndefined();
  });

  it('is not asked for a signed-in visitor or a replica filled before', () => {
    const { asked, request } = recorder();
    requestFirstPageEarly(storage({ [ACCESS_TOKEN_STORAGE_KEY]: TOKEN }), request);
    requestFirstPageEarly(storage({ [REPLICA_FILLED_KEY]: '1' }), request);
    requestFirstPageEarly(undefined, request);
    expect(asked).toEqual([]);
    expect(takeEarlyAnswer(syncPath(undefined), null)).toBeUndefined();
  });

  it('is dropped when the pull asks something else: signed in meanwhile, or a cursor stored', () => {
    const { request } = recorder();
    requestFirstPageEarly(storage(), request);
    expect(takeEarlyAnswer(syncPath(undefined), TOKEN)).toBeUndefined();
    expect(takeEarlyAnswer(syncPath(undefined), null)).toBeUndefined();
    requestFirstPageEarly(storage(), request);
    expect(takeEarlyAnswer(syncPath('v1.12.0'), null)).toBeUndefined();
    expect(syncPath('v1.12.0')).toBe('/api/sync?limit=2000&cursor=v1.12.0');
  });

  it('stops after a pull has filled the replica', () => {
    const { asked, request } = recorder();
    const stored = storage();
    markReplicaFilled(stored);
    expect(stored.getItem(REPLICA_FILLED_KEY)).toBe('1');
    requestFirstPageEarly(stored, request);
    expect(asked).toEqual([]);
  });
});
