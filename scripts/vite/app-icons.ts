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

/**
 * The home-screen icons, drawn from public/favicon.svg at build time so no generated PNG is committed.
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
