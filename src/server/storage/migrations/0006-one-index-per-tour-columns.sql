-- name: one index per set of columns on tours

-- tours_slot (migration 2) is unique over the same columns as tours_excursion, and serves every
-- lookup the older one did. Each index is one more entry written whenever a tour row is, and a
-- booking writes its tour row (a new version) every time.
DROP INDEX IF EXISTS tours_excursion;
