-- name: uploaded avatars found by age

-- The clean-up of unused avatars (storage/compaction.ts) looks for avatars older than a day; this
-- keeps it from reading every media row, photos and videos included, each time it runs.
CREATE INDEX media_avatar_created ON media (created_at) WHERE kind = 'avatar';
