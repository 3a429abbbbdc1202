import { ConfigError, loadConfig } from './config';
import { createLogger } from './log';
import { startServer } from './main';

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
  const log = createLogger(config.LOG_LEVEL);
  const server = await startServer(config, { distDir, logger: log });
  log.info(`open ${config.PUBLIC_URL ?? server.url} in a browser`);

  const stop = (signal: string) => {
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
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}
