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
    const reason = first?.message.split('\n')[0] ?? 'no error recorded';
    console.log(
      `\n⟳ passed on try ${diagnostic.retryCount + 1}: ${testCase.module.relativeModuleId} > ${testCase.fullName}\n  first try: ${reason}\n`,
    );
  }
}
