import type { Change } from '../../src/protocol/sync';

/** The user's favourites as the server holds them, read through every page of a full pull. */
export async function serverFavorites(baseUrl: string, token: string): Promise<string[]> {
  const favorites: string[] = [];
  let cursor = '';
  for (;;) {
    const query = new URLSearchParams({ limit: '2000', ...(cursor ? { cursor } : {}) });
    const response = await fetch(`${baseUrl}/api/sync?${query}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const page = (await response.json()) as { cursor: string; changes: Change[]; more: boolean };
    for (const c of page.changes)
      if (c.collection === 'favorites' && c.op === 'put') favorites.push(c.row.excursionID);
    if (!page.more) return favorites;
    cursor = page.cursor;
  }
}
