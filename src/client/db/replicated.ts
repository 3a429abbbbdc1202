// What every replicated row carries beside its own fields (schema.ts says how they are used).

export interface ReplicaMeta {
  /** Server version of this row; 0 for a row created locally and not yet acknowledged. */
  _v: number;
  /** Number of outbox mutations not yet acknowledged that touch this row. */
  _pending?: number;
  /** Deleted locally, waiting for the server. Queries hide these rows. */
  _deleted?: 1;
}

export type Replicated<T> = T & ReplicaMeta;
