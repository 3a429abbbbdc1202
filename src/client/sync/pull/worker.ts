import { NetworkError, readAnswer, type HttpClient } from '../../api/http';
import type { ReplicaDb } from '../../db/schema';
import { syncPath, takeEarlyAnswer } from '../../boot/first-page';
import type { EarlyAnswer, PullOutcome, PullRunner } from './runner';
import { pullAll } from './tab';
import { isQuotaError } from '../engine/status';

// A tab's pulls run in a dedicated worker (pull-worker.ts): downloading a page, parsing its JSON,
// checking it against the protocol and writing it into IndexedDB all happen off the main thread,
// which only hears the outcome. Screens still see the new rows at once: Dexie tells the live queries
// of every context of the origin about a write (its BroadcastChannel), the worker's included. On a
// first visit that work would be a third to a half of the main thread's blocking time (the page's
// JSON alone, ~300 KB, is one long task on a slow phone; docs/benchmarks.md).
//
// Where no worker can run (no Worker, its script failed to load), the tab pulls itself: the same
// code, so the outcome is the same either way.

/** A first page the tab asked for early (boot/first-page.ts), handed over as text: parsing is the worker's. */
export type EarlyPage =
  { path: string; status: number; contentType: string | null; body: string } | { path: string; failed: true };

export interface PullRequest {
  id: number;
  token: string | null;
  early: EarlyPage | null;
}

export type PullReply =
  { id: number; outcome: PullOutcome } | { id: number; error: { name: string; message: string } };

export interface PortLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

export interface WorkerLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message' | 'error', listener: (event: { data?: unknown }) => void): void;
  terminate(): void;
}

/** The statuses whose answers have no body (a Response refuses one). */
const NO_BODY = new Set([101, 103, 204, 205, 304]);

/** The early page as the pull takes it: given out once, and only for the very request it answers. */
export function earlyAnswerOf(page: EarlyPage | null): EarlyAnswer {
  let left = page;
  return (path, token) => {
    const found = left;
    left = null;
    if (!found || found.path !== path || token !== null) return undefined;
    if ('failed' in found) return Promise.reject(new NetworkError(new Error('early request failed')));
    const headers: Record<string, string> = found.contentType ? { 'Content-Type': found.contentType } : {};
    const body = NO_BODY.has(found.status) ? null : found.body;
    return readAnswer(new Response(body, { status: found.status, headers }));
  };
}

/** The worker's side: answers each pull request, one at a time, with its outcome or what stopped it. */
export function servePulls(port: PortLike, db: ReplicaDb, http: HttpClient): void {
  let queue = Promise.resolve();
  port.addEventListener('message', (event) => {
    const request = event.data as PullRequest;
    queue = queue.then(async () => {
      let reply: PullReply;
      try {
        // Local storage is the tab's: the tab remembers a filled replica when it hears the outcome.
        const outcome = await pullAll(http, db, request.token, {
          early: earlyAnswerOf(request.early),
          onFilled: () => undefined,
        });
        reply = { id: request.id, outcome };
      } catch (error) {
        reply = { id: request.id, error: describeError(error) };
      }
      port.postMessage(reply);
    });
  });
}

/** An error as it crosses to the tab: its name (a full disk is told by it, engine/status.ts) and message. */
function describeError(error: unknown): { name: string; message: string } {
  const named = error as { name?: unknown; message?: unknown } | null;
  const name = isQuotaError(error)
    ? 'QuotaExceededError'
    : typeof named?.name === 'string'
      ? named.name
      : 'Error';
  return { name, message: typeof named?.message === 'string' ? named.message : String(error) };
}

export interface WorkerPullOptions {
  /** Starts the worker; called on the first pull. Throwing means no worker: the tab pulls itself. */
  spawn: () => WorkerLike;
  /** The tab's own pull, with the early page handed to it. */
  local: (token: string | null, early: EarlyAnswer) => Promise<PullOutcome>;
  /** The early first page, if the tab asked for one that answers this pull. */
  takeEarly?: (token: string | null) => Promise<EarlyPage | null>;
  /** A pull filled the replica. */
  onFilled?: () => void;
}

/** A pull function that runs each pull in the worker, or in the tab when there is none. */
export function createWorkerPull(options: WorkerPullOptions): PullRunner {
  const takeEarly = options.takeEarly ?? takeEarlyPage;
  let worker: WorkerLike | null = null;
  let broken = false;
  let nextId = 1;
  const waiting = new Map<number, { resolve: (reply: PullReply | null) => void }>();

  // A worker that failed (its script did not load, it crashed) is given up for good; the pulls it
  // owed are run by the tab instead. Its writes, if any, were whole transactions: nothing half done.
  const giveUp = () => {
    broken = true;
    worker?.terminate();
    worker = null;
    for (const entry of waiting.values()) entry.resolve(null);
    waiting.clear();
  };

  const start = (): WorkerLike | null => {
    if (worker || broken) return worker;
    try {
      const started = options.spawn();
      started.addEventListener('message', (event) => {
        const reply = event.data as PullReply;
        const entry = waiting.get(reply.id);
        waiting.delete(reply.id);
        entry?.resolve(reply);
      });
      started.addEventListener('error', giveUp);
      worker = started;
    } catch {
      broken = true;
    }
    return worker;
  };

  return async (token) => {
    const early = await takeEarly(token);
    const remote = start();
    const reply = remote
      ? await new Promise<PullReply | null>((resolve) => {
          const id = nextId++;
          waiting.set(id, { resolve });
          remote.postMessage({ id, token, early } satisfies PullRequest);
        })
      : null;
    if (!reply) return options.local(token, earlyAnswerOf(early));
    if ('error' in reply) throw Object.assign(new Error(reply.error.message), { name: reply.error.name });
    if (reply.outcome.ok) options.onFilled?.();
    return reply.outcome;
  };
}

/** The tab's early first page (boot/first-page.ts) as text, if it answers an anonymous first pull. */
export async function takeEarlyPage(token: string | null): Promise<EarlyPage | null> {
  const path = syncPath(undefined);
  const answer = takeEarlyAnswer(path, token);
  if (!answer) return null;
  try {
    const response = await answer;
    return {
      path,
      status: response.status,
      contentType: response.headers.get('Content-Type'),
      body: await response.text(),
    };
  } catch {
    return { path, failed: true };
  }
}
