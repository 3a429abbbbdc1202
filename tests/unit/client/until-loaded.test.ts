import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { untilLoaded } from '../../../src/client/app/until-loaded';

/** A load that fails `failures` times, then resolves with 'chunk'; counts its calls. */
function flakyLoad(failures: number) {
  const load = vi.fn(async () => {
    if (load.mock.calls.length <= failures)
      throw new TypeError('Failed to fetch dynamically imported module');
    return 'chunk';
  });
  return load;
}

describe('a chunk import that the network dropped', () => {
  let browser: EventTarget;
  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    vi.useFakeTimers();
    browser = new EventTarget();
    vi.stubGlobal('window', browser);
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    warn.mockRestore();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('is asked for again when the browser says it is back online, and not before', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const load = flakyLoad(1);
    const loaded = untilLoaded(load);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(load).toHaveBeenCalledTimes(1);

    browser.dispatchEvent(new Event('online'));
    await expect(loaded).resolves.toBe('chunk');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('is asked for again after a growing pause while the browser believes it is online', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    const load = flakyLoad(3);
    const loaded = untilLoaded(load);
    await vi.advanceTimersByTimeAsync(999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(3);
    // The browser's 'online' cuts a pause short.
    browser.dispatchEvent(new Event('online'));
    await expect(loaded).resolves.toBe('chunk');
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('never waits longer than half a minute between tries', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    const load = flakyLoad(8);
    const loaded = untilLoaded(load);
    // Pauses of 1, 2, 4, 8 and 16 s, then 30 s each.
    await vi.advanceTimersByTimeAsync(31_000);
    expect(load).toHaveBeenCalledTimes(6);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(load).toHaveBeenCalledTimes(7);
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(loaded).resolves.toBe('chunk');
    expect(load).toHaveBeenCalledTimes(9);
    // Eight failures, one line on the console.
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe('a chunk import where there is no window (the server draws a first screen)', () => {
  it('rejects with the import error at once', async () => {
    const load = flakyLoad(1);
    await expect(untilLoaded(load)).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
