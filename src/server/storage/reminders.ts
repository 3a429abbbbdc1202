import { CRIMEA_UTC_OFFSET_MINUTES } from '../../domain/dates';
import type { ReminderKind } from '../../protocol/push';
import type { Queryable } from './db';

// The trip_reminders table (migration 21): which reminder each paid ticket is owed for its
// departure's current time, which one a process is sending, and which went out.

/** The advisory lock the claims run under: one claiming statement at a time across processes. */
export const REMINDER_CLAIM_LOCK = 727030;

export interface ReminderRules {
  /** The hour (Crimean time) of the day before the departure for the evening reminder. */
  eveningHour: number;
  /** Minutes before the departure for the 'soon' reminder. */
  beforeMinutes: number;
}

export interface ClaimedReminder {
  ticket_id: string;
  kind: ReminderKind;
  departure_at: Date;
  attempts: number;
  mailed: boolean;
  pushed: boolean;
}

/**
 * Claims every reminder due at `now` that no process sent or is sending: the evening one from
 * eveningHour:00 the day before until the 'soon' one is due (skipped for a ticket paid after that
 * hour), the 'soon' one from beforeMinutes before the departure until it. Only confirmed tickets of a
 * live tour count, at the tour's time now, so a cancelled ticket is owed nothing and a moved
 * departure owes its reminders at its new time. A reminder whose send failed is claimed again once
 * its retry time came, up to `maxAttempts` tries; one whose sender vanished, once its lease ran out.
 *
 * Departures of the window's days are read by the tours' date index, their paid tickets by the tour
 * index: one statement, however many tickets. Reminders already settled are left out before the
 * limit, so each batch holds only reminders still owed.
 */
export interface ClaimWindow {
  /** The Crimean days whose departures are looked at (yyyy-MM-dd, both included). */
  fromDate: string;
  toDate: string;
  /** Until when the claimed reminders are this sender's. */
  leaseUntil: Date;
  maxAttempts: number;
  /** At most this many are claimed. */
  limit: number;
}

export async function claimDueReminders(
  tx: Queryable,
  rules: ReminderRules,
  now: Date,
  window: ClaimWindow,
): Promise<ClaimedReminder[]> {
  return tx.query<ClaimedReminder>(
    `WITH slot AS (
       SELECT t.id AS tour_id,
              ((t.date + t.time::time) AT TIME ZONE 'UTC') - make_interval(mins => $2::int) AS departure_at,
              ((t.date - 1 + make_time($3::int, 0, 0)) AT TIME ZONE 'UTC') - make_interval(mins => $2::int)
                AS evening_at
         FROM tours t
        WHERE t.date BETWEEN $4::date AND $5::date
     ), due AS (
       SELECT k.id AS ticket_id, r.kind, s.departure_at
         FROM slot s
         JOIN tickets k ON k.tour_id = s.tour_id AND k.status = 'confirmed'
        CROSS JOIN LATERAL (VALUES
          ('evening', s.evening_at, s.departure_at - make_interval(mins => $6::int)),
          ('soon', s.departure_at - make_interval(mins => $6::int), s.departure_at)
        ) r (kind, due_at, until_at)
        WHERE r.due_at <= $1::timestamptz AND $1::timestamptz < r.until_at
          AND (r.kind = 'soon' OR k.paid_at IS NULL OR k.paid_at <= r.due_at)
          AND NOT EXISTS (
            SELECT 1 FROM trip_reminders d
             WHERE d.ticket_id = k.id AND d.kind = r.kind AND d.departure_at = s.departure_at
               AND NOT (d.status IN ('sending', 'failed') AND d.retry_at IS NOT NULL
                        AND d.retry_at <= $1::timestamptz AND d.attempts < $8::int))
        ORDER BY k.id, r.kind
        LIMIT $9::int
     )
     INSERT INTO trip_reminders AS m (ticket_id, kind, departure_at, status, attempts, retry_at, updated_at)
     SELECT ticket_id, kind, departure_at, 'sending', 1, $7::timestamptz, $1::timestamptz FROM due
     ON CONFLICT (ticket_id, kind, departure_at) DO UPDATE
        SET status = 'sending', attempts = m.attempts + 1, retry_at = EXCLUDED.retry_at,
            updated_at = EXCLUDED.updated_at
      WHERE m.status IN ('sending', 'failed') AND m.retry_at <= EXCLUDED.updated_at AND m.attempts < $8::int
     RETURNING m.ticket_id, m.kind, m.departure_at, m.attempts, m.mailed, m.pushed`,
    [
      now,
      CRIMEA_UTC_OFFSET_MINUTES,
      rules.eveningHour,
      window.fromDate,
      window.toDate,
      rules.beforeMinutes,
      window.leaseUntil,
      window.maxAttempts,
      window.limit,
    ],
  );
}

