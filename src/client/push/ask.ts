// Whether the /success page offers trip reminders. It asks once a booking is paid, never on a first
// visit; a person who said "not now", or whose browser refuses notifications, is not asked again.

/** localStorage: '1' once the person pressed 'Не сейчас' on the offer. */
export const DECLINED_KEY = 'push_reminders_declined';

export interface AskFacts {
  /** The browser has a service worker, the Push API and notifications. */
  supported: boolean;
  permission: NotificationPermission;
  /** This browser already holds a push subscription of the app. */
  subscribed: boolean;
  /** The person chose 'Не сейчас' before. */
  declined: boolean;
}

/**
 * Offer the reminders unless there is nothing to offer (no push here, or already on) or the person
 * has answered: refused notifications in the browser, or 'Не сейчас' in the app. Notifications
 * allowed without a subscription (it was turned off) are offered again: the tap then needs no prompt.
 */
export function shouldAsk(facts: AskFacts): boolean {
  if (!facts.supported || facts.declined || facts.permission === 'denied') return false;
  return !(facts.permission === 'granted' && facts.subscribed);
}

type Scope = Partial<Pick<typeof globalThis, 'navigator' | 'PushManager' | 'Notification'>>;

/** Web Push works here: a service worker, PushManager and Notification (iOS has them only installed). */
export function pushSupported(scope: Scope = globalThis): boolean {
  return (
    typeof scope.navigator === 'object' &&
    'serviceWorker' in scope.navigator &&
    typeof scope.PushManager === 'function' &&
    typeof scope.Notification === 'function'
  );
}

type Storage_ = Pick<Storage, 'getItem' | 'setItem'>;

export function declined(storage: Storage_ = localStorage): boolean {
  try {
    return storage.getItem(DECLINED_KEY) === '1';
  } catch {
    // Storage closed to the page (a privacy mode): nothing was remembered.
    return false;
  }
}

export function rememberNotNow(storage: Storage_ = localStorage): void {
  try {
    storage.setItem(DECLINED_KEY, '1');
  } catch {
    // Storage closed to the page: the offer comes back on the next paid booking, which is harmless.
  }
}
