-- name: the moderation history of excursions and the queue by submission time

-- What happened to an excursion in moderation, in order: submitted by its seller, rejected with a
-- reason, resubmitted after the seller's changes, published. The admin reads it beside the queue;
-- the seller reads it on their excursion. The actor is who did it (the seller or the admin).
CREATE TABLE excursion_moderation_events (
  id serial PRIMARY KEY,
  excursion_id text NOT NULL REFERENCES excursions (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('submitted', 'rejected', 'resubmitted', 'published')),
  reason text NOT NULL DEFAULT '',
  actor_id integer REFERENCES users (id) ON DELETE SET NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX excursion_moderation_events_history ON excursion_moderation_events (excursion_id, at, id);

-- When the excursion last entered the queue (created, or resubmitted after a rejection): the
-- queue's order. Existing excursions take their creation time. The column is not part of the
-- replicated excursion, so the backfill runs without the version trigger: replicas have nothing new
-- to pull.
ALTER TABLE excursions ADD COLUMN submitted_at timestamptz;
ALTER TABLE excursions DISABLE TRIGGER excursions_version;
UPDATE excursions SET submitted_at = created_at;
ALTER TABLE excursions ENABLE TRIGGER excursions_version;
ALTER TABLE excursions ALTER COLUMN submitted_at SET DEFAULT now();
ALTER TABLE excursions ALTER COLUMN submitted_at SET NOT NULL;

-- The queue: pending excursions, oldest submission first.
CREATE INDEX excursions_moderation_queue ON excursions (submitted_at, id) WHERE status = 'pending';

-- An excursion already in review gets the history it had so far, so no history is ever empty.
INSERT INTO excursion_moderation_events (excursion_id, kind, reason, actor_id, at)
  SELECT id, 'submitted', '', owner_id, created_at FROM excursions
  WHERE status IN ('pending', 'rejected') ORDER BY created_at, id;
INSERT INTO excursion_moderation_events (excursion_id, kind, reason, actor_id, at)
  SELECT id, 'rejected', rejection_reason, NULL, created_at FROM excursions
  WHERE status = 'rejected' ORDER BY created_at, id;

-- The admins, whom a submission is mailed to, found without reading every user.
CREATE INDEX users_admins ON users (id) WHERE role = 'admin';
