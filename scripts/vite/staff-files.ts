import type { Plugin } from 'vite';

/** Where the build lists its /staff/ files (src/client/app/pwa/staff-screens.ts reads it). */
export const STAFF_FILES = 'staff-files.json';

/**
 * Writes the list of the build's /staff/ files (the sellers' and admins' screens, which the service
 * worker does not precache) as /staff-files.json, so a seller's or an admin's phone can fetch them all
 * while it has network. It lives outside /staff/: the worker keeps /staff/ files for good, and the
 * list must be the current build's.
 */
export function staffFiles(): Plugin {
  return {
    name: 'krym-staff-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((name) => name.startsWith('staff/'))
        .sort()
        .map((name) => `/${name}`);
      this.emitFile({ type: 'asset', fileName: STAFF_FILES, source: JSON.stringify(files) });
    },
  };
}
