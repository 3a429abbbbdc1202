// Fetches a list of pictures a few at a time. Between two pictures a lane waits until the tourist is
// not busy (no tap, key or scroll for a moment) and stops when told to; a picture that fails (a
// network hiccup on one bar of signal) is tried once more after a pause, then counted as failed while
// the rest go on; a full disk stops the whole queue.

export class StorageFullError extends Error {
  constructor() {
    super('the media cache is full');
    this.name = 'StorageFullError';
  }
}

export interface QueueOptions {
  /** Pictures in flight at once. */
  concurrency: number;
  /** Fetches one picture into the cache; resolves with the bytes it fetched. */
  fetchOne: (url: string, signal: AbortSignal) => Promise<number>;
  /** Resolves when the next picture may start (the tourist is not busy); absent: at once. */
  whenIdle?: (signal: AbortSignal) => Promise<void>;
  onProgress?: (progress: QueueProgress) => void;
  signal: AbortSignal;
  /** How long a failed picture waits before its second try; RETRY_PAUSE_MS by default. */
  retryPauseMs?: number;
}

/** The pause before a failed picture's second try: long enough for a dropped signal to come back. */
const RETRY_PAUSE_MS = 1_000;

export interface QueueProgress {
  done: number;
  failed: number;
  total: number;
  bytes: number;
}

export interface QueueResult extends QueueProgress {
  /** Stopped before the end: by the signal, or by a full disk. */
  stopped: boolean;
  storageFull: boolean;
}

export async function fetchPictures(urls: readonly string[], options: QueueOptions): Promise<QueueResult> {
  const { signal } = options;
  const progress: QueueProgress = { done: 0, failed: 0, total: urls.length, bytes: 0 };
  let next = 0;
  let storageFull = false;
  const lane = async () => {
    while (next < urls.length && !signal.aborted && !storageFull) {
      await options.whenIdle?.(signal);
      if (signal.aborted || storageFull) return;
      const url = urls[next++] as string;
      try {
        // Awaited first, then added: `+= await` would add to the total read before the wait.
        const bytes = await options.fetchOne(url, signal).catch(async (error: unknown) => {
          if (error instanceof StorageFullError || signal.aborted) throw error;
          await new Promise((resolve) => setTimeout(resolve, options.retryPauseMs ?? RETRY_PAUSE_MS));
          return options.fetchOne(url, signal);
        });
        progress.bytes += bytes;
        progress.done += 1;
      } catch (error) {
        if (error instanceof StorageFullError) storageFull = true;
        else if (!signal.aborted) progress.failed += 1;
      }
      if (!signal.aborted) options.onProgress?.({ ...progress });
    }
  };
  const lanes = Math.max(1, Math.min(options.concurrency, urls.length));
  await Promise.all(Array.from({ length: lanes }, lane));
  const finished = progress.done + progress.failed === urls.length;
  return { ...progress, stopped: !finished, storageFull };
}
