-- name: verified reviews of excursions, one per ticket

-- A traveller's review of an excursion they went on (protocol/reviews.ts). It is keyed by its ticket,
-- so a phone writes it offline with no id of its own and a replay writes the same row. The author's
-- public name and the trip's date are kept as written: the replicated row is this row alone, so a
-- pull reads one table by its version index.
CREATE TABLE reviews (
  ticket_id text PRIMARY KEY REFERENCES tickets (id) ON DELETE CASCADE,
  excursion_id text NOT NULL REFERENCES excursions (id) ON DELETE CASCADE,
  author_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  author_name text NOT NULL,
  trip_date date NOT NULL,
  rating integer NOT NULL CHECK (rating BETWEEN 1 AND 5),
  text text NOT NULL DEFAULT '',
  photos text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  reply text,
  reply_at timestamptz,
  hidden_reason text,
  hidden_at timestamptz,
  version bigint NOT NULL DEFAULT 0,
  CHECK ((reply IS NULL) = (reply_at IS NULL)),
  CHECK ((hidden_reason IS NULL) = (hidden_at IS NULL))
);
-- The sync pull reads reviews by version range; an excursion's page reads its reviews, newest first.
CREATE INDEX reviews_version ON reviews (version);
CREATE INDEX reviews_excursion ON reviews (excursion_id, created_at DESC);
CREATE INDEX reviews_author ON reviews (author_id);
CREATE TRIGGER reviews_version BEFORE INSERT OR UPDATE ON reviews
  FOR EACH ROW EXECUTE FUNCTION set_row_version();
CREATE TRIGGER reviews_tombstone AFTER DELETE ON reviews
  FOR EACH ROW EXECUTE FUNCTION record_tombstone('reviews', '$1->>''ticket_id''', 'NULL');
