import { createHttpClient, NetworkError, type HttpAnswer, type HttpClient } from '../api/http';
import type { ReplicaDb } from '../db/schema';
import { readSession } from './session';

// What every online-only call (login, booking, forms, moderation) shares: it answers ok with a value,
// or the server's own error text (`detail`), or "offline"; the screen picks its fallback text from
// SPEC §8. Nothing here is queued: these are the calls where the server decides.

export type Outcome<T = null> =
  { ok: true; value: T } | { ok: false; offline: boolean; error: string | undefined };

export interface AccountDeps {
  db: ReplicaDb;
  http?: HttpClient;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

export const httpOf = (deps: Pick<AccountDeps, 'http'>): HttpClient => deps.http ?? createHttpClient('');
export const storageOf = (deps: Pick<AccountDeps, 'storage'>) => deps.storage ?? localStorage;
/** The stored access token, sent with the call. */
export const tokenOf = (deps: Pick<AccountDeps, 'storage'>) => readSession(storageOf(deps)).token;

/** Runs a request, turning "the network failed" into 'offline' and leaving server answers as they are. */
export async function call<T>(work: () => Promise<HttpAnswer<T>>): Promise<HttpAnswer<T> | 'offline'> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof NetworkError) return 'offline';
    throw error;
  }
}

/** The refusal Outcome for an answer that was not ok (or no answer). */
export const failure = (answer: HttpAnswer | 'offline') =>
  answer === 'offline'
    ? ({ ok: false, offline: true, error: undefined } as const)
    : ({ ok: false, offline: false, error: answer.errorText } as const);

/** An ok answer whose body is not what the protocol says: a refusal without a server text. */
export const malformed = { ok: false, offline: false, error: undefined } as const;
