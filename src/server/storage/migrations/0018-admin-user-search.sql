-- name: indexes for the admin's user search

-- The admin panel finds users by the start of their e-mail, name or surname, in any case
-- (storage/admin-users.ts: lower(column) LIKE 'prefix%'). The unique users_email index on
-- lower(email) uses the database's collation, which a LIKE prefix cannot use; text_pattern_ops
-- compares character by character, so the prefix becomes an index range.
CREATE INDEX users_email_prefix ON users (lower(email) text_pattern_ops);
CREATE INDEX users_name_prefix ON users (lower(name) text_pattern_ops);
CREATE INDEX users_surname_prefix ON users (lower(surname) text_pattern_ops);
