import { addDays, crimeaToday, formatTourDate } from '../../domain/dates';
import type { PushPayload, ReminderKind } from '../../protocol/push';
import type { Logger } from '../log';
import type { Mailer } from '../mail/mailer';
import type { Db } from '../storage/db';
import {
  deleteGoneSubscription,
  subscriptionsOf,
  type PushSubscriptionRow,
} from '../storage/push-subscriptions';
import {
  claimDueReminders,
  pruneReminders,
  recordReminders,
  reminderTickets,
  REMINDER_CLAIM_LOCK,
  type ClaimedReminder,
  type ReminderOutcome,
  type ReminderRules,
  type ReminderTicketRow,
} from '../storage/reminders';
import type { PushSender } from './push';
import { reminderMail } from './reminder-mail';
import { REMINDER_STRINGS as S } from './reminder-mail-strings';

// Trip reminders (docs/reminders.md): the evening before a departure and shortly before it, each
// paid ticket's buyer gets an e-mail and a push to each of their subscribed browsers. A run claims
// the due reminders in one short transaction (storage/reminders.ts), then sends them after the
// commit and records how each went; several processes running at once send each reminder once.

export interface ReminderDeps {
  db: Db;
  mailer: Mailer;
  log: Logger;
  /** The app's public address, for the e-mail's link to the ticket. */
  publicUrl: string;
  rules: ReminderRules;
  push: PushSender;
}

export interface ReminderRun {
  /** Reminders this run claimed. */
  claimed: number;
  /** E-mails handed to the mail server. */
  mailed: number;
  /** Push messages a push service accepted. */
  pushed: number;
}

/** How long a claim keeps other processes off a reminder while its sender works on it. */
export const REMINDER_LEASE_MS = 15 * 60_000;
/** Tries of one reminder before it is given up; the waits between them double from a minute. */
export const REMINDER_MAX_ATTEMPTS = 5;
const RETRY_BASE_MS = 60_000;
/** Reminders claimed per statement: a run claims batches until one comes back short. */
const CLAIM_BATCH = 200;
/** Reminders sent at once. */
const SEND_CONCURRENCY = 8;
/** Records of departures older than this are deleted. */
const KEEP_MS = 30 * 86_400_000;

export function ticketPath(ticketId: string): string {
  return `/profile/tickets/ticket/${encodeURIComponent(ticketId)}`;
}

/** The push message of a reminder: one notification per ticket and kind (`tag`). */
export function reminderPayload(kind: ReminderKind, ticket: ReminderTicketRow): PushPayload {
  const title = ticket.title.length > 150 ? `${ticket.title.slice(0, 149)}…` : ticket.title;
  const assemblyPoint =
    ticket.assembly_point.length > 300 ? `${ticket.assembly_point.slice(0, 299)}…` : ticket.assembly_point;
  return {
    title: kind === 'evening' ? S.eveningPushTitle(title) : S.soonPushTitle(title),
    body: S.pushBody(formatTourDate(ticket.date, ticket.time), assemblyPoint),
    url: ticketPath(ticket.ticket_id),
    tag: `reminder-${ticket.ticket_id}-${kind}`,
  };
}

/** Sends every reminder due at `now` that was not sent yet; resolves to what this run did. */
export async function runDueReminders(deps: ReminderDeps, now: Date): Promise<ReminderRun> {
  const run: ReminderRun = { claimed: 0, mailed: 0, pushed: 0 };
  const today = crimeaToday(now);
  for (;;) {
    // One claiming statement at a time across processes: each sees the others' committed claims.
    const claimed = await deps.db.transaction(
      async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1)', [REMINDER_CLAIM_LOCK]);
        return claimDueReminders(tx, deps.rules, now, {
          fromDate: today,
          toDate: addDays(today, 1),
          leaseUntil: new Date(now.getTime() + REMINDER_LEASE_MS),
          maxAttempts: REMINDER_MAX_ATTEMPTS,
          limit: CLAIM_BATCH,
        });
      },
      { joinFence: false },
    );
    if (claimed.length > 0) {
      run.claimed += claimed.length;
      const outcomes = await sendClaimed(deps, claimed, now, run);
      await recordReminders(deps.db, outcomes, now);
    }
    if (claimed.length < CLAIM_BATCH) break;
  }
  await pruneReminders(deps.db, new Date(now.getTime() - KEEP_MS));
  return run;
}

