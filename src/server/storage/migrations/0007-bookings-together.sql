-- name: bookings that arrive together in one transaction

-- Several bookings' book_ticket calls (migration 5) in one statement, so in one transaction with one
-- commit (storage/booking-batch.ts). Each call is the positional list of book_ticket's arguments,
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
