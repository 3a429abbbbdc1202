-- name: pay later, cancellation policy and refunds

-- The free-cancellation window: a paid ticket cancelled at least this many hours before departure is
-- refunded in full. The seller sets it per excursion; each ticket keeps the window it was sold with,
-- so a later change of the excursion's policy never changes what a buyer was promised.
ALTER TABLE excursions ADD COLUMN free_cancel_hours integer NOT NULL DEFAULT 24
  CHECK (free_cancel_hours BETWEEN 0 AND 720);
ALTER TABLE tickets ADD COLUMN free_cancel_hours integer NOT NULL DEFAULT 24;

-- Why a ticket was cancelled: 'hold_expired' (not paid within the hold), 'owner' or 'admin'.
ALTER TABLE tickets ADD COLUMN cancel_reason text;

-- Every path that writes tickets (book_ticket, the batch, the sweeper, a cancel) passes here: a new
-- ticket takes its excursion's window, and a hold that lapses is marked so whichever path lapsed it.
CREATE FUNCTION ticket_policy_and_reason() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT e.free_cancel_hours INTO NEW.free_cancel_hours
      FROM tours t JOIN excursions e ON e.id = t.excursion_id WHERE t.id = NEW.tour_id;
    NEW.free_cancel_hours := coalesce(NEW.free_cancel_hours, 24);
  ELSIF NEW.status = 'cancelled' AND OLD.status = 'to payment' AND NEW.cancel_reason IS NULL
        AND OLD.hold_until IS NOT NULL AND OLD.hold_until <= NEW.updated_at THEN
    NEW.cancel_reason := 'hold_expired';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER tickets_policy_and_reason BEFORE INSERT OR UPDATE ON tickets
  FOR EACH ROW EXECUTE FUNCTION ticket_policy_and_reason();

-- A ticket may need a second payment when its first one ended unpaid (a declined card cancels a
-- YooKassa payment), but never two open ones at once.
ALTER TABLE payments DROP CONSTRAINT payments_ticket_id_key;
CREATE INDEX payments_ticket ON payments (ticket_id, created_at DESC);
CREATE UNIQUE INDEX payments_one_open ON payments (ticket_id) WHERE status IN ('new', 'pending');

-- A payment is refunded once, in full. Our id is the provider's Idempotence-Key on every try, so a
-- retried or repeated refund is one refund at the provider. A pending refund is tried again at
-- next_attempt_at until the provider settles it.
CREATE TABLE refunds (
  id text PRIMARY KEY,
  ticket_id text NOT NULL REFERENCES tickets (id) ON DELETE CASCADE,
  payment_id text NOT NULL UNIQUE REFERENCES payments (id) ON DELETE CASCADE,
  amount integer NOT NULL CHECK (amount > 0),
  reason text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
  provider_refund_id text,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refunds_ticket ON refunds (ticket_id);
CREATE INDEX refunds_due ON refunds (next_attempt_at) WHERE status = 'pending';

-- The built-in test provider's refunds, in its own books like its payments.
CREATE TABLE test_provider_refunds (
  id text PRIMARY KEY,
  idempotence_key text NOT NULL UNIQUE,
  payment_id text NOT NULL REFERENCES test_provider_payments (id),
  amount integer NOT NULL CHECK (amount > 0),
  status text NOT NULL DEFAULT 'succeeded',
  receipt jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
