-- name: the token version a demotion raised

-- A demotion raises token_version like a logout everywhere does; this keeps the version it raised
-- to, so a token refused for being older than it is known to have lost its role, and the 401 says so.
ALTER TABLE users ADD COLUMN demoted_token_version integer NOT NULL DEFAULT 0;
