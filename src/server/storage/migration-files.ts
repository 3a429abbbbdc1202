import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One file of the migrations folder: its name (`NNNN-<slug>.sql`) and its text. */
export interface MigrationFile {
  file: string;
  text: string;
}

/** The migrations folder beside this module. */
const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/**
 * The `.sql` files of a migrations folder, read where the sources run (tests, tsx). The server's
 * bundle carries them inside itself: its build (scripts/server-build.ts) puts this function's answer
 * in place of this module, so a deployed bundle needs no folder beside it.
 */
export function readMigrationFiles(dir: string = MIGRATIONS_DIR): MigrationFile[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => ({ file, text: readFileSync(join(dir, file), 'utf8') }));
}
