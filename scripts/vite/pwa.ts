import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { THEME } from './theme.js';

/** The service worker (sw/sw.ts, its precache manifest injected) and the web app manifest. */
export function pwa(): Plugin[] {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'sw',
    filename: 'sw.ts',
    // The app registers the worker itself, lazily after the first paint (src/client/app/pwa), and
    // the user decides when an update applies: no injected script, no auto-update.
    injectRegister: false,
    registerType: 'prompt',
    includeManifestIcons: false,
    injectManifest: {
      // The shell and the route chunks only; pictures and media are cached when first seen (sw.ts).
      // The one picture precached is the top bar's logo (half a kilobyte): it is part of the shell.
      globPatterns: ['**/*.{js,css,html}', 'favicon.svg'],
      // The QR reader and the screens only sellers and admins open (vite.config.ts): their
      // phones keep them when they need them.
      globIgnores: ['reader/**', 'staff/**'],
      maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
    },
    manifest: {
      id: '/',
      name: 'Экскурсии по Крыму',
      short_name: 'Экскурсии',
      description: 'Экскурсии по Крыму: бронирование мест в автобусе и оплата картой онлайн',
      lang: 'ru',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: THEME,
      background_color: '#ffffff',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
  });
}
