// The seeded randomness and ids under the demo generator (dates and seats are domain rules, tested there).
import { describe, expect, it } from 'vitest';
import { createRng, hashString, hexId } from '../../../src/server/demo/prng';

describe('prng', () => {
  it('repeats its sequence for the same seed and differs for another', () => {
    const a = createRng('seed');
    const b = createRng('seed');
    const c = createRng('other');
    const seqA = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(seqA);
    for (const x of seqA) expect(x >= 0 && x < 1).toBe(true);
  });

  it('keeps int() within bounds, inclusive', () => {
    const rng = createRng(42);
    const seen = new Set<number>();
    for (let i = 0; i < 500; i++) seen.add(rng.int(1, 4));
    expect([...seen].sort()).toEqual([1, 2, 3, 4]);
  });

  it('derives stable 24-hex ids', () => {
    expect(hexId('excursion:x')).toMatch(/^[0-9a-f]{24}$/);
    expect(hexId('excursion:x')).toBe(hexId('excursion:x'));
    expect(hexId('excursion:x')).not.toBe(hexId('excursion:y'));
    expect(hashString('a', 1)).not.toBe(hashString('a', 2));
  });
});
