// Whether the tourist is busy on the page: a tap, a key or a scroll in the last moments. Pictures for
// later wait until the page has been quiet that long, so they never compete with what the tourist is
// doing now (a screen's own pictures, a scroll's frames).

/** Quiet time after the last input before a picture for later may start. */
export const QUIET_MS = 1_500;
const INPUTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

export interface Activity {
  /** Resolves once the page has had no input for QUIET_MS (at once if it has been quiet). */
  whenQuiet(signal: AbortSignal): Promise<void>;
}

export function watchActivity(
  target: Pick<Window, 'addEventListener'> = window,
  now: () => number = () => performance.now(),
): Activity {
  let lastInput = Number.NEGATIVE_INFINITY;
  const note = () => {
    lastInput = now();
  };
  for (const name of INPUTS) target.addEventListener(name, note, { capture: true, passive: true });
  return {
    async whenQuiet(signal) {
      for (;;) {
        const wait = lastInput + QUIET_MS - now();
        if (wait <= 0 || signal.aborted) return;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    },
  };
}

interface NetworkInformationLike {
  saveData?: boolean;
  type?: string;
}

/**
 * True on a connection the tourist pays for by the byte: Save-Data is on (the browser's data saver),
 * or the browser says the link is cellular. Pictures for later are then fetched only on request.
 */
export function dataIsMetered(connection: NetworkInformationLike | undefined): boolean {
  return connection?.saveData === true || connection?.type === 'cellular';
}

/** The browser's Network Information (Chromium's navigator.connection), where there is one. */
export function browserConnection(): NetworkInformationLike | undefined {
  return (navigator as { connection?: NetworkInformationLike }).connection;
}
