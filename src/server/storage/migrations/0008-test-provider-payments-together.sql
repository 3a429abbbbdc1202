-- name: the test provider's payments asked for together

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
