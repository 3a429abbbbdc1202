import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

// Media bytes live as files in one directory (MEDIA_DIR, by default DATA_DIR/media); the database
// keeps only metadata. Several server processes may share the directory (a shared volume): a file is
// written under a temporary name unique to the writer and renamed into place, which is atomic on one
// file system, so no process ever reads half a file. Everything goes through this interface, so an
// object store can replace the directory later without touching the routes.

export interface MediaStore {
  put(id: string, body: Uint8Array | string): Promise<void>;
  get(id: string): Promise<Buffer | null>;
  size(id: string): Promise<number | null>;
  /** Bytes start..end (inclusive) read from disk chunk by chunk, so a 200 MB video never sits in memory. */
  stream(id: string, start: number, end: number): ReadableStream<Uint8Array>;
  /** Deletes a file; a missing one is not an error (used to undo a half-finished store). */
  remove(id: string): Promise<void>;
  path(id: string): string;
}

const SAFE_ID = /^[a-z0-9][a-z0-9._-]{0,80}$/;
const CHUNK_BYTES = 64 * 1024;

export function isSafeMediaId(id: string): boolean {
  return SAFE_ID.test(id) && !id.includes('..');
}

export async function openMediaStore(dir: string): Promise<MediaStore> {
  await mkdir(dir, { recursive: true });
  const path = (id: string) => {
    if (!isSafeMediaId(id)) throw new Error(`unsafe media id: ${id}`);
    return join(dir, id);
  };
  return {
    path,
    async put(id, body) {
      // Write then rename, so a reader never sees half a file; a failed write leaves no temp behind.
      const target = path(id);
      // Unique per write: two processes (even with the same pid, on two hosts) never share a temp file.
      const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(temp, body);
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true }).catch(() => undefined);
        throw error;
      }
    },
    async get(id) {
      try {
        return await readFile(path(id));
      } catch {
        return null;
      }
    },
    async size(id) {
      try {
        const info = await stat(path(id));
        return info.isFile() ? info.size : null;
      } catch {
        return null;
      }
    },
    stream: (id, start, end) => fileStream(path(id), start, end),
    async remove(id) {
      await rm(path(id), { force: true });
    },
  };
}

/**
 * A pull-based stream: the next chunk is read only when the consumer asks for it, so a slow phone
 * holds back the disk reads instead of the server buffering the file. Cancelling (a dropped
 * connection) closes the file.
 */
function fileStream(file: string, start: number, end: number): ReadableStream<Uint8Array> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  let position = start;
  const finish = async () => {
    const h = handle;
    handle = undefined;
    await h?.close().catch(() => undefined);
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        handle ??= await open(file, 'r');
        const wanted = Math.min(CHUNK_BYTES, end + 1 - position);
        if (wanted <= 0) {
          await finish();
          controller.close();
          return;
        }
        const chunk = new Uint8Array(wanted);
        const { bytesRead } = await handle.read(chunk, 0, wanted, position);
        if (bytesRead === 0) throw new Error(`media file ended early: ${file}`);
        position += bytesRead;
        controller.enqueue(bytesRead === wanted ? chunk : chunk.subarray(0, bytesRead));
      } catch (error) {
        await finish();
        controller.error(error);
      }
    },
    cancel: finish,
  });
}
