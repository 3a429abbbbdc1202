-- name: indexes for the admin's user search

-- The admin panel finds users by the start of their e-mail, name or surname, in any case
-- (storage/admin-users.ts: lower(column) LIKE 'prefix%'). An index in the database's collation cannot
-- serve a LIKE prefix; text_pattern_ops compares character by character, so the prefix becomes an
-- index range. The unique e-mail index is rebuilt so: it still enforces one account per address and
-- serves the logins' equality lookups, and no second index over lower(email) is written with every row.
DROP INDEX users_email;
CREATE UNIQUE INDEX users_email ON users (lower(email) text_pattern_ops);
CREATE INDEX users_name_prefix ON users (lower(name) text_pattern_ops);
CREATE INDEX users_surname_prefix ON users (lower(surname) text_pattern_ops);
