-- name: an Idempotency-Key kept with the request it was used for

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
