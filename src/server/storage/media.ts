import type { Queryable } from './db';

// The media table: one row per stored upload or demo picture, its files in the media store.

/** The content type of a media row of one of `kinds`, or undefined when there is none. */
export async function mediaContentType(
  db: Queryable,
  id: string,
  kinds: readonly string[],
): Promise<string | undefined> {
  const [meta] = await db.query<{ content_type: string }>(
    'SELECT content_type FROM media WHERE id = $1 AND kind = ANY($2::text[])',
    [id, kinds],
  );
  return meta?.content_type;
}

export interface MediaInsert {
  id: string;
  kind: string;
  contentType: string;
  bytes: number;
  ownerId: number | null;
  /** ISO time of the upload. */
  createdAt: string;
}

export async function insertMedia(db: Queryable, m: MediaInsert): Promise<void> {
  await db.query(
    'INSERT INTO media (id, kind, content_type, bytes, owner_id, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
    [m.id, m.kind, m.contentType, m.bytes, m.ownerId, m.createdAt],
  );
}

export async function deleteMediaRows(db: Queryable, ids: readonly string[]): Promise<void> {
  await db.query('DELETE FROM media WHERE id = ANY($1::text[])', [ids]);
}

/** The content types of the media rows among `ids` of one of `kinds`: a missing id is left out. */
export async function mediaContentTypes(
  db: Queryable,
  ids: readonly string[],
  kinds: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<{ id: string; content_type: string }>(
    'SELECT id, content_type FROM media WHERE id = ANY($1::text[]) AND kind = ANY($2::text[])',
    [ids, kinds],
  );
  return new Map(rows.map((row) => [row.id, row.content_type]));
}
