import type { AppDeps } from './http/deps';
import { refundDeps, ticketMailDeps } from './http/routes/money-deps';
import type { MediaStore } from './media/store';
import { sendDueRefunds } from './payments/refunds';
import type { ServerEvent } from './realtime/events';
import { expireHolds, type BookingGuards } from './services/booking';
import type { PushSender } from './services/push';
import { runDueReminders, type ReminderDeps, type ReminderRun } from './services/reminders';
import { compactTombstones, pruneShortLived, purgeUnusedAvatars } from './storage/compaction';
import { exclusively, JOB_LOCKS } from './storage/db';

// The server's background jobs, each on a timer of its own. Every process runs them; the ones that
// must run once at a time across processes take an advisory lock or lease their rows.

/** How often old deletions and short-lived rows are looked for (storage/compaction.ts). */
const COMPACTION_MS = 86_400_000;

/** How often unused uploaded avatars are looked for (storage/compaction.ts purgeUnusedAvatars). */
const AVATAR_CLEAN_UP_MS = 3_600_000;

/** How often refunds the provider has not settled are looked for (payments/refunds.ts). */
const REFUND_RETRY_MS = 30_000;

/** How often due trip reminders are looked for (services/reminders.ts). */
const REMINDER_RUN_MS = 60_000;

export interface JobDeps {
  appDeps: AppDeps;
  media: MediaStore;
  push: PushSender;
  bookingGuards?: Readonly<BookingGuards>;
}

export interface Jobs {
  /** Runs one hold-expiry sweep now (what the timer does); resolves to the number of events published. */
  sweepHolds(): Promise<number>;
  /** Sends the refunds due by `at` (now by default), as the retry timer does; resolves to how many. */
  sendRefunds(at?: Date): Promise<number>;
  /** Sends the trip reminders due at `at` (now by default); calls run one after another. */
  runReminders(at?: Date): Promise<ReminderRun>;
  /** Stops every timer; runs already started go on. */
  stopTimers(): void;
  /** Resolves once the runs started so far have ended. */
  settled(): Promise<void>;
}

/**
 * How many holds a sweep cancelled, from the events it announces: each lapsed ticket is sent to its
 * buyer once, whole (a seller's manifest nudge is a TICKET_UPDATE without a ticket).
 */
function expiredHolds(events: readonly ServerEvent[]): number {
  return events.filter((event) => event.channel === 'TICKET_UPDATE' && event.data.ticket !== undefined)
    .length;
}

export function startJobs({ appDeps, media, push, bookingGuards }: JobDeps): Jobs {
  const { db, log, now, events, metrics, config, mailer } = appDeps;
  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, run: () => void) => {
    const timer = setInterval(run, ms);
    timer.unref();
    timers.push(timer);
  };

  // Old deletions are forgotten once a day; a replica offline for longer starts over. Each job takes
  // an advisory lock, so with several processes one at a time runs it.
  every(COMPACTION_MS, () => {
    compactTombstones(db, now()).catch((error: unknown) => log.error('tombstone compaction failed', error));
    pruneShortLived(db, now()).catch((error: unknown) => log.error('housekeeping failed', error));
  });
  // Avatars uploaded but no longer or never worn are deleted a day after their upload; an hourly
  // run keeps that close to a day. The job takes an advisory lock too.
  every(AVATAR_CLEAN_UP_MS, () => {
    purgeUnusedAvatars(db, media, now()).catch((error: unknown) =>
      log.error('avatar clean-up failed', error),
    );
  });

  // Unpaid holds run out after 15 minutes; their seats come back for sale. Only one process sweeps
  // at a time (the others skip that round), so each expiry is announced once; the events go out
  // after the commit.
  let sweeping: Promise<number> | undefined;
  const sweepHolds = () =>
    (sweeping ??= exclusively(db, JOB_LOCKS.holdSweep, (tx) => expireHolds(tx, now(), bookingGuards))
      .then((expired) => {
        // Undefined: another process held the sweep's lock, and this one skipped the round.
        if (expired) {
          metrics?.holdSweeps.inc();
          metrics?.holdsExpired.inc(expiredHolds(expired));
        }
        events.publish(expired ?? []);
        return expired?.length ?? 0;
      })
      .finally(() => (sweeping = undefined)));
  every(config.HOLD_SWEEP_SECONDS * 1000, () => {
    sweepHolds().catch((error: unknown) => log.error('hold expiry failed', error));
  });

  // Refunds the provider has not settled are sent again (same Idempotence-Key) until it does. Each
  // is leased to one sender (storage/refunds.ts), so several processes never send one twice at once.
  let refunding: Promise<number> | undefined;
  const sendRefunds = (at?: Date): Promise<number> => {
    // The timer's round joins a run in flight; a run asked for a moment of its own (an operator's,
    // a test's) goes after it, since the run in flight looked for what was due at another moment.
    if (refunding && !at) return refunding;
    const run: Promise<number> = (refunding ?? Promise.resolve(0))
      .catch(() => 0)
      .then(() => sendDueRefunds(refundDeps(appDeps), at))
      .finally(() => {
        if (refunding === run) refunding = undefined;
      });
    refunding = run;
    return run;
  };
  every(REFUND_RETRY_MS, () => {
    sendRefunds().catch((error: unknown) => log.error('refund retry failed', error));
  });

  // Trip reminders: each due one is claimed by one process (storage/reminders.ts), so every process
  // runs the timer. Within a process the runs queue; the timer skips its turn while one is queued.
  const reminderDeps: ReminderDeps = {
    db,
    mailer,
    log,
    publicUrl: ticketMailDeps(appDeps).publicUrl,
    rules: { eveningHour: config.REMINDER_EVENING_HOUR, beforeMinutes: config.REMINDER_BEFORE_MINUTES },
    push,
  };
  let reminding: Promise<unknown> = Promise.resolve();
  let remindersQueued = 0;
  const runReminders = (at?: Date) => {
    remindersQueued += 1;
    const run = reminding
      .then(() => runDueReminders(reminderDeps, at ?? now()))
      .finally(() => (remindersQueued -= 1));
    reminding = run.catch(() => undefined);
    return run;
  };
  every(REMINDER_RUN_MS, () => {
    if (remindersQueued === 0)
      runReminders().catch((error: unknown) => log.error('trip reminders failed', error));
  });

  return {
    sweepHolds,
    sendRefunds,
    runReminders,
    stopTimers: () => timers.forEach((timer) => clearInterval(timer)),
    settled: async () => {
      await sweeping?.catch(() => undefined);
      await refunding?.catch(() => undefined);
      await reminding;
    },
  };
}
