import { describe, expect, it } from 'vitest';
import { createBatcher } from '../../../src/server/storage/batcher';

// storage/batcher.ts: calls of one statement that arrive together go as one statement, with at most
// `inFlight` statements out at once. Here the statements are functions that record what they were
// sent and answer when the test lets them.

interface Sent {
  kind: 'one' | 'many';
  calls: number[];
  answer(values?: (number | Error)[]): void;
  fail(error: Error): void;
}

function recorder(options: { size: number; inFlight: number }) {
  const sent: Sent[] = [];
  let out = 0;
  let mostOut = 0;
  const statement = <T>(kind: Sent['kind'], calls: number[]) =>
    new Promise<T>((resolve, reject) => {
      out++;
      mostOut = Math.max(mostOut, out);
      const done = () => out--;
      sent.push({
        kind,
        calls,
        answer: (values) => {
          done();
          resolve((kind === 'one' ? calls[0]! * 10 : (values ?? calls.map((c) => c * 10))) as T);
        },
        fail: (error) => {
          done();
          reject(error);
        },
      });
    });
  const call = createBatcher<number, number>({
    ...options,
    one: (n) => statement<number>('one', [n]),
    many: (calls) => statement<(number | Error)[]>('many', calls),
  });
  return { call, sent, mostOut: () => mostOut };
}

/** Lets the batcher's setImmediate run and the answers' continuations settle. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('createBatcher', () => {
  it('sends a lone call at once as the single statement', async () => {
    const { call, sent } = recorder({ size: 4, inFlight: 2 });
    const answer = call(7);
    await turn();
    expect(sent.map((s) => [s.kind, s.calls])).toEqual([['one', [7]]]);
    sent[0]!.answer();
    await expect(answer).resolves.toBe(70);
  });

  it('sends the calls of one turn together, up to its size, and never more statements than inFlight', async () => {
    const { call, sent, mostOut } = recorder({ size: 3, inFlight: 2 });
    const answers = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => call(n));
    await turn();
    expect(sent.map((s) => s.calls)).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    // The rest wait for an answer, then go together.
    sent[1]!.answer();
    await turn();
    await turn();
    expect(sent.map((s) => [s.kind, s.calls])).toEqual([
      ['many', [1, 2, 3]],
      ['many', [4, 5, 6]],
      ['many', [7, 8]],
    ]);
    sent[0]!.answer();
    sent[2]!.answer();
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40, 50, 60, 70, 80]);
    expect(mostOut()).toBe(2);
  });

  it('fails only the call a statement answered with an Error, and every call of a statement that failed', async () => {
    const { call, sent } = recorder({ size: 3, inFlight: 1 });
    const first = [1, 2, 3].map((n) => call(n).then(String, (e: Error) => `error: ${e.message}`));
    const second = [4, 5].map((n) => call(n).then(String, (e: Error) => `error: ${e.message}`));
    await turn();
    sent[0]!.answer([10, new Error('seats taken'), 30]);
    expect(await Promise.all(first)).toEqual(['10', 'error: seats taken', '30']);
    await turn();
    sent[1]!.fail(new Error('connection lost'));
    expect(await Promise.all(second)).toEqual(['error: connection lost', 'error: connection lost']);
    // The batcher goes on after a failure.
    const later = call(6);
    await turn();
    sent[2]!.answer();
    await expect(later).resolves.toBe(60);
  });

  it('fails a call the statement gave no answer for', async () => {
    const { call, sent } = recorder({ size: 3, inFlight: 1 });
    const answers = [1, 2].map((n) => call(n).then(String, (e: Error) => `error: ${e.message}`));
    await turn();
    sent[0]!.answer([10]);
    expect(await Promise.all(answers)).toEqual([
      '10',
      'error: a batched statement gave fewer answers than it was sent calls',
    ]);
  });
});
