import type { Plugin } from 'vite';
import { precompressFiles } from '../../src/server/http/precompressed.js';

/** The build's folders of hashed files: their names change with their content (vite.config.ts). */
const HASHED = /^(assets|reader|staff)\//;

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
        Object.keys(bundle).filter((name) => HASHED.test(name)),
      );
    },
  };
}
