-- name: catalogue, users, tickets and change tracking

-- Every replicated row carries a version from this one sequence, so "changed after cursor C" is a
-- single index range scan and stays monotonic even with several server processes.
CREATE SEQUENCE change_version;

CREATE FUNCTION set_row_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := nextval('change_version');
  RETURN NEW;
END $$;

CREATE TABLE tombstones (
  collection text NOT NULL,
  id text NOT NULL,
  user_id integer,
  version bigint NOT NULL,
  deleted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (collection, id)
);
CREATE INDEX tombstones_version ON tombstones (version);

-- A deleted row leaves a tombstone (its id, and its owner for personal collections) so that an
-- incremental pull can tell clients to drop it.
CREATE FUNCTION record_tombstone() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_row jsonb := to_jsonb(OLD);
  row_id text;
  row_user integer;
BEGIN
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

CREATE TABLE meta (
  key text PRIMARY KEY,
  value text NOT NULL
);

CREATE TABLE users (
  id serial PRIMARY KEY,
  email text NOT NULL,
  password_hash text NOT NULL,
  name text NOT NULL DEFAULT '',
  surname text NOT NULL DEFAULT '',
  middlename text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  avatar text NOT NULL DEFAULT '',
  role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'seller', 'admin')),
  balance integer NOT NULL DEFAULT 0,
  referrer_id integer REFERENCES users (id),
  token_version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  version bigint NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX users_email ON users (lower(email));
CREATE INDEX users_version ON users (version);

-- Each replicated table gets a fresh version on every write (set_row_version) and a tombstone on
-- delete. record_tombstone's arguments are the collection, then the row's id and its owner as SQL
-- expressions over the old row as jsonb ($1); 'NULL' is a collection with no owner.
CREATE TRIGGER users_version BEFORE INSERT OR UPDATE ON users
  FOR EACH ROW EXECUTE FUNCTION set_row_version();
CREATE TRIGGER users_tombstone AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION record_tombstone('user', '$1->>''id''', '$1->>''id''');

CREATE TABLE cities (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  image text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  sort integer NOT NULL DEFAULT 0,
  version bigint NOT NULL DEFAULT 0
);
CREATE INDEX cities_version ON cities (version);
CREATE TRIGGER cities_version BEFORE INSERT OR UPDATE ON cities
  FOR EACH ROW EXECUTE FUNCTION set_row_version();
CREATE TRIGGER cities_tombstone AFTER DELETE ON cities
  FOR EACH ROW EXECUTE FUNCTION record_tombstone('cities', '$1->>''id''', 'NULL');

CREATE TABLE places (
  id serial PRIMARY KEY,
  name text NOT NULL,
  preview text NOT NULL DEFAULT '',
  image text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  gallery text[] NOT NULL DEFAULT '{}',
  sort integer NOT NULL DEFAULT 0,
  version bigint NOT NULL DEFAULT 0
);
CREATE INDEX places_version ON places (version);
CREATE TRIGGER places_version BEFORE INSERT OR UPDATE ON places
  FOR EACH ROW EXECUTE FUNCTION set_row_version();
CREATE TRIGGER places_tombstone AFTER DELETE ON places
  FOR EACH ROW EXECUTE FUNCTION record_tombstone('places', '$1->>''id''', 'NULL');

CREATE TABLE banners (
  id serial PRIMARY KEY,
  title text NOT NULL,
  subtitle text NOT NULL DEFAULT '',
  image text NOT NULL DEFAULT '',
  link text NOT NULL DEFAULT '/',
  sort integer NOT NULL DEFAULT 0,
  version bigint NOT NULL DEFAULT 0
);
CREATE INDEX banners_version ON banners (version);
CREATE TRIGGER banners_version BEFORE INSERT OR UPDATE ON banners
  FOR EACH ROW EXECUTE FUNCTION set_row_version();
CREATE TRIGGER banners_tombstone AFTER DELETE ON banners
  FOR EACH ROW EXECUTE FUNCTION record_tombstone('banners', '$1->>''id''', 'NULL');

CREATE TABLE excursions (
  id text PRIMARY KEY,
  owner_id integer NOT NULL REFERENCES users (id),
  -- Moderation: a seller's new excursion waits for an admin before it is public.
  status text NOT NULL DEFAULT 'published' CHECK (status IN ('published', 'pending', 'rejected')),
  rejection_reason text NOT NULL DEFAULT '',
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  city text NOT NULL DEFAULT '',
  place_id integer REFERENCES places (id),
  category text NOT NULL,
  popularity integer NOT NULL DEFAULT 0,
  bestseller boolean NOT NULL DEFAULT false,
  adult_price integer NOT NULL CHECK (adult_price >= 0),
  kid_price integer NOT NULL DEFAULT 0 CHECK (kid_price >= 0),
  adult_init_price integer NOT NULL DEFAULT 0,
  kid_init_price integer NOT NULL DEFAULT 0,
  adult_entry_price integer NOT NULL DEFAULT 0 CHECK (adult_entry_price >= 0),
  kid_entry_price integer NOT NULL DEFAULT 0 CHECK (kid_entry_price >= 0),
  entry_tickets boolean NOT NULL DEFAULT false,
  services jsonb NOT NULL DEFAULT '[]',
  max_attendants integer NOT NULL CHECK (max_attendants >= 0),
  bus_type text NOT NULL CHECK (bus_type IN ('coach', 'van', 'none')),
  number_of_rows integer NOT NULL DEFAULT 0,
  available_seats integer[] NOT NULL DEFAULT '{}',
  reserved_seats integer[] NOT NULL DEFAULT '{}',
  duration text NOT NULL DEFAULT '',
  lunch_duration text NOT NULL DEFAULT '',
  difficulty text NOT NULL DEFAULT 'Легко',
  children_allowed boolean NOT NULL DEFAULT true,
  directions jsonb NOT NULL DEFAULT '[]',
  assembly_points jsonb NOT NULL DEFAULT '[]',
  included jsonb NOT NULL DEFAULT '[]',
  not_included jsonb NOT NULL DEFAULT '[]',
  images text[] NOT NULL DEFAULT '{}',
  gallery text[] NOT NULL DEFAULT '{}',
  video text NOT NULL DEFAULT '',
  similar_ids text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  version bigint NOT NULL DEFAULT 0
);
CREATE INDEX excursions_public ON excursions (status, popularity DESC);
CREATE INDEX excursions_owner ON excursions (owner_id);
CREATE INDEX excursions_place ON excursions (place_id);
CREATE INDEX excursions_city ON excursions (city);
CREATE INDEX excursions_category ON excursions (category);
CREATE INDEX excursions_version ON excursions (version);
CREATE TRIGGER excursions_version BEFORE INSERT OR UPDATE ON excursions
  FOR EACH ROW EXECUTE FUNCTION set_row_version();
