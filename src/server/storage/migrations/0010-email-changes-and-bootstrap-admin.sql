-- name: e-mail changes confirmed by a code, and the admin the start-up made

-- A new e-mail waits here until the code mailed to that address is entered; the account keeps its
-- old address meanwhile. Codes follow login_codes' rules (migration 3): only a salted hash is kept,
-- only the user's newest row counts, single use, a bounded number of tries.
CREATE TABLE email_changes (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  new_email text NOT NULL,
  salt text NOT NULL,
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_changes_user ON email_changes (user_id, id);

-- The account the start-up created for ADMIN_EMAIL; a later start finds and updates this one and
-- never promotes another account. Every admin so far came from the start-up: no call makes one.
ALTER TABLE users ADD COLUMN bootstrap_admin boolean NOT NULL DEFAULT false;
UPDATE users SET bootstrap_admin = true WHERE role = 'admin';
