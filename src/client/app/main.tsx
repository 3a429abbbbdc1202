import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadRoute } from './App';
import { requestFirstPageEarly } from '../sync/first-page';
import { firstScreenDrawn } from './first-screen';
import './styles.css';

// Before anything else: a first visit's catalogue downloads while the app's code does (first-page.ts).
requestFirstPageEarly();
preloadRoute(location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
// A transition: React renders the first screen in slices of a few milliseconds and lets the browser
// in between, so a slow phone is never blocked for the whole first render at once.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

// The sync engine loads in its own chunk once the first screen is drawn from the replica, or at once
// when the replica was never filled (the screen then waits for the sync). See first-screen.ts.
void firstScreenDrawn()
  .then(() => import('../sync/browser'))
  .then(({ startBrowserSync }) => startBrowserSync());

// The label of this build, so a page shows which version it runs (an update is visible, and testable).
document.documentElement.dataset.build = __APP_BUILD__;

// The service worker, its toast and the install offer: also after the first screen, in their own chunk.
void firstScreenDrawn()
  .then(() => import('./pwa/start'))
  .then(({ startPwaFeatures }) => startPwaFeatures());
