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
