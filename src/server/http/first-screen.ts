import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { crimeaToday } from '../../domain/dates';
import type { City, Place, ReplicaExcursion, ReplicaTour } from '../../domain/types';
import {
  FIRST_SCREEN_DATA_ID,
  type DrawnScreen,
  type FirstScreenRenderer,
  type SnapshotRows,
} from '../../protocol/first-screen';
import { pullChanges } from '../services/sync';
import type { AppDeps } from './deps';

// A first visit's first screen as HTML. The app is offline-first: every screen reads the phone's
// replica, which a first visit does not have yet, so without this the phone would paint the excursions
// only after the app's code, the first sync and its write into IndexedDB (seconds on a slow 4G phone,
// docs/benchmarks.md). The server renders the home screen, the excursion list, its category pages and
// an excursion page with the app's own components (src/client/app/ssr/render.tsx, built next to the
// app) from the public catalogue, as an anonymous first sync would deliver it, and embeds that data in
// the page: the app hydrates the HTML from it (src/client/app/main.tsx), so what the visitor does on
// the drawn page is kept. An installed app never gets this HTML: its service worker answers
// navigations with the shell.

/** How long a snapshot may serve after a change before it is rebuilt (a first screen, not a ledger). */
const SNAPSHOT_MAX_STALE_MS = 2_000;

/** The page module of each first screen: the CSS of its chunk and of what it imports is inlined. */
const PAGE_MODULES: [RegExp, string][] = [
  [/^\/$/, 'src/client/app/pages/home/HomeSections.tsx'],
  [/^\/excursions$/, 'src/client/app/pages/excursions/ExcursionsPage.tsx'],
  [/^\/excursions\/(castles|seawalks|parks|mountains)$/, 'src/client/app/pages/category/CategoryPage.tsx'],
  [/^\/excursion\/[^/]+$/, 'src/client/app/pages/excursion/ExcursionPage.tsx'],
];

export interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/** A page with its first screen drawn in. */
export interface DrawnPage {
  html: string;
  /** CSP hashes ('sha256-…') of the page's inline style sheets. */
  styleHashes: string[];
}

export interface FirstScreens {
  /** The page for `url` with its screen drawn in, or null to serve the plain shell. */
  render(url: string, template: string): Promise<DrawnPage | null>;
  /** Settles once the warm-up (see warmUp) has run, whether or not it could draw anything. */
  warmedUp: Promise<void>;
}

/** How long after start the first screens are warmed up, so the first visitor does not wait for it. */
const WARM_UP_DELAY_MS = 2_000;

/** First screens from the build in `distDir`; renders nothing when the build has no renderer. */
export function firstScreens(
  deps: Pick<AppDeps, 'db' | 'events' | 'now' | 'log'>,
  distDir: string,
  { warmUpDelayMs = WARM_UP_DELAY_MS } = {},
): FirstScreens {
  const rendererFile = join(distDir, '.ssr', 'render.js');
  let renderer: Promise<FirstScreenRenderer | null> | undefined;
  let manifest: Promise<Record<string, ManifestChunk>> | undefined;
  let snapshot: { generation: number; builtAt: number; rows: Promise<SnapshotRows> } | undefined;

  const loadRenderer = () =>
    (renderer ??= (async () => {
      if (!existsSync(rendererFile)) return null;
      const module = (await import(pathToFileURL(rendererFile).href)) as FirstScreenRenderer;
      await module.prepareFirstScreens();
      return module;
    })());

  // The style sheets are inlined: a phone paints the drawn screen with the document alone, instead of
  // waiting on four more requests (on a slow link, each one shared with the app's scripts).
  const sheets = new Map<string, Promise<string>>();
  const sheet = (href: string) => {
    let text = sheets.get(href);
    if (!text) {
      text = readFile(join(distDir, href), 'utf8');
      sheets.set(href, text);
      text.catch(() => sheets.delete(href));
    }
    return text;
  };

  const loadManifest = () =>
    (manifest ??= readFile(join(distDir, '.vite', 'manifest.json'), 'utf8').then(
      (text) => JSON.parse(text) as Record<string, ManifestChunk>,
      () => ({}),
    ));

  const rows = (): Promise<SnapshotRows> => {
    const generation = deps.events.generation;
    const now = Date.now();
    const fresh =
      snapshot && (snapshot.generation === generation || now - snapshot.builtAt < SNAPSHOT_MAX_STALE_MS);
    if (!snapshot || !fresh) {
      const built = publicSnapshot(deps);
      snapshot = { generation, builtAt: now, rows: built };
      // A failed build is not kept: the next visit tries again.
      built.catch(() => {
        if (snapshot?.rows === built) snapshot = undefined;
      });
    }
    return snapshot.rows;
  };

  /**
   * Loads the renderer and the build's manifest, builds the catalogue snapshot and draws each first
   * screen once, unseen. The first visitor after a start would otherwise wait for all of it: the first
   * drawn page is several times slower than later ones (docs/benchmarks.md).
   */
  const warmUp = async () => {
    const ssr = await loadRenderer();
    if (!ssr) return;
    const [manifest, snapshot] = await Promise.all([loadManifest(), rows()]);
    await Promise.all(PAGE_MODULES.flatMap(([, module]) => stylesOf(manifest, module).map(sheet)));
    const excursion = snapshot.excursions[0];
    const paths = [
      '/',
      '/excursions',
      '/excursions/castles',
      ...(excursion ? [`/excursion/${excursion._id}`] : []),
    ];
    for (const path of paths) {
      // One screen per turn of the event loop: requests that arrive meanwhile are not held up for all.
      await new Promise((turn) => setImmediate(turn));
      ssr.renderFirstScreen(path, snapshot, deps.now());
    }
  };
  const warmedUp = new Promise<void>((settle) => {
    setTimeout(() => {
      warmUp()
        // Harmless (the first visit does the same work), and expected of a server stopped by then.
        .catch((error: unknown) => deps.log.debug('first screens not warmed up', error))
        .finally(settle);
    }, warmUpDelayMs).unref();
  });

  return {
    warmedUp,
    async render(url, template) {
      const { pathname: path, search } = new URL(url, 'http://app');
      const module = PAGE_MODULES.find(([pattern]) => pattern.test(path))?.[1];
      if (!module || !template.includes(ROOT_ELEMENT)) return null;
      try {
        const ssr = await loadRenderer();
        if (!ssr) return null;
        const screen = ssr.renderFirstScreen(path + search, await rows(), deps.now());
        if (screen === null) return null;
        // The shell's own sheet (linked by index.html), then the screen's chunks' sheets.
        const linked = [...template.matchAll(STYLE_LINK)].map((match) => match[1] ?? '');
        const manifest = await loadManifest();
        const hrefs = [...new Set([...linked, ...stylesOf(manifest, module)])];
        const sheets = await Promise.all(hrefs.map(sheet));
        return assemblePage(template, manifest, screen, sheets, hrefs);
      } catch (error) {
        deps.log.error('first screen not rendered', error);
        return null;
      }
    },
  };
}

