// Work that comes due together, done one piece per task. Carousels that come near the screen at the
// same moment (the popular row once the app takes over the server's drawing of it, a list's first
// cards) each set up a slider: its track measured, its slides laid out. All in one task, that would
// be long enough on a slow phone to hold up a tap; one per task, a task holds one slider's set-up and
// the browser can answer a tap between two.

const waiting: (() => void)[] = [];
let scheduled = false;

/**
 * Runs `start` in a task of its own, after those that asked before it. Returns a function that
 * withdraws it if it has not run yet (the carousel left the screen's tree meanwhile).
 */
export function takeTurn(start: () => void): () => void {
  waiting.push(start);
  schedule();
  return () => {
    const index = waiting.indexOf(start);
    if (index >= 0) waiting.splice(index, 1);
  };
}

function schedule(): void {
  if (scheduled || waiting.length === 0) return;
  scheduled = true;
  setTimeout(() => {
    scheduled = false;
    const start = waiting.shift();
    try {
      start?.();
    } finally {
      schedule();
    }
  }, 0);
}
