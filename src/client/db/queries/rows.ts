import type { ReplicaMeta } from '../schema';

// A row deleted locally stays in its table until the server agrees (so the delete can be rolled back);
// screens must not show it. Every query passes what it read through one of these.

export function isVisible<T extends ReplicaMeta>(row: T | undefined): row is T {
  return row !== undefined && !row._deleted;
}

/** The visible rows, in their order; also drops the holes a bulkGet leaves for missing keys. */
export function visible<T extends ReplicaMeta>(rows: readonly (T | undefined)[]): T[] {
  return rows.filter(isVisible);
}

export function visibleRow<T extends ReplicaMeta>(row: T | undefined): T | undefined {
  return isVisible(row) ? row : undefined;
}
