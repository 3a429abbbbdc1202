import type { LogLevel, Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { SHORTCUT_ICON_SIZE, shortcutIconPath } from './app-icons.js';
import { THEME } from './theme.js';

/**
 * The pictures of the app a browser's install sheet shows (public/screenshots/, drawn from the app by
 * scripts/screenshots.ts at these viewport sizes). Pictures only an install sheet fetches: they are
 * PNGs, which the precache's patterns leave out, so a phone never downloads them with the shell.
 */
export const SCREENSHOTS = [
  {
    src: '/screenshots/narrow.png',
    path: '/',
    width: 390,
    height: 844,
    form_factor: 'narrow',
    label: 'Главная: популярные экскурсии и исторические места Крыма',
  },
  {
    src: '/screenshots/wide.png',
    path: '/excursions',
    width: 1280,
    height: 800,
    form_factor: 'wide',
    label: 'Каталог экскурсий с ближайшими датами и ценами',
  },
] as const;

/**
 * The home-screen icon's long-press menu: the tourist's three most used screens. The icons are drawn
 * at build time (app-icons.ts, SHORTCUT_GLYPHS).
 */
const SHORTCUTS = [
  { name: 'Экскурсии', description: 'Каталог экскурсий по Крыму', url: '/excursions', icon: 'excursions' },
  { name: 'Расписание', description: 'Дни с экскурсиями', url: '/schedule', icon: 'schedule' },
  { name: 'Мои билеты', description: 'Купленные билеты и QR-коды', url: '/profile/tickets', icon: 'tickets' },
] as const;

/** The service worker (sw/sw.ts, its precache manifest injected) and the web app manifest. */
export function pwa(): Plugin[] {
  // The app's build's log level, for the worker's own build inside it: `npm start` builds quietly.
  let logLevel: LogLevel = 'info';
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
      // phones keep them when they need them. The test provider's card widget (payments/test-widget.ts)
      // runs only on a demo or test server, and a payment needs the network anyway: it is fetched
      // when the payment page opens, never stored on every phone.
      globIgnores: ['reader/**', 'staff/**', 'assets/test-widget-*.js'],
      maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
    },
    integration: {
      configureOptions(viteConfig) {
        logLevel = viteConfig.logLevel ?? 'info';
      },
      // The plugin builds the worker into one file with Rollup's `inlineDynamicImports`, which Rolldown
      // (Vite 8) reports as deprecated on every build; `codeSplitting: false` is its named successor.
      configureCustomSWViteBuild(inlineConfig) {
        inlineConfig.logLevel = logLevel;
        const output = inlineConfig.build?.rollupOptions?.output;
        if (output && !Array.isArray(output) && 'inlineDynamicImports' in output) {
          delete output.inlineDynamicImports;
          Object.assign(output, { codeSplitting: false });
        }
      },
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
      // No orientation: a tablet or a phone turned on its side rotates the app like any page.
      theme_color: THEME,
      background_color: '#ffffff',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
      categories: ['travel'],
      screenshots: SCREENSHOTS.map(({ src, width, height, form_factor, label }) => ({
        src,
        sizes: `${width}x${height}`,
        type: 'image/png',
        form_factor,
        label,
      })),
      shortcuts: SHORTCUTS.map(({ name, description, url, icon }) => ({
        name,
        short_name: name,
        description,
        url,
        icons: [
          {
            src: shortcutIconPath(icon),
            sizes: `${SHORTCUT_ICON_SIZE}x${SHORTCUT_ICON_SIZE}`,
            type: 'image/png',
          },
        ],
      })),
    },
  });
}
