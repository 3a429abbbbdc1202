import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { assertBrowserInstalled } from '../support/browser';
import { startProduct } from '../support/process';
import { startTestSmtp } from '../support/smtp';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's data folder: tests read its signing secret to act as a signed-in user. */
    dataDir: string;
    /** Where the e-mails the server sent are saved, one JSON file each (support/smtp mailedCode). */
    mailDir: string;
  }
}

// E2E tests run against the real product: `npm start` on a fresh data folder, demo data and all.
export default async function setup(project: TestProject) {
  assertBrowserInstalled();
  const dataDir = await mkdtemp(join(tmpdir(), 'krym-e2e-'));
  const mailDir = join(dataDir, 'mail');
  const smtp = await startTestSmtp({ saveTo: mailDir });
  const product = await startProduct({ DATA_DIR: dataDir, SMTP_URL: smtp.url });
  project.provide('baseUrl', product.url);
  project.provide('dataDir', dataDir);
  project.provide('mailDir', mailDir);
  return async () => {
    await product.stop('SIGTERM');
    await smtp.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}
