import { readFile, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

// The build's hashed files (scripts, style sheets) never change, so they are compressed once, when
// the app is built, at the strongest settings, and the server sends those bytes as they are.
// Compressed per request they cost the server a gzip pass for every file of every first visit, and a
// phone would get gzip where it accepts Brotli, about an eighth smaller for the app's scripts.

/**
 * The build's folders of hashed files (vite.config.ts names its chunks into them): a name there never
 * changes its content, so the server marks them immutable and the build compresses them.
 */
export const HASHED_FOLDERS = ['assets', 'reader', 'staff'] as const;
export type HashedFolder = (typeof HASHED_FOLDERS)[number];

/** The encodings a built file is stored in beside it, in the server's order of preference. */
export const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

export type PrecompressedEncoding = (typeof PRECOMPRESSED)[number]['encoding'];

/** Files smaller than this gain less than the encoding header costs. */
const SMALLEST = 1024;
const TEXT = new Set(['.js', '.mjs', '.css', '.svg', '.json']);

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

function encode(encoding: PrecompressedEncoding, bytes: Buffer): Promise<Buffer> {
  if (encoding === 'gzip') return gzipped(bytes, { level: 9 });
  return brotli(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

/**
 * Writes each text file of `names` (paths inside `dir`) beside itself in every encoding of
 * PRECOMPRESSED, where that is smaller than the file. Returns how many compressed copies it wrote.
 */
export async function precompressFiles(dir: string, names: readonly string[]): Promise<number> {
  const written = await Promise.all(
    names
      .filter((name) => TEXT.has(extname(name)))
      .map(async (name) => {
        const file = join(dir, name);
        const bytes = await readFile(file);
        if (bytes.length < SMALLEST) return 0;
        const copies = await Promise.all(
          PRECOMPRESSED.map(async ({ encoding, suffix }) => {
            const body = await encode(encoding, bytes);
            if (body.length >= bytes.length) return 0;
            await writeFile(file + suffix, body);
            return 1;
          }),
        );
        return copies.reduce<number>((sum, one) => sum + one, 0);
      }),
  );
  return written.reduce((sum, one) => sum + one, 0);
}
