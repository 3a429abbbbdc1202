import { describe, expect, it } from 'vitest';
import { firstTryReason } from '../support/retried-tests';

describe('the retried-tests reporter', () => {
  const file = 'tests/e2e/boarding.test.ts';

  it('names what a timed-out browser step waited for and the test line it failed on', () => {
    const error = {
      message:
        "locator.waitFor: Timeout 30000ms exceeded.\nCall log:\n  - waiting for getByRole('heading', { name: 'Пассажиры' }) to be visible\n",
      stacks: [
        {
          method: 'ProtocolError',
          file: '/work/node_modules/playwright-core/lib/client/locator.js',
          line: 10,
          column: 1,
        },
        { method: '', file: `/work/${file}`, line: 127, column: 5 },
      ],
    };
    expect(firstTryReason(error, file)).toBe(
      "locator.waitFor: Timeout 30000ms exceeded. (waiting for getByRole('heading', { name: 'Пассажиры' }) to be visible) at tests/e2e/boarding.test.ts:127",
    );
  });

  it('keeps an assertion error to its first line when there is no call log or test frame', () => {
    expect(firstTryReason({ message: 'expected false to be true\n\n- Expected\n+ Received' }, file)).toBe(
      'expected false to be true',
    );
    expect(firstTryReason(undefined, file)).toBe('no error recorded');
  });
});
