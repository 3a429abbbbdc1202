-- name: trip reminders and web push subscriptions

-- One row per reminder a ticket is owed for one departure time: the evening before and shortly
-- before. The key holds the departure's instant, so a moved departure owes its reminders again and
-- a reminder sent for the old time stays recorded for it. The row is the claim: a process inserts it
-- (or takes over one whose retry time came) before it sends, so several processes send each once.
-- status: 'sending' while a process sends it (retry_at is the end of that lease, after which another
-- process may take it over), 'sent', 'failed' (retry_at is the next try; NULL when given up),
-- 'skipped' (the ticket was cancelled or moved between the claim and the send).
-- mailed and pushed record which channel went out, so a retry sends only the other one.
CREATE TABLE trip_reminders (
  ticket_id text NOT NULL REFERENCES tickets (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('evening', 'soon')),
  departure_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('sending', 'sent', 'failed', 'skipped')),
  attempts integer NOT NULL DEFAULT 1,
  retry_at timestamptz,
  mailed boolean NOT NULL DEFAULT false,
  pushed boolean NOT NULL DEFAULT false,
  last_error text,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (ticket_id, kind, departure_at)
);
-- Old rows are pruned by departure.
CREATE INDEX trip_reminders_departure ON trip_reminders (departure_at);

-- A browser's push subscription (PushSubscriptionJSON): the push service's endpoint and the keys
-- the payload is encrypted with. One endpoint is one browser profile, so it belongs to one user at a
-- time: subscribing it again replaces its keys and owner.
CREATE TABLE push_subscriptions (
  endpoint text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);
