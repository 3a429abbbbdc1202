import { liveQuery, type Subscription } from 'dexie';
import { createHttpClient, type HttpClient } from '../../api/http';
import type { ReplicaDb } from '../../db/schema';
import { applyChanges } from '../pull/apply';
import { createLeaderElection, type LockManagerLike } from '../live/leader';
import { createLiveSocket, type LiveSocket, type WebSocketFactory } from '../live/socket';
import { backoffDelay, flushOutbox, wakeOutbox, type FlushResult } from '../outbox/flush';
import type { PullOutcome, PullRunner } from '../pull/runner';
import { pullAll } from '../pull/tab';
import { isQuotaError, logMessage, updateStatus } from './status';
import type { Session } from '../../commands/session';

export type { Session };

// The sync engine: the only writer of server data into the replica. The leader tab pulls on start,
// on `online`, after every socket reconnect and on focus after a pause; applies socket deltas; and
// flushes the outbox, woken by `online`, focus, new queued mutations and its own backoff timer.
// A pull that fails for a passing reason (no network, a 5xx, a storage hiccup) is tried again on a
// capped backoff too: with the socket already open nothing else would ask, and a pull that failed
// right after a "start over" leaves the replica empty (no catalogue, no signed-in user) until then.

export const FOCUS_PULL_AFTER_MS = 30_000;
export const OUTBOX_POLL_MS = 5000;

