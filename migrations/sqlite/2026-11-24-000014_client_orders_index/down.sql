DROP INDEX orders_by_user;
CREATE INDEX orders_by_user ON orders (user_id, id);