const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * The page: `template` (index.html) with `screen` drawn into the app's root and its data after it,
 * `sheets` inline in place of its linked style sheet, and the boot script in place of the app's entry.
 * `sheetFiles` are the sheets' files (from the build's root), listed for the boot script. The page's
 * first screen shows without a navigation's entrance animation (the `handoff` class, styles.css).
 * Replacements are functions, so a `$&` in an excursion's text stays text.
 */
export function assemblePage(
  template: string,
  manifest: Record<string, ManifestChunk>,
  screen: DrawnScreen,
  sheets: readonly string[],
  sheetFiles: readonly string[],
): DrawnPage {
  const styles = sheets.map((text) => `<style>${text}</style>`).join('');
  const data = `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">${scriptText(screen.data)}</script>`;
  const html = withBootScript(template, manifest, sheetFiles)
    .replace(STYLE_LINK, '')
    .replace('<html lang="ru">', '<html lang="ru" class="handoff">')
    .replace('</head>', () => `${styles}</head>`)
    .replace(ROOT_ELEMENT, () => `<div id="root">${screen.html}</div>${data}`);
  const styleHashes = sheets.map(
    (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`,
  );
  return { html, styleHashes };
}

/**
 * JSON as the text of a script element: `<` is escaped, so no excursion's text can close the element
 * (`</script>`) or open a comment in it; JSON.parse reads the escape back as the same character.
 */
function scriptText(json: string): string {
  return json.replace(/</g, '\\u003c');
}

/** A style sheet index.html links (Vite writes them so). */
const STYLE_LINK = /\s*<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g;

/** The module that loads the app after the first paint (src/client/app/ssr/boot.ts). */
const BOOT_MODULE = 'src/client/app/ssr/boot.ts';
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="[^"]+">/g;

/**
 * The template with the app's entry script and its preloads replaced by the boot script, which asks
 * for the entry after the first paint, and by the list of the sheets the page has inline, which the
 * boot script marks as present (src/client/app/ssr/boot.ts tells why). Unchanged when the build has no
 * boot script.
 */
function withBootScript(
  template: string,
  manifest: Record<string, ManifestChunk>,
  sheetFiles: readonly string[],
): string {
  const boot = manifest[BOOT_MODULE]?.file;
  const entry = ENTRY_SCRIPT.exec(template)?.[1];
  if (!boot || !entry) return template;
  const sheets = [...new Set(sheetFiles)].map((file) => `/${file}`).join(' ');
  return template
    .replace(MODULE_PRELOAD, '')
    .replace(
      ENTRY_SCRIPT,
      () =>
        `<meta name="app-entry" content="${entry}"><meta name="app-inline-sheets" content="${sheets}">` +
        `<script type="module" crossorigin src="/${boot}"></script>`,
    );
}

/** The CSS files of `module`'s chunk and of every chunk it imports statically. */
function stylesOf(manifest: Record<string, ManifestChunk>, module: string): string[] {
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(module);
  return [...styles];
}

/** The public catalogue as an anonymous first sync delivers it, as replica rows. */
async function publicSnapshot(deps: Pick<AppDeps, 'db' | 'now'>): Promise<SnapshotRows> {
  const collections = ['excursions', 'tours', 'places', 'cities'] as const;
  const tables = new Map(collections.map((name) => [name as string, new Map<string, unknown>()]));
  const today = crimeaToday(deps.now());
  let cursor: string | undefined;
  for (;;) {
    const result = await pullChanges(deps.db, { cursor, limit: undefined, userId: null, today });
    if (result.kind === 'reset') throw new Error(`first screen snapshot: ${result.reason}`);
    for (const change of result.page.changes) {
      const table = tables.get(change.collection);
      if (!table) continue;
      if (change.op === 'put') {
        const row = change.row as { _id?: string; id?: number };
        table.set(String(row._id ?? row.id), { ...change.row, _v: change.version });
      } else {
        table.delete(String(change.id));
      }
    }
    if (!result.page.more) break;
    cursor = result.page.cursor;
  }
  const rowsOf = <T>(name: (typeof collections)[number]) => [...(tables.get(name)?.values() ?? [])] as T[];
  return {
    excursions: rowsOf<ReplicaExcursion>('excursions'),
    tours: rowsOf<ReplicaTour>('tours'),
    places: rowsOf<Place>('places'),
    cities: rowsOf<City>('cities'),
  };
}
