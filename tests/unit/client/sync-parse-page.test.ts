import { describe, expect, it } from 'vitest';
import { PARSE_BUDGET_MS, PARSE_SLICE, parseSyncPage } from '../../../src/client/sync/pull/parse';
import { SYNC_MAX_LIMIT, syncResponseSchema, type Change } from '../../../src/protocol/sync';
import { city, excursion, tour } from '../protocol/fixtures';

// parseSyncPage checks a pulled page a slice at a time; its verdict and its output must be exactly
// syncResponseSchema's, whatever the page.

const hex = (n: number) => n.toString(16).padStart(24, '0');
const tours = (count: number): Change[] =>
  Array.from({ length: count }, (_, i) => ({
    collection: 'tours',
    op: 'put',
    version: i + 1,
    row: tour({ _id: hex(i + 1) }),
  }));

/** A clock that stands still: slices end by count alone. */
const frozen = () => 0;

async function bothVerdicts(data: unknown, clock: () => number = frozen) {
  let pauses = 0;
  const sliced = await parseSyncPage(
    data,
    async () => {
      pauses += 1;
    },
    clock,
  );
  const whole = syncResponseSchema.safeParse(data);
  return { sliced, whole: whole.success ? whole.data : null, pauses };
}

describe('parseSyncPage', () => {
  it('gives what syncResponseSchema gives for a long page, pausing between slices', async () => {
    const changes = [
      { collection: 'excursions', op: 'put', version: 1, row: excursion() },
      ...tours(PARSE_SLICE * 3 + 7),
      { collection: 'cities', op: 'delete', version: 9999, id: 4 },
    ];
    const { sliced, whole, pauses } = await bothVerdicts({ cursor: 'v1.9999.0', changes, more: true });
    expect(whole).not.toBeNull();
    expect(sliced).toEqual(whole);
    // One before the envelope (the page's JSON was parsed in the task that called), one after it,
    // one between slices.
    expect(pauses).toBe(Math.ceil(changes.length / PARSE_SLICE) + 1);
  });

  it('also ends a slice when it has taken PARSE_BUDGET_MS, however few changes it checked', async () => {
    // Each reading of this clock is half the budget later: a slice checks two changes.
    let time = 0;
    const clock = () => (time += PARSE_BUDGET_MS / 2);
    const changes = tours(10);
    const { sliced, whole, pauses } = await bothVerdicts({ cursor: 'v1.10.0', changes }, clock);
    expect(sliced).toEqual(whole);
    expect(pauses).toBeGreaterThanOrEqual(4);
    expect(pauses).toBeLessThan(changes.length);
  });

  it('defaults a missing `more` to false, as the schema does', async () => {
    const { sliced, whole } = await bothVerdicts({ cursor: 'v1.0', changes: [] });
    expect(sliced).toEqual({ cursor: 'v1.0', changes: [], more: false });
    expect(sliced).toEqual(whole);
  });

  it.each([
    [
      'a bad change in the last slice',
      { cursor: 'v1.1', changes: [...tours(PARSE_SLICE + 1), { collection: 'tours', op: 'put' }] },
    ],
    [
      'a bad row in the first slice',
      { cursor: 'v1.1', changes: [{ collection: 'cities', op: 'put', version: 1, row: city({ id: 0 }) }] },
    ],
    ['no cursor', { changes: [] }],
    ['an empty cursor', { cursor: '', changes: [] }],
    ['changes that are not a list', { cursor: 'v1.1', changes: {} }],
    ['more than a page may hold', { cursor: 'v1.1', changes: tours(SYNC_MAX_LIMIT + 1) }],
    ['a non-boolean more', { cursor: 'v1.1', changes: [], more: 'yes' }],
    ['not an object', 'v1.1'],
  ])('refuses %s, as the schema does', async (_label, data) => {
    const { sliced, whole } = await bothVerdicts(data);
    expect(whole).toBeNull();
    expect(sliced).toBeNull();
  });
});
