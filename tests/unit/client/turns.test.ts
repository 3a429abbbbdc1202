import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeTurn } from '../../../src/client/app/components/turns';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.runOnlyPendingTimers();
  vi.useRealTimers();
});

describe('takeTurn', () => {
  it('runs what comes due together one per task, in the order asked', () => {
    const ran: string[] = [];
    for (const name of ['a', 'b', 'c']) takeTurn(() => ran.push(name));
    expect(ran).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(['a']);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(['a', 'b']);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(['a', 'b', 'c']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('skips a turn withdrawn before it ran, and withdrawing one that ran changes nothing', () => {
    const ran: string[] = [];
    const withdrawA = takeTurn(() => ran.push('a'));
    const withdrawB = takeTurn(() => ran.push('b'));
    takeTurn(() => ran.push('c'));
    withdrawB();
    vi.advanceTimersToNextTimer();
    withdrawA();
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(['a', 'c']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('goes on with the next turn when one throws', () => {
    const ran: string[] = [];
    takeTurn(() => {
      throw new Error('broken slider');
    });
    takeTurn(() => ran.push('b'));
    expect(() => vi.advanceTimersToNextTimer()).toThrow('broken slider');
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(['b']);
  });

  it('takes a turn asked for later in a task of its own too', () => {
    const ran: string[] = [];
    takeTurn(() => ran.push('a'));
    vi.advanceTimersToNextTimer();
    expect(vi.getTimerCount()).toBe(0);
    takeTurn(() => ran.push('b'));
    takeTurn(() => ran.push('c'));
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(['a', 'b']);
  });
});
