import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Turns a copy of the built client into "the next version" without building it again: the shell gets
 * a `<meta name="build-mark">` and the worker lists the shell under a new revision, so a browser's
 * update check finds a changed /sw.js that precaches a changed index.html.
 */
export async function makeNextBuild(dist: string, mark: string): Promise<void> {
  const html = await readFile(join(dist, 'index.html'), 'utf8');
  await writeFile(
    join(dist, 'index.html'),
    html.replace('<title>', `<meta name="build-mark" content="${mark}" /><title>`),
  );
  const worker = await readFile(join(dist, 'sw.js'), 'utf8');
  const revised = worker.replace(
    /"revision":"[0-9a-f]+","url":"index.html"/,
    `"revision":"${mark}${Date.now().toString(16)}","url":"index.html"`,
  );
  if (revised === worker) throw new Error('sw.js lists no revision for index.html');
  await writeFile(join(dist, 'sw.js'), revised);
}

/** The mark of the shell the page runs (none before the first update). */
export const buildMark = (page: { evaluate<T>(fn: () => T): Promise<T> }): Promise<string | null> =>
  page.evaluate(() => document.querySelector('meta[name="build-mark"]')?.getAttribute('content') ?? null);
