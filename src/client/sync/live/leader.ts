import type { ReplicaDb } from '../../db/schema';

// One tab leads: it pulls, holds the socket and flushes the outbox; the others only read the replica.
// With Web Locks the browser grants the lock to one tab and hands it to the next when that tab
// closes. Without them, a lease row in the shared database does the same: the leader renews it every
// second, and another tab takes over once it has not been renewed for a few seconds.

export const LOCK_NAME = 'krym-sync-leader';
export const LEASE_MS = 3000;
export const RENEW_MS = 1000;

export interface LockManagerLike {
  request(name: string, options: { mode: 'exclusive' }, callback: () => Promise<void>): Promise<unknown>;
}

export interface LeaderElection {
  start(onLead: () => void, onLose: () => void): void;
  stop(): Promise<void>;
  readonly isLeader: boolean;
}

export function createLeaderElection(
  db: ReplicaDb,
  locks?: LockManagerLike,
  now: () => number = Date.now,
): LeaderElection {
  return locks ? lockElection(locks) : leaseElection(db, now);
}

function lockElection(locks: LockManagerLike): LeaderElection {
  let release: (() => void) | null = null;
  let leader = false;
  let stopped = false;
  return {
    start(onLead) {
      stopped = false;
      void locks.request(LOCK_NAME, { mode: 'exclusive' }, () => {
        if (stopped) return Promise.resolve();
        leader = true;
        onLead();
        // Held until stop(): the promise the lock waits on resolves only then.
        return new Promise<void>((resolve) => (release = resolve));
      });
    },
    async stop() {
      stopped = true;
      leader = false;
      release?.();
      release = null;
    },
    get isLeader() {
      return leader;
    },
  };
}

function leaseElection(db: ReplicaDb, now: () => number): LeaderElection {
  const me = crypto.randomUUID();
  let timer: ReturnType<typeof setInterval> | null = null;
  let leader = false;

  const tryLead = async (): Promise<boolean> =>
    db.transaction('rw', db.meta, async () => {
      const lease = (await db.meta.get('leader'))?.value as { id: string; until: number } | undefined;
      if (lease && lease.id !== me && lease.until > now()) return false;
      await db.meta.put({ key: 'leader', value: { id: me, until: now() + LEASE_MS } });
      return true;
    });

  return {
    start(onLead, onLose) {
      const tick = async () => {
        // A failed write (storage trouble) counts as not leading, so two tabs never both lead.
        const leads = await tryLead().catch(() => false);
        if (leads && !leader) {
          leader = true;
          onLead();
        } else if (!leads && leader) {
          leader = false;
          onLose();
        }
      };
      void tick();
      timer = setInterval(() => void tick(), RENEW_MS);
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      if (leader) {
        leader = false;
        // Give the lease up at once, so another tab need not wait for it to expire.
        await db.transaction('rw', db.meta, async () => {
          const lease = (await db.meta.get('leader'))?.value as { id: string } | undefined;
          if (lease?.id === me) await db.meta.delete('leader');
        });
      }
    },
    get isLeader() {
      return leader;
    },
  };
}
