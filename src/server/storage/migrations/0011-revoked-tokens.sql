-- name: tokens revoked one at a time

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
