-- name: sellers' changes to published excursions wait for review as revisions

-- A seller's edit of a published excursion: the content it proposes (the form's fields other than
-- the seat plan, which applies at once, as `fields`) and its photos and video. One per excursion: a
-- newer edit replaces it. The live excursion does not change until an admin approves; a rejected
-- one keeps its reason and its files until the seller edits again.
CREATE TABLE excursion_revisions (
  excursion_id text PRIMARY KEY REFERENCES excursions (id) ON DELETE CASCADE,
  author_id integer REFERENCES users (id) ON DELETE SET NULL,
  fields jsonb NOT NULL,
  images text[] NOT NULL DEFAULT '{}',
  gallery text[] NOT NULL DEFAULT '{}',
  video text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'rejected')),
  reason text NOT NULL DEFAULT '',
  submitted_at timestamptz NOT NULL DEFAULT now()
);

-- The admin's queue of revisions: the waiting ones, oldest edit first.
CREATE INDEX excursion_revisions_queue ON excursion_revisions (submitted_at, excursion_id)
  WHERE status = 'pending';

-- The history tells the revisions' steps too.
ALTER TABLE excursion_moderation_events DROP CONSTRAINT excursion_moderation_events_kind_check;
ALTER TABLE excursion_moderation_events ADD CONSTRAINT excursion_moderation_events_kind_check
  CHECK (kind IN ('submitted', 'rejected', 'resubmitted', 'published', 'revision_submitted',
                  'revision_approved', 'revision_rejected'));
