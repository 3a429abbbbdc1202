import type { Page } from 'playwright-core';
import type { Change, SyncResponse } from '../../src/protocol/sync';

// A catalogue far larger than the demo's, for the list's tests: the phone's first sync is the server's
// real answer with extra excursions added (copies of a real one under new ids, titled 'Длинный список
// №n'), so the rest of the app runs as usual.

/**
 * Adds `extra` excursions to the page's first sync; the function returned tells how many excursions
 * that sync held, once it has passed (0 before). `idPrefix` (four hex digits) keeps the copies' ids apart
 * from the demo's.
 */
export async function lengthenCatalogue(page: Page, extra: number, idPrefix = 'eeee'): Promise<() => number> {
  let total = 0;
  await page.route(
    (url) => url.pathname === '/api/sync' && !url.searchParams.has('cursor'),
    async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as SyncResponse;
      const template = body.changes.find(
        (change): change is Extract<Change, { collection: 'excursions'; op: 'put' }> =>
          change.collection === 'excursions' && change.op === 'put',
      );
      if (!template) throw new Error('the first sync holds no excursion');
      const copies = Array.from({ length: extra }, (_, i) => ({
        ...template,
        row: {
          ...template.row,
          _id: `${idPrefix}${String(i).padStart(20, '0')}`,
          title: `Длинный список №${i + 1}`,
          popularity: 0,
        },
      }));
      const changes = [...body.changes, ...copies];
      total = changes.filter((change) => change.collection === 'excursions').length;
      await route.fulfill({ response, json: { ...body, changes } });
    },
  );
  return () => total;
}
