-- name: password-reset codes beside the login codes

-- A code mailed for 'Забыли пароль?' follows the login code's rules (migration 3) and lives in the
-- same table, so the same housekeeping drops it; its purpose keeps the two apart: a reset code never
-- signs in through /auth/verify-2fa, and asking for one never voids a pending login code.
ALTER TABLE login_codes ADD COLUMN purpose text NOT NULL DEFAULT 'login'
  CHECK (purpose IN ('login', 'password-reset'));