async function sendClaimed(
  deps: ReminderDeps,
  claimed: ClaimedReminder[],
  now: Date,
  run: ReminderRun,
): Promise<ReminderOutcome[]> {
  const tickets = new Map(
    (await reminderTickets(deps.db, [...new Set(claimed.map((c) => c.ticket_id))])).map((row) => [
      row.ticket_id,
      row,
    ]),
  );
  const subscriptions = new Map<number, PushSubscriptionRow[]>();
  for (const row of await subscriptionsOf(deps.db, [...new Set([...tickets.values()].map((t) => t.user_id))]))
    subscriptions.set(row.user_id, [...(subscriptions.get(row.user_id) ?? []), row]);

  const outcomes: ReminderOutcome[] = [];
  let next = 0;
  const worker = async () => {
    while (next < claimed.length) {
      const claim = claimed[next++] as ClaimedReminder;
      outcomes.push(await sendOne(deps, claim, tickets.get(claim.ticket_id), subscriptions, now, run));
    }
  };
  await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, claimed.length) }, worker));
  return outcomes;
}

async function sendOne(
  deps: ReminderDeps,
  claim: ClaimedReminder,
  ticket: ReminderTicketRow | undefined,
  subscriptions: Map<number, PushSubscriptionRow[]>,
  now: Date,
  run: ReminderRun,
): Promise<ReminderOutcome> {
  const outcome: ReminderOutcome = {
    ticketId: claim.ticket_id,
    kind: claim.kind,
    departureAt: claim.departure_at,
    status: 'skipped',
    mailed: claim.mailed,
    pushed: claim.pushed,
    retryAt: null,
  };
  // Cancelled or moved since the claim: nothing is owed for this departure time any more.
  if (!ticket || ticket.departure_at.getTime() !== claim.departure_at.getTime()) return outcome;

  const errors: string[] = [];
  if (!outcome.mailed) {
    try {
      await deps.mailer.send(
        reminderMail({
          kind: claim.kind,
          to: ticket.email,
          ticketId: ticket.ticket_id,
          title: ticket.title,
          date: ticket.date,
          time: ticket.time,
          assemblyPoint: ticket.assembly_point,
          seats: ticket.bus_type === 'none' ? [] : (ticket.seats ?? []),
          adults: ticket.adults,
          kids: ticket.kids,
          ticketUrl: `${deps.publicUrl.replace(/\/$/, '')}${ticketPath(ticket.ticket_id)}`,
        }),
      );
      outcome.mailed = true;
      run.mailed += 1;
    } catch (error) {
      errors.push(`mail: ${(error as Error).message}`);
    }
  }
  if (!outcome.pushed) {
    const payload = reminderPayload(claim.kind, ticket);
    const ttl = (ticket.departure_at.getTime() - now.getTime()) / 1000;
    // A retry pushes to every subscription again; the tag makes the browser replace, not add.
    const results = await Promise.all(
      (subscriptions.get(ticket.user_id) ?? []).map(async (target) => {
        const result = await deps.push.send(target, payload, ttl);
        if (result.kind === 'gone')
          await deleteGoneSubscription(deps.db, target.endpoint, target.p256dh).catch((error: unknown) =>
            deps.log.error('a push subscription the push service forgot was not deleted', error),
          );
        return result;
      }),
    );
    run.pushed += results.filter((result) => result.kind === 'sent').length;
    const failed = results.flatMap((result) => (result.kind === 'failed' ? [result.error] : []));
    if (failed.length === 0) outcome.pushed = true;
    else errors.push(...failed.map((error) => `push: ${error}`));
  }

  if (outcome.mailed && outcome.pushed) return { ...outcome, status: 'sent' };
  const error = errors.join('; ').slice(0, 1000);
  const retryAt =
    claim.attempts < REMINDER_MAX_ATTEMPTS
      ? new Date(now.getTime() + RETRY_BASE_MS * 2 ** (claim.attempts - 1))
      : null;
  deps.log.error(
    `${claim.kind} reminder of ticket ${claim.ticket_id} not sent (try ${claim.attempts}` +
      `${retryAt ? ', will try again' : ', given up'}): ${error}`,
  );
  return { ...outcome, status: 'failed', retryAt, error };
}
