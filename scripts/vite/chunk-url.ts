import { basename, relative } from 'node:path';
import type { Plugin } from 'vite';

const CHUNK_URL = '?chunk-url';
const CHUNK_URL_PREFIX = '\0chunk-url:';

/**
 * `import url from './x?chunk-url'` gives the URL of module x built as a chunk of this same build: a
 * module worker's script (src/client/sync/pull/pull-worker.ts) that imports the chunks the app already has
 * (Dexie, Zod, the sync code) instead of a second copy of them, as Vite's own worker build would make.
 * The dev server serves the module's source.
 */
export function chunkUrl(): Plugin {
  let serving = false;
  let root = '';
  return {
    name: 'krym-chunk-url',
    enforce: 'pre',
    configResolved(resolved) {
      serving = resolved.command === 'serve';
      root = resolved.root;
    },
    async resolveId(source, importer) {
      if (!source.endsWith(CHUNK_URL)) return null;
      const target = await this.resolve(source.slice(0, -CHUNK_URL.length), importer, { skipSelf: true });
      return target ? CHUNK_URL_PREFIX + target.id : null;
    },
    load(id) {
      if (!id.startsWith(CHUNK_URL_PREFIX)) return null;
      const file = id.slice(CHUNK_URL_PREFIX.length);
      if (serving) return `export default ${JSON.stringify(`/${relative(root, file)}`)};`;
      const name = basename(file).replace(/\.[^.]+$/, '');
      const ref = this.emitFile({ type: 'chunk', id: file, name });
      return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
    },
  };
}
