import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import sharp from 'sharp';
import type { Plugin } from 'vite';
import { THEME } from './theme.js';

const png = (svg: string, size: number) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png()
    .toBuffer();

const maskable = (svg: string) => {
  const inner = svg.replace('<svg ', '<svg x="10" y="10" width="44" height="44" ');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${THEME}"/>${inner}</svg>`;
};

/** The manifest shortcuts' icons: the app's glyph of each screen (tab bar, profile), white on the theme. */
const SHORTCUT_GLYPHS = {
  excursions:
    'M5 4h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2v2h-3v-2H8v2H5v-2a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm0 3v5h14V7zm2 7.5a1.5 1.5 0 1 0 0 .01zm10 0a1.5 1.5 0 1 0 0 .01z',
  schedule:
    'M7 2v2H5a2 2 0 0 0-2 2v13a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-2V2h-2v2H9V2zM5 9h14v10H5zm2 2v2h2v-2zm4 0v2h2v-2zm4 0v2h2v-2z',
  tickets:
    'M3 6a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v3a3 3 0 0 0 0 6v3a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-3a3 3 0 0 0 0-6zm11 1v2h2V7zm0 4v2h2v-2zm0 4v2h2v-2z',
} as const;

/** The size launchers draw a shortcut's icon at (the manifest's recommendation). */
export const SHORTCUT_ICON_SIZE = 96;

export const shortcutIconPath = (name: keyof typeof SHORTCUT_GLYPHS) => `/icons/shortcut-${name}.png`;

/** A glyph centred on a rounded square of the theme colour, on the same 64-unit grid as the favicon. */
const shortcutSvg = (path: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${THEME}"/>` +
  `<path transform="translate(14 14) scale(1.5)" d="${path}" fill="#ffffff"/></svg>`;

/**
 * The home-screen icons, drawn from public/favicon.svg at build time so no generated PNG is committed,
 * and the shortcuts' icons, drawn from their glyphs.
 * The maskable one fills the square and keeps the art inside the central 80 % safe zone, because
 * launchers crop it to a circle or a squircle.
 */
export function appIcons(): Plugin {
  let root = '';
  return {
    name: 'krym-app-icons',
    apply: 'build',
    configResolved(resolved) {
      root = resolved.root;
    },
    async generateBundle() {
      const svg = await readFile(resolve(root, 'public/favicon.svg'), 'utf8');
      const icons: [string, Promise<Buffer>][] = [
        ['icons/icon-192.png', png(svg, 192)],
        ['icons/icon-512.png', png(svg, 512)],
        ['icons/maskable-512.png', png(maskable(svg), 512)],
        ['icons/apple-touch-icon.png', png(maskable(svg), 180)],
        ...Object.entries(SHORTCUT_GLYPHS).map(([name, path]): [string, Promise<Buffer>] => [
          shortcutIconPath(name as keyof typeof SHORTCUT_GLYPHS).slice(1),
          png(shortcutSvg(path), SHORTCUT_ICON_SIZE),
        ]),
      ];
      for (const [fileName, source] of icons)
        this.emitFile({ type: 'asset', fileName, source: await source });
    },
    // iOS ignores the manifest's icons and reads this link instead.
    transformIndexHtml: () => [
      {
        tag: 'link',
        attrs: { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
        injectTo: 'head',
      },
    ],
  };
}