interface EventSourceLike {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

export interface EngineOptions {
  db: ReplicaDb;
  /** '' for the page's own origin. */
  baseUrl: string;
  wsUrl: string;
  connectSocket: WebSocketFactory;
  session: () => Session;
  fetch?: typeof fetch;
  locks?: LockManagerLike;
  /** Where `online`, `offline`, `focus` and `visibilitychange` are heard (the window). */
  events?: EventSourceLike;
  isOnline?: () => boolean;
  isVisible?: () => boolean;
  now?: () => number;
  random?: () => number;
  /** The server refused the token (expired, revoked by a demotion or logout everywhere). */
  onUnauthorized?: () => void;
  /** Runs one pull (all its pages); by default in this context (pull/tab.ts), in a tab by a worker (pull/worker.ts). */
  pull?: PullRunner;
}

export interface SyncEngine {
  start(): void;
  stop(): Promise<void>;
  /** Pulls now (the leader only); resolves with the outcome, or null in a follower tab. */
  pull(): Promise<PullOutcome | null>;
  /** Sends queued mutations now (the leader only). */
  flush(): Promise<FlushResult | null>;
  /** Login or logout happened: resubscribe the socket, pull (the cursor resets) and resume the queue. */
  sessionChanged(): void;
  readonly isLeader: boolean;
}

export function createSyncEngine(options: EngineOptions): SyncEngine {
  const { db } = options;
  const now = options.now ?? Date.now;
  const isOnline = options.isOnline ?? (() => true);
  const http: HttpClient = createHttpClient(options.baseUrl, options.fetch);
  const election = createLeaderElection(db, options.locks, now);
  const pullPages = options.pull ?? ((token: string | null) => pullAll(http, db, token));
  let leading = false;
  let lastPullAt = 0;
  let flushTimer: ReturnType<typeof setTimeout> | null = null;
  let pullRetryTimer: ReturnType<typeof setTimeout> | null = null;
  let pullFailures = 0;
  let pollTimer: ReturnType<typeof setInterval> | null = null;
  let outboxWatch: Subscription | null = null;
  let pulling: Promise<PullOutcome | null> | null = null;
  let pullAgain = false;
  let flushing: Promise<FlushResult | null> | null = null;
  let flushAgain = false;

  const guard = async <T>(work: () => Promise<T>): Promise<T | null> => {
    try {
      return await work();
    } catch (error) {
      if (isQuotaError(error)) await updateStatus(db, { storageFull: true }).catch(() => undefined);
      else await updateStatus(db, { lastError: String(error) }).catch(() => undefined);
      return null;
    }
  };

  const live: LiveSocket = createLiveSocket({
    url: options.wsUrl,
    connect: options.connectSocket,
    session: options.session,
    onChanges: (changes) => void guard(() => applyChanges(db, changes)),
    onNeedPull: () => void engine.pull(),
    onState: (socket) => void updateStatus(db, { socket }).catch(() => undefined),
    onMessage: (text) => void logMessage(db, 'in', text).catch(() => undefined),
  });

  const doPull = async (): Promise<PullOutcome | null> => {
    const { token } = options.session();
    const outcome = await guard(() => pullPages(token));
    lastPullAt = now();
    // A pull answered just before the network dropped lands after `offline`: the browser's word wins.
    if (outcome?.ok)
      await updateStatus(db, {
        lastSyncedAt: now(),
        lastError: null,
        online: isOnline(),
        storageFull: false,
      });
    else if (outcome?.error === 'offline') await updateStatus(db, { online: false });
    else if (outcome?.error === 'unauthorized') {
      await updateStatus(db, { paused: true, lastError: 'unauthorized' });
      options.onUnauthorized?.();
    } else if (outcome) await updateStatus(db, { lastError: outcome.error });
    return outcome;
  };

  /** After a pull: a failure that may pass is retried on a backoff; success or a refused token stops it. */
  const retryPullIfFailed = (outcome: PullOutcome | null) => {
    if (pullRetryTimer) clearTimeout(pullRetryTimer);
    pullRetryTimer = null;
    // A refused token waits for users/me (onUnauthorized) and the next login, not for a timer.
    if (outcome?.ok || outcome?.error === 'unauthorized' || !leading) {
      pullFailures = 0;
      return;
    }
    pullFailures += 1;
    pullRetryTimer = setTimeout(() => void engine.pull(), backoffDelay(pullFailures, options.random));
  };

  const doFlush = async (): Promise<FlushResult | null> => {
    const { token, userId } = options.session();
    const result = await guard(() => flushOutbox({ db, http, token, userId, now, random: options.random }));
    if (!result) return null;
    await updateStatus(db, { paused: result.state === 'paused' });
    if (result.state === 'paused' && result.reason === 'unauthorized') options.onUnauthorized?.();
    if (flushTimer) clearTimeout(flushTimer);
    flushTimer = null;
    if (result.state === 'waiting' || result.state === 'offline') {
      const next = await db.outbox.orderBy('seq').first();
      const delay = Math.max(0, (next?.nextAttemptAt ?? now()) - now());
      flushTimer = setTimeout(() => void engine.flush(), delay);
    }
    if (result.state === 'offline') await updateStatus(db, { online: false });
    return result;
  };

  const onOnline = () => {
    void updateStatus(db, { online: true });
    if (!leading) return;
    void wakeOutbox(db, now()).then(() => engine.flush());
    live.restart();
  };
  const onOffline = () => void updateStatus(db, { online: false });
  const onFocus = () => {
    if (!leading || (options.isVisible && !options.isVisible())) return;
    if (now() - lastPullAt > FOCUS_PULL_AFTER_MS) void engine.pull();
    void wakeOutbox(db, now()).then(() => engine.flush());
    if (live.state === 'failed') live.restart();
  };

  const lead = () => {
    leading = true;
    void logMessage(db, 'info', 'this tab leads sync').catch(() => undefined);
    live.start();
    void engine.pull();
    void engine.flush();
    // A mutation queued by any tab wakes the leader's flush.
    outboxWatch = liveQuery(() => db.outbox.count()).subscribe({
      next: (count) => {
        if (count > 0) void engine.flush();
      },
      error: () => undefined,
    });
    pollTimer = setInterval(() => void engine.flush(), OUTBOX_POLL_MS);
  };
  const follow = () => {
    leading = false;
    live.stop();
    outboxWatch?.unsubscribe();
    outboxWatch = null;
    if (pollTimer) clearInterval(pollTimer);
    if (flushTimer) clearTimeout(flushTimer);
    if (pullRetryTimer) clearTimeout(pullRetryTimer);
    pollTimer = flushTimer = pullRetryTimer = null;
    pullFailures = 0;
  };

  const engine: SyncEngine = {
    start() {
      void updateStatus(db, { online: isOnline() }).catch(() => undefined);
      options.events?.addEventListener('online', onOnline);
      options.events?.addEventListener('offline', onOffline);
      options.events?.addEventListener('focus', onFocus);
      options.events?.addEventListener('visibilitychange', onFocus);
      election.start(lead, follow);
    },
    async stop() {
      options.events?.removeEventListener('online', onOnline);
      options.events?.removeEventListener('offline', onOffline);
      options.events?.removeEventListener('focus', onFocus);
      options.events?.removeEventListener('visibilitychange', onFocus);
      follow();
      await Promise.allSettled([pulling, flushing]);
      await election.stop();
    },
    pull() {
      if (!leading) return Promise.resolve(null);
      if (pulling) {
        pullAgain = true;
        return pulling;
      }
      pulling = (async () => {
        let outcome: PullOutcome | null;
        do {
          pullAgain = false;
          outcome = await doPull();
        } while (pullAgain && leading);
        pulling = null;
        retryPullIfFailed(outcome);
        return outcome;
      })();
      return pulling;
    },
    flush() {
      if (!leading) return Promise.resolve(null);
      if (flushing) {
        flushAgain = true;
        return flushing;
      }
      flushing = (async () => {
        let result: FlushResult | null;
        do {
          flushAgain = false;
          result = await doFlush();
        } while (flushAgain && leading);
        flushing = null;
        return result;
      })();
      return flushing;
    },
    sessionChanged() {
      if (!leading) return;
      live.restart();
      void engine.pull();
      void wakeOutbox(db, now()).then(() => engine.flush());
    },
    get isLeader() {
      return leading;
    },
  };
  return engine;
}
