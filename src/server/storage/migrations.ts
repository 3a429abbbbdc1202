import type { Db } from './db';

// Migrations are append-only: an installed database has run the earlier ones, so a change to the
// schema is always a new entry at the end, never an edit of an old one.

export interface Migration {
  id: number;
  name: string;
  sql: string;
}

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

// Each replicated table gets a fresh version on every write and a tombstone on delete. The id and
// owner are SQL expressions over the old row as jsonb ($1), evaluated by record_tombstone().
const TRIGGERS = (table: string, collection: string, idExpr: string, userExpr = 'NULL') => `
CREATE TRIGGER ${table}_version BEFORE INSERT OR UPDATE ON ${table}
  FOR EACH ROW EXECUTE FUNCTION set_row_version();
CREATE TRIGGER ${table}_tombstone AFTER DELETE ON ${table}
  FOR EACH ROW EXECUTE FUNCTION record_tombstone(${literal(collection)}, ${literal(idExpr)}, ${literal(userExpr)});
`;

export const MIGRATIONS: Migration[] = [
  {
    id: 1,
    name: 'catalogue, users, tickets and change tracking',
    sql: `
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
${TRIGGERS('users', 'user', "$1->>'id'", "$1->>'id'")}

CREATE TABLE cities (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  image text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  sort integer NOT NULL DEFAULT 0,
  version bigint NOT NULL DEFAULT 0
);
CREATE INDEX cities_version ON cities (version);
${TRIGGERS('cities', 'cities', "$1->>'id'")}

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
${TRIGGERS('places', 'places', "$1->>'id'")}

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
${TRIGGERS('banners', 'banners', "$1->>'id'")}

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
${TRIGGERS('excursions', 'excursions', "$1->>'id'")}

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
${TRIGGERS('special_offers', 'special_offers', "$1->>'id'")}

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
${TRIGGERS('tours', 'tours', "$1->>'id'")}

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
${TRIGGERS('tickets', 'tickets', "$1->>'id'", "$1->>'user_id'")}

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
${TRIGGERS('favorites', 'favorites', "($1->>'user_id') || ':' || ($1->>'excursion_id')", "$1->>'user_id'")}

CREATE TABLE media (
  id text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('image', 'app_media', 'video', 'avatar')),
  content_type text NOT NULL,
  bytes integer NOT NULL,
  owner_id integer REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
`,
  },
  {
    id: 2,
    name: 'idempotency keys, one tour per slot, and a commit fence for sync',
    sql: `
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
`,
  },
  {
    id: 3,
    name: 'verified accounts, e-mailed login codes and rate limits',
    sql: `
-- Accounts that existed before e-mail codes (the admin, demo users) count as verified; a new
-- registration is inserted unverified and becomes verified when its first code is confirmed.
ALTER TABLE users ADD COLUMN verified boolean NOT NULL DEFAULT true;

-- One row per code sent. Only the newest row of a user is ever accepted, so a new login attempt
-- voids the previous code. The code itself is never stored: sha256(salt || code) only.
CREATE TABLE login_codes (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  attempt_id text NOT NULL,
  salt text NOT NULL,
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_codes_user ON login_codes (user_id, id);

-- Fixed-window counters kept in the database so several server processes share them.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  count integer NOT NULL
);
`,
  },
  {
    id: 4,
    name: 'payments, seat holds, referral bonuses and signed ticket codes',
    sql: `
-- The code a guide scans: the ticket id with an HMAC made by the server (never computed by clients).
ALTER TABLE tickets ADD COLUMN check_code text NOT NULL DEFAULT '';
ALTER TABLE tickets ADD COLUMN paid_at timestamptz;

-- One payment per ticket at the provider. provider_payment_id is the provider's id, known once
-- the provider answered; the idempotence key is our own id, so a retried create is one payment.
CREATE TABLE payments (
  id text PRIMARY KEY,
  ticket_id text NOT NULL UNIQUE REFERENCES tickets (id) ON DELETE CASCADE,
  provider text NOT NULL,
  provider_payment_id text UNIQUE,
  amount integer NOT NULL CHECK (amount >= 0),
  status text NOT NULL DEFAULT 'new',
  confirmation_token text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A referral bonus is paid once per ticket: the primary key makes a replayed confirmation a no-op.
CREATE TABLE referral_bonuses (
  ticket_id text PRIMARY KEY REFERENCES tickets (id) ON DELETE CASCADE,
  seller_id integer NOT NULL REFERENCES users (id),
  amount integer NOT NULL CHECK (amount >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The built-in test provider's own books (it plays the part of an external payment service).
CREATE TABLE test_provider_payments (
  id text PRIMARY KEY,
  idempotence_key text NOT NULL UNIQUE,
  amount integer NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  confirmation_token text NOT NULL UNIQUE,
  return_url text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  metadata jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
`,
  },
  {
    id: 5,
    name: 'a booking in one statement',
    sql: `
-- The database half of a booking (services/booking.ts, bookTicketFast): one statement instead of ten
-- round trips, and all its transaction needs. The server has already checked the request
-- against a tour and excursion row it read earlier (prices, seats, assembly point). This bounds lock
-- waits, joins the commit fence (db.ts), checks the caller's token version, answers a stored
-- Idempotency-Key, locks the tour and makes sure it and its excursion are still the rows the server
-- checked (else KB001: the server books the long way), frees holds that ran out, counts the places
-- left, checks the seats, and writes the ticket, its payments row, its seats, the tour's new version
-- and the key's answer. A refusal raises (KB002 no places, the number left as the message; KB003
-- seats taken; KB004 the key was stored by a concurrent request; KB005 the token was voided), so
-- everything rolls back as the step-by-step booking's does. Each statement takes a fresh snapshot,
-- so the count after the lock sees every booking that held the lock before.
CREATE FUNCTION book_ticket(
  p_tour text, p_excursion text, p_date date, p_time text, p_excursion_version bigint, p_capacity integer,
  p_lock boolean, p_expire boolean, p_lock_timeout integer, p_now timestamptz,
  p_ticket text, p_user integer, p_token_version integer, p_adults integer, p_kids integer,
  p_assembly text, p_services jsonb, p_price integer, p_entry integer, p_hold_until timestamptz,
  p_code text, p_payment text, p_provider text, p_seats integer[],
  p_key text, p_method text, p_path text, p_body jsonb
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  stored jsonb;
  expired_ids text[];
  expired_users integer[];
  taken integer;
  ticket_version bigint;
  tour_version bigint;
  ticket_ids text[];
  people integer;
  seats integer[];
BEGIN
  IF p_lock_timeout IS NOT NULL THEN
    PERFORM set_config('lock_timeout', p_lock_timeout::text, true);
  END IF;
  PERFORM pg_advisory_xact_lock_shared(727100);
  PERFORM 1 FROM users u WHERE u.id = p_user AND u.token_version = p_token_version;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the token was voided' USING ERRCODE = 'KB005';
  END IF;

  IF p_key IS NOT NULL THEN
    SELECT jsonb_build_object('method', k.method, 'path', k.path, 'status', k.status, 'body', k.body)
      INTO stored FROM idempotency_keys k WHERE k.user_id = p_user AND k.key = p_key;
    IF stored IS NOT NULL THEN
      RETURN jsonb_build_object('replay', stored);
    END IF;
  END IF;

  IF p_lock THEN
    PERFORM 1 FROM tours t JOIN excursions e ON e.id = t.excursion_id
      WHERE t.id = p_tour AND t.excursion_id = p_excursion AND t.date = p_date AND t.time = p_time
        AND e.version = p_excursion_version
      FOR UPDATE OF t;
  ELSE
    PERFORM 1 FROM tours t JOIN excursions e ON e.id = t.excursion_id
      WHERE t.id = p_tour AND t.excursion_id = p_excursion AND t.date = p_date AND t.time = p_time
        AND e.version = p_excursion_version;
  END IF;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the tour changed since it was read' USING ERRCODE = 'KB001';
  END IF;

  IF p_expire THEN
    WITH gone AS (
      UPDATE tickets SET status = 'cancelled', hold_until = NULL, updated_at = p_now
      WHERE id IN (
        SELECT x.id FROM tickets x WHERE x.status = 'to payment' AND x.hold_until < p_now AND x.tour_id = p_tour
        ORDER BY x.hold_until LIMIT 500 FOR UPDATE SKIP LOCKED
      ) RETURNING id, user_id
    )
    SELECT array_agg(gone.id), array_agg(gone.user_id) INTO expired_ids, expired_users FROM gone;
    IF expired_ids IS NOT NULL THEN
      UPDATE ticket_seats SET active = false WHERE ticket_id = ANY (expired_ids);
    END IF;
  END IF;

  SELECT coalesce(sum(x.adults + x.kids), 0)::int INTO taken
    FROM tickets x WHERE x.tour_id = p_tour AND x.status <> 'cancelled';
  IF p_adults + p_kids > greatest(0, p_capacity - taken) THEN
    RAISE EXCEPTION '%', greatest(0, p_capacity - taken) USING ERRCODE = 'KB002';
  END IF;
  IF cardinality(p_seats) > 0 AND EXISTS (
    SELECT 1 FROM ticket_seats s WHERE s.tour_id = p_tour AND s.active AND s.seat = ANY (p_seats)
  ) THEN
    RAISE EXCEPTION 'seats taken' USING ERRCODE = 'KB003';
  END IF;

  INSERT INTO tickets (id, user_id, tour_id, adults, kids, assembly_point, services, excursion_price,
    entry_price, status, hold_until, check_code, created_at, updated_at)
  VALUES (p_ticket, p_user, p_tour, p_adults, p_kids, p_assembly, p_services, p_price, p_entry,
    'to payment', p_hold_until, p_code, p_now, p_now)
  RETURNING version INTO ticket_version;
  IF p_payment IS NOT NULL THEN
    INSERT INTO payments (id, ticket_id, provider, amount) VALUES (p_payment, p_ticket, p_provider, p_price);
  END IF;
  -- One row after another in the order given: see the lock order in services/booking.ts.
  INSERT INTO ticket_seats (ticket_id, tour_id, seat)
    SELECT p_ticket, p_tour, s.seat FROM unnest(p_seats) WITH ORDINALITY AS s(seat, n) ORDER BY s.n;
  UPDATE tours SET version = 0 WHERE id = p_tour RETURNING version INTO tour_version;

  -- The tour's derived fields as storage/catalogue.ts TOUR_SELECT computes them, for its event.
  SELECT array_agg(x.id ORDER BY x.created_at, x.id), sum(x.adults + x.kids)::int INTO ticket_ids, people
    FROM tickets x WHERE x.tour_id = p_tour AND x.status <> 'cancelled';
  SELECT array_agg(s.seat ORDER BY s.seat) INTO seats FROM ticket_seats s WHERE s.tour_id = p_tour AND s.active;

  IF p_key IS NOT NULL THEN
    INSERT INTO idempotency_keys (user_id, key, method, path, status, body)
      VALUES (p_user, p_key, p_method, p_path, 200, p_body) ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'the key was used by a concurrent request' USING ERRCODE = 'KB004';
    END IF;
  END IF;

  RETURN jsonb_build_object(
    'ticket_version', ticket_version, 'tour_version', tour_version, 'ticket_ids', ticket_ids,
    'people', people, 'seats', seats,
    'expired', coalesce(expired_ids, '{}'), 'expired_users', coalesce(expired_users, '{}'));
END $$;
`,
  },
  {
    id: 6,
    name: 'one index per set of columns on tours',
    sql: `
-- tours_slot (migration 2) is unique over the same columns as tours_excursion, and serves every
-- lookup the older one did. Each index is one more entry written whenever a tour row is, and a
-- booking writes its tour row (a new version) every time.
DROP INDEX IF EXISTS tours_excursion;
`,
  },
  {
    id: 7,
    name: 'bookings that arrive together in one transaction',
    sql: `
-- Several bookings' book_ticket calls (migration 5) in one statement, so in one transaction with one
-- commit (services/booking-batch.ts). Each call is the positional list of book_ticket's arguments,
-- run in a block of its own: a call that raises is rolled back alone and its answer is its
-- SQLSTATE and message, as the one-call statement would have raised them; the others commit.
-- The caller orders the calls by tour, so two batches take their tours' locks in the same order.
CREATE FUNCTION book_tickets(p_calls jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  c jsonb;
  answers jsonb := '[]';
BEGIN
  FOR c IN SELECT value FROM jsonb_array_elements(p_calls) LOOP
    BEGIN
      answers := answers || jsonb_build_array(jsonb_build_object('r', book_ticket(
        c->>0, c->>1, (c->>2)::date, c->>3, (c->>4)::bigint, (c->>5)::integer,
        (c->>6)::boolean, (c->>7)::boolean, (c->>8)::integer, (c->>9)::timestamptz,
        c->>10, (c->>11)::integer, (c->>12)::integer, (c->>13)::integer, (c->>14)::integer,
        c->>15, (c->>16)::jsonb, (c->>17)::integer, (c->>18)::integer, (c->>19)::timestamptz,
        c->>20, c->>21, c->>22, ARRAY(SELECT jsonb_array_elements_text(c->23)::integer),
        c->>24, c->>25, c->>26, (c->>27)::jsonb)));
    EXCEPTION WHEN OTHERS THEN
      answers := answers || jsonb_build_array(jsonb_build_object('code', SQLSTATE, 'message', SQLERRM));
    END;
  END LOOP;
  RETURN answers;
END $$;
`,
  },
  {
    id: 8,
    name: "the test provider's payments asked for together",
    sql: `
-- The built-in test provider's payments for several bookings in one statement
-- (payments/test-provider.ts), each as its one-payment statement makes it: a new payment, or the
-- one made before with the same key, noted in our payments row. One row at a time, each found by
-- its key in a unique index: a join of the whole list with the tables was planned by the list's
-- row count, which the planner cannot know, and hashed the whole payments table instead. Each
-- statement here takes a fresh snapshot, so a payment a concurrent statement made with the same
-- key (its insert waited for that one to commit) is then found.
CREATE FUNCTION test_provider_make_many(p_payments jsonb) RETURNS SETOF test_provider_payments
LANGUAGE plpgsql AS $$
DECLARE
  p jsonb;
  made test_provider_payments;
BEGIN
  FOR p IN SELECT value FROM jsonb_array_elements(p_payments) LOOP
    INSERT INTO test_provider_payments (id, idempotence_key, amount, confirmation_token, return_url, description, metadata)
    VALUES (p->>'id', p->>'idempotence_key', (p->>'amount')::integer, p->>'confirmation_token',
      p->>'return_url', p->>'description', p->'metadata')
    ON CONFLICT (idempotence_key) DO NOTHING
    RETURNING * INTO made;
    IF NOT FOUND THEN
      SELECT * INTO made FROM test_provider_payments WHERE idempotence_key = p->>'idempotence_key';
    END IF;
    UPDATE payments SET provider_payment_id = made.id, confirmation_token = made.confirmation_token,
      status = 'pending', updated_at = now()
    WHERE id = made.idempotence_key;
    RETURN NEXT made;
  END LOOP;
END $$;
`,
  },
  {
    id: 9,
    name: 'children only where allowed, and at most three unpaid holds per account',
    sql: `
-- An account's live holds (unpaid, not run out), counted by each of its bookings: one index range.
CREATE INDEX tickets_unpaid ON tickets (user_id, hold_until) WHERE status = 'to payment';

-- book_ticket (migration 5) with the account's rules. Its bookings run one at a time, under a
-- transaction advisory lock on the user id taken before the tour's lock (the lock order in
-- services/booking.ts; both locks go with p_lock, the test-only switch). Kids only where the
-- excursion allows children (KB006). At most 3 live holds (unpaid, not run out) per account: KB007,
-- the count as the message. At most 20 bookings per account in 10 minutes, counted in rate_limits
-- as services/rate-limit.ts counts (RATE_RULES.bookingPerAccount): KB008. The numbers are the
-- server's MAX_UNPAID_HOLDS and RATE_RULES.bookingPerAccount; changing them takes a new migration.
-- A refusal rolls back the count with everything else, so only bookings made are counted.
CREATE OR REPLACE FUNCTION book_ticket(
  p_tour text, p_excursion text, p_date date, p_time text, p_excursion_version bigint, p_capacity integer,
  p_lock boolean, p_expire boolean, p_lock_timeout integer, p_now timestamptz,
  p_ticket text, p_user integer, p_token_version integer, p_adults integer, p_kids integer,
  p_assembly text, p_services jsonb, p_price integer, p_entry integer, p_hold_until timestamptz,
  p_code text, p_payment text, p_provider text, p_seats integer[],
  p_key text, p_method text, p_path text, p_body jsonb
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  stored jsonb;
  expired_ids text[];
  expired_users integer[];
  taken integer;
  ticket_version bigint;
  tour_version bigint;
  ticket_ids text[];
  people integer;
  seats integer[];
  kids_allowed boolean;
  holds integer;
  hits integer;
BEGIN
  IF p_lock_timeout IS NOT NULL THEN
    PERFORM set_config('lock_timeout', p_lock_timeout::text, true);
  END IF;
  PERFORM pg_advisory_xact_lock_shared(727100);
  PERFORM 1 FROM users u WHERE u.id = p_user AND u.token_version = p_token_version;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the token was voided' USING ERRCODE = 'KB005';
  END IF;

  IF p_key IS NOT NULL THEN
    SELECT jsonb_build_object('method', k.method, 'path', k.path, 'status', k.status, 'body', k.body)
      INTO stored FROM idempotency_keys k WHERE k.user_id = p_user AND k.key = p_key;
    IF stored IS NOT NULL THEN
      RETURN jsonb_build_object('replay', stored);
    END IF;
  END IF;

  -- The account's lock comes before the tour's: a booking that holds a tour never waits for an account.
  IF p_lock THEN
    PERFORM pg_advisory_xact_lock(727020, p_user);
  END IF;

  IF p_lock THEN
    SELECT e.children_allowed INTO kids_allowed FROM tours t JOIN excursions e ON e.id = t.excursion_id
      WHERE t.id = p_tour AND t.excursion_id = p_excursion AND t.date = p_date AND t.time = p_time
        AND e.version = p_excursion_version
      FOR UPDATE OF t;
  ELSE
    SELECT e.children_allowed INTO kids_allowed FROM tours t JOIN excursions e ON e.id = t.excursion_id
      WHERE t.id = p_tour AND t.excursion_id = p_excursion AND t.date = p_date AND t.time = p_time
        AND e.version = p_excursion_version;
  END IF;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the tour changed since it was read' USING ERRCODE = 'KB001';
  END IF;
  IF p_kids > 0 AND NOT kids_allowed THEN
    RAISE EXCEPTION 'children are not allowed' USING ERRCODE = 'KB006';
  END IF;

  -- A fresh snapshot after the account's lock: every booking of the account that held it is counted.
  SELECT count(*)::int INTO holds FROM tickets x
    WHERE x.user_id = p_user AND x.status = 'to payment' AND x.hold_until >= p_now;
  IF holds >= 3 THEN
    RAISE EXCEPTION '%', holds USING ERRCODE = 'KB007';
  END IF;
  INSERT INTO rate_limits AS r (key, window_start, count) VALUES ('booking-account:' || p_user, p_now, 1)
  ON CONFLICT (key) DO UPDATE SET
    window_start = CASE WHEN r.window_start <= p_now - interval '10 minutes' THEN EXCLUDED.window_start
      ELSE r.window_start END,
    count = CASE WHEN r.window_start <= p_now - interval '10 minutes' THEN 1 ELSE r.count + 1 END
  RETURNING r.count INTO hits;
  IF hits > 20 THEN
    RAISE EXCEPTION 'too many bookings' USING ERRCODE = 'KB008';
  END IF;

  IF p_expire THEN
    WITH gone AS (
      UPDATE tickets SET status = 'cancelled', hold_until = NULL, updated_at = p_now
      WHERE id IN (
        SELECT x.id FROM tickets x WHERE x.status = 'to payment' AND x.hold_until < p_now AND x.tour_id = p_tour
        ORDER BY x.hold_until LIMIT 500 FOR UPDATE SKIP LOCKED
      ) RETURNING id, user_id
    )
    SELECT array_agg(gone.id), array_agg(gone.user_id) INTO expired_ids, expired_users FROM gone;
    IF expired_ids IS NOT NULL THEN
      UPDATE ticket_seats SET active = false WHERE ticket_id = ANY (expired_ids);
    END IF;
  END IF;

  SELECT coalesce(sum(x.adults + x.kids), 0)::int INTO taken
    FROM tickets x WHERE x.tour_id = p_tour AND x.status <> 'cancelled';
  IF p_adults + p_kids > greatest(0, p_capacity - taken) THEN
    RAISE EXCEPTION '%', greatest(0, p_capacity - taken) USING ERRCODE = 'KB002';
  END IF;
  IF cardinality(p_seats) > 0 AND EXISTS (
    SELECT 1 FROM ticket_seats s WHERE s.tour_id = p_tour AND s.active AND s.seat = ANY (p_seats)
  ) THEN
    RAISE EXCEPTION 'seats taken' USING ERRCODE = 'KB003';
  END IF;

  INSERT INTO tickets (id, user_id, tour_id, adults, kids, assembly_point, services, excursion_price,
    entry_price, status, hold_until, check_code, created_at, updated_at)
  VALUES (p_ticket, p_user, p_tour, p_adults, p_kids, p_assembly, p_services, p_price, p_entry,
    'to payment', p_hold_until, p_code, p_now, p_now)
  RETURNING version INTO ticket_version;
  IF p_payment IS NOT NULL THEN
    INSERT INTO payments (id, ticket_id, provider, amount) VALUES (p_payment, p_ticket, p_provider, p_price);
  END IF;
  -- One row after another in the order given: see the lock order in services/booking.ts.
  INSERT INTO ticket_seats (ticket_id, tour_id, seat)
    SELECT p_ticket, p_tour, s.seat FROM unnest(p_seats) WITH ORDINALITY AS s(seat, n) ORDER BY s.n;
  UPDATE tours SET version = 0 WHERE id = p_tour RETURNING version INTO tour_version;

  -- The tour's derived fields as storage/catalogue.ts TOUR_SELECT computes them, for its event.
  SELECT array_agg(x.id ORDER BY x.created_at, x.id), sum(x.adults + x.kids)::int INTO ticket_ids, people
    FROM tickets x WHERE x.tour_id = p_tour AND x.status <> 'cancelled';
  SELECT array_agg(s.seat ORDER BY s.seat) INTO seats FROM ticket_seats s WHERE s.tour_id = p_tour AND s.active;

  IF p_key IS NOT NULL THEN
    INSERT INTO idempotency_keys (user_id, key, method, path, status, body)
      VALUES (p_user, p_key, p_method, p_path, 200, p_body) ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'the key was used by a concurrent request' USING ERRCODE = 'KB004';
    END IF;
  END IF;

  RETURN jsonb_build_object(
    'ticket_version', ticket_version, 'tour_version', tour_version, 'ticket_ids', ticket_ids,
    'people', people, 'seats', seats,
    'expired', coalesce(expired_ids, '{}'), 'expired_users', coalesce(expired_users, '{}'));
END $$;

-- Bookings that arrive together (book_tickets, migration 7 and later forms) with the accounts of all
-- their calls locked first, in ascending id order, before any call locks a tour. The calls run in
-- tour order, so an account locked with its own call could be waited for crosswise by another batch
-- (account then tour in one, tour then account in the other). Taken this way, no booking ever
-- waits for an account while it holds a tour. The user id is each call's twelfth argument (c->11).
CREATE FUNCTION book_tickets_accounts_first(p_calls jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  account integer;
BEGIN
  IF (p_calls->0->>8) IS NOT NULL THEN
    PERFORM set_config('lock_timeout', p_calls->0->>8, true);
  END IF;
  PERFORM pg_advisory_xact_lock_shared(727100);
  FOR account IN
    SELECT DISTINCT (x.value->>11)::integer FROM jsonb_array_elements(p_calls) x
      WHERE (x.value->>6)::boolean ORDER BY 1
  LOOP
    PERFORM pg_advisory_xact_lock(727020, account);
  END LOOP;
  RETURN book_tickets(p_calls);
END $$;
`,
  },
  {
    id: 10,
    name: 'e-mail changes confirmed by a code, and the admin the start-up made',
    sql: `
-- A new e-mail waits here until the code mailed to that address is entered; the account keeps its
-- old address meanwhile. Codes follow login_codes' rules (migration 3): only a salted hash is kept,
-- only the user's newest row counts, single use, a bounded number of tries.
CREATE TABLE email_changes (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  new_email text NOT NULL,
  salt text NOT NULL,
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_changes_user ON email_changes (user_id, id);

-- The account the start-up created for ADMIN_EMAIL; a later start finds and updates this one and
-- never promotes another account. Every admin so far came from the start-up: no call makes one.
ALTER TABLE users ADD COLUMN bootstrap_admin boolean NOT NULL DEFAULT false;
UPDATE users SET bootstrap_admin = true WHERE role = 'admin';
`,
  },
  {
    id: 11,
    name: 'tokens revoked one at a time',
    sql: `
-- A logout on one device (POST /auth/logout) revokes that token alone: its id (the jti, or
-- its signature for a token signed without one) is kept here until the token expires anyway. Every
-- authenticated request asks this table by its primary key, in the same query as the user's row.
CREATE TABLE revoked_tokens (
  jti text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX revoked_tokens_expiry ON revoked_tokens (expires_at);

-- The booking's one statement (migration 5) checks the token version itself instead of the route
-- asking the database first; this form of it also refuses a revoked token, with the same KB005.
CREATE FUNCTION book_ticket(
  p_tour text, p_excursion text, p_date date, p_time text, p_excursion_version bigint, p_capacity integer,
  p_lock boolean, p_expire boolean, p_lock_timeout integer, p_now timestamptz,
  p_ticket text, p_user integer, p_token_version integer, p_adults integer, p_kids integer,
  p_assembly text, p_services jsonb, p_price integer, p_entry integer, p_hold_until timestamptz,
  p_code text, p_payment text, p_provider text, p_seats integer[],
  p_key text, p_method text, p_path text, p_body jsonb, p_jti text
) RETURNS jsonb LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM revoked_tokens r WHERE r.jti = p_jti) THEN
    RAISE EXCEPTION 'the token was revoked' USING ERRCODE = 'KB005';
  END IF;
  RETURN book_ticket(p_tour, p_excursion, p_date, p_time, p_excursion_version, p_capacity,
    p_lock, p_expire, p_lock_timeout, p_now, p_ticket, p_user, p_token_version, p_adults, p_kids,
    p_assembly, p_services, p_price, p_entry, p_hold_until, p_code, p_payment, p_provider, p_seats,
    p_key, p_method, p_path, p_body);
END $$;

-- Bookings that arrive together (migration 7), each call now with the token's id last.
CREATE OR REPLACE FUNCTION book_tickets(p_calls jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  c jsonb;
  answers jsonb := '[]';
BEGIN
  FOR c IN SELECT value FROM jsonb_array_elements(p_calls) LOOP
    BEGIN
      answers := answers || jsonb_build_array(jsonb_build_object('r', book_ticket(
        c->>0, c->>1, (c->>2)::date, c->>3, (c->>4)::bigint, (c->>5)::integer,
        (c->>6)::boolean, (c->>7)::boolean, (c->>8)::integer, (c->>9)::timestamptz,
        c->>10, (c->>11)::integer, (c->>12)::integer, (c->>13)::integer, (c->>14)::integer,
        c->>15, (c->>16)::jsonb, (c->>17)::integer, (c->>18)::integer, (c->>19)::timestamptz,
        c->>20, c->>21, c->>22, ARRAY(SELECT jsonb_array_elements_text(c->23)::integer),
        c->>24, c->>25, c->>26, (c->>27)::jsonb, c->>28)));
    EXCEPTION WHEN OTHERS THEN
      answers := answers || jsonb_build_array(jsonb_build_object('code', SQLSTATE, 'message', SQLERRM));
    END;
  END LOOP;
  RETURN answers;
END $$;
`,
  },
  {
    id: 12,
    name: 'the token version a demotion raised',
    sql: `
-- A demotion raises token_version like a logout everywhere does; this keeps the version it raised
-- to, so a token refused for being older than it is known to have lost its role, and the 401 says so.
ALTER TABLE users ADD COLUMN demoted_token_version integer NOT NULL DEFAULT 0;
`,
  },
  {
    id: 13,
    name: 'an Idempotency-Key kept with the request it was used for',
    sql: `
-- A key used again for another request (another method, path or body) is refused instead of
-- answering the first request's answer (http/idempotency.ts). Each row keeps a hash of its request;
-- rows stored before have none and are judged by method and path.
ALTER TABLE idempotency_keys ADD COLUMN request_hash text;

-- The booking's one statement (book_ticket) stores the answer's JSON as the server passes it; the
-- server adds the request's hash to it as __request_hash, and this moves it to its column, so the
-- function itself needs no new argument.
CREATE FUNCTION idempotency_keys_request_hash() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF jsonb_typeof(NEW.body) = 'object' AND NEW.body ? '__request_hash' THEN
    NEW.request_hash := coalesce(NEW.request_hash, NEW.body->>'__request_hash');
    NEW.body := NEW.body - '__request_hash';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER idempotency_keys_request_hash BEFORE INSERT ON idempotency_keys
  FOR EACH ROW EXECUTE FUNCTION idempotency_keys_request_hash();
`,
  },
  {
    id: 14,
    name: 'uploaded avatars found by age',
    sql: `
-- The clean-up of unused avatars (storage/compaction.ts) looks for avatars older than a day; this
-- keeps it from reading every media row, photos and videos included, each time it runs.
CREATE INDEX media_avatar_created ON media (created_at) WHERE kind = 'avatar';
`,
  },
];

