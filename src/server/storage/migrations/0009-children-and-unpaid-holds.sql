-- name: children only where allowed, and at most three unpaid holds per account

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