CREATE TRIGGER excursions_tombstone AFTER DELETE ON excursions
  FOR EACH ROW EXECUTE FUNCTION record_tombstone('excursions', '$1->>''id''', 'NULL');

CREATE TABLE special_offers (
  id serial PRIMARY KEY,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  image text NOT NULL DEFAULT '',
  discount integer NOT NULL DEFAULT 0,
  excursion_id text REFERENCES excursions (id) ON DELETE SET NULL,
  sort integer NOT NULL DEFAULT 0,
  version bigint NOT NULL DEFAULT 0
);
CREATE INDEX special_offers_version ON special_offers (version);
CREATE TRIGGER special_offers_version BEFORE INSERT OR UPDATE ON special_offers
  FOR EACH ROW EXECUTE FUNCTION set_row_version();
CREATE TRIGGER special_offers_tombstone AFTER DELETE ON special_offers
  FOR EACH ROW EXECUTE FUNCTION record_tombstone('special_offers', '$1->>''id''', 'NULL');

CREATE TABLE tours (
  id text PRIMARY KEY,
  excursion_id text NOT NULL REFERENCES excursions (id) ON DELETE CASCADE,
  date date NOT NULL,
  time text NOT NULL CHECK (time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  version bigint NOT NULL DEFAULT 0
);
CREATE INDEX tours_excursion ON tours (excursion_id, date, time);
CREATE INDEX tours_date ON tours (date, time);
CREATE INDEX tours_version ON tours (version);
CREATE TRIGGER tours_version BEFORE INSERT OR UPDATE ON tours
  FOR EACH ROW EXECUTE FUNCTION set_row_version();
CREATE TRIGGER tours_tombstone AFTER DELETE ON tours
  FOR EACH ROW EXECUTE FUNCTION record_tombstone('tours', '$1->>''id''', 'NULL');

-- No foreign key to tours: a ticket outlives a deleted tour as history ('Tour or excursion not found').
CREATE TABLE tickets (
  id text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id),
  tour_id text NOT NULL,
  adults integer NOT NULL CHECK (adults >= 1),
  kids integer NOT NULL DEFAULT 0 CHECK (kids >= 0),
  assembly_point text NOT NULL DEFAULT '',
  services jsonb NOT NULL DEFAULT '[]',
  excursion_price integer NOT NULL CHECK (excursion_price >= 0),
  entry_price integer NOT NULL DEFAULT 0 CHECK (entry_price >= 0),
  status text NOT NULL DEFAULT 'to payment',
  hold_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version bigint NOT NULL DEFAULT 0
);
CREATE INDEX tickets_user ON tickets (user_id, created_at DESC);
CREATE INDEX tickets_tour ON tickets (tour_id) WHERE status <> 'cancelled';
CREATE INDEX tickets_hold ON tickets (hold_until) WHERE status = 'to payment';
CREATE INDEX tickets_version ON tickets (version);
CREATE TRIGGER tickets_version BEFORE INSERT OR UPDATE ON tickets
  FOR EACH ROW EXECUTE FUNCTION set_row_version();
CREATE TRIGGER tickets_tombstone AFTER DELETE ON tickets
  FOR EACH ROW EXECUTE FUNCTION record_tombstone('tickets', '$1->>''id''', '$1->>''user_id''');

-- One row per sold seat (or per person on a 'none' excursion, where seat is NULL). The partial
-- unique index is the second guard against selling a seat twice, after the tour row lock.
CREATE TABLE ticket_seats (
  ticket_id text NOT NULL REFERENCES tickets (id) ON DELETE CASCADE,
  tour_id text NOT NULL,
  seat integer NOT NULL,
  active boolean NOT NULL DEFAULT true,
  PRIMARY KEY (ticket_id, seat)
);
CREATE UNIQUE INDEX ticket_seats_live ON ticket_seats (tour_id, seat) WHERE active;

CREATE TABLE favorites (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  excursion_id text NOT NULL REFERENCES excursions (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  version bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, excursion_id)
);
CREATE INDEX favorites_version ON favorites (version);
CREATE TRIGGER favorites_version BEFORE INSERT OR UPDATE ON favorites
  FOR EACH ROW EXECUTE FUNCTION set_row_version();
CREATE TRIGGER favorites_tombstone AFTER DELETE ON favorites
  FOR EACH ROW EXECUTE FUNCTION record_tombstone('favorites', '($1->>''user_id'') || '':'' || ($1->>''excursion_id'')', '$1->>''user_id''');

CREATE TABLE media (
  id text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('image', 'app_media', 'video', 'avatar')),
  content_type text NOT NULL,
  bytes integer NOT NULL,
  owner_id integer REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