/** What a reminder tells: the ticket's departure as it stands now, and whom to tell. */
export interface ReminderTicketRow {
  ticket_id: string;
  user_id: number;
  email: string;
  title: string;
  /** yyyy-MM-dd and HH:mm, Crimean time. */
  date: string;
  time: string;
  departure_at: Date;
  assembly_point: string;
  adults: number;
  kids: number;
  bus_type: string;
  seats: number[] | null;
}

/** The claimed tickets that are still confirmed on a live tour, with what their reminders say. */
export async function reminderTickets(db: Queryable, ticketIds: string[]): Promise<ReminderTicketRow[]> {
  if (ticketIds.length === 0) return [];
  return db.query<ReminderTicketRow>(
    `SELECT k.id AS ticket_id, k.user_id, u.email, e.title, t.date::text AS date, t.time,
            ((t.date + t.time::time) AT TIME ZONE 'UTC') - make_interval(mins => $2::int) AS departure_at,
            k.assembly_point, k.adults, k.kids, e.bus_type,
            (SELECT array_agg(ts.seat ORDER BY ts.seat) FROM ticket_seats ts WHERE ts.ticket_id = k.id) AS seats
       FROM tickets k
       JOIN tours t ON t.id = k.tour_id
       JOIN excursions e ON e.id = t.excursion_id
       JOIN users u ON u.id = k.user_id
      WHERE k.id = ANY($1::text[]) AND k.status = 'confirmed'`,
    [ticketIds, CRIMEA_UTC_OFFSET_MINUTES],
  );
}

export interface ReminderOutcome {
  ticketId: string;
  kind: ReminderKind;
  departureAt: Date;
  status: 'sent' | 'failed' | 'skipped';
  mailed: boolean;
  pushed: boolean;
  /** When a failed reminder may be tried again; null when it is given up. */
  retryAt: Date | null;
  error?: string;
}

/** Records how the claimed reminders went, in one statement. */
export async function recordReminders(db: Queryable, outcomes: ReminderOutcome[], now: Date): Promise<void> {
  if (outcomes.length === 0) return;
  await db.query(
    `UPDATE trip_reminders m
        SET status = o.status, mailed = o.mailed, pushed = o.pushed, retry_at = o.retry_at,
            last_error = o.error, updated_at = $2
       FROM jsonb_to_recordset($1::jsonb)
            AS o (ticket_id text, kind text, departure_at timestamptz, status text, mailed boolean,
                  pushed boolean, retry_at timestamptz, error text)
      WHERE m.ticket_id = o.ticket_id AND m.kind = o.kind AND m.departure_at = o.departure_at`,
    [
      JSON.stringify(
        outcomes.map((o) => ({
          ticket_id: o.ticketId,
          kind: o.kind,
          departure_at: o.departureAt.toISOString(),
          status: o.status,
          mailed: o.mailed,
          pushed: o.pushed,
          retry_at: o.retryAt?.toISOString() ?? null,
          error: o.error ?? null,
        })),
      ),
      now,
    ],
  );
}

/** Forgets the reminders of departures older than `before`: nothing is owed for them any more. */
export async function pruneReminders(db: Queryable, before: Date): Promise<void> {
  await db.query('DELETE FROM trip_reminders WHERE departure_at < $1', [before]);
}
