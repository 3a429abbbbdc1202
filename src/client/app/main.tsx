import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadRoute } from './App';
import { requestFirstPageEarly } from '../sync/first-page';
import pullWorkerUrl from '../sync/pull-worker?chunk-url';
import { firstContentDrawn, firstScreenDrawn } from './first-screen';
import { loadInSteps } from './load-in-steps';
import { spreadModulePreloads } from './spread-preloads';
import { yieldToMain } from '../yield';
import './styles.css';

// Before anything else: a first visit's catalogue downloads while the app's code does (first-page.ts).
requestFirstPageEarly();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// A first visit may come with its screen drawn by the server (#ssr, src/server/http/first-screen.ts)
// and the app's root hidden. The app renders into the hidden root from its replica; once the screen's
// main content is drawn there, the two swap in one frame. Until then the server's links work as plain
// links, which the server draws too.
const serverDrawn = document.getElementById('ssr');
if (serverDrawn) {
  // The page's entrance animation is for navigations, not for this swap of identical screens; the
  // shell drops the class on the first navigation.
  document.documentElement.classList.add('handoff');
  void firstContentDrawn().then(() => {
    requestAnimationFrame(() => {
      serverDrawn.remove();
      root.hidden = false;
    });
  });
}

// Evaluating this chunk, asking for the screen's code and starting React each get a task of their own
// rather than one long one on a slow phone; the screen's files are asked for one per task too
// (lazy-component.ts, spread-preloads.ts). Not a top-level await: that would make the entry an async
// module, which the bundler splits into more chunks.
void (async () => {
  await yieldToMain();
  preloadRoute(location.pathname);
  await yieldToMain();
  // A transition: React renders the first screen in slices of a few milliseconds and lets the
  // browser in between, so a slow phone is never blocked for the whole first render at once.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
})();

// The sync engine loads in its own chunk once the first screen is drawn from the replica, or at once
// when the replica was never filled (the screen then waits for the sync). See first-screen.ts. Its code
// is evaluated in three tasks instead of one: Zod with the protocol's primitive schemas, then the
// entity schemas, then the engine with the schemas built on them. Building Zod schemas is most of
// the cost: as one task it would be the longest of a first visit after the drawn page's own layout
// (Lighthouse's TBT in `npm run bench` measures this: docs/benchmarks.md).
void firstScreenDrawn()
  .then(() =>
    loadInSteps(
      [() => import('../sync/schemas-base'), () => import('../sync/schemas-core')],
      () => import('../sync/browser'),
    ),
  )
  .then(async ({ startBrowserSync }) => {
    // Started in the task after the engine's code was evaluated, not in the same one.
    await yieldToMain();
    startBrowserSync({ pullWorkerUrl });
  });

// The label of this build, so a page shows which version it runs (an update is visible, and testable).
document.documentElement.dataset.build = __APP_BUILD__;

// The service worker, its toast and the install offer: also after the first screen, in their own chunk.
void firstScreenDrawn()
  .then(() => spreadModulePreloads(() => import('./pwa/start')))
  .then(({ startPwaFeatures }) => startPwaFeatures());
