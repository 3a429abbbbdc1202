import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

// Media bytes live as files in one directory (DATA_DIR/media); the database keeps only metadata.
// Behind this interface so a shared volume or an object store can replace it later.

export interface MediaStore {
  put(id: string, body: Uint8Array | string): Promise<void>;
  get(id: string): Promise<Buffer | null>;
  size(id: string): Promise<number | null>;
  path(id: string): string;
}

const SAFE_ID = /^[a-z0-9][a-z0-9._-]{0,80}$/;

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
      // Write then rename, so a reader never sees half a file.
      const target = path(id);
      const temp = `${target}.${process.pid}.tmp`;
      await writeFile(temp, body);
      await rename(temp, target);
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
        return (await stat(path(id))).size;
      } catch {
        return null;
      }
    },
  };
}
