import type { HttpAnswer } from '../../api/http';

// Where a pull runs: in the tab itself (tab.ts) or in a dedicated worker (worker.ts). Both are a
// PullRunner, so the engine neither knows nor cares which one it was given.

export type PullOutcome = { ok: true; pages: number; changes: number } | { ok: false; error: PullError };
export type PullError = 'offline' | 'unauthorized' | 'server';

/** Runs one pull, all its pages, with this token; resolves with how it went. */
export type PullRunner = (token: string | null) => Promise<PullOutcome>;

/** A page already on its way for `path`, if there is one (given out once), else undefined. */
export type EarlyAnswer = (path: string, token: string | null) => Promise<HttpAnswer> | undefined;
