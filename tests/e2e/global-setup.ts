import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { assertBrowserInstalled } from '../support/browser';
import type { E2eProduct } from '../support/e2e-product';
import { startProduct } from '../support/process';
import { startTestSmtp } from '../support/smtp';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One product per e2e worker (support/e2e-product.ts picks a file's). */
    products: E2eProduct[];
  }
}

// E2E tests run against the real product: `npm start` on a fresh data folder, demo data and all.
// Each worker has a product of its own, so files run side by side never see each other's changes
// (an excursion one file edits is not a card another file taps).
export default async function setup(project: TestProject) {
  assertBrowserInstalled();
  // One product per file that may run at once (the project's maxWorkers).
  const count = Math.max(1, project.config.maxWorkers);
  const started = await Promise.all(
    Array.from({ length: count }, async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'krym-e2e-'));
      const mailDir = join(dataDir, 'mail');
      const smtp = await startTestSmtp({ saveTo: mailDir });
      const product = await startProduct({ DATA_DIR: dataDir, SMTP_URL: smtp.url });
      const stop = async () => {
        await product.stop('SIGTERM');
        await smtp.close();
        await rm(dataDir, { recursive: true, force: true });
      };
      return { info: { baseUrl: product.url, dataDir, mailDir }, stop };
    }),
  );
  project.provide(
    'products',
    started.map((one) => one.info),
  );
  return async () => {
    await Promise.all(started.map((one) => one.stop()));
  };
}
