-- name: verified accounts, e-mailed login codes and rate limits

-- Accounts that existed before e-mail codes (the admin, demo users) count as verified; a new
-- registration is inserted unverified and becomes verified when its first code is confirmed.
ALTER TABLE users ADD COLUMN verified boolean NOT NULL DEFAULT true;

-- One row per code sent. Only the newest row of a user is ever accepted, so a new login attempt
-- voids the previous code. The code itself is never stored: sha256(salt || code) only.
CREATE TABLE login_codes (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  attempt_id text NOT NULL,
  salt text NOT NULL,
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_codes_user ON login_codes (user_id, id);

-- Fixed-window counters kept in the database so several server processes share them.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  count integer NOT NULL
);
