-- name: an admin's review queues replicate, so revisions carry a version

-- An admin's replica holds the excursions waiting for a decision (the sync collection 'reviews').
-- A review row changes with its excursion, its seller and its revision, so a revision takes a
-- version on every write, as replicated rows do; the pull reads changed revisions by it.
ALTER TABLE excursion_revisions ADD COLUMN version bigint NOT NULL DEFAULT 0;
UPDATE excursion_revisions SET version = nextval('change_version');
CREATE INDEX excursion_revisions_version ON excursion_revisions (version);
CREATE TRIGGER excursion_revisions_version BEFORE INSERT OR UPDATE ON excursion_revisions
  FOR EACH ROW EXECUTE FUNCTION set_row_version();