/** The advisory lock migrations run under (transaction-scoped: a process that dies frees it). */
export const MIGRATION_LOCK = 727001;

/**
 * Applies the migrations this database has not run yet. An advisory lock keeps two processes that
 * start together on one PostgreSQL from migrating at once; it is taken before anything else, even
 * the bookkeeping table's CREATE TABLE IF NOT EXISTS, which two sessions racing on a fresh database
 * would otherwise both run (one fails on a unique violation in pg_type).
 */
export async function migrate(db: Db): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set(
      (await tx.query<{ id: number }>('SELECT id FROM schema_migrations')).map((row) => row.id),
    );
    const applied: number[] = [];
    for (const migration of MIGRATIONS) {
      if (done.has(migration.id)) continue;
      for (const statement of splitStatements(migration.sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [
        migration.id,
        migration.name,
      ]);
      applied.push(migration.id);
    }
    return applied;
  });
}

/**
 * Splits a migration into statements at semicolons outside dollar-quoted bodies, because the
 * extended query protocol runs one statement at a time.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  let inDollar = false;
  for (const line of sql.split('\n')) {
    const trimmed = line.trim();
    if (!inDollar && (trimmed.startsWith('--') || trimmed === '')) continue;
    current += line + '\n';
    const dollarCount = (line.match(/\$\$/g) ?? []).length;
    if (dollarCount % 2 === 1) inDollar = !inDollar;
    if (!inDollar && trimmed.endsWith(';')) {
      statements.push(current.trim());
      current = '';
    }
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}
