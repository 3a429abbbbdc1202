// The server's pull cursor is opaque to the client but for one thing, which the replica's state needs:
// a first sync is a snapshot in stages (`s1.…`: every collection but tours; `t1.…`: the tours) and only
// once it is complete does the cursor become a changes cursor, `v1.{version}.{user}` (services/sync.ts
// on the server). A replica whose first sync was cut short (the tab closed, the signal lost) holds a
// stage cursor and only part of the catalogue.

const CHANGES = /^v1\.(\d+)\./;

/** The version a changes cursor stands for; undefined for a first sync's stage cursor or none. */
export function changesCursorVersion(cursor: string | undefined): number | undefined {
  const match = cursor ? CHANGES.exec(cursor) : null;
  return match ? Number(match[1]) : undefined;
}
