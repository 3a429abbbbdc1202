import type { Plugin } from 'vite';
import { HASHED_FOLDERS, precompressFiles } from '../../src/server/http/precompressed.js';

/**
 * Writes a Brotli and a gzip copy beside each hashed script and style sheet of the build, which the
 * server sends as they are (src/server/http/precompressed.ts). The precache's globs name .js, .css and
 * .html only, so the copies never reach a phone's cache.
 */
export function precompress(): Plugin {
  return {
    name: 'krym-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      if (!options.dir) return;
      await precompressFiles(
        options.dir,
        Object.keys(bundle).filter((name) => HASHED_FOLDERS.some((folder) => name.startsWith(`${folder}/`))),
      );
    },
  };
}
