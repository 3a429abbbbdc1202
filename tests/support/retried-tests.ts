import type { SerializedError } from 'vitest';
import type { Reporter, TestCase } from 'vitest/node';

/**
 * Names every test that passed only when tried again (the e2e project allows one more try), with the
 * first try's error, so a flaky step stays in the run's output instead of disappearing in a green
 * summary.
 */
export default class RetriedTests implements Reporter {
  onTestCaseResult(testCase: TestCase): void {
    const diagnostic = testCase.diagnostic();
    if (!diagnostic?.flaky) return;
    const [first] = testCase.result().errors ?? [];
    const file = testCase.module.relativeModuleId;
    console.log(
      `\n⟳ passed on try ${diagnostic.retryCount + 1}: ${file} > ${testCase.fullName}\n  first try: ${firstTryReason(first, file)}\n`,
    );
  }
}

/**
 * A failed try in one line: the error's first line, what a browser step was waiting for (a timeout's
 * message says only how long it waited; Playwright's call log names the locator) and the line of the
 * test file it failed on, so the step that missed is known from the run's output alone.
 */
export function firstTryReason(error: SerializedError | undefined, file: string): string {
  if (!error) return 'no error recorded';
  const lines = error.message.split('\n');
  const waitingFor = lines.map((line) => line.trim()).find((line) => line.startsWith('- waiting for '));
  const at = error.stacks?.find((frame) => frame.file.endsWith(file));
  return [
    lines[0],
    waitingFor ? `(${waitingFor.slice(2)})` : undefined,
    at ? `at ${file}:${at.line}` : undefined,
  ]
    .filter(Boolean)
    .join(' ');
}
