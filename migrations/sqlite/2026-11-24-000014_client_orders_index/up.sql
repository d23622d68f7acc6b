-- A client's orders are looked up by their account only: the index leaves guest orders out,
-- so a guest list (`user_id IS NULL`) is read from its own index instead of walking every
-- guest order through this one.
DROP INDEX orders_by_user;
CREATE INDEX orders_by_user ON orders (user_id, id) WHERE user_id IS NOT NULL;
