-- name: passenger manifest, boarding check-in, cancelled and moved departures

-- Boarding: when a guide checked the ticket in (the earliest check-in heard of, so two guides who
-- checked the same ticket offline converge on one time) and who did.
ALTER TABLE tickets ADD COLUMN checked_in_at timestamptz;
ALTER TABLE tickets ADD COLUMN checked_in_by integer;

-- A seller's cancellation or move of the departure, as its buyers are told it (TourNotice: kind,
-- reason, at, from). A cancelled departure's tour row is deleted, so its tickets keep the slot they
-- were sold for ({date, time, excursionID}) to go on showing where and when it would have been.
ALTER TABLE tickets ADD COLUMN tour_notice jsonb;
ALTER TABLE tickets ADD COLUMN tour_slot jsonb;

-- The manifest reads every ticket of a tour, cancelled ones included (tickets_tour leaves them out),
-- in a version range for a change pull.
CREATE INDEX tickets_tour_all ON tickets (tour_id, version);
-- A cancelled departure's tickets are found by the slot they keep: by date for an admin's full pull,
-- by excursion for a seller's.
CREATE INDEX tickets_slot ON tickets ((tour_slot->>'date')) WHERE tour_slot IS NOT NULL;
CREATE INDEX tickets_slot_excursion ON tickets ((tour_slot->>'excursionID'), version)
  WHERE tour_slot IS NOT NULL;
