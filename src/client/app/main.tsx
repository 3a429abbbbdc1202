import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, loadRoute, preloadRoute } from './App';
import { requestFirstPageEarly } from '../boot/first-page';
import pullWorkerUrl from '../sync/pull/pull-worker?chunk-url';
import { firstScreenDrawn } from './first-screen';
import { embeddedFirstScreenData } from './hooks/first-screen-data';
import { FIRST_SCREEN_DATA_ID } from '../../protocol/first-screen';
import { loadInSteps } from './load-in-steps';
import { spreadModulePreloads } from './spread-preloads';
import { untilLoaded } from './until-loaded';
import { yieldToMain } from '../yield';
import './styles.css';
import './page-blocks.css';
import './widgets.css';

// Before anything else: a first visit's catalogue downloads while the app's code does (boot/first-page.ts).
requestFirstPageEarly();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// A first visit may come with its screen drawn by the server into the root, and the data it was drawn
// from embedded beside it (src/server/http/first-screen.ts). React hydrates that markup from the same
// data: the page the visitor already reads, types into and scrolls stays the same page, and a tap or a
// keystroke that arrives while React hydrates is replayed once the part it hit is hydrated. Before the
// app's code arrives, the drawn screen's links and forms work without it. A page whose embedded data
// is missing or malformed is drawn afresh from the replica instead.
const embedded = document.getElementById(FIRST_SCREEN_DATA_ID);
const drawnData = embeddedFirstScreenData(embedded?.textContent);
embedded?.remove();

/** A hydration mismatch is reported once; React then redraws the part from the client's render. */
let mismatchReported = false;
function reportMismatch(error: unknown): void {
  if (mismatchReported) return;
  mismatchReported = true;
  console.warn('first screen: the drawn page did not match the app, redrawn', error);
}

// Evaluating this chunk, asking for the screen's code and starting React each get a task of their own
// rather than one long one on a slow phone; the screen's files are asked for one per task too
// (lazy-component.ts, spread-preloads.ts). Not a top-level await: that would make the entry an async
// module, which the bundler splits into more chunks.
void (async () => {
  await yieldToMain();
  if (drawnData && root.firstElementChild) {
    // Hydration needs the screen's code at hand: drawn without it, the screen would not match. The
    // provider reads the replica, whose code comes with the screen's, not in this entry.
    // Until both have arrived the drawn page stays, its links and forms working without the app.
    const [{ HydrationDataProvider }] = await Promise.all([
      untilLoaded(() => spreadModulePreloads(() => import('./hooks/hydration-data'))),
      loadRoute(location.pathname).catch(() => undefined),
    ]);
    // In a transition, as below: hydration runs in slices, and a tap in between hydrates its target
    // at once and is handled.
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <HydrationDataProvider data={drawnData}>
            <App />
          </HydrationDataProvider>
        </StrictMode>,
        { onRecoverableError: reportMismatch },
      );
    });
    return;
  }
  root.replaceChildren();
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
// (Lighthouse's TBT in `npm run bench` measures this: docs/benchmarks.md). Code the network dropped is
// asked for again when it returns (until-loaded.ts): a change queued offline waits for this engine.
void firstScreenDrawn()
  .then(() =>
    untilLoaded(() =>
      loadInSteps(
        [() => import('../boot/schemas-base'), () => import('../boot/schemas-core')],
        () => import('../sync/engine/browser'),
      ),
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
  .then(() => untilLoaded(() => spreadModulePreloads(() => import('./pwa/start'))))
  .then(({ startPwaFeatures }) => startPwaFeatures());
