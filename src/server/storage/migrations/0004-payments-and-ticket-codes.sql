-- name: payments, seat holds, referral bonuses and signed ticket codes

-- The code a guide scans: the ticket id with an HMAC made by the server (never computed by clients).
ALTER TABLE tickets ADD COLUMN check_code text NOT NULL DEFAULT '';
ALTER TABLE tickets ADD COLUMN paid_at timestamptz;

-- One payment per ticket at the provider. provider_payment_id is the provider's id, known once
-- the provider answered; the idempotence key is our own id, so a retried create is one payment.
CREATE TABLE payments (
  id text PRIMARY KEY,
  ticket_id text NOT NULL UNIQUE REFERENCES tickets (id) ON DELETE CASCADE,
  provider text NOT NULL,
  provider_payment_id text UNIQUE,
  amount integer NOT NULL CHECK (amount >= 0),
  status text NOT NULL DEFAULT 'new',
  confirmation_token text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A referral bonus is paid once per ticket: the primary key makes a replayed confirmation a no-op.
CREATE TABLE referral_bonuses (
  ticket_id text PRIMARY KEY REFERENCES tickets (id) ON DELETE CASCADE,
  seller_id integer NOT NULL REFERENCES users (id),
  amount integer NOT NULL CHECK (amount >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The built-in test provider's own books (it plays the part of an external payment service).
CREATE TABLE test_provider_payments (
  id text PRIMARY KEY,
  idempotence_key text NOT NULL UNIQUE,
  amount integer NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  confirmation_token text NOT NULL UNIQUE,
  return_url text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  metadata jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
