import { inject } from 'vitest';

export interface E2eProduct {
  baseUrl: string;
  /** The server's data folder: tests read its signing secret to act as a signed-in user. */
  dataDir: string;
  /** Where the e-mails the server sent are saved, one JSON file each (support/smtp mailedCode). */
  mailDir: string;
}

/**
 * This file's product (tests/e2e/global-setup.ts): the one of the worker running it. Files of one
 * worker run one after another on it, as they would on a single shared server.
 */
export function product<K extends keyof E2eProduct>(key: K): E2eProduct[K] {
  const products = inject('products');
  const pool = Number(process.env.VITEST_POOL_ID ?? '1');
  const mine = products[(Math.max(1, pool) - 1) % products.length];
  if (!mine) throw new Error('the e2e global setup started no product');
  return mine[key];
}
