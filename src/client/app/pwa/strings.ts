// The texts of the service-worker toast and the install prompt. The two toast messages are SPEC §1's
// own words, kept verbatim (in English, as the spec writes them); the rest is Russian like the app.

export const PWA = {
  offlineReady: 'App ready to work offline',
  needRefresh: 'New content available, click on reload button to update.',
  reload: 'Reload',
  close: 'Close',
  toastLabel: 'Обновление приложения',
  installTitle: 'Установите приложение',
  installText: 'Экскурсии будут под рукой на главном экране и откроются даже без сети.',
  install: 'Установить',
  notNow: 'Не сейчас',
} as const;
