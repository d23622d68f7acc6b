-- The staff's order search over a million orders: a trigram index (FTS5) of `search_text`,
-- kept by triggers, answers `LIKE '%…%'` without reading every order; lists of one city are
-- read newest first from their index.
CREATE VIRTUAL TABLE order_search USING fts5(search_text, content = 'orders', content_rowid = 'id', tokenize = 'trigram');
INSERT INTO order_search (order_search) VALUES ('rebuild');
CREATE TRIGGER order_search_insert AFTER INSERT ON orders BEGIN
    INSERT INTO order_search (rowid, search_text) VALUES (new.id, new.search_text);
END;
CREATE TRIGGER order_search_delete AFTER DELETE ON orders BEGIN
    INSERT INTO order_search (order_search, rowid, search_text) VALUES ('delete', old.id, old.search_text);
END;
CREATE TRIGGER order_search_update AFTER UPDATE OF search_text ON orders BEGIN
    INSERT INTO order_search (order_search, rowid, search_text) VALUES ('delete', old.id, old.search_text);
    INSERT INTO order_search (rowid, search_text) VALUES (new.id, new.search_text);
END;
DROP INDEX orders_by_city;
CREATE INDEX orders_by_city ON orders (city_id, id);
