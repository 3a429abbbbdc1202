import { useLiveQuery } from './live-query';

/**
 * useLiveQuery for a screen about one subject (an id, a date): while the query for a new subject is
 * pending it gives undefined ("loading") instead of the previous subject's result, which useLiveQuery
 * would otherwise keep. A re-run for the same subject (new data, the clock) keeps showing the last
 * result until the new one arrives. `deps` must include everything `query` reads, subject included.
 */
export function useSubjectLiveQuery<T>(
  subject: string,
  query: () => Promise<T>,
  deps: unknown[],
): T | undefined {
  const tagged = useLiveQuery(async () => ({ subject, value: await query() }), deps);
  return tagged !== undefined && tagged.subject === subject ? tagged.value : undefined;
}
