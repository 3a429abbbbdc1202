import { describe, expect, it } from 'vitest';
import {
  DECLINED_KEY,
  declined,
  pushSupported,
  rememberNotNow,
  shouldAsk,
  type AskFacts,
} from '../../../src/client/push/ask';
import { base64UrlBytes } from '../../../src/client/push/reminders';

// Whether the paid booking's page offers trip reminders, and what the offer remembers.

const fresh: AskFacts = { supported: true, permission: 'default', subscribed: false, declined: false };

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, String(value)),
  };
}

describe('offering trip reminders', () => {
  it('asks a person who has not answered yet', () => {
    expect(shouldAsk(fresh)).toBe(true);
  });

  it('offers again when notifications are allowed but this browser holds no subscription', () => {
    expect(shouldAsk({ ...fresh, permission: 'granted' })).toBe(true);
  });

  it('does not ask when reminders are already on', () => {
    expect(shouldAsk({ ...fresh, permission: 'granted', subscribed: true })).toBe(false);
  });

  it('does not ask when the browser refuses notifications, or has no push at all', () => {
    expect(shouldAsk({ ...fresh, permission: 'denied' })).toBe(false);
    expect(shouldAsk({ ...fresh, supported: false })).toBe(false);
  });

  it('does not ask after "not now", whatever the permission', () => {
    expect(shouldAsk({ ...fresh, declined: true })).toBe(false);
    expect(shouldAsk({ ...fresh, permission: 'granted', declined: true })).toBe(false);
  });

  it('remembers "not now" in storage', () => {
    const storage = memoryStorage();
    expect(declined(storage)).toBe(false);
    rememberNotNow(storage);
    expect(storage.getItem(DECLINED_KEY)).toBe('1');
    expect(declined(storage)).toBe(true);
  });

  it('treats storage the page may not use as nothing remembered', () => {
    const closed = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(declined(closed)).toBe(false);
    expect(() => rememberNotNow(closed)).not.toThrow();
  });
});

describe('whether push works in this browser', () => {
  const navigatorWithWorker = { serviceWorker: {} } as Navigator;
  const constructor = function () {} as unknown;

  it('needs a service worker, PushManager and Notification', () => {
    const all = {
      navigator: navigatorWithWorker,
      PushManager: constructor as typeof PushManager,
      Notification: constructor as typeof Notification,
    };
    expect(pushSupported(all)).toBe(true);
    expect(pushSupported({ ...all, navigator: {} as Navigator })).toBe(false);
    expect(pushSupported({ ...all, PushManager: undefined })).toBe(false);
    expect(pushSupported({ ...all, Notification: undefined })).toBe(false);
  });
});

describe('the server key as the browser takes it', () => {
  it('decodes base64url with and without padding', () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, i) => (i * 37 + 251) % 256);
    const text = Buffer.from(bytes).toString('base64url');
    expect(text).not.toMatch(/[+/=]/);
    expect([...base64UrlBytes(text)]).toEqual([...bytes]);
    expect([...base64UrlBytes('-_8')]).toEqual([0xfb, 0xff]);
  });
});
