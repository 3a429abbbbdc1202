import { ConfigError, loadConfig } from './config';
import { createLogger, logFormatFor } from './log';
import { startServer } from './main';
import { PgliteLockHeld } from './ops/pglite-lock';
import { OPS_TEXTS } from './ops/strings';

/** Runs the product in this process until SIGINT or SIGTERM; `distDir` is the built client. */
export async function runFromEnvironment(distDir: string): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  // JSON lines for a log collector in production, readable lines at a terminal (config.ts LOG_FORMAT).
  const log = createLogger(config.LOG_LEVEL, {
    format: logFormatFor(config.LOG_FORMAT, process.env.NODE_ENV),
  });
  const server = await startServer(config, { distDir, logger: log }).catch((error: unknown) => {
    // A second server on one embedded database: one line that says what to do, not a stack trace.
    if (!(error instanceof PgliteLockHeld)) throw error;
    process.stderr.write(`${OPS_TEXTS.secondServer(error.dataDir)}\n`);
    process.exit(1);
  });
  log.info(`open ${config.PUBLIC_URL ?? server.url} in a browser`);

  // A signal often comes twice: Ctrl+C in a terminal reaches both npm and this process, and npm passes
  // its own copy on. The first one closes; a repeat must not end the process halfway through that
  // (a signal with no listener kills it at once), so every one is listened to and repeats are ignored.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: closing`);
    server.close().then(
      () => {
        log.info('closed cleanly');
        process.exit(0);
      },
      (error: unknown) => {
        log.error('close failed', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
