// A tiny leveled logger: one line per event on stdout, so `npm start` output stays readable.

export type LogLevel = 'silent' | 'error' | 'info' | 'debug';

export interface Logger {
  error(message: string, extra?: unknown): void;
  info(message: string, extra?: unknown): void;
  debug(message: string, extra?: unknown): void;
}

const RANK: Record<LogLevel, number> = { silent: 0, error: 1, info: 2, debug: 3 };

export function createLogger(level: LogLevel): Logger {
  const emit = (at: LogLevel, message: string, extra?: unknown) => {
    if (RANK[at] > RANK[level]) return;
    const line = `[${new Date().toISOString()}] ${at.toUpperCase()} ${message}`;
    const stream = at === 'error' ? process.stderr : process.stdout;
    stream.write(extra === undefined ? `${line}\n` : `${line} ${formatExtra(extra)}\n`);
  };
  return {
    error: (message, extra) => emit('error', message, extra),
    info: (message, extra) => emit('info', message, extra),
    debug: (message, extra) => emit('debug', message, extra),
  };
}

function formatExtra(extra: unknown): string {
  if (extra instanceof Error) return extra.stack ?? extra.message;
  try {
    return JSON.stringify(extra);
  } catch {
    return String(extra);
  }
}

/** How long a repeating failure of one kind stays quiet after its line. */
export const FAILURE_LOG_WINDOW_MS = 60_000;

/**
 * A logger whose error lines about a failure of a known kind (kindOf: the database cannot be reached)
 * come at most once per kind per window, as one line without a stack trace, counting the ones left
 * out. During an outage every request fails the same way; a line each would bury everything else.
 * Other lines pass through unchanged.
 */
export function throttleFailures(
  log: Logger,
  kindOf: (extra: unknown) => string | undefined,
  windowMs = FAILURE_LOG_WINDOW_MS,
  now: () => number = Date.now,
): Logger {
  const last = new Map<string, { at: number; quiet: number }>();
  return {
    error(message, extra) {
      const kind = extra === undefined ? undefined : kindOf(extra);
      if (kind === undefined) return log.error(message, extra);
      const seen = last.get(kind);
      const at = now();
      if (seen && at - seen.at < windowMs) {
        seen.quiet += 1;
        return;
      }
      const quiet = seen?.quiet
        ? ` (${seen.quiet} more like it in the last ${Math.round(windowMs / 1000)} s)`
        : '';
      last.set(kind, { at, quiet: 0 });
      const reason = extra instanceof Error && extra.message ? `: ${extra.message}` : '';
      log.error(`${message} (${kind})${reason}${quiet}`);
    },
    info: (message, extra) => log.info(message, extra),
    debug: (message, extra) => log.debug(message, extra),
  };
}
