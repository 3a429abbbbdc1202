import type { Queryable } from './db';

// The favorites table: a user's favourite excursions, one row each.

export async function isPublishedExcursion(tx: Queryable, excursionId: string): Promise<boolean> {
  const [excursion] = await tx.query(`SELECT 1 FROM excursions WHERE id = $1 AND status = 'published'`, [
    excursionId,
  ]);
  return excursion !== undefined;
}

/** Adds the favourite; its row's version, or undefined when it was there already. */
export async function insertFavorite(
  tx: Queryable,
  userId: number,
  excursionId: string,
): Promise<number | undefined> {
  const [added] = await tx.query<{ version: number }>(
    `INSERT INTO favorites (user_id, excursion_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING version`,
    [userId, excursionId],
  );
  return added?.version;
}

/** Removes the favourite; false when it was not there. */
export async function deleteFavorite(tx: Queryable, userId: number, excursionId: string): Promise<boolean> {
  const [removed] = await tx.query(
    'DELETE FROM favorites WHERE user_id = $1 AND excursion_id = $2 RETURNING excursion_id',
    [userId, excursionId],
  );
  return removed !== undefined;
}

/** The version of a removed favourite's tombstone, if it has one. */
export async function favoriteTombstoneVersion(
  tx: Queryable,
  userId: number,
  excursionId: string,
): Promise<number | undefined> {
  const [tomb] = await tx.query<{ version: number }>(
    `SELECT version FROM tombstones WHERE collection = 'favorites' AND id = $1`,
    [`${userId}:${excursionId}`],
  );
  return tomb?.version;
}

/** The user's favourite excursion ids, oldest first. */
export async function listFavorites(tx: Queryable, userId: number): Promise<string[]> {
  const rows = await tx.query<{ excursion_id: string }>(
    'SELECT excursion_id FROM favorites WHERE user_id = $1 ORDER BY created_at, excursion_id',
    [userId],
  );
  return rows.map((row) => row.excursion_id);
}
