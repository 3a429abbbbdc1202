-- name: idempotency keys, one tour per slot, and a commit fence for sync

-- A replayed outbox request (same user, same Idempotency-Key) gets the first answer again instead
-- of being applied twice.
CREATE TABLE idempotency_keys (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key text NOT NULL,
  method text NOT NULL,
  path text NOT NULL,
  status integer NOT NULL,
  body jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);

-- One tour per excursion, date and time: two sellers' devices adding the same slot offline make one tour.
CREATE UNIQUE INDEX tours_slot ON tours (excursion_id, date, time);

-- The commit fence. Versions are taken inside transactions that commit in any order, so a reader
-- could see version 12 before version 11 commits and then skip 11 forever. Every transaction that
-- takes a version holds this advisory lock in shared mode until it ends; a sync reader takes it
-- exclusively for an instant, so the sequence's value it reads then is a mark below which every
-- version is committed (or rolled back). It serves only rows up to that mark.
CREATE OR REPLACE FUNCTION set_row_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(727100);
  NEW.version := nextval('change_version');
  RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION record_tombstone() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_row jsonb := to_jsonb(OLD);
  row_id text;
  row_user integer;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(727100);
  EXECUTE format('SELECT (%s)::text', TG_ARGV[1]) USING old_row INTO row_id;
  IF TG_ARGV[2] <> 'NULL' THEN
    EXECUTE format('SELECT (%s)::integer', TG_ARGV[2]) USING old_row INTO row_user;
  END IF;
  INSERT INTO tombstones (collection, id, user_id, version)
  VALUES (TG_ARGV[0], row_id, row_user, nextval('change_version'))
  ON CONFLICT (collection, id) DO UPDATE
    SET version = EXCLUDED.version, user_id = EXCLUDED.user_id, deleted_at = now();
  RETURN OLD;
END $$;
