import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AxeResults, ElementContext, NodeResult, Result, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';
import { ROOT } from './process';

// Deque's axe-core rules run in the page a test has in front of it. The script goes in through the
// DevTools protocol's evaluation (page.evaluate of its source), which the page's Content-Security-Policy
// does not govern: a <script> tag would be refused (no inline scripts) and turning the policy off for
// the browser would hide the very reports tests/e2e check for.

/** The rule sets checked: WCAG 2.0, 2.1 and 2.2 at levels A and AA, and Deque's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

/** Text a screen shows while its data is still coming (the strings modules' `loading`). */
const LOADING_TEXT = /^(Загрузка|Loading)/;

/** Elements that spin while something is on its way (login code check, ticket refresh). */
const SPINNERS = '.login-spinner, .ticket-spinner, [aria-busy="true"]';

let axeSource: Promise<string> | undefined;

function source(): Promise<string> {
  axeSource ??= readFile(join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

/** A transition or animation this short is waited for: a menu sliding in, a sheet rising. */
const SHORT_ANIMATION_MS = 1_000;

/**
 * Waits until the screen has settled: the document has loaded, nothing says 'Загрузка…'/'Loading…'
 * or spins, and no short animation or transition (a menu sliding in) is running, so colours and boxes
 * are the ones a person ends up seeing. Longer or endless ones (a spinner, a toast's countdown) are
 * part of the screen. A screen still busy after `timeout` is a state a test has set up on purpose (a
 * request held to show the busy button): it is checked as it is, and this answers false.
 */
export async function settled(page: Page, timeout = 5_000): Promise<boolean> {
  try {
    await page.waitForFunction(
      ({ spinners, loading, short }) => {
        if (document.readyState !== 'complete') return false;
        if (document.querySelector(spinners)) return false;
        const pattern = new RegExp(loading);
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (pattern.test(node.textContent?.trim() ?? '') && node.parentElement?.checkVisibility())
            return false;
        }
        return document.getAnimations().every((animation) => {
          const end = animation.effect?.getComputedTiming().endTime;
          return animation.playState !== 'running' || typeof end !== 'number' || end > short;
        });
      },
      { spinners: SPINNERS, loading: LOADING_TEXT.source, short: SHORT_ANIMATION_MS },
      { timeout, polling: 100 },
    );
    return true;
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') return false;
    throw error;
  }
}

/** One line per element: its selector path and axe's summary of what is wrong with it. */
function describeNode(node: NodeResult): string {
  const target = node.target.map((part) => (Array.isArray(part) ? part.join(' >> ') : part)).join(' >> ');
  const summary = (node.failureSummary ?? '').replace(/\s*\n\s*/g, ' ').trim();
  return `    - ${target}\n      ${summary}`;
}

/** A readable list of violations: rule id, impact, help and each failing element. */
export function describeViolations(violations: Result[]): string {
  return violations
    .map(
      (violation) =>
        `  ${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n` +
        violation.nodes.map(describeNode).join('\n'),
    )
    .join('\n');
}

/** How long a page is given to answer a script before it counts as one that runs none. */
const SCRIPT_PROBE_MS = 3_000;

/**
 * Whether the page runs scripts: in a context opened with JavaScript turned off (a test of the
 * server's drawing alone) an evaluation still answers, but no timer ever fires, and axe-core's run
 * waits on timers.
 */
export async function runsScripts(page: Page): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const silent = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), SCRIPT_PROBE_MS)));
  try {
    const timerFired = page.evaluate(
      () => new Promise<boolean>((resolve) => setTimeout(() => resolve(true))),
    );
    return await Promise.race([timerFired.catch(() => false), silent]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs axe-core on the settled page (or on `context` within it) and returns its results. */
export async function runAxe(page: Page, context?: ElementContext): Promise<AxeResults> {
  if (!(await runsScripts(page))) throw new Error(`${page.url()} runs no script: axe-core cannot check it`);
  await settled(page);
  const present = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  // The source ends in an expression statement; `void 0` keeps the evaluation's answer serialisable.
  if (!present) await page.evaluate(`${await source()}\n;void 0`);
  const options: RunOptions = {
    runOnly: { type: 'tag', values: AXE_TAGS },
    resultTypes: ['violations'],
    // The app's only frame is the payment provider's; axe is not in it, so none is waited on.
    iframes: false,
  };
  return page.evaluate(
    ([scope, runOptions]) =>
      (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<AxeResults> } }).axe.run(
        scope ?? document,
        runOptions,
      ),
    [context ?? null, options] as const,
  );
}

/**
 * Fails with the list of violations (rule id, target selectors, summary) when axe-core finds any on
 * the page as it stands, after it has settled. A page with scripts turned off is left alone: axe-core
 * is a script, and the same markup is checked where the app runs.
 */
export async function expectNoAxeViolations(page: Page, context?: ElementContext): Promise<void> {
  if (!(await runsScripts(page))) return;
  const { violations } = await runAxe(page, context);
  if (violations.length === 0) return;
  throw new Error(
    `axe-core found ${violations.length} accessibility violation(s) on ${page.url()}:\n` +
      describeViolations(violations),
  );
}
