import { setPwaState } from './state';

// The browser's own install offer (Chromium's beforeinstallprompt). Kept until the user answers, shown
// as a small card; iOS and Firefox have no such event and are covered by the README's steps.

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const DISMISSED_KEY = 'pwa-install-dismissed';
let offer: InstallPromptEvent | null = null;

export function listenForInstallOffer(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's mini-infobar away: the app asks at a calmer moment, and only once.
    event.preventDefault();
    offer = event as InstallPromptEvent;
    if (localStorage.getItem(DISMISSED_KEY) !== '1') setPwaState({ canInstall: true });
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    setPwaState({ canInstall: false });
  });
}

export async function install(): Promise<void> {
  const current = offer;
  offer = null;
  setPwaState({ canInstall: false });
  if (!current) return;
  await current.prompt();
  if ((await current.userChoice).outcome === 'dismissed') localStorage.setItem(DISMISSED_KEY, '1');
}

export function dismissInstall(): void {
  localStorage.setItem(DISMISSED_KEY, '1');
  setPwaState({ canInstall: false });
}
